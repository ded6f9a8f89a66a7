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
  };
}
