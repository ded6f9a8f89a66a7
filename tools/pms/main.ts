/**
 * A hotel's PMS, simulated: plays a day of arrivals, moves, wake-ups, messages and check-outs.
 *
 *   node --import tsx tools/pms/main.ts --url http://127.0.0.1:8080 --hotel 1000002 --secret <secret> --rooms 801-830
 *   node --import tsx tools/pms/main.ts --fias 127.0.0.1:5010 --hotel 1000001 --rooms 801-830
 *
 * Options: --url (HTTP interface; the secret is in the console: PMS log → PMS interface), --hotel <public id>,
 * --secret, --fias <host:port> (the FIAS link instead of HTTP), --rooms <from-to or a,b,c>, --occupancy <0-1> (0.6),
 * --group <tour group code> (some arrivals carry it), --every <s> (seconds between events, 20), --duration <s>,
 * --refuse <rooms> (FIAS: the PMS answers these rooms' postings PA AS=NP, e.g. 801,802).
 *
 * Over FIAS the simulator also answers the server's charges to the room (PS) with PA: OK once per
 * posting sequence (a PS sent again after a lost link is not posted twice), NP for a refused room.
 */
import type { PmsEvent } from '@htv/shared/areas/pms/protocol';
import { parseArgs } from 'node:util';
import { FiasPmsLink, HotelDay, HttpPmsLink, playDay, SimulatedFolios, type PmsLink } from './lib.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    hotel: { type: 'string' },
    secret: { type: 'string' },
    fias: { type: 'string' },
    rooms: { type: 'string', default: '801-830' },
    occupancy: { type: 'string', default: '0.6' },
    group: { type: 'string' },
    every: { type: 'string', default: '20' },
    duration: { type: 'string' },
    refuse: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help || !values.hotel || (!values.fias && !values.secret)) {
  process.stdout.write('Usage: node --import tsx tools/pms/main.ts --hotel PUBLICID (--secret SECRET [--url URL] | --fias HOST:PORT [--refuse ROOMS]) [--rooms 801-830] [--occupancy 0.6] [--group CODE] [--every S] [--duration S]\n');
  process.exit(values.help ? 0 : 1);
}

/** `801-830` or `801,802,905`. */
function roomsOf(spec: string): string[] {
  const range = spec.match(/^(\d+)-(\d+)$/);
  if (!range) return spec.split(',').map((room) => room.trim()).filter(Boolean);
  const out: string[] = [];
  for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(String(n));
  return out;
}

const time = () => new Date().toISOString().slice(11, 19);
const print = (line: string) => process.stdout.write(`${time()} ${line}\n`);
const describe = (event: PmsEvent) => `${event.type} ${event.room}${event.type === 'roomMove' ? ` → ${event.toRoom}` : ''}${event.type === 'checkIn' ? ` ${event.guest.name}` : ''}`;

let link: PmsLink;
if (values.fias) {
  const [host, port] = values.fias.split(':');
  const folios = new SimulatedFolios();
  for (const room of roomsOf(values.refuse ?? '')) folios.refuseRoom(room);
  const fias = new FiasPmsLink(host!, Number(port), (state) => print(`FIAS link ${state}`), 30_000, {
    folios,
    onPosting: (posting, answer) => print(`posting P#${posting['P#']} room ${posting.RN} ${posting.TA}: ${answer?.AS ?? 'no answer'}`),
  });
  link = {
    async send(event) {
      await fias.send(event);
      print(describe(event));
    },
    close: () => fias.close(),
  };
} else {
  link = new HttpPmsLink(values.url, values.hotel, values.secret!, (event, status, answer) =>
    print(`${describe(event)}: ${status} ${(answer as { data?: { result?: string }; errkey?: string })?.data?.result ?? (answer as { errkey?: string })?.errkey ?? ''}`),
  );
}

const day = new HotelDay(values.hotel, roomsOf(values.rooms), { occupancy: Number(values.occupancy), group: values.group });
const running = playDay(day, link, Number(values.every) * 1000, (error) => print(`error: ${String(error)}`));
const stop = () => {
  running.stop();
  print(`stopped; ${day.occupied().length} rooms in house`);
  setTimeout(() => process.exit(0), 200).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (values.duration) setTimeout(stop, Number(values.duration) * 1000);
setInterval(() => undefined, 1 << 30);
