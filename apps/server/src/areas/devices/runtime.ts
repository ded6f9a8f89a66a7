import type { HeartbeatRequest, HeartbeatResponse } from '@htv/shared/areas/devices/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { BlockList } from 'node:net';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/reply.js';
import { BatchWriter } from '../../system/batch.js';
import { idParts, type Bus } from '../../system/bus.js';
import { runsJobs } from '../../system/workers.js';
import { VERSION } from '../../version.js';
import { TerminalCache, type CachedTerminal } from './cache.js';
import { addConfigListener, type ConfigListener, type ConfigTarget } from './config.js';
import { writeBoots, writeHeartbeats, type BootItem, type HeartbeatItem } from './heartbeats.js';
import { CounterExchange } from './metrics.js';
import { CommandHub } from './hub.js';
import { maintainHeartbeatPartitions } from './partitions.js';
import { MqttPush, mqttTopics, type MqttSettings } from './mqtt.js';
import type { DeviceOptions } from './options.js';
import { RuleSet } from './rules.js';
import { compileWhitelist, loadIpWhitelist, plainIp, whitelistAllows } from './whitelist.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A device token: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

const NEGATIVE_TTL_MS = 60_000;
const NEGATIVE_MAX = 10_000;
const WHITELIST_TTL_MS = 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_CHUNK = 50_000;

export interface DeviceMetrics {
  heartbeats: number;
  /** Heartbeat batches written: each is one SQL statement. */
  heartbeatStatements: number;
  heartbeatRowsWritten: number;
  /** Failed attempts to write a heartbeat batch (each batch is retried until written). */
  heartbeatWriteErrors: number;
  /** Acknowledged heartbeats given up at shutdown because the database stayed unreachable. */
  heartbeatsDropped: number;
  /** Heartbeats refused with 503 while the writer was behind. */
  rejected: number;
  tokenLookups: number;
  cacheMisses: number;
}

const runtimes = new Set<DeviceRuntime>();

/** Every running runtime (one per app; tests may run several): record hooks notify them all. */
export function allRuntimes(): ReadonlySet<DeviceRuntime> {
  return runtimes;
}

/** What a process tells the others on the bus (system/bus.ts) about the device side. */
const TOPIC = { forget: 'devices.forget', config: 'devices.config', whitelist: 'devices.whitelist', rules: 'devices.rules' } as const;
type Scope = 'fleet' | 'brand' | 'hotel' | 'terminal';

/**
 * The device side's in-memory state for one app: the token cache, the push hub, the heartbeat and
 * boot batch writers, the authorization rules, the whitelist cache and the periodic jobs (offline
 * sweep, log retention). With several processes (a shared bus) every change of that state is
 * published, and what the others publish is applied here (docs/scaling.md).
 */
export class DeviceRuntime implements ConfigListener {
  readonly cache: TerminalCache;
  readonly hub: CommandHub;
  readonly heartbeats: BatchWriter<HeartbeatItem>;
  readonly boots: BatchWriter<BootItem>;
  readonly rules: RuleSet;
  readonly metrics: DeviceMetrics = { heartbeats: 0, heartbeatStatements: 0, heartbeatRowsWritten: 0, heartbeatWriteErrors: 0, heartbeatsDropped: 0, rejected: 0, tokenLookups: 0, cacheMisses: 0 };
  /** This process's counters and gauges, and with several processes everyone's, summed when read. */
  readonly counters: CounterExchange;

