/**
 * How fast one process's message reaches another: PostgreSQL NOTIFY (what the server uses, system/bus.ts)
 * against Redis PUBLISH, the two engines a provider already runs (docs/scaling.md, "Choosing the bus").
 * Sequential round trips (publish, wait until the listener has it) give the latency; a burst of
 * messages published without waiting gives the throughput.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/bus-latency.ts
 */
import { connect, type Socket } from 'node:net';
import pg from 'pg';

const ROUNDS = Number(process.env.ROUNDS ?? 2000);
const BURST = Number(process.env.BURST ?? 20000);
const payload = JSON.stringify({ o: 'bench', t: 'devices.forget', d: { id: 123456, unbind: true } });

interface Channel {
  name: string;
  publish(message: string): Promise<void>;
  onMessage(handler: (message: string) => void): void;
  close(): Promise<void>;
}

async function postgres(url: string): Promise<Channel> {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await listener.connect();
  await sender.connect();
  await listener.query('listen bench_bus');
  return {
    name: 'PostgreSQL LISTEN/NOTIFY',
    publish: async (message) => void (await sender.query('select pg_notify($1, $2)', ['bench_bus', message])),
    onMessage: (handler) => listener.on('notification', (n) => handler(n.payload!)),
    close: async () => {
      await listener.end();
      await sender.end();
    },
  };
}

/** Just enough RESP for SUBSCRIBE and PUBLISH (no client library is a dependency of the product). */
async function redis(url: string): Promise<Channel> {
  const { hostname, port } = new URL(url);
  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(Number(port || 6379), hostname, () => resolve(socket));
      socket.on('error', reject);
    });
  const command = (...args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  const sub = await open();
  const pub = await open();
  let handler: (message: string) => void = () => {};
  let buffer = '';
  sub.on('data', (chunk) => {
    buffer += chunk.toString();
    // Messages arrive as *3 $7 message $<n> channel $<n> payload.
    for (;;) {
      const at = buffer.indexOf('*3\r\n$7\r\nmessage\r\n');
      if (at < 0) return;
      const lines = buffer.slice(at).split('\r\n');
      if (lines.length < 8) return;
      const text = lines[6]!;
      if (Buffer.byteLength(text) !== Number(lines[5]!.slice(1))) return;
      buffer = buffer.slice(at + lines.slice(0, 7).join('\r\n').length + 2);
      handler(text);
    }
  });
  sub.write(command('SUBSCRIBE', 'bench_bus'));
  await new Promise((r) => setTimeout(r, 100));
  let acks: (() => void)[] = [];
  pub.on('data', (chunk) => {
    const n = chunk.toString().split('\r\n').filter((line) => line.startsWith(':')).length;
    for (let i = 0; i < n; i++) acks.shift()?.();
  });
  return {
    name: 'Redis PUBLISH/SUBSCRIBE',
    publish: (message) =>
      new Promise<void>((resolve) => {
        acks.push(resolve);
        pub.write(command('PUBLISH', 'bench_bus', message));
      }),
    onMessage: (h) => (handler = h),
    close: async () => {
      acks = [];
      sub.destroy();
      pub.destroy();
    },
  };
}

async function measure(channel: Channel) {
  let waiting: (() => void) | undefined;
  let received = 0;
  channel.onMessage(() => {
    received++;
    waiting?.();
  });
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = process.hrtime.bigint();
    const arrived = new Promise<void>((resolve) => (waiting = resolve));
    await channel.publish(payload);
    await arrived;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  waiting = undefined;
  times.sort((a, b) => a - b);
  received = 0;
  const started = Date.now();
  const done = new Promise<void>((resolve) => (waiting = () => received >= BURST && resolve()));
  await Promise.all(Array.from({ length: BURST }, () => channel.publish(payload)));
  await done;
  const seconds = (Date.now() - started) / 1000;
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
  console.log(`${channel.name}: round trip p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ${Math.round(BURST / seconds)} messages/s in a burst of ${BURST}`);
  await channel.close();
}

if (process.env.DATABASE_URL) await measure(await postgres(process.env.DATABASE_URL));
if (process.env.REDIS_URL) await measure(await redis(process.env.REDIS_URL));
