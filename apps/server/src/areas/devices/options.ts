/** Tunables of the device API; each has an environment variable (see docs/devices.md). */
export interface DeviceOptions {
  /** Seconds between heartbeats the server asks TVs for. */
  heartbeatIntervalS: number;
  /** A terminal is online while its last heartbeat is at most this old. */
  onlineWindowS: number;
  /** How often the offline sweep runs. */
  sweepIntervalS: number;
  /** Heartbeat log retention in days. */
  heartbeatLogDays: number;
  /** Log at most one heartbeat per terminal per this many seconds unless something changed (0: every one). */
  heartbeatLogMinGapS: number;
  /** Boot record and state history retention in days. */
  bootLogDays: number;
  stateLogDays: number;
  /** Heartbeat batches: flush at this many, or after this many milliseconds. */
  batchMax: number;
  batchIntervalMs: number;
  /**
   * After writing a batch that was not full, wait this long before the next one, so batches grow
   * (each statement has a fixed cost) instead of trickling back to back.
   */
  batchMinGapMs: number;
  /** Heartbeats waiting for the database beyond which new ones answer 503 (back-pressure). */
  maxPending: number;
  /** Terminals kept in the token cache. */
  cacheSize: number;
  /** When set, registration needs this key in the x-device-key header. */
  registerKey?: string;
  /** Registrations per client address per 10 minutes (0: no limit). */
  registerPerIp: number;
  /** Wrong install codes per hotel (its public id) per 10 minutes before that hotel's codes answer 429 (0: no limit). */
  registerFailuresPerCode: number;
  /** Unauthorized terminals a hotel may hold; registering one more answers 409 (0: no cap). */
  maxPendingPerHotel: number;
  /** Offset of the stats day from UTC, in minutes (480: China Standard Time). */
  statsUtcOffsetMin: number;
  /** Commands not collected within this many seconds are dropped. */
  commandTtlS: number;
  /** Run the offline sweep and retention jobs on timers (tests call them directly). */
  timers: boolean;
}

export const DEFAULT_DEVICE_OPTIONS: DeviceOptions = {
  heartbeatIntervalS: 60,
  onlineWindowS: 180,
  sweepIntervalS: 30,
  heartbeatLogDays: 7,
  heartbeatLogMinGapS: 0,
  bootLogDays: 180,
  stateLogDays: 365,
  batchMax: 5000,
  batchIntervalMs: 500,
  batchMinGapMs: 100,
  maxPending: 200_000,
  cacheSize: 200_000,
  registerKey: undefined,
  registerPerIp: 300,
  registerFailuresPerCode: 30,
  maxPendingPerHotel: 1000,
  statsUtcOffsetMin: 480,
  commandTtlS: 600,
  timers: true,
};

const ENV: Record<Exclude<keyof DeviceOptions, 'registerKey' | 'timers'>, string> = {
  heartbeatIntervalS: 'DEVICE_HEARTBEAT_INTERVAL_S',
  onlineWindowS: 'DEVICE_ONLINE_WINDOW_S',
  sweepIntervalS: 'DEVICE_SWEEP_INTERVAL_S',
  heartbeatLogDays: 'DEVICE_HEARTBEAT_LOG_DAYS',
  heartbeatLogMinGapS: 'DEVICE_HEARTBEAT_LOG_MIN_GAP_S',
  bootLogDays: 'DEVICE_BOOT_LOG_DAYS',
  stateLogDays: 'DEVICE_STATE_LOG_DAYS',
  batchMax: 'DEVICE_BATCH_MAX',
  batchIntervalMs: 'DEVICE_BATCH_INTERVAL_MS',
  batchMinGapMs: 'DEVICE_BATCH_MIN_GAP_MS',
  maxPending: 'DEVICE_MAX_PENDING',
  cacheSize: 'DEVICE_CACHE_SIZE',
  registerPerIp: 'DEVICE_REGISTER_PER_IP',
  registerFailuresPerCode: 'DEVICE_REGISTER_FAILURES_PER_CODE',
  maxPendingPerHotel: 'DEVICE_MAX_PENDING_PER_HOTEL',
  statsUtcOffsetMin: 'DEVICE_STATS_UTC_OFFSET_MIN',
  commandTtlS: 'DEVICE_COMMAND_TTL_S',
};

export function deviceOptionsFromEnv(env: NodeJS.ProcessEnv = process.env, overrides: Partial<DeviceOptions> = {}): DeviceOptions {
  const options: DeviceOptions = { ...DEFAULT_DEVICE_OPTIONS };
  for (const [key, name] of Object.entries(ENV) as [keyof typeof ENV, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
    options[key] = value;
  }
  if (env.DEVICE_REGISTER_KEY) options.registerKey = env.DEVICE_REGISTER_KEY;
  return { ...options, ...overrides };
}