  /**
   * Part of every stamp. One process: its start, so a restart makes TVs revalidate their configuration
   * once (ETag, usually 304). Several: the version, the same in every process (the generations are
   * stored in `config_generations`, so a restart loses none).
   */
  private readonly stampPrefix: string;
  /**
   * Configuration generations of the fleet, brands and hotels (a terminal's own is in its cache entry).
   * A stamp is the sum of the four that apply, and a new generation is larger than any seen, so every
   * bump changes the stamps it concerns, in every process alike.
   */
  private fleetGen = 0;
  private readonly brandGens = new Map<number, number>();
  private readonly hotelGens = new Map<number, number>();
  private lastGen = 0;
  /** Terminal generations published while token reads were in flight: a fill started before takes them. */
  private readonly lateTerminalGens = new Map<number, number>();
  private readonly unsubscribe: (() => void)[];
  /** The MQTT push channel, when a broker is configured (the long-poll stays as the fallback). */
  readonly mqtt?: MqttPush;
  /** Counters other areas keep of device API work (release progress written), summed with these. */
  private readonly areaCounters = new Set<() => Record<string, number>>();
  /**
   * Cache fills racing with a forget must not keep a revoked token: while reads are in flight, each
   * forget bumps `epoch` and records it for the terminal; a fill started before is then dropped.
   */
  private epoch = 0;
  private readonly forgotten = new Map<number, number>();
  private readonly loading = new Map<string, Promise<CachedTerminal | null>>();
  private missQueue = new Map<string, { resolve: (entry: CachedTerminal | null) => void; reject: (error: unknown) => void }>();
  private readonly negative = new Map<string, number>();
  private readonly whitelists = new Map<number, { list: BlockList | null; expires: number; loading: boolean }>();
  private timers: NodeJS.Timeout[] = [];
  private closing = false;
  private readonly unlisten: () => void;

  constructor(
    readonly db: Db,
    readonly options: DeviceOptions,
    readonly log: FastifyBaseLogger,
    readonly bus: Bus,
    mqttSettings?: MqttSettings,
  ) {
    // A command the TV acknowledged over MQTT is not answered again with its next heartbeat.
    this.mqtt = mqttSettings && new MqttPush(mqttSettings, log, (terminalId, command) => this.hub.drop(terminalId, command.type));
    this.stampPrefix = bus.shared ? `v${VERSION}` : Date.now().toString(36);
    this.cache = new TerminalCache(options.cacheSize);
    this.hub = new CommandHub(options.commandTtlS * 1000);
    this.rules = new RuleSet(db);
    this.heartbeats = new BatchWriter<HeartbeatItem>({
      maxBatch: options.batchMax,
      intervalMs: options.batchIntervalMs,
      write: async (items) => {
        this.metrics.heartbeatStatements++;
        await writeHeartbeats(db, items, this.today());
        this.metrics.heartbeatRowsWritten += items.length;
        // The writer drains what arrived during this write at once; a short pause lets the next batch
        // grow. Not when closing (flush at shutdown) or when the batch was full (we are behind).
        if (!this.closing && items.length < options.batchMax && options.batchMinGapMs > 0) await new Promise((r) => setTimeout(r, options.batchMinGapMs));
      },
      onError: (error, items, attempt) => {
        this.metrics.heartbeatWriteErrors++;
        log.error({ err: error, count: items.length, attempt }, 'heartbeat batch failed; it is kept and written again');
      },
      onDrop: (items) => {
        this.metrics.heartbeatsDropped += items.length;
        log.error({ count: items.length }, 'heartbeat batch given up at shutdown: the database did not take it in time');
      },
    });
    this.boots = new BatchWriter<BootItem>({
      maxBatch: 2000,
      intervalMs: options.batchIntervalMs,
      write: (items) => writeBoots(db, items),
      onError: (error, items, attempt) => log.error({ err: error, count: items.length, attempt }, 'boot record batch failed; it is kept and written again'),
      onDrop: (items) => log.error({ count: items.length }, 'boot records given up at shutdown: the database did not take them in time'),
    });
    this.counters = new CounterExchange(bus, () => ({
      ...this.metrics,
      ...Object.assign({}, ...[...this.areaCounters].map((read) => read())),
      pendingHeartbeats: this.heartbeats.size,
      cachedTerminals: this.cache.size,
      waitingLongPolls: this.hub.waiting,
      // Summed: the processes connected to the broker; every process hears every acknowledgement, and
      // one of them each progress message.
      ...(this.mqtt && {
        mqttConnected: this.mqtt.connected ? 1 : 0,
        mqttCommandsPublished: this.mqtt.metrics.commandsPublished,
        mqttCommandsAcked: this.mqtt.metrics.commandsAcked,
        mqttProgressTaken: this.mqtt.metrics.progressTaken,
        mqttProgressRefused: this.mqtt.metrics.progressRefused,
      }),
    }));
    runtimes.add(this);
    this.unlisten = addConfigListener(this);
    this.unsubscribe = [
      bus.subscribe<{ id: number; unbind?: boolean }>(TOPIC.forget, ({ id, unbind }) => this.dropTerminal(id, { unbind })),
      bus.subscribe<{ target: ConfigTarget; gen: number }>(TOPIC.config, ({ target, gen }) => this.applyGeneration(target, gen)),
      bus.subscribe<{ hotelId: number }>(TOPIC.whitelist, ({ hotelId }) => this.whitelists.delete(hotelId)),
      bus.subscribe(TOPIC.rules, () => this.rules.invalidate()),
    ];
    // Messages missed while the bus reconnected may have revoked tokens: every terminal is read again.
    bus.onReconnect?.(() => {
      this.cache.clear();
      this.negative.clear();
    });
  }

