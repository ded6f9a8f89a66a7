import { idSchema, records } from '@htv/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Secrets } from '../../config.js';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { addConfigPart, invalidateConfig, type DeviceRuntime } from '../devices/plugin.js';
import { hotelAuthInfo, licenceFile, licenceKeys, licencePart, newLicenceKey, publicKeyPem, type LicenceKeys } from './service.js';

const tags = ['licences'];

/** Each app's keys by its device runtime: the configuration part is one per process, the keys one per app (DATA_DIR). */
const keysByRuntime = new WeakMap<DeviceRuntime, LicenceKeys>();
let installed = false;

function install() {
  addRecordHooks('licence', {
    beforeWrite(_ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values };
      if (String(merged.effectiveOn) > String(merged.expiresOn)) throw invalidFields({ expiresOn: { key: 'licences.dateOrder' } });
      return existing ? values : { ...values, licenceKey: newLicenceKey() };
    },
    afterCommit(_ctx, { rows }) {
      for (const hotelId of new Set(rows.map((r) => r.hotelId as number))) invalidateConfig({ hotelId });
    },
  });
  addConfigPart('licence', async (terminal, { db, runtime, lang }) => {
    const keys = keysByRuntime.get(runtime);
    return keys ? licencePart(db, keys, terminal, lang) : undefined;
  });
}

/**
 * Licences: the key and date rules and the TVs' `licence` part (once per process), the signed licence
 * file, the public key that verifies it, and the hotel's authorization page.
 */
export function registerLicences(app: FastifyInstance, db: Db, secrets: Secrets, runtime: DeviceRuntime) {
  if (!installed) install();
  installed = true;
  const keys = licenceKeys(secrets);
  keysByRuntime.set(runtime, keys);

  app.post(
    '/api/admin/machine/download_encrypted_file',
    {
      schema: { body: z.strictObject({ id: idSchema }), tags, summary: 'The licence file: the licence signed with the server key (Ed25519, "new"; HMAC, "old")' },
      config: { auth: { userTypes: [1], permission: 'license.read' }, fields: { id: { kind: 'int', required: true, label: records.licence.label, schema: idSchema } } },
    },
    async (request, reply) => {
      const table = recordTables.licence!;
      const [row] = await db
        .select()
        .from(table)
        .where(and(eq(table.id, (request.body as { id: number }).id), tenantFilter(records.licence, table, actorOf(request))));
      if (!row) throw notFound();
      const [hotel] = await db.select({ publicId: hotels.publicId, name: hotels.name }).from(hotels).where(eq(hotels.id, row.hotelId as number));
      if (!hotel) throw notFound();
      const file = licenceFile(keys, row as { id: number }, hotel);
      const name = `${row.licenceKey as string}.lic`;
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(file, null, 2));
    },
  );

  app.get(
    '/api/licences/public-key',
    {
      schema: { tags, summary: 'The public key that verifies licence files (Ed25519, SPKI PEM)' },
      config: { auth: { userTypes: [1], permission: 'license.read' } },
    },
    async () => ok({ algorithm: 'Ed25519', publicKey: publicKeyPem(keys) }),
  );

  app.get(
    '/api/hotel-auth/info',
    {
      schema: { tags, summary: "The hotel's authorization: its licences, the terminals they allow and the ones in use" },
      config: { auth: { userTypes: [3], permission: 'hotelAuth.read' } },
    },
    async (request) => ok(await hotelAuthInfo(db, actorOf(request).hotelId!)),
  );
}
