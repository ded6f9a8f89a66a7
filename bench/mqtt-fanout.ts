/**
 * 10,000 simulated TVs on the MQTT broker, a command to every one of them (docs/scaling.md, "Benchmarks").
 *
 *   node --import tsx bench/mqtt-fanout.ts [--url mqtt://127.0.0.1:1883] [--tvs 10000] [--batch 500]
 *
 * Each TV is one MQTT connection (the mqtt package, as the simulator uses) subscribed with QoS 1 to its
 * own topic and its hotel's (100 TVs per hotel), as the server's configuration tells it. Then, from one
 * publisher connection (the server's role):
 *   1. one command per TV on its own topic (10,000 QoS 1 publishes), timed until every TV has its one;
 *   2. one command per hotel on the hotel topics (100 publishes), timed until every TV has it.
 * Every TV acknowledges on its ack topic, as the real ones do, and the publisher counts the
 * acknowledgements. Needs a file-descriptor limit above the TV count (ulimit -n) here and at the broker.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    tvs: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '500' },
  },
});
const count = Number(values.tvs);
const batch = Number(values.batch);
const PER_HOTEL = 100;
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const run = `b${Date.now().toString(36)}`;
const topic = (kind: 't' | 'h', id: number) => `${run}/${kind}/${id}/cmd`;
const loadAtStart = loadavg()[0]!;

const received = new Uint32Array(count);
let round = 0;
let roundReceived = 0;
let roundDone: (() => void) | undefined;
const clients: MqttClient[] = [];

const connectTv = (i: number) =>
  new Promise<void>((resolve, reject) => {
    const client = mqtt.connect(values.url!, { clientId: `${run}-tv${i}`, reconnectPeriod: 0, connectTimeout: 30_000, keepalive: 120 });
    client.once('error', reject);
    client.once('connect', () => {
      client.subscribe([topic('t', i), topic('h', Math.floor(i / PER_HOTEL))], { qos: 1 }, (error) => (error ? reject(error) : resolve()));
    });
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as { round: number; id: number };
      client.publish(`${run}/t/${i}/ack`, JSON.stringify({ id: command.id }), { qos: 1 });
      if (command.round !== round || received[i] === round) return;
      received[i] = round;
      if (++roundReceived === count) roundDone?.();
    });
    clients.push(client);
  });

const t0 = performance.now();
for (let i = 0; i < count; i += batch) {
  await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, j) => connectTv(i + j)));
  if ((i / batch) % 4 === 0) log(`${i + Math.min(batch, count - i)} TVs connected`);
}
const connectSeconds = (performance.now() - t0) / 1000;
log(`${count} TVs connected and subscribed in ${connectSeconds.toFixed(1)} s`);

const server = mqtt.connect(values.url!, { clientId: `${run}-server` });
await new Promise<void>((resolve) => server.once('connect', () => resolve()));
let acks = 0;
server.on('message', () => acks++);
await server.subscribeAsync(`${run}/t/+/ack`, { qos: 1 });

async function deliver(name: string, topics: string[]): Promise<number> {
  round++;
  roundReceived = 0;
  const acksBefore = acks;
  const done = new Promise<void>((resolve) => (roundDone = resolve));
  const started = performance.now();
  let id = 0;
  for (const target of topics) server.publish(target, JSON.stringify({ round, id: id++, type: 'config' }), { qos: 1 });
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000));
  const outcome = await Promise.race([done, timeout]);
  const ms = performance.now() - started;
  while (acks - acksBefore < count && performance.now() - started < 30_000) await new Promise((r) => setTimeout(r, 50));
  const ackMs = performance.now() - started;
  log(`${name}: ${outcome === 'timeout' ? `TIMEOUT, ${roundReceived} of ${count}` : `all ${count} TVs`} in ${ms.toFixed(0)} ms; ${acks - acksBefore} acknowledgements back after ${ackMs.toFixed(0)} ms`);
  return ms;
}

const perTerminal = await deliver(`${count} commands, one per TV topic`, Array.from({ length: count }, (_, i) => topic('t', i)));
const perHotel = await deliver(`${Math.ceil(count / PER_HOTEL)} commands, one per hotel topic`, Array.from({ length: Math.ceil(count / PER_HOTEL) }, (_, h) => topic('h', h)));
process.stdout.write(
  `\nload average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end\n` +
    JSON.stringify({ tvs: count, connectSeconds, perTerminalMs: Math.round(perTerminal), perHotelMs: Math.round(perHotel) }) +
    '\n',
);
server.end(true);
for (const client of clients) client.end(true);
process.exit(0);