  /** Several processes: loads the stored generations (before the server listens). */
  async loadGenerations(): Promise<void> {
    if (!this.bus.shared) return;
    const result = await this.db.execute(sql`select scope, key, gen from config_generations where scope <> 'terminal' union all select 'max', 0, coalesce(max(gen), 0) from config_generations`);
    for (const row of (result as unknown as { rows: { scope: Scope | 'max'; key: number; gen: string | number }[] }).rows) {
      const gen = Number(row.gen);
      if (row.scope === 'max') this.seeGen(gen);
      else if (row.scope === 'fleet') this.fleetGen = Math.max(this.fleetGen, gen);
      else if (row.scope === 'brand') this.brandGens.set(row.key, Math.max(this.brandGens.get(row.key) ?? 0, gen));
      else if (row.scope === 'hotel') this.hotelGens.set(row.key, Math.max(this.hotelGens.get(row.key) ?? 0, gen));
    }
  }

  private seeGen(gen: number): void {
    if (gen > this.lastGen) this.lastGen = gen;
  }

  /** A generation larger than any this process has seen (milliseconds, so processes rarely pick the same). */
  private newGen(): number {
    this.lastGen = Math.max(Date.now(), this.lastGen + 1);
    return this.lastGen;
  }

  /** The stats day (UTC shifted by statsUtcOffsetMin), as YYYY-MM-DD. */
  today(now = Date.now()): string {
    return new Date(now + this.options.statsUtcOffsetMin * 60_000).toISOString().slice(0, 10);
  }

  // --- tokens -----------------------------------------------------------------------------------

  /**
   * The terminal of a device token: from memory when cached (keyed by the token itself, so a hit
   * hashes nothing), else one indexed read by the token's hash.
   */
  resolve(token: string): CachedTerminal | null | Promise<CachedTerminal | null> {
    this.metrics.tokenLookups++;
    const hit = this.cache.get(token);
    if (hit) return hit;
    const refused = this.negative.get(token);
    if (refused !== undefined) {
      if (refused > Date.now()) return null;
      this.negative.delete(token);
    }
    let pending = this.loading.get(token);
    if (!pending) {
      pending = this.queueLoad(token).finally(() => {
        this.loading.delete(token);
        if (this.loading.size === 0) {
          this.forgotten.clear();
          this.lateTerminalGens.clear();
        }
      });
      this.loading.set(token, pending);
    }
    return pending;
  }

  /**
   * Cache misses of one event-loop turn are read together (one `token_hash = any(…)` query): after a
   * restart a whole fleet refills the cache in a few queries instead of one read per TV.
   */
  private queueLoad(token: string): Promise<CachedTerminal | null> {
    return new Promise((resolve, reject) => {
      this.missQueue.set(token, { resolve, reject });
      if (this.missQueue.size === 1) setImmediate(() => void this.loadQueued());
    });
  }

