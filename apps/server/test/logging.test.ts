import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testApp } from './support/app.js';

/** A real argon2id hash (of "secret1"), as the users table holds them. */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$Wvh3SAtPvqIY1mpGheEdXA$2c/xKjWHFGMU5obiLzg+w85yrOKQfg4t9KA0UYPebuY';
const SALT = 'Wvh3SAtPvqIY1mpGheEdXA';

let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  const t = await testApp();
  app = await buildApp({ config: t.config, database: t.database, logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
  // A statement that fails with the hash among its parameters; PostgreSQL's detail quotes the row too.
  app.get('/failing-statement', async () => {
    await t.database.db.execute(sql`insert into users (user_type, login_name, name, password_hash, role_id) values (1, ${'leak.test'}, ${null}, ${HASH}, 1)`);
    return 'unreachable';
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('logs keep secrets out', () => {
  it('logs a failing SQL statement without its parameters, the row it quotes or a password hash', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/failing-statement' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: '-1', errkey: 'error.internal' });
    const logged = lines.join('');
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'unhandled error');
    expect(entry, logged).toBeDefined();
    // What helps: the statement, the error type and PostgreSQL's code (not-null violation) and column.
    expect(entry.err.message).toContain('insert into users');
    expect(entry.err.cause).toMatchObject({ code: '23502', column: 'name' });
    for (const secret of ['$argon2', SALT, 'params:', 'Failing row', 'leak.test']) expect(logged).not.toContain(secret);
  });

  it('censors secret-named keys of logged objects and masks hashes in logged strings', () => {
    lines.length = 0;
    app.log.info({ user: { loginName: 'someone', passwordHash: HASH }, token: 'abc', password: 'secret1' }, 'account');
    app.log.warn(`could not use ${HASH} with postgres://app:hunter2@db.example/htv`);
    const logged = lines.join('');
    expect(logged).toContain('someone');
    for (const secret of [SALT, 'abc"', 'secret1', 'hunter2']) expect(logged).not.toContain(secret);
  });
});
