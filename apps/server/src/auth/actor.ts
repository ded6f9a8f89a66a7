import type { UserType } from '@htv/shared';

/** The signed-in user as every handler sees it: identity, current tenancy and permissions. */
export interface Actor {
  sessionId: number;
  userId: number;
  name: string;
  loginName: string;
  email: string | null;
  userType: UserType;
  roleId: number;
  isSuper: boolean;
  permissions: ReadonlySet<string>;
  /** Current tenancy: null brand and hotel for the platform. */
  brandId: number | null;
  hotelId: number | null;
  isAuthUser: boolean;
  /** The user must change the password before anything else (user info, logout and the change stay open). */
  mustChangePassword: boolean;
  parentSessionId: number | null;
  /** When the session's current token was issued (rotation). */
  tokenIssuedAt?: Date;
}

/** Super roles hold every permission of their user type; others need the string. */
export function can(actor: Actor, permission: string): boolean {
  return actor.isSuper || actor.permissions.has(permission);
}
