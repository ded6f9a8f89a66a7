import { connect, type Socket } from 'node:net';

/**
 * A paced MQTT 3.1.1 publisher for the benchmarks: `rate` QoS 1 PUBLISH packets a second over
 * `connections` TCP connections to the broker, round-robin over `messages`. Packets are encoded once
 * and each tick's (5 ms) go out in one write on the next connection in turn, so the load generator
 * spends little of the CPU it shares with the server, broker and database under test (the `mqtt`
 * package took 44% of a core for 5,000 messages/s here).
 */
export interface MqttLoadSpec {
  url: string;
  connections: number;
  rate: number;
  seconds: number;
  messages: { topic: string; payload: string }[];
}

export interface MqttLoadResult {
  sent: number;
  /** PUBACKs received: the broker took these. */
  acked: number;
  seconds: number;
  perSecond: number;
}

const TICK_MS = 5;

function remainingLength(length: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return bytes;
}

const utf8 = (text: string) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};

/** A QoS 1 PUBLISH with a zero packet id; `idAt` is where the id goes. */
function publishPacket(topic: string, payload: string): { packet: Buffer; idAt: number } {
  const body = Buffer.concat([utf8(topic), Buffer.alloc(2), Buffer.from(payload)]);
  const header = Buffer.from([0x32, ...remainingLength(body.length)]);
  return { packet: Buffer.concat([header, body]), idAt: header.length + 2 + Buffer.byteLength(topic) };
}

function connectPacket(clientId: string): Buffer {
  // Protocol "MQTT" level 4, clean session, no keep-alive (the run is short), the client id.
  const body = Buffer.concat([utf8('MQTT'), Buffer.from([4, 0x02, 0, 0]), utf8(clientId)]);
  return Buffer.concat([Buffer.from([0x10, ...remainingLength(body.length)]), body]);
}

async function open(url: URL, clientId: string, onPuback: () => void): Promise<Socket> {
  const socket = connect(Number(url.port || 1883), url.hostname);
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(connectPacket(clientId));
      resolve();
    });
  });
  // The broker's answers are 4 bytes each here: CONNACK first, then PUBACKs.
  let pending: Buffer = Buffer.alloc(0);
  let connacked = false;
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      for (; at + 4 <= pending.length; at += 4) {
        if (!connacked) {
          if (pending[at] !== 0x20 || pending[at + 3] !== 0) return reject(new Error(`connection refused by the broker (${pending[at + 3]})`));
          connacked = true;
          resolve();
        } else if (pending[at] === 0x40) onPuback();
      }
      pending = pending.subarray(at);
    });
    socket.once('error', reject);
  });
  return socket;
}

export async function runMqttLoad(spec: MqttLoadSpec): Promise<MqttLoadResult> {
  const url = new URL(spec.url);
  const encoded = spec.messages.map((m) => publishPacket(m.topic, m.payload));
  let acked = 0;
  const stamp = Date.now().toString(36);
  const sockets = await Promise.all(Array.from({ length: spec.connections }, (_, i) => open(url, `bench-${stamp}-${i}`, () => acked++)));
  const ids = new Uint16Array(spec.connections);
  let sent = 0;
  let next = 0;
  let tick = 0;
  const started = performance.now();
  const end = started + spec.seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = Math.min(performance.now(), end);
      const due = Math.floor(((now - started) / 1000) * spec.rate) - sent;
      const connection = tick++ % spec.connections;
      const batch: Buffer[] = [];
      for (let k = 0; k < due; k++) {
        const { packet, idAt } = encoded[next++ % encoded.length]!;
        const copy = Buffer.from(packet);
        ids[connection] = (ids[connection]! % 65535) + 1;
        copy.writeUInt16BE(ids[connection]!, idAt);
        batch.push(copy);
        sent++;
      }
      if (batch.length) sockets[connection]!.write(Buffer.concat(batch));
      if (now >= end) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const seconds = (performance.now() - started) / 1000;
  // The last PUBACKs (up to a second).
  for (const until = Date.now() + 1000; acked < sent && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
  for (const socket of sockets) socket.end(Buffer.from([0xe0, 0]));
  return { sent, acked, seconds, perSecond: sent / seconds };
}

/**
 * A subscriber to `filter` at QoS 0 that only counts the PUBLISH packets it reads: the broker's
 * delivery with a consumer that does no work of its own, the least any server taking the messages
 * could cost.
 */
export async function openMqttSink(spec: { url: string; filter: string }): Promise<{ received: () => number; close: () => void }> {
  const url = new URL(spec.url);
  const socket = connect(Number(url.port || 1883), url.hostname);
  let received = 0;
  let subscribed: () => void = () => undefined;
  let refused: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    subscribed = resolve;
    refused = reject;
  });
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    for (;;) {
      // Fixed header: the type, then the remaining length (up to four 7-bit bytes).
      let length = 0;
      let size = 1;
      let complete = false;
      for (let multiplier = 1; at + size < pending.length && size <= 4; size++, multiplier *= 128) {
        const byte = pending[at + size]!;
        length += (byte & 0x7f) * multiplier;
        if (!(byte & 0x80)) {
          complete = true;
          size++;
          break;
        }
      }
      if (!complete || at + size + length > pending.length) break;
      const type = pending[at]! >> 4;
      if (type === 3) received++;
      else if (type === 2 && pending[at + size + 1] !== 0) refused(new Error(`connection refused by the broker (${pending[at + size + 1]})`));
      else if (type === 9) subscribed();
      at += size + length;
    }
    pending = pending.subarray(at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => resolve());
  });
  const filter = utf8(spec.filter);
  const subscribe = Buffer.concat([Buffer.from([0x82, ...remainingLength(2 + filter.length + 1), 0, 1]), filter, Buffer.from([0])]);
  socket.write(Buffer.concat([connectPacket(`bench-sink-${Date.now().toString(36)}`), subscribe]));
  await ready;
  return { received: () => received, close: () => socket.end(Buffer.from([0xe0, 0])) };
}
