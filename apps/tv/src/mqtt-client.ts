/**
 * The part of MQTT 3.1.1 the browser TV needs, over a WebSocket (docs/scaling.md, "Push over MQTT"):
 * CONNECT with the terminal's credentials, SUBSCRIBE to its command topics at QoS 1, PUBACK what
 * arrives, PUBLISH its acknowledgements at QoS 1 (kept and sent again until the broker's PUBACK),
 * PINGREQ to keep the connection alive, and reconnection after a growing, jittered delay. A general
 * client (the `mqtt` package: 83 KB brotli) weighed more than the rest of the TV's script.
 */

/**
 * What the client uses of a WebSocket: the browser's, or in Node the `ws` package's. The handlers'
 * events are the socket's own types; the client reads only a message's `data` (an ArrayBuffer).
 */
export interface MqttSocket {
  binaryType: string;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  send(data: Uint8Array<ArrayBuffer>): void;
  close(): void;
}

export interface MqttClientOptions {
  url: string;
  clientId: string;
  username: string;
  password: string;
  /** Subscribed at QoS 1 on every connection; the client counts as connected once the broker granted them all. */
  subscribe: string[];
  /** Opens the WebSocket (subprotocol `mqtt`). */
  open: (url: string) => MqttSocket;
  onMessage: (topic: string, payload: Uint8Array) => void;
  /** Told when the client becomes connected (subscribed) and when it no longer is. */
  onState?: (connected: boolean) => void;
  /** Seconds between pings; a connection that answers none within the next interval is dropped. */
  keepAlive?: number;
  /** Delay before a reconnection: `minMs`, doubled after each failed attempt up to `maxMs`, plus up to half again at random. */
  retry?: { minMs: number; maxMs: number };
}

const CONNECT = 1;
const CONNACK = 2;
const PUBLISH = 3;
const PUBACK = 4;
const SUBACK = 9;
const PINGREQ = new Uint8Array([0xc0, 0]);
const DISCONNECT = new Uint8Array([0xe0, 0]);

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
const u16 = (n: number) => [n >> 8, n & 0xff];
const str = (value: string) => {
  const bytes = utf8.encode(value);
  return [...u16(bytes.length), ...bytes];
};

/** A packet: the fixed header (type and flags, then the remaining length, 7 bits a byte) and the body. */
function packet(header: number, body: number[]): Uint8Array<ArrayBuffer> {
  const length: number[] = [];
  let rest = body.length;
  do {
    length.push((rest & 0x7f) | (rest > 0x7f ? 0x80 : 0));
    rest >>= 7;
  } while (rest > 0);
  return new Uint8Array([header, ...length, ...body]);
}

export class MqttClient {
  private socket: MqttSocket | undefined;
  private isConnected = false;
  private ended = false;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private awaitingPong = false;
  private pending = new Uint8Array(0);
  private nextId = 0;
  private subscribeId = 0;
  /** Acknowledgements published and not yet acknowledged by the broker, by packet id. */
  private unacked = new Map<number, { topic: string; payload: Uint8Array; sent: boolean }>();

  constructor(private readonly options: MqttClientOptions) {
    this.open();
  }

  get connected(): boolean {
    return this.isConnected;
  }

  /** Publishes at QoS 1: sent now when the connection is up, else with the next one, until the broker acknowledges it. */
  publish(topic: string, message: string): void {
    const id = this.newId();
    const payload = utf8.encode(message);
    this.unacked.set(id, { topic, payload, sent: false });
    if (this.isConnected) this.sendPublish(id);
  }

  /** Disconnects for good. */
  end(): void {
    this.ended = true;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    if (!socket) return;
    if (this.isConnected) socket.send(DISCONNECT);
    this.drop(socket);
  }

  private newId(): number {
    this.nextId = (this.nextId % 0xffff) + 1;
    return this.nextId;
  }

