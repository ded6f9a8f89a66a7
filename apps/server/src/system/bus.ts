import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * What one server process tells the others about state it keeps in memory: a revoked token, a bumped
 * configuration generation, a captcha challenge, a throttle failure. Each process applies what it
 * changes itself at once and publishes it; the others apply it when it arrives (docs/scaling.md).
 */
export interface Bus {
  /** True when other processes may exist (PostgreSQL LISTEN/NOTIFY); false for the embedded, one-process default. */
  readonly shared: boolean;
  /** Sends to every other process (never back to this one). */
  publish(topic: string, data: unknown): void;
  /** Handles what other processes publish on a topic; answers the unsubscribe function. */
  subscribe<T>(topic: string, handler: (data: T) => void): () => void;
  /** Called after the bus lost and regained its connection: what was published meanwhile was missed. */
  onReconnect?(handler: () => void): void;
  /** Resolves once the bus listens (messages published before are not seen). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Ids per bus message: a NOTIFY payload holds less than 8000 bytes, so a change to thousands of
 * terminals (an authorization of a whole hotel, a task run) is published in parts of this many ids.
 */
export const IDS_PER_MESSAGE = 500;

/** `ids` in parts of at most `IDS_PER_MESSAGE`, one bus message each. */
export function idParts<T>(ids: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) parts.push(ids.slice(i, i + IDS_PER_MESSAGE));
  return parts;
}

type Handler = (data: unknown) => void;

abstract class BaseBus {
  protected readonly handlers = new Map<string, Set<Handler>>();

  subscribe<T>(topic: string, handler: (data: T) => void): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  protected deliver(topic: string, data: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(data);
  }
}

/** One process: nobody to tell. */
export class MemoryBus extends BaseBus implements Bus {
  readonly shared = false;
  publish(): void {}
  async ready(): Promise<void> {}
  async close(): Promise<void> {}
}

/** The channel every server process of one database LISTENs on. */
export const BUS_CHANNEL = 'htv_bus';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

interface Envelope {
  /** The publishing bus, so it ignores its own messages. */
  o: string;
  t: string;
  d: unknown;
}

export interface BusLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * PostgreSQL LISTEN/NOTIFY: one connection of its own listens; publishing sends `pg_notify` on a second
 * connection, in order. A NOTIFY reaches every listener within milliseconds (docs/scaling.md has the
 * measurement). A listener that loses its connection reconnects; what was published meanwhile is lost,
 * so after a reconnect `onReconnect` lets the owner drop what it may have missed (the token cache).
 */
export class PgBus extends BaseBus implements Bus {
  readonly shared = true;
  readonly origin = randomBytes(8).toString('base64url');
  private listener?: pg.Client;
  private sender?: pg.Client;
  private sending: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly started: Promise<void>;
  private readonly reconnectHandlers = new Set<() => void>();

  constructor(
    private readonly url: string,
    private readonly log: BusLog,
  ) {
    super();
    this.started = this.connect();
  }

  /** Called after the listener reconnected: messages may have been missed meanwhile. */
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.add(handler);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => this.log.error({ err: error }, 'bus listener connection failed'));
    client.on('end', () => {
      if (this.closed || this.listener !== client) return;
      this.listener = undefined;
      setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
    });
    client.on('notification', (message) => {
      if (message.channel !== BUS_CHANNEL || !message.payload) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(message.payload) as Envelope;
      } catch {
        return;
      }
      if (envelope.o === this.origin) return;
      try {
        this.deliver(envelope.t, envelope.d);
      } catch (error) {
        this.log.error({ err: error, topic: envelope.t }, 'bus message handler failed');
      }
    });
    await client.connect();
    await client.query(`listen ${BUS_CHANNEL}`);
    this.listener = client;
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.connect();
      this.log.warn({}, 'bus listener reconnected');
      for (const handler of this.reconnectHandlers) handler();
    } catch (error) {
      this.log.error({ err: error }, 'bus listener could not reconnect; retrying');
      setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
    }
  }

  private async senderClient(): Promise<pg.Client> {
    if (this.sender) return this.sender;
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => this.log.error({ err: error }, 'bus sender connection failed'));
    client.on('end', () => {
      if (this.sender === client) this.sender = undefined;
    });
    await client.connect();
    this.sender = client;
    return client;
  }

  publish(topic: string, data: unknown): void {
    // Work finishing after shutdown (a generation stored late) has no one left to tell from here.
    if (this.closed) return;
    const payload = JSON.stringify({ o: this.origin, t: topic, d: data } satisfies Envelope);
    if (payload.length > MAX_PAYLOAD) throw new Error(`bus message on ${topic} too large (${payload.length} bytes)`);
    // One sender connection, one message at a time: the others see them in the order they were published.
    this.sending = this.sending
      .then(async () => (await this.senderClient()).query('select pg_notify($1, $2)', [BUS_CHANNEL, payload]))
      .catch((error) => this.log.error({ err: error, topic }, 'bus message could not be sent'));
  }

  /** Resolves when everything published so far has been handed to PostgreSQL. */
  async flush(): Promise<void> {
    await this.sending;
  }

  ready(): Promise<void> {
    return this.started;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.sending;
    await this.listener?.end().catch(() => {});
    await this.sender?.end().catch(() => {});
  }
}
