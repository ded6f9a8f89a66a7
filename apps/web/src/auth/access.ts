import { permissionOf, recordByName, type RecordAction, type RecordDef, type UserType } from '@htv/shared';

/** The signed-in user as `GET /api/admin|brand|hotel/userinfo` describes them (`loginInfo`). */
export interface LoginInfo {
  id: number;
  name: string;
  email: string;
  login_name?: string;
  user_type: UserType;
  role: unknown;
  role_name?: string | null;
  customer?: { id: number; name: string; code?: string } | null;
  customer_id: number | null;
  hotel: unknown;
  hotel_id?: number | null;
  /** Permission strings such as `faq.read`; `*` grants everything (super administrator). */
  permissions: string[];
  is_apiauth_user?: boolean;
  /** The password must be changed before anything else (the server answers 403 to every other call). */
  must_change_password?: boolean;
}

/** A project of the selector: a brand (type 2) or a hotel (type 3). */
export interface Project {
  id: number;
  name: string;
  brandId?: number;
}

/** The whole user-info reply (spec §3 session user). */
export interface UserInfo {
  isLogin: boolean;
  loginInfo: LoginInfo | null;
  user_type_names?: Record<string, string>;
  country?: string;
  /** A platform session is above this one (login-as): "back to admin". */
  fromAdmin?: boolean;
  /** A hotel session entered from a brand session: "back to brand". */
  fromBrand?: boolean;
  msg_count?: number;
  projects?: Project[];
  project_id?: number | null;
  hotelinfo?: { id: number; name: string; public_id?: string; brand_id?: number; extended_language?: string[]; open_xb?: boolean } | null;
  avatar?: string | null;
  access?: string[];
}

/** A user-info reply of a signed-in user. */
export type SessionInfo = UserInfo & { loginInfo: LoginInfo };

export function isSuper(user: Pick<LoginInfo, 'permissions'>): boolean {
  return user.permissions.includes('*');
}

export function can(user: Pick<LoginInfo, 'permissions'>, permission: string): boolean {
  return isSuper(user) || user.permissions.includes(permission);
}

/**
 * A record's screens are for the user types it lists, and each action needs `<permission>.<action>`;
 * a state action may be for fewer user types (a review is its reviewers').
 */
export function canUseRecord(user: Pick<LoginInfo, 'permissions' | 'user_type'>, record: RecordDef, action: RecordAction | string = 'read'): boolean {
  const types = record.states?.actions[action]?.userTypes ?? record.userTypes;
  return types.includes(user.user_type) && can(user, permissionOf(record, action));
}

/**
 * Whether a ref field to `refName` can offer its choices: the options come from the target record's
 * routes, which need its read permission (a brand user cannot list the platform's PMS vendors).
 */
export function canReadRef(user: Pick<LoginInfo, 'permissions' | 'user_type'>, refName: string): boolean {
  const target = recordByName(refName);
  return !!target && canUseRecord(user, target);
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
