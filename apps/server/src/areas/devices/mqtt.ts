import type { DeviceCommand } from '@htv/shared/areas/devices/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { parseBoundedJson, unstorableTextPath } from '../../http/request-data.js';

/** MQTT push (docs/scaling.md, "Push over MQTT"); absent: the long-poll is the only push channel. */
export interface MqttSettings {
  /** The server's own connection to the broker (MQTT_URL). */
  url: string;
  /** The server's account at the broker (MQTT_USERNAME / MQTT_PASSWORD): allowed every topic. */
  username?: string;
  password?: string;
  /** What TVs connect to (MQTT_TV_URL; default `url`), and browser TVs over WebSocket (MQTT_TV_WS_URL). */
  tvUrl: string;
  tvWsUrl?: string;
  /** Signs the per-terminal passwords. */
  signingKey: string;
  /** Required in `x-mqtt-auth-key` by the broker-facing auth endpoints when set (MQTT_AUTH_KEY). */
  authKey?: string;
}

/**
 * Topics: commands per terminal, hotel and brand (the TV subscribes to its three); what a terminal
 * publishes: acknowledgements and release progress. A terminal's level is its MQTT username (`t<id>`),
 * so a broker's own ACL patterns can express its rights too (`pattern read htv/%u/cmd`,
 * `pattern write htv/%u/ack`, `pattern write htv/%u/progress`).
 */
export const mqttTopics = {
  terminal: (id: number) => `htv/t${id}/cmd`,
  hotel: (id: number) => `htv/h${id}/cmd`,
  brand: (id: number) => `htv/b${id}/cmd`,
  ack: (id: number) => `htv/t${id}/ack`,
  progress: (id: number) => `htv/t${id}/progress`,
};

/** What terminals publish, by the last level of the topic. */
export type TerminalMessageKind = 'ack' | 'progress';
const TERMINAL_MESSAGE = /^htv\/t(\d{1,10})\/(ack|progress)$/;

/**
 * How the server subscribes to each kind: every process hears every acknowledgement (each drops the
 * command it may hold queued), while each progress message goes to one process of the cluster (a
 * shared subscription: MQTT 5, and Mosquitto and EMQX for 3.1.1 clients too). Progress comes at QoS 0
 * from the broker (the TV's own publish is QoS 1, so the broker has it): a PUBACK per report was the
 * largest single cost of taking them (a socket write each); one lost on the last hop is a progress
 * step, and a TV reports an ended action again while its configuration still lists it.
 */
const SUBSCRIPTIONS: Record<TerminalMessageKind, { filter: string; qos: 0 | 1 }> = {
  ack: { filter: 'htv/+/ack', qos: 1 },
  progress: { filter: '$share/htv/htv/+/progress', qos: 0 },
};

/** The largest message a terminal may publish (50 progress reports with their reasons fit). */
const MQTT_MESSAGE_MAX_BYTES = 32 * 1024;

/** What the configuration's `push` part tells a TV. */
export interface MqttPushPart {
  mqtt: { url: string; wsUrl: string | null; clientId: string; username: string; password: string; subscribe: string[]; ack: string; progress: string };
}

/**
 * The per-terminal password: derived from the terminal and the time its token was issued, so a new
 * registration changes it and an unbind (which deletes the token) revokes it; nothing more is stored.
 */
export function mqttPassword(signingKey: string, terminalId: number, tokenIssuedAt: Date | string): string {
  return createHmac('sha256', signingKey).update(`mqtt:${terminalId}:${new Date(tokenIssuedAt).getTime()}`).digest('base64url');
}

interface TerminalAccess {
  issuedAt: string;
  hotelId: number | null;
  brandId: number | null;
}

async function terminalAccess(db: Db, terminalId: number): Promise<TerminalAccess | null> {
  const result = await db.execute(sql`select k.issued_at, t.hotel_id, t.brand_id from terminal_tokens k join terminals t on t.id = k.terminal_id where k.terminal_id = ${terminalId}`);
  const row = (result as unknown as { rows: { issued_at: string | Date; hotel_id: number | null; brand_id: number | null }[] }).rows[0];
  return row ? { issuedAt: new Date(row.issued_at).toISOString(), hotelId: row.hotel_id, brandId: row.brand_id } : null;
}