  private async loadQueued(): Promise<void> {
    const queue = this.missQueue;
    this.missQueue = new Map();
    const tokens = [...queue.keys()];
    this.metrics.cacheMisses += tokens.length;
    const epoch = this.epoch;
    try {
      for (let i = 0; i < tokens.length; i += 2000) {
        const chunk = tokens.slice(i, i + 2000);
        const hashes = chunk.map(hashToken);
        const result = await this.db.execute(sql`
          select k.token_hash, t.id, t.mac, t.brand_id, t.hotel_id, t.run_state, t.ip, t.public_ip, t.software_version, t.ota_version, t.control_version, t.launcher, g.gen as config_gen
            from terminal_tokens k join terminals t on t.id = k.terminal_id
            left join config_generations g on g.scope = 'terminal' and g.key = t.id
           where k.token_hash = any(${sql.param(hashes)}::text[])`);
        const rows = new Map((result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => [row.token_hash as string, row]));
        chunk.forEach((token, j) => {
          const row = rows.get(hashes[j]!);
          queue.get(token)!.resolve(row ? this.fill(token, row, epoch) : this.refuse(token));
        });
      }
    } catch (error) {
      // Settled waiters ignore this; the others fail their request (500) and retry on the next one.
      for (const waiter of queue.values()) waiter.reject(error);
    }
  }

  private refuse(token: string): null {
    if (this.negative.size >= NEGATIVE_MAX) this.negative.clear();
    this.negative.set(token, Date.now() + NEGATIVE_TTL_MS);
    return null;
  }

  private fill(token: string, row: Record<string, unknown>, epoch: number): CachedTerminal {
    const id = row.id as number;
    // One process: a fresh generation (a change missed while the terminal was not cached cannot leave
    // its stamp as it was). Several: the stored one, the same in every process.
    const gen = this.bus.shared ? Math.max(Number(row.config_gen ?? 0), this.lateTerminalGens.get(id) ?? 0) : this.newGen();
    const entry: CachedTerminal = {
      id: row.id as number,
      mac: row.mac as string,
      token,
      brandId: (row.brand_id as number | null) ?? null,
      hotelId: (row.hotel_id as number | null) ?? null,
      gen,
      state: (row.run_state as string | null) ?? null,
      ip: (row.ip as string | null) ?? null,
      publicIp: (row.public_ip as string | null) ?? null,
      softwareVersion: (row.software_version as string | null) ?? null,
      otaVersion: (row.ota_version as string | null) ?? null,
      controlVersion: (row.control_version as string | null) ?? null,
      launcher: (row.launcher as string | null) ?? null,
      lastLogMs: 0,
    };
    // A terminal forgotten while this read ran (re-registered, unbound) may have a revoked token.
    const forgottenAt = this.forgotten.get(entry.id);
    if (forgottenAt === undefined || forgottenAt <= epoch) this.cache.set(entry);
    return entry;
  }

  /**
   * Drops a terminal from memory after its token, owner or state changed. With `unbind`, a waiting
   * long-poll receives the unbind command first.
   */
  forget(terminalId: number, opts: { unbind?: boolean } = {}): void {
    this.dropTerminal(terminalId, opts);
    if (opts.unbind) this.mqtt?.publish(mqttTopics.terminal(terminalId), 'unbind');
    if (this.bus.shared) this.bus.publish(TOPIC.forget, opts.unbind ? { id: terminalId, unbind: true } : { id: terminalId });
  }

  private dropTerminal(terminalId: number, opts: { unbind?: boolean }): void {
    if (this.loading.size) this.forgotten.set(terminalId, ++this.epoch);
    if (opts.unbind) this.hub.push(terminalId, 'unbind', false);
    if (opts.unbind) this.hub.forget(terminalId);
    this.cache.delete(terminalId);
  }

  // --- heartbeats -------------------------------------------------------------------------------

  /**
   * True when a writer holds as many acknowledged items as it may (new ones answer 503): `maxPending`,
   * or one batch while its writes fail, so an unreachable database leaves no more in memory (lost to a
   * kill -9) than a healthy one does.
   */
  full(writer: BatchWriter<unknown>): boolean {
    return writer.size >= (writer.failing ? this.options.batchMax : this.options.maxPending);
  }

