import { eq } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, users } from '../../db/schema/index.js';
import { invalidFields, notFound } from '../../http/errors.js';

export type HotelRow = typeof hotels.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;

/**
 * The hotel a call is about, inside the caller's reach: a hotel user's current hotel (naming another
 * one is a 404), a brand user's hotel of its brand, any hotel for the platform. A foreign or missing id
 * is the same 404. Platform and brand users must name the hotel.
 */
export async function hotelInReach(db: Db, actor: Actor, hotelId: number | null | undefined, field = 'hotel_id'): Promise<HotelRow> {
  let id = hotelId ?? null;
  if (actor.userType === 3) {
    if (id !== null && id !== actor.hotelId) throw notFound();
    id = actor.hotelId;
    if (id === null) throw notFound();
  }
  if (id === null) throw invalidFields({ [field]: { key: 'validation.hotelRequired' } });
  const [hotel] = await db.select().from(hotels).where(eq(hotels.id, id)).limit(1);
  if (!hotel || (actor.userType === 2 && hotel.brandId !== actor.brandId)) throw notFound();
  return hotel;
}

/** A brand inside the caller's reach: any for the platform, its own for a brand user; else 404. */
export async function brandInReach(db: Db, actor: Actor, brandId: number): Promise<BrandRow> {
  if (actor.userType === 3 || (actor.userType === 2 && actor.brandId !== brandId)) throw notFound();
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  if (!brand) throw notFound();
  return brand;
}

/** A user inside the caller's reach (platform: any; brand: its brand's users; hotel: its hotel's); else 404. */
export async function userInReach(db: Db, actor: Actor, userId: number) {
  const [user] = await db
    .select({ id: users.id, userType: users.userType, brandId: users.brandId, hotelId: users.hotelId, enabled: users.enabled, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound();
  if (actor.userType === 2 && (user.userType === 1 || user.brandId !== actor.brandId)) throw notFound();
  if (actor.userType === 3 && user.id !== actor.userId && (user.userType !== 3 || user.hotelId !== actor.hotelId)) throw notFound();
  return user;
}