const terminalOf = (username: string) => (/^t\d{1,10}$/.test(username) ? Number(username.slice(1)) : null);

/** The `push` configuration part of a terminal (null when its token is gone). */
export async function mqttPushPart(db: Db, settings: MqttSettings, terminalId: number): Promise<MqttPushPart | null> {
  const access = await terminalAccess(db, terminalId);
  if (!access) return null;
  const subscribe = [mqttTopics.terminal(terminalId)];
  if (access.hotelId !== null) subscribe.push(mqttTopics.hotel(access.hotelId));
  if (access.brandId !== null) subscribe.push(mqttTopics.brand(access.brandId));
  return {
    mqtt: {
      url: settings.tvUrl,
      wsUrl: settings.tvWsUrl ?? null,
      clientId: `htv-t${terminalId}`,
      username: `t${terminalId}`,
      password: mqttPassword(settings.signingKey, terminalId, access.issuedAt),
      subscribe,
      ack: mqttTopics.ack(terminalId),
      progress: mqttTopics.progress(terminalId),
    },
  };
}

/** The broker's HTTP authentication: a terminal's username and password. */
export async function mqttAuthenticate(db: Db, settings: MqttSettings, username: string, password: string): Promise<boolean> {
  const id = terminalOf(username);
  if (id === null) return false;
  const access = await terminalAccess(db, id);
  if (!access) return false;
  const expected = Buffer.from(mqttPassword(settings.signingKey, id, access.issuedAt));
  const given = Buffer.from(password);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The broker's HTTP authorization: a terminal reads its own, its hotel's and its brand's commands and
 * writes its acknowledgements and release progress (so the topic names the terminal that published).
 */
export async function mqttAuthorize(db: Db, username: string, topic: string, write: boolean): Promise<boolean> {
  const id = terminalOf(username);
  if (id === null) return false;
  if (write) return topic === mqttTopics.ack(id) || topic === mqttTopics.progress(id);
  if (topic === mqttTopics.terminal(id)) return true;
  const access = await terminalAccess(db, id);
  if (!access) return false;
  return (access.hotelId !== null && topic === mqttTopics.hotel(access.hotelId)) || (access.brandId !== null && topic === mqttTopics.brand(access.brandId));
}

export interface MqttMetrics {
  commandsPublished: number;
  commandsAcked: number;
  /** Progress messages taken, and refused (unreadable, invalid, over the terminal's limit or the queue's). */
  progressTaken: number;
  progressRefused: number;
}

/**
 * Takes one message a terminal published (the broker checked that the topic is the terminal's own);
 * answers whether it was taken.
 */
export type TerminalMessageHandler = (terminalId: number, message: unknown) => boolean;

/**
 * The server's side of MQTT: publishes commands (QoS 1) and hears what terminals publish. Every
 * process subscribes to the acknowledgements, so each drops the command it may still hold queued for a
 * heartbeat; only the process where a change happened publishes it (the bus tells the others to update
 * their stamps and long-polls, not to publish again). Other kinds (release progress) are heard once
 * handled (`receive`).
 */
export class MqttPush {
  readonly metrics: MqttMetrics = { commandsPublished: 0, commandsAcked: 0, progressTaken: 0, progressRefused: 0 };
  private readonly client: MqttClient;
  private nextId = Date.now();
  private readonly handlers = new Map<TerminalMessageKind, TerminalMessageHandler>();

  constructor(
    readonly settings: MqttSettings,
    private readonly log: FastifyBaseLogger,
    onAck: (terminalId: number, command: Pick<DeviceCommand, 'id' | 'type'>) => void,
  ) {
    this.client = mqtt.connect(settings.url, { username: settings.username, password: settings.password, reconnectPeriod: 1000, clean: true });
    this.client.on('connect', () => {
      for (const kind of this.handlers.keys()) this.subscribe(kind);
    });
    this.client.on('error', (error) => log.error({ err: error }, 'MQTT connection failed'));
    this.client.on('message', (topic, payload) => this.hear(topic, payload));
    this.receive('ack', (terminalId, message) => {
      const ack = message as Pick<DeviceCommand, 'id' | 'type'>;
      if (!ack || typeof ack !== 'object') return false;
      this.metrics.commandsAcked++;
      onAck(terminalId, ack);
      return true;
    });
  }

  /** Subscribes to what terminals publish of one kind (JSON, at most MQTT_MESSAGE_MAX_BYTES). */
  receive(kind: TerminalMessageKind, handler: TerminalMessageHandler): void {
    this.handlers.set(kind, handler);
    if (this.client.connected) this.subscribe(kind);
  }

  private subscribe(kind: TerminalMessageKind) {
    const { filter, qos } = SUBSCRIPTIONS[kind];
    this.client.subscribe(filter, { qos }, (error) => {
      if (error) this.log.error({ err: error, kind }, 'MQTT subscription refused');
    });
  }

  private hear(topic: string, payload: Buffer) {
    const match = TERMINAL_MESSAGE.exec(topic);
    const kind = match?.[2] as TerminalMessageKind | undefined;
    const handler = kind && this.handlers.get(kind);
    if (!handler) return;
    let taken = false;
    if (payload.length <= MQTT_MESSAGE_MAX_BYTES) {
      const message = parseBoundedJson(payload.toString());
      // Not JSON, nested too deeply, or text the database cannot store: dropped like any malformed message.
      if (message !== undefined && !unstorableTextPath(message)) {
        try {
          taken = handler(Number(match![1]), message);
        } catch (error) {
          this.log.error({ err: error, kind }, 'MQTT message handler failed');
        }
      }
    }
    if (kind === 'progress') this.metrics[taken ? 'progressTaken' : 'progressRefused']++;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  /** Resolves once connected (or after `ms`). */
  async ready(ms = 5000): Promise<void> {
    if (this.client.connected) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  publish(topic: string, type: DeviceCommand['type'], data?: unknown): void {
    const command: DeviceCommand = { id: this.nextId++, type, at: new Date().toISOString(), ...(data === undefined ? {} : { data }) };
    this.metrics.commandsPublished++;
    this.client.publish(topic, JSON.stringify(command), { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}

const brokerAuthBody = z.object({ username: z.string().max(100), password: z.string().max(200).optional(), clientid: z.string().max(200).optional() });
const brokerAclBody = z.object({
  username: z.string().max(100),
  topic: z.string().max(300),
  /** mosquitto-go-auth: 1 read, 2 write, 4 subscribe. */
  acc: z.coerce.number().int().optional(),
  /** EMQX: publish or subscribe. */
  action: z.enum(['publish', 'subscribe']).optional(),
});

/**
 * The broker's HTTP authentication and authorization (mosquitto-go-auth's HTTP backend, EMQX's HTTP
 * authenticator and authorizer; docs/scaling.md): `POST …/mqtt/auth {username, password}` and
 * `POST …/mqtt/acl {username, topic, acc | action}`. 200 `{result: "allow"}` allows, 403
 * `{result: "deny"}` refuses. With MQTT_AUTH_KEY set the broker must send it in `x-mqtt-auth-key`.
 */
export function registerMqttAuthRoutes(scope: FastifyInstance, db: Db, settings: MqttSettings) {
  const key = settings.authKey ? Buffer.from(settings.authKey) : undefined;
  const config = { auth: { public: true } } as const;
  const answer = (reply: FastifyReply, allowed: boolean) => reply.code(allowed ? 200 : 403).send({ result: allowed ? 'allow' : 'deny' });
  const brokerOnly = (request: FastifyRequest) => {
    if (!key) return true;
    const given = Buffer.from(String(request.headers['x-mqtt-auth-key'] ?? ''));
    return given.length === key.length && timingSafeEqual(given, key);
  };
  scope.post('/mqtt/auth', { schema: { body: brokerAuthBody, tags: ['device'], summary: "The MQTT broker's HTTP authentication of a TV", security: [] }, config }, async (request, reply) => {
    const { username, password } = request.body as z.infer<typeof brokerAuthBody>;
    return answer(reply, brokerOnly(request) && (await mqttAuthenticate(db, settings, username, password ?? '')));
  });
  scope.post('/mqtt/acl', { schema: { body: brokerAclBody, tags: ['device'], summary: "The MQTT broker's HTTP authorization of a TV's topic", security: [] }, config }, async (request, reply) => {
    const { username, topic, acc, action } = request.body as z.infer<typeof brokerAclBody>;
    const write = action === 'publish' || acc === 2;
    return answer(reply, brokerOnly(request) && (await mqttAuthorize(db, username, topic, write)));
  });
}
