/**
 * Virtual TVs for the device API.
 *
 *   node --import tsx tools/simulator/main.ts --url http://127.0.0.1:8080 --count 50 --seed demo \
 *        --hotel 1000001-12345678 --interval 5
 *
 * Options: --url, --count (10), --seed (demo), --hotel <install code: publicId-secret, shown in the console> (omit: unassigned TVs),
 * --batch <an installation batch's auth code, with --hotel>, --room-prefix (8: rooms 8001, 8002, …), --events <n> (tracked events of random kinds per heartbeat, sampled as configured), --app-launches <0-1> (chance per heartbeat that a TV opens an app, reported for the app launch log), --country <ISO 3166-1 alpha-2> (reported at registration), --interval <s> (default: the server's), --no-mqtt (long-poll even when a broker is offered), --no-push (poll
 * only), --offset <n> (first TV index), --duration <s> (stop after), --verbose (print heartbeats),
 * --quiet (summary only), --install-failures <0-1> (share of release installs that fail). Ctrl-C stops cleanly.
 */
import { parseArgs } from 'node:util';
import { startFleet, type TvEvent, type VirtualTv } from './lib.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    count: { type: 'string', default: '10' },
    seed: { type: 'string', default: 'demo' },
    hotel: { type: 'string' },
    batch: { type: 'string' },
    'room-prefix': { type: 'string', default: '8' },
    country: { type: 'string' },
    interval: { type: 'string' },
    offset: { type: 'string', default: '0' },
    duration: { type: 'string' },
    'install-failures': { type: 'string', default: '0' },
    'no-push': { type: 'boolean', default: false },
    'no-mqtt': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    events: { type: 'string', default: '0' },
    'app-launches': { type: 'string', default: '0' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  process.stdout.write(`Usage: node --import tsx tools/simulator/main.ts [--url URL] [--count N] [--seed S] [--hotel CODE] [--batch AUTHCODE]
       [--room-prefix P] [--country CC] [--interval SECONDS] [--events N] [--app-launches SHARE] [--offset N] [--duration SECONDS] [--no-push] [--no-mqtt] [--verbose] [--quiet] [--install-failures SHARE]\n`);
  process.exit(0);
}

const count = Number(values.count);
const interval = values.interval ? Number(values.interval) : undefined;
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');

const time = () => new Date().toISOString().slice(11, 19);
function describe(event: TvEvent): string {
  switch (event.type) {
    case 'registered':
      return `registered: ${event.authorization}${event.hotel ? `, hotel ${event.hotel.publicId} ${event.hotel.name}` : ', no hotel'}${event.roomNumber ? `, room ${event.roomNumber}` : ''}${event.reason ? ` (${event.reason})` : ''}`;
    case 'config':
      return event.status === 304 ? 'config unchanged (304)' : `config: ${event.authorization}, scene ${event.sceneMode}`;
    case 'disabled':
      return `DISABLED — the screen shows: "${event.tip}"`;
    case 'command':
      return `command over ${event.via}: ${event.command.type} (#${event.command.id})`;
    case 'mqtt':
      return event.connected ? 'push: MQTT connected (the long-poll waits)' : 'push: MQTT disconnected (long-poll fallback)';
    case 'unbound':
      return 'unbound: forgetting the hotel, registering again';
    case 'theme':
      return event.themeId === null ? 'theme: none' : `theme ${event.themeId} v${event.version} downloaded (${event.assets} assets)`;
    case 'boot':
      return `boot policy ${event.policyId}: ${event.files} files downloaded${event.failed ? `, ${event.failed} failed` : ''}`;
    case 'content':
      return `content: ${event.files} files downloaded${event.failed ? `, ${event.failed} failed` : ''} (${event.held} held)`;
    case 'release':
      return `${event.kind} ${event.versionName} (action ${event.actionId}): install ${event.state}`;
    case 'task':
      return `task ${event.action} (log ${event.logId}): ${event.state}`;
    case 'survey':
      return `survey ${event.surveyId}: ${event.verdict ?? 'report refused'}`;
    case 'published':
      return `${event.kind}: holds ${event.ids.join(', ')}`;
    case 'answered':
      return `questionnaire ${event.questionnaireId}: answered option ${event.optionId} (HTTP ${event.status})`;
    case 'heartbeat':
      return `heartbeat ${event.ms.toFixed(1)} ms`;
    case 'error':
      return `error: ${event.message}`;
  }
}

const onEvent = values.quiet ? undefined : (tv: VirtualTv, event: TvEvent) => process.stdout.write(`${time()} [${tv.mac}] ${describe(event)}\n`);

process.stdout.write(`Starting ${count} virtual TVs (seed "${values.seed}") against ${values.url}${values.hotel ? `, install code ${values.hotel}` : ''}\n`);
const fleet = await startFleet({
  url: values.url!,
  count,
  seed: values.seed!,
  installCode: values.hotel,
  batchCode: values.batch,
  roomPrefix: values.hotel ? values['room-prefix'] : undefined,
  country: values.country,
  interval,
  push: !values['no-push'],
  mqtt: !values['no-mqtt'],
  offset: Number(values.offset),
  verboseHeartbeats: values.verbose,
  receipts: true,
  installFailureShare: Number(values['install-failures']),
  eventsPerHeartbeat: Number(values.events),
  appLaunchShare: Number(values['app-launches']),
  onEvent,
});
process.stdout.write(`${time()} ${count} TVs running; Ctrl-C to stop\n`);

let stopping = false;
async function stop(reason: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${time()} ${reason}: stopping ${count} TVs…\n`);
  await fleet.stop();
  const beats = fleet.tvs.reduce((n, tv) => n + tv.heartbeats, 0);
  const states = fleet.tvs.reduce<Record<string, number>>((acc, tv) => ((acc[tv.authorization ?? 'unknown'] = (acc[tv.authorization ?? 'unknown'] ?? 0) + 1), acc), {});
  process.stdout.write(`${time()} stopped: ${beats} heartbeats sent; authorization: ${JSON.stringify(states)}\n`);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
if (values.duration) setTimeout(() => void stop(`${values.duration} s elapsed`), Number(values.duration) * 1000);
