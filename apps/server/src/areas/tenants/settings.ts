import { HOTEL_SETTINGS, isHotelSettingKey, type HotelSetting, type HotelSettingKey } from '@htv/shared/areas/tenants/records';
import { eq, sql } from 'drizzle-orm';
import { can, type Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/index.js';
import { AppError, forbidden, invalidFields } from '../../http/errors.js';
import { writeOpLog } from '../oplog/log.js';
import type { HotelRow } from './reach.js';

/**
 * Per-hotel settings by key (`HOTEL_SETTINGS`): a whitelisted key, a zod schema per key, stored in a
 * hotel column or in the hotel's settings document. Hotel users need the key's permission
 * (`<prefix>.read|update`); platform and brand users `hotel.read|update`. Some keys are changed only
 * by the platform (feature versions) or the platform and the brand.
 */

const VALUE_LABEL = { 'zh-CN': '设置值', 'en-US': 'Value' };

export function settingOf(key: string): HotelSetting & { key: HotelSettingKey } {
  if (!isHotelSettingKey(key)) throw invalidFields({ key: { key: 'tenants.unknownSettingKey', params: { key } } });
  return { ...(HOTEL_SETTINGS[key] as HotelSetting), key };
}

function requirePermission(actor: Actor, setting: HotelSetting, action: 'read' | 'update') {
  const permission = actor.userType === 3 ? `${setting.permission}.${action}` : `hotel.${action}`;
  if (!can(actor, permission)) throw forbidden();
}

function valueOf(hotel: HotelRow, setting: HotelSetting & { key: string }): unknown {
  if (setting.column) return (hotel as Record<string, unknown>)[setting.column] ?? setting.default;
  const doc = (hotel.settings ?? {}) as Record<string, unknown>;
  return Object.hasOwn(doc, setting.key) ? doc[setting.key] : setting.default;
}

export function readSetting(actor: Actor, hotel: HotelRow, key: string) {
  const setting = settingOf(key);
  requirePermission(actor, setting, 'read');
  return { key: setting.key, value: valueOf(hotel, setting), hotel_id: hotel.id };
}

/** Parses a value as given (body) or as a query string: a string that is JSON for a non-text key. */
function parseValue(setting: HotelSetting, raw: unknown): unknown {
  const direct = setting.schema.safeParse(raw);
  if (direct.success) return direct.data;
  if (typeof raw === 'string') {
    try {
      const parsed = setting.schema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: the direct parse's failure stands
    }
  }
  throw invalidFields({ value: { key: 'validation.invalid', params: { field: VALUE_LABEL } } });
}

export async function writeSetting(db: Db, actor: Actor, hotel: HotelRow, key: string, raw: unknown, ip?: string) {
  const setting = settingOf(key);
  if (!(setting.writers as readonly number[]).includes(actor.userType)) throw new AppError('forbidden', 'tenants.settingNotWritable');
  requirePermission(actor, setting, 'update');
  if (raw === undefined) throw invalidFields({ value: { key: 'validation.required', params: { field: VALUE_LABEL } } });
  const value = parseValue(setting, raw);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(hotels).where(eq(hotels.id, hotel.id)).for('update');
    if (!current) throw new AppError('notFound', 'error.notFound');
    const before = valueOf(current, setting);
    if (setting.column) {
      await tx.update(hotels).set({ [setting.column]: value, updatedAt: new Date() }).where(eq(hotels.id, hotel.id));
    } else {
      await tx
        .update(hotels)
        .set({ settings: sql`${hotels.settings} || jsonb_build_object(${setting.key}::text, ${JSON.stringify(value)}::jsonb)`, updatedAt: new Date() })
        .where(eq(hotels.id, hotel.id));
    }
    await writeOpLog(tx, actor, { action: 'hotel_setting', recordType: 'hotel', recordId: hotel.id, before: { [setting.key]: before }, after: { [setting.key]: value } }, ip);
  });
  return { key: setting.key, value, hotel_id: hotel.id };
}
