import { exactFilters, idSchema, listQuerySchema, permissionOf, records, STATE_REASON_MAX, text, type RecordDef } from '@htv/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import type { Db } from '../db/client.js';
import type { Storage } from '../files/storage.js';
import { ok } from '../http/reply.js';
import { createRow, deleteRows, exportRows, getRow, listRows, optionRows, runAction, updateRow, type WriteContext } from './engine.js';
import { toXlsx } from './export.js';

const idParams = z.object({ id: idSchema });
/**
 * A select's choices: by keyword, for the owner of the row being edited when a superior edits it, and
 * by the record's exact filters (a ref field's `match`); `id` names one chosen value whose title the
 * select needs (a filter value from a link, beyond the first choices).
 */
function optionsQuery(def: RecordDef) {
  const filters = listQuerySchema(def).shape as Record<string, z.ZodType>;
  return z.object({
    id: idSchema.optional(),
    keyword: z.string().max(100).optional(),
    brandId: idSchema.optional(),
    hotelId: idSchema.optional(),
    ...Object.fromEntries(exactFilters(def).map((name) => [name, filters[name]!])),
  });
}
const batchBody = z.object({ ids: z.array(idSchema).min(1).max(1000) });

/** Create and update bodies; a platform or brand user names the owning brand or hotel where the scope needs one. */
function bodySchema(def: RecordDef) {
  if (def.scope === 'hotel') return def.inputSchema.extend({ hotelId: idSchema.optional() });
  if (def.scope === 'brand') return def.inputSchema.extend({ brandId: idSchema.optional() });
  return def.inputSchema;
}

/** Gives every registered record its list, get, create, update, delete, batch delete, export, options and state-action routes. */
export function registerRecordRoutes(app: FastifyInstance, db: Db, storage: Storage) {
  for (const def of Object.values(records as Record<string, RecordDef>)) {
    const base = `/api/records/${def.path}`;
    const tags = [`records: ${def.label['en-US']}`];
    const auth = (action: string) => ({ auth: { userTypes: def.userTypes, permission: permissionOf(def, action) }, fields: def.fields });
    const ctx = (request: FastifyRequest): WriteContext => ({ db, actor: actorOf(request), ip: request.ip, lang: request.lang, storage });
    const query = listQuerySchema(def);

    app.get(base, { schema: { querystring: query, tags, summary: `List ${def.label['en-US']}` }, config: auth('read') }, async (request) =>
      ok(await listRows(db, def, actorOf(request), request.query as never, request.lang)),
    );
    app.get(`${base}/export`, { schema: { querystring: query, tags, summary: 'Export the filtered list as .xlsx' }, config: auth('read') }, async (request, reply) => {
      const rows = await exportRows(db, def, actorOf(request), request.query as never, request.lang);
      const file = await toXlsx(def, rows, request.lang);
      const name = `${def.label[request.lang]}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${def.path}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(file);
    });
    app.get(`${base}/options`, { schema: { querystring: optionsQuery(def), tags, summary: 'Value/label pairs for selects' }, config: auth('read') }, async (request) =>
      ok(await optionRows(db, def, actorOf(request), request.query as Record<string, unknown>, request.lang)),
    );
    app.get(`${base}/:id`, { schema: { params: idParams, tags }, config: auth('read') }, async (request) =>
      ok(await getRow(db, def, actorOf(request), (request.params as { id: number }).id, request.lang)),
    );
    if (def.operations.create) {
      app.post(base, { schema: { body: bodySchema(def), tags }, config: auth('create') }, async (request) =>
        ok(await createRow(ctx(request), def, request.body as Record<string, unknown>)),
      );
    }
    if (def.operations.update) {
      app.put(`${base}/:id`, { schema: { params: idParams, body: bodySchema(def), tags }, config: auth('update') }, async (request) =>
        ok(await updateRow(ctx(request), def, (request.params as { id: number }).id, request.body as Record<string, unknown>)),
      );
    }
    if (def.operations.delete) {
      app.delete(`${base}/:id`, { schema: { params: idParams, tags }, config: auth('delete') }, async (request) =>
        ok({ deleted: await deleteRows(ctx(request), def, [(request.params as { id: number }).id]) }),
      );
      app.post(`${base}/batch-delete`, { schema: { body: batchBody, tags }, config: auth('delete') }, async (request) =>
        ok({ deleted: await deleteRows(ctx(request), def, (request.body as { ids: number[] }).ids) }),
      );
    }
    for (const [action, declared] of Object.entries(def.states?.actions ?? {})) {
      const reasonBody = declared.reason ? z.strictObject({ reason: z.string().trim().min(1, 'validation.required').max(STATE_REASON_MAX) }) : undefined;
      const config = {
        auth: { userTypes: declared.userTypes ?? def.userTypes, permission: permissionOf(def, action) },
        fields: declared.reason ? { reason: text({ label: declared.reason.label, required: true, max: STATE_REASON_MAX }) } : def.fields,
      };
      app.post(`${base}/:id/actions/${action}`, { schema: { params: idParams, ...(reasonBody ? { body: reasonBody } : {}), tags }, config }, async (request) =>
        ok(await runAction(ctx(request), def, (request.params as { id: number }).id, action, (request.body as { reason?: string } | undefined)?.reason)),
      );
    }
  }
}