  private open(): void {
    const { url, clientId, username, password, keepAlive = 60 } = this.options;
    const socket = this.options.open(url);
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    // Nothing heard within a keep-alive interval (no CONNACK, no PINGRESP) drops the connection.
    this.awaitingPong = true;
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong) return this.drop(socket);
      this.awaitingPong = true;
      socket.send(PINGREQ);
    }, keepAlive * 1000);
    // username, password, clean session
    socket.onopen = () => socket.send(packet(CONNECT << 4, [...str('MQTT'), 4, 0xc2, ...u16(keepAlive), ...str(clientId), ...str(username), ...str(password)]));
    socket.onmessage = (event: { data: ArrayBuffer }) => this.received(socket, new Uint8Array(event.data));
    socket.onerror = () => undefined; // the close event follows
    socket.onclose = () => this.closed(socket);
  }

  /** Splits the stream into packets: a WebSocket message may hold part of one or several. */
  private received(socket: MqttSocket, chunk: Uint8Array): void {
    const data = new Uint8Array(this.pending.length + chunk.length);
    data.set(this.pending);
    data.set(chunk, this.pending.length);
    let at = 0;
    for (;;) {
      let length = 0;
      let index = at + 1;
      for (let shift = 0; ; shift += 7) {
        if (index >= data.length) return void (this.pending = data.slice(at));
        const byte = data[index++]!;
        length |= (byte & 0x7f) << shift;
        if (!(byte & 0x80)) break;
        if (shift === 21) return this.drop(socket); // more than four length bytes: not MQTT
      }
      if (index + length > data.length) return void (this.pending = data.slice(at));
      this.awaitingPong = false; // anything heard proves the connection alive
      this.handle(socket, data[at]!, data.subarray(index, index + length));
      if (socket !== this.socket) return;
      at = index + length;
    }
  }

  private handle(socket: MqttSocket, header: number, body: Uint8Array): void {
    const word = (at: number) => (body[at]! << 8) | body[at + 1]!;
    switch (header >> 4) {
      case CONNACK:
        if (body[1] !== 0) return this.drop(socket); // refused: bad credentials, not authorized, …
        this.subscribeId = this.newId();
        socket.send(packet(0x82, [...u16(this.subscribeId), ...this.options.subscribe.flatMap((topic) => [...str(topic), 1])]));
        return;
      case SUBACK: {
        // A refused topic would leave commands unheard while the long-poll waits: no connection then.
        if (word(0) !== this.subscribeId || body.subarray(2).some((code) => code > 2)) return this.drop(socket);
        this.attempts = 0;
        this.isConnected = true;
        for (const pending of this.unacked.keys()) this.sendPublish(pending);
        this.options.onState?.(true);
        return;
      }
      case PUBLISH: {
        const qos = (header >> 1) & 3;
        const topicEnd = 2 + word(0);
        if (qos) socket.send(packet(PUBACK << 4, u16(word(topicEnd))));
        this.options.onMessage(fromUtf8.decode(body.subarray(2, topicEnd)), body.subarray(qos ? topicEnd + 2 : topicEnd));
        return;
      }
      case PUBACK:
        this.unacked.delete(word(0));
        return;
    }
  }

  /** QoS 1, marked as a duplicate when sent again. */
  private sendPublish(id: number): void {
    const message = this.unacked.get(id)!;
    this.socket?.send(packet((PUBLISH << 4) | (message.sent ? 0x08 : 0) | 0x02, [...str(message.topic), ...u16(id), ...message.payload]));
    message.sent = true;
  }

  /** Closes a connection at once: a dead one may take minutes to report its close. */
  private drop(socket: MqttSocket): void {
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
    this.closed(socket);
  }

  private closed(socket: MqttSocket): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    this.pending = new Uint8Array(0);
    this.awaitingPong = false;
    clearInterval(this.pingTimer);
    if (this.isConnected) {
      this.isConnected = false;
      this.options.onState?.(false);
    }
    if (this.ended) return;
    const { minMs, maxMs } = this.options.retry ?? { minMs: 1000, maxMs: 60_000 };
    const delay = Math.min(maxMs, minMs * 2 ** Math.min(this.attempts++, 16));
    this.retryTimer = setTimeout(() => this.open(), delay * (1 + Math.random() / 2));
  }
}