  /** The hot path: compares, queues and answers the envelope as JSON text; no database access. */
  heartbeat(entry: CachedTerminal, body: HeartbeatRequest | undefined, remoteIp: string, now = Date.now()): string {
    this.metrics.heartbeats++;
    let changed = false;
    if (body) {
      if (body.state !== undefined && body.state !== entry.state) (entry.state = body.state), (changed = true);
      if (body.softwareVersion !== undefined && body.softwareVersion !== entry.softwareVersion) (entry.softwareVersion = body.softwareVersion), (changed = true);
      if (body.otaVersion !== undefined && body.otaVersion !== entry.otaVersion) (entry.otaVersion = body.otaVersion), (changed = true);
      if (body.controlVersion !== undefined && body.controlVersion !== entry.controlVersion) (entry.controlVersion = body.controlVersion), (changed = true);
      if (body.launcher !== undefined && body.launcher !== entry.launcher) (entry.launcher = body.launcher), (changed = true);
      if (body.ip !== undefined && body.ip !== entry.ip) (entry.ip = body.ip), (changed = true);
    }
    const publicIp = plainIp(remoteIp);
    if (publicIp !== entry.publicIp) (entry.publicIp = publicIp), (changed = true);
    let alarm = false;
    if (entry.hotelId !== null) {
      const list = this.whitelistFor(entry.hotelId);
      if (list) {
        // BlockList.check allocates; the verdict holds while the address and the list are the same.
        if (changed || entry.whitelist !== list) {
          entry.whitelist = list;
          entry.whitelistOk = whitelistAllows(list, publicIp);
        }
        alarm = !entry.whitelistOk;
      }
    }
    const gap = this.options.heartbeatLogMinGapS * 1000;
    const log = gap === 0 || changed || now - entry.lastLogMs >= gap;
    if (log) entry.lastLogMs = now;
    this.heartbeats.add({
      id: entry.id,
      ms: now,
      changed,
      log,
      alarm,
      state: entry.state,
      ip: entry.ip,
      publicIp,
      softwareVersion: entry.softwareVersion,
      otaVersion: entry.otaVersion,
      controlVersion: entry.controlVersion,
      launcher: entry.launcher,
    });
    if (this.hub.has(entry.id)) {
      const response: HeartbeatResponse = { interval: this.options.heartbeatIntervalS, config: this.stamp(entry), commands: this.hub.take(entry.id) };
      return JSON.stringify(ok(response));
    }
    return this.plainHeartbeatAnswer(entry);
  }

  /** The answer without commands, serialised once per configuration stamp of the terminal. */
  private plainHeartbeatAnswer(entry: CachedTerminal): string {
    if (entry.heartbeatAnswer === undefined || entry.heartbeatAnswerGlobalGen !== this.fleetGen) {
      const response: HeartbeatResponse = { interval: this.options.heartbeatIntervalS, config: this.stamp(entry) };
      entry.heartbeatAnswer = JSON.stringify(ok(response));
      entry.heartbeatAnswerGlobalGen = this.fleetGen;
    }
    return entry.heartbeatAnswer;
  }

  boot(entry: CachedTerminal, item: Omit<BootItem, 'id'>): void {
    this.boots.add({ id: entry.id, ...item });
  }

  // --- configuration ----------------------------------------------------------------------------

  /** The configuration stamp of a terminal: changes whenever its configuration may have. */
  stamp(entry: CachedTerminal): string {
    const sum = this.fleetGen + (entry.brandId === null ? 0 : (this.brandGens.get(entry.brandId) ?? 0)) + (entry.hotelId === null ? 0 : (this.hotelGens.get(entry.hotelId) ?? 0)) + entry.gen;
    return `${this.stampPrefix}.${sum.toString(36)}`;
  }

