import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

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
  /** Storage quota of each tenant (platform, each brand, each hotel) in MB; 0: none (UPLOAD_QUOTA_MB). */
  uploadQuotaMb?: number;
  /** Hours an upload that no row references is kept before the sweep removes it (UPLOAD_ORPHAN_GRACE_H). */
  uploadOrphanGraceHours?: number;
}

export interface Secrets {
  /** Signs values the server hands out and checks later (captcha challenges, file links). */
  signingKey: string;
}

/** Secrets are generated on first start and kept in DATA_DIR, never in the code or the repository. */
export function loadSecrets(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, 'secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  } catch {
    const secrets: Secrets = { signingKey: randomBytes(32).toString('hex') };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    production: env.NODE_ENV === 'production',
    secrets: loadSecrets(dataDir),
    uploadQuotaMb: nonNegative(env, 'UPLOAD_QUOTA_MB'),
    uploadOrphanGraceHours: nonNegative(env, 'UPLOAD_ORPHAN_GRACE_H'),
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
