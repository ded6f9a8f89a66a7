import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import type { MqttSettings } from './areas/devices/mqtt.js';

/**
 * Whom the server believes about the client's address (X-Forwarded-For): nobody (false), the proxies
 * at these addresses or CIDR ranges, or the nearest `hops` hops whoever they are.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; the embedded database is used when absent. */
  databaseUrl?: string;
  logLevel: string;
  production: boolean;
  secrets: Secrets;
  /** Where the built console is served from, when it exists. */
  webDist?: string;
  /** Where the built browser TV is served from, when it exists. */
  tvDist?: string;
  /** TRUST_PROXY; absent: forwarding headers are ignored. */
  trustProxy?: TrustProxy;
  /** An empty database gets the demo data (true) or one platform administrator (false). */
  demo?: boolean;
  /** DEMO_FLEET: virtual TVs the demo runs against the device API (0: none; never in tests unless set). */
  demoFleet?: number;
  /** ADMIN_PASSWORD: the first platform administrator's password when there is no demo. */
  adminPassword?: string;
  /** Storage quota of each tenant (platform, each brand, each hotel) in MB; 0: none (UPLOAD_QUOTA_MB). */
  uploadQuotaMb?: number;
  /** Hours an upload that no row references is kept before the sweep removes it (UPLOAD_ORPHAN_GRACE_H). */
  uploadOrphanGraceHours?: number;
  /**
   * WEATHER_URL: the weather provider's address (Open-Meteo's API or its simulator, tools/weather);
   * `off`: no weather is fetched. Default https://api.open-meteo.com (docs/weather.md).
   */
  weatherUrl?: string;
  /**
   * AIR_QUALITY_URL: the air-quality provider's address (Open-Meteo's air-quality API or the weather
   * simulator); `off`: no PM2.5 is fetched. Default https://air-quality-api.open-meteo.com (docs/weather.md).
   */
  airQualityUrl?: string;
  /**
   * EXCHANGE_URL: the exchange-rate provider's address (the ECB's site or its simulator,
   * tools/exchange); `off`: no rates are fetched. Default https://www.ecb.europa.eu (docs/exchange.md).
   */
  exchangeUrl?: string;
  /**
   * RCU_GATEWAYS: origins of room-control gateways the server may reach although they are on a
   * private network (comma separated, e.g. `http://10.1.2.3:8080`); a hotel's gateway address
   * elsewhere must be public (docs/rcu.md).
   */
  rcuGateways?: string[];
  /** MQTT push (MQTT_URL and friends); absent: the long-poll is the TVs' only push channel. */
  mqtt?: MqttSettings;
}

export interface Secrets {
  /** Signs values the server hands out and checks later (captcha challenges, file links). */
  signingKey: string;
  /** Ed25519 private key (PKCS#8 DER, base64) that signs licence files; TVs verify them with its public key. */
  licenceKey: string;
}

const newLicenceKey = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');

/**
 * DATA_DIR holds the database, uploads and secrets: only the server's user may enter it (0700). Files
 * the process creates are private through its umask (main.ts); this also tightens a folder and its
 * entries left readable by an earlier version.
 */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  makePrivate(dataDir, false);
}

/**
 * Folders 0700 and files 0600: a folder's direct entries, or its whole tree (the embedded database,
 * whose initial files PGlite unpacks world-writable whatever the umask).
 */
export function makePrivate(dir: string, recursive: boolean): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile()) chmodSync(path, 0o600);
    else if (entry.isDirectory()) {
      if (recursive) makePrivate(path, true);
      else chmodSync(path, 0o700);
    }
  }
}

