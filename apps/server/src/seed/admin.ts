import { PASSWORD_PATTERN } from '@htv/shared';
import { randomInt } from 'node:crypto';
import { seedPermissionTree, seedSystemRoles } from '../areas/access/system.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { isEmpty } from './demo.js';

/** Login name of the first platform administrator of a database without demo data. */
export const FIRST_ADMIN_LOGIN = 'admin';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters of an unambiguous alphabet (~115 bits); fits the login form's password rule. */
export function generatePassword(): string {
  return Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

export interface FirstAdmin {
  login: string;
  /** The generated password, to print once; absent when ADMIN_PASSWORD gave it. */
  generatedPassword?: string;
}

/**
 * On an empty database (no demo): the system roles, the permission tree and one platform super
 * administrator, `admin`, with the given password or a generated one, who must change it at first
 * sign-in. Answers null when the database already has users.
 */
export async function seedFirstAdmin(db: Db, password?: string): Promise<FirstAdmin | null> {
  if (password !== undefined && !PASSWORD_PATTERN.test(password)) {
    throw new Error('ADMIN_PASSWORD must be 5-32 characters: a letter or digit, then letters, digits or _ ! % # $ .');
  }
  if (!(await isEmpty(db))) {
    await seedPermissionTree(db);
    return null;
  }
  const chosen = password ?? generatePassword();
  const passwordHash = await hashPassword(chosen);
  await db.transaction(async (tx) => {
    await seedSystemRoles(tx);
    await seedPermissionTree(tx);
    await tx.insert(users).values({ userType: 1, loginName: FIRST_ADMIN_LOGIN, name: '平台管理员', passwordHash, roleId: 1, mustChangePassword: true });
  });
  return { login: FIRST_ADMIN_LOGIN, ...(password === undefined ? { generatedPassword: chosen } : {}) };
}
