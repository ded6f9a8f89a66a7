import { idSchema, records } from '@htv/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { titleSql } from '../../records/engine.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { addRegistrationExtension } from '../devices/register.js';
import { batchRegistration, newAuthCode, newBatchNo } from './service.js';

const tags = ['batches'];

/**
 * Where the QR code sends an installer: the browser TV (`TV_URL`, else `/tv/` on the host the console
 * was reached at) with the install code and the batch's auth code as query parameters; a TV's setup
 * app reads the same two parameters from it.
 */
function installUrl(request: FastifyRequest, installCode: string, authCode: string): string {
  const url = new URL(process.env.TV_URL || `${request.protocol}://${request.host}/tv/`);
  url.searchParams.set('code', installCode);
  url.searchParams.set('batch', authCode);
  return url.toString();
}

let installed = false;

/** Batch installation: numbers, codes and the delete guard (hooks), the registration extension, the QR sheet. */
export function registerBatches(app: FastifyInstance, db: Db) {
  if (!installed) {
    installed = true;
    addRegistrationExtension(batchRegistration);
    addRecordHooks('batchMachine', {
      beforeWrite(_ctx, values, existing) {
        if (existing && values.maxTerminals !== undefined && (values.maxTerminals as number) < (existing.registered as number)) {
          throw invalidFields({ maxTerminals: { key: 'batches.maxBelowRegistered', params: { count: existing.registered } } });
        }
        return existing ? values : { ...values, batchNo: newBatchNo(), authCode: newAuthCode(), registered: 0 };
      },
      beforeDelete(_ctx, rows) {
        if (rows.some((row) => (row.registered as number) > 0)) throw new AppError('conflict', 'batches.hasTerminals');
      },
    });
  }

  app.get(
    '/api/batch-machines/:id/sheet',
    {
      schema: { params: z.object({ id: idSchema }), tags, summary: "A batch's printable sheet: its numbers, the install URL and its QR code (PNG data URL)" },
      config: { auth: { userTypes: [1], permission: 'batchMachine.read' } },
    },
    async (request) => {
      const batches = recordTables.batchMachine!;
      const [row] = await db
        .select({
          id: batches.id,
          batchNo: batches.batchNo,
          authCode: batches.authCode,
          maxTerminals: batches.maxTerminals,
          registered: batches.registered,
          remarks: batches.remarks,
          hotel: titleSql('hotel', request.lang),
          publicId: hotels.publicId,
          secret: hotels.installSecret,
          brand: titleSql('brand', request.lang),
        })
        .from(batches)
        .innerJoin(hotels, eq(hotels.id, batches.hotelId))
        .innerJoin(brands, eq(brands.id, batches.brandId))
        .where(and(eq(batches.id, (request.params as { id: number }).id), tenantFilter(records.batchMachine, batches, actorOf(request))));
      if (!row) throw notFound();
      const installCode = `${row.publicId}-${row.secret}`;
      const url = installUrl(request, installCode, row.authCode as string);
      const qr = await QRCode.toDataURL(url, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
      return ok({ batchNo: row.batchNo, brand: row.brand, hotel: row.hotel, maxTerminals: row.maxTerminals, registered: row.registered, remarks: row.remarks, authCode: row.authCode, installCode, url, qr });
    },
  );
}