/** Secrets are generated on first start and kept in DATA_DIR, never in the code or the repository. */
export function loadSecrets(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = resolve(dataDir, 'secrets.json');
  let secrets: Partial<Secrets> = {};
  try {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch {
    // generated below
  }
  // A secret added in a later version is generated once beside the ones the folder already holds.
  if (secrets.signingKey && secrets.licenceKey) return secrets as Secrets;
  const complete: Secrets = { signingKey: secrets.signingKey ?? randomBytes(32).toString('hex'), licenceKey: secrets.licenceKey ?? newLicenceKey() };
  writeFileSync(file, JSON.stringify(complete, null, 2), { mode: 0o600 });
  return complete;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry) || isIP(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !bits || !/^\d{1,3}$/.test(bits)) return false;
  const version = isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: comma-separated addresses, CIDR ranges (or loopback, linklocal, uniquelocal) of the
 * proxies in front of the server, or a hop count. Unset: X-Forwarded-For is ignored, so nobody can
 * choose the address the throttles and the IP whitelist see. A hop count trusts whatever connects
 * directly: only for a server that nothing but its proxies can reach.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim();
  if (!text) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    // Fastify ignores a bare number (it cannot check the peer), so the count is a predicate.
    return hops > 0 ? (_address, hop) => hop < hops : false;
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.find((entry) => !isProxyEntry(entry));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY: "${wrong}" is neither an address, a CIDR range, loopback/linklocal/uniquelocal nor a hop count`);
  return entries;
}

/** DEMO=1 forces the demo data, DEMO=0 refuses it; by default only the embedded database gets it. */
function demoWanted(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): boolean {
  if (env.DEMO === '1') return true;
  if (env.DEMO === '0') return false;
  if (env.DEMO) throw new Error(`DEMO must be 0 or 1, not "${env.DEMO}"`);
  return !databaseUrl;
}

/** DEMO_FLEET: how many TVs the demo simulates; 60 by default in demo mode, except under NODE_ENV=test. */
function demoFleet(env: NodeJS.ProcessEnv, demo: boolean): number {
  if (!demo) return 0;
  const count = nonNegative(env, 'DEMO_FLEET') ?? (env.NODE_ENV === 'test' ? 0 : 60);
  if (!Number.isInteger(count) || count === 1) throw new Error('DEMO_FLEET must be 0 (off) or a whole number of at least 2');
  return count;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  prepareDataDir(dataDir);
  const databaseUrl = env.DATABASE_URL || undefined;
  const demo = demoWanted(env, databaseUrl);
  const secrets = loadSecrets(dataDir);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    production: env.NODE_ENV === 'production',
    secrets,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    demo,
    demoFleet: demoFleet(env, demo),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    weatherUrl: env.WEATHER_URL === 'off' ? undefined : new URL(env.WEATHER_URL || 'https://api.open-meteo.com').origin,
    airQualityUrl: env.AIR_QUALITY_URL === 'off' ? undefined : new URL(env.AIR_QUALITY_URL || 'https://air-quality-api.open-meteo.com').origin,
    exchangeUrl: env.EXCHANGE_URL === 'off' ? undefined : new URL(env.EXCHANGE_URL || 'https://www.ecb.europa.eu').origin,
    rcuGateways: (env.RCU_GATEWAYS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
    uploadQuotaMb: nonNegative(env, 'UPLOAD_QUOTA_MB'),
    uploadOrphanGraceHours: nonNegative(env, 'UPLOAD_ORPHAN_GRACE_H'),
    mqtt: mqttSettings(env, secrets.signingKey),
  };
}

/** MQTT_URL turns the MQTT push on; the others say how TVs reach the broker and how the broker asks us. */
function mqttSettings(env: NodeJS.ProcessEnv, signingKey: string): MqttSettings | undefined {
  const url = env.MQTT_URL?.trim();
  if (!url) return undefined;
  const tvWsUrl = env.MQTT_TV_WS_URL?.trim() || undefined;
  // The browser TV's page policy names its origin (system/web.ts).
  if (tvWsUrl && !/^wss?:\/\/[^/?#\s]+/.test(tvWsUrl)) throw new Error(`MQTT_TV_WS_URL must be a ws:// or wss:// address, not "${tvWsUrl}"`);
  return {
    url,
    username: env.MQTT_USERNAME || undefined,
    password: env.MQTT_PASSWORD || undefined,
    tvUrl: env.MQTT_TV_URL?.trim() || url,
    tvWsUrl,
    signingKey,
    authKey: env.MQTT_AUTH_KEY || undefined,
  };
}

/** A numeric setting, or undefined for the default; anything else stops the start with its name. */
function nonNegative(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0`);
  return value;
}
