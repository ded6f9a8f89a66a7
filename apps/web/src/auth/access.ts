import { permissionOf, type RecordAction, type RecordDef, type UserType } from '@htv/shared';

/** The signed-in user as `GET /api/admin/userinfo` describes them. */
export interface LoginInfo {
  id: number;
  name: string;
  email: string;
  user_type: UserType;
  role: unknown;
  customer_id: number | null;
  hotel: unknown;
  /** Permission strings such as `faq.read`; `*` grants everything (super administrator). */
  permissions: string[];
}

export interface UserInfo {
  isLogin: boolean;
  loginInfo: LoginInfo | null;
}

export function isSuper(user: Pick<LoginInfo, 'permissions'>): boolean {
  return user.permissions.includes('*');
}

export function can(user: Pick<LoginInfo, 'permissions'>, permission: string): boolean {
  return isSuper(user) || user.permissions.includes(permission);
}

/** A record's screens are for the user types it lists, and each action needs `<permission>.<action>`. */
export function canUseRecord(user: Pick<LoginInfo, 'permissions' | 'user_type'>, record: RecordDef, action: RecordAction | string = 'read'): boolean {
  return record.userTypes.includes(user.user_type) && can(user, permissionOf(record, action));
}

/** A name for role or hotel values that may arrive as a string or as `{ name }`. */
export function displayName(value: unknown): string {
  // Bare ids (role 1, hotel 12) mean nothing to a reader: only names are shown.
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const named = value as { name?: unknown; title?: unknown };
    if (typeof named.name === 'string') return named.name;
    if (typeof named.title === 'string') return named.title;
  }
  return '';
}