  /**
   * A configuration change (from `invalidateConfig`): a new generation for the target, applied here at
   * once; with several processes also stored and published, so the others answer the same stamp and
   * push to the long-polls they hold.
   */
  invalidate(target: ConfigTarget): void {
    const gen = this.newGen();
    this.applyGeneration(target, gen);
    this.publishMqtt(target);
    if (!this.bus.shared) return;
    // Published once stored: a process that reads a terminal's token (and its generation) meanwhile
    // either reads the stored one or is still reading when the message arrives (`lateTerminalGens`).
    void this.storeGeneration(target, gen)
      .catch((error) => this.log.error({ err: error }, 'could not store a configuration generation'))
      .then(() => {
        if ('terminalIds' in target) for (const terminalIds of idParts(target.terminalIds)) this.bus.publish(TOPIC.config, { target: { terminalIds }, gen });
        else this.bus.publish(TOPIC.config, { target, gen });
      })
      .catch((error) => this.log.error({ err: error }, 'could not publish a configuration generation'));
  }

  /** The `config` command on the target's MQTT topics (a fleet-wide change only changes the stamps, as on the long-poll). */
  private publishMqtt(target: ConfigTarget): void {
    if (!this.mqtt || 'all' in target) return;
    if ('terminalIds' in target) for (const id of target.terminalIds) this.mqtt.publish(mqttTopics.terminal(id), 'config');
    else if ('hotelId' in target) this.mqtt.publish(mqttTopics.hotel(target.hotelId), 'config');
    else this.mqtt.publish(mqttTopics.brand(target.brandId), 'config');
  }

  private async storeGeneration(target: ConfigTarget, gen: number): Promise<void> {
    const [scope, keys]: [Scope, readonly number[]] =
      'all' in target ? ['fleet', [0]] : 'brandId' in target ? ['brand', [target.brandId]] : 'hotelId' in target ? ['hotel', [target.hotelId]] : ['terminal', target.terminalIds];
    if (!keys.length) return;
    await this.db.execute(sql`
      insert into config_generations (scope, key, gen)
      select ${scope}, k, ${gen} from unnest(${sql.param([...keys])}::int[]) k
      on conflict (scope, key) do update set gen = greatest(config_generations.gen, excluded.gen)`);
  }

  private applyGeneration(target: ConfigTarget, gen: number): void {
    this.seeGen(gen);
    if ('all' in target) {
      this.fleetGen = Math.max(this.fleetGen, gen);
      return;
    }
    const told = (entry: CachedTerminal) => {
      entry.etag = undefined;
      entry.heartbeatAnswer = undefined;
      this.hub.push(entry.id, 'config');
    };
    if ('terminalIds' in target) {
      for (const id of target.terminalIds) {
        if (this.loading.size && this.bus.shared) this.lateTerminalGens.set(id, gen);
        const entry = this.cache.byTerminal(id);
        if (entry) {
          entry.gen = Math.max(entry.gen, gen);
          told(entry);
        } else this.hub.push(id, 'config', false);
      }
      return;
    }
    const gens = 'hotelId' in target ? this.hotelGens : this.brandGens;
    const key = 'hotelId' in target ? target.hotelId : target.brandId;
    gens.set(key, Math.max(gens.get(key) ?? 0, gen));
    for (const entry of this.cache.values()) {
      if ('hotelId' in target ? entry.hotelId === target.hotelId : entry.brandId === target.brandId) told(entry);
    }
  }

  // --- whitelists -------------------------------------------------------------------------------

  /** The hotel's compiled whitelist, from memory; a missing or stale one loads in the background. */
  whitelistFor(hotelId: number): BlockList | null {
    const now = Date.now();
    const cached = this.whitelists.get(hotelId);
    if (cached && (cached.expires > now || cached.loading)) return cached.list;
    const slot = cached ?? { list: null, expires: 0, loading: false };
    slot.loading = true;
    this.whitelists.set(hotelId, slot);
    loadIpWhitelist(this.db, hotelId)
      .then((entries) => {
        slot.list = entries?.length ? compileWhitelist(entries) : null;
      })
      .catch((error) => this.log.error({ err: error, hotelId }, 'could not load an IP whitelist'))
      .finally(() => {
        slot.loading = false;
        slot.expires = Date.now() + WHITELIST_TTL_MS;
      });
    return slot.list;
  }

