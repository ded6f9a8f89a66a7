import { sql } from 'drizzle-orm';
import { hotels } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import { setRowAccess } from '../../tenancy/scope.js';
import { endOemSessionsOf } from './sessions.js';

let registered = false;

/**
 * Record rules of this area, once per process (the engine's registries are module-wide):
 * - a hotel's PMS vendor is the platform's to set. A brand may read the vendors its hotels use, so
 *   its users save a hotel form that carries the current vendor; any other value from them is refused
 *   on the field;
 * - a manufacturer account's new password, or its disabling, ends its vendor-client sessions.
 */
export function registerOemRecords(): void {
  if (registered) return;
  registered = true;

  setRowAccess('pmsVendor', (table, actor, base) =>
    actor.userType === 2 && actor.brandId !== null ? sql`${table.id} in (select ${hotels.pmsVendorId} from ${hotels} where ${hotels.brandId} = ${actor.brandId})` : base,
  );
  addRecordHooks('hotel', {
    beforeWrite(ctx, values, existing) {
      const current = (existing?.pmsVendorId as number | null | undefined) ?? null;
      if (ctx.actor.userType !== 1 && 'pmsVendorId' in values && (values.pmsVendorId ?? null) !== current) {
        throw invalidFields({ pmsVendorId: { key: 'oem.pmsVendorPlatformOnly' } });
      }
      return values;
    },
  });

  addRecordHooks('oemUser', {
    async beforeWrite(ctx, values, existing) {
      // The password arrives as `password` or, after the tenancy hook has hashed it, as `passwordHash`.
      if (existing && (values.password || values.passwordHash || values.enabled === false)) await endOemSessionsOf(ctx.db, existing.id);
      return values;
    },
  });
}