  /** Forgets a hotel's whitelist so the next heartbeat loads the new one. */
  invalidateWhitelist(hotelId: number): void {
    this.whitelists.delete(hotelId);
    if (this.bus.shared) this.bus.publish(TOPIC.whitelist, { hotelId });
  }

  /** Forgets the compiled authorization rules (here and in the other processes). */
  invalidateRules(): void {
    this.rules.invalidate();
    if (this.bus.shared) this.bus.publish(TOPIC.rules, {});
  }

  // --- periodic jobs ----------------------------------------------------------------------------

  /**
   * Marks terminals not heard within the online window offline and records the transitions. Pending
   * heartbeats are written first, so a terminal that just reported is not swept.
   */
  async sweep(): Promise<number> {
    await this.heartbeats.flush();
    const result = await this.db.execute(sql`
      with gone as (
        update terminals t set online = false, updated_at = now()
          from terminal_presence p
         where t.online and p.terminal_id = t.id
           and (p.last_seen_at is null or p.last_seen_at < now() - make_interval(secs => ${this.options.onlineWindowS}))
        returning t.id, t.mac, t.brand_id, t.hotel_id
      )
      insert into terminal_state_logs (terminal_id, mac, brand_id, hotel_id, state, at)
      select id, mac, brand_id, hotel_id, 'offline', now() from gone
      returning terminal_id`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  }

  /**
   * Drops the heartbeat log's expired day partitions (and creates the coming days'), and deletes other
   * log rows past their retention, in chunks so no statement runs long.
   */
  async prune(): Promise<Record<string, number>> {
    const partitions = await maintainHeartbeatPartitions(this.db, this.options.heartbeatLogDays);
    const targets = [
      ['terminal_heartbeats_default', this.options.heartbeatLogDays],
      ['terminal_boot_records', this.options.bootLogDays],
      ['terminal_state_logs', this.options.stateLogDays],
    ] as const;
    const removed: Record<string, number> = {};
    for (const [table, days] of targets) {
      removed[table] = 0;
      for (;;) {
        const result = await this.db.execute(sql`
          delete from ${sql.identifier(table)} where ctid = any(array(
            select ctid from ${sql.identifier(table)} where at < now() - make_interval(days => ${days}) limit ${PRUNE_CHUNK}))`);
        const count = (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
        removed[table] += count;
        if (count < PRUNE_CHUNK) break;
      }
    }
    await this.db.execute(sql`delete from terminal_daily_stats where day < current_date - 400`);
    removed.heartbeatPartitionsDropped = partitions.dropped.length;
    return removed;
  }

  start(): void {
    if (!this.options.timers || this.timers.length) return;
    const every = (ms: number, job: () => Promise<unknown>, name: string) => {
      // A run still waiting (the sweep waits for pending heartbeats while the database is down) is not joined by another.
      let busy = false;
      const run = () => {
        if (busy) return;
        busy = true;
        void job()
          .catch((error) => this.log.error({ err: error }, `${name} failed`))
          .finally(() => (busy = false));
      };
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.sweepIntervalS * 1000, async () => this.hub.expire(), 'command expiry');
    // With several processes the database jobs run in one of them (each would repeat the same work).
    if (!runsJobs()) return;
    every(this.options.sweepIntervalS * 1000, () => this.sweep(), 'offline sweep');
    every(PRUNE_EVERY_MS, () => this.prune(), 'log retention');
    // Today's heartbeat partition at once (a new database, or a server stopped for days).
    void maintainHeartbeatPartitions(this.db, this.options.heartbeatLogDays).catch((error) => this.log.error({ err: error }, 'heartbeat partitions could not be prepared'));
  }

  /** Ends long-polls at shutdown, before the server waits for in-flight requests. */
  releaseWaiters(): void {
    this.hub.releaseAll();
  }

  /** Adds an area's counters to the device counters (`GET /api/terminals/device-metrics`). */
  addCounters(read: () => Record<string, number>): void {
    this.areaCounters.add(read);
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.hub.releaseAll();
    await this.heartbeats.close();
    await this.boots.close();
    await this.mqtt?.close();
    this.counters.close();
    runtimes.delete(this);
    this.unlisten();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }
}
