import { idSchema, pagingShape, type FieldDef, type UserType } from '@htv/shared';
import { MAC_PATTERN, MAX_MAC_SEARCH, normalizeMac, SN_PATTERN } from '@htv/shared/areas/devices/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { WriteContext } from '../../records/engine.js';
import { partitionCells, readUploadedCells } from './excel.js';
import { searchTerminalMacs } from './mac-search.js';
import { TERMINAL_STATES } from './logs.js';
import { compileRule, normalizeSize } from './rules.js';
import type { DeviceRuntime } from './runtime.js';
import {
  ALARM_KINDS,
  alarmPage,
  bootPage,
  changeAuthorization,
  filterOptions,
  heartbeatPage,
  hotelSettings,
  resolveAlarm,
  rotateInstallCode,
  saveHotelSettings,
  stateLogPage,
  terminalByMac,
  terminalScope,
  terminalStats,
  unbindTerminal,
  type AuthorizationAction,
} from './service.js';
import { validWhitelistEntry } from './whitelist.js';

const tags = ['terminals'];
const ALL: readonly UserType[] = [1, 2, 3];
const text = (zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({ kind: 'text', required: false, label: { 'zh-CN': zh, 'en-US': en }, schema: z.string(), ...extra });

/** Labels for validation messages of these routes' inputs. */
const FIELDS: Record<string, FieldDef> = {
  mac: text('MAC地址', 'MAC', { required: true }),
  macs: text('MAC列表', 'MAC list', { required: true }),
  ids: text('终端', 'Terminals'),
  tip: text('禁用提示', 'Disabled tip', { max: 200 }),
  page: text('页码', 'Page'),
  pagesize: text('每页条数', 'Page size'),
  ipWhitelist: text('服务器IP白名单', 'Server IP whitelist'),
  hotelId: text('酒店', 'Hotel'),
};

const paging = pagingShape();
const searchPaging = pagingShape(1000, 100);
const macQuery = z.object({ mac: z.string().trim().min(1).max(64), ...paging });
const batchTarget = z
  .strictObject({
    ids: z.array(idSchema).min(1).optional(),
    macs: z.array(z.string().max(64)).min(1).optional(),
    tip: z.string().trim().max(200).optional(),
  })
  .refine((b) => !!b.ids !== !!b.macs, { error: 'validation.required', path: ['ids'] });

function checkBatchSize(size: number) {
  if (size > MAX_MAC_SEARCH) throw invalidFields({ ids: { key: 'terminal.batchLimit', params: { max: MAX_MAC_SEARCH } } });
}

/**
 * Console calls about terminals (under the user's session; every query narrowed to the caller's reach,
 * a foreign MAC answers 404): detail, heartbeat log, boot records, state history, batch MAC search,
 * authorization actions (single and batch), unbind, alarms, home counts, hotel device settings and
 * authorization-rule helpers.
 */
export function registerConsoleRoutes(app: FastifyInstance, db: Db, runtime: DeviceRuntime) {
  const auth = (permission: string, userTypes: readonly UserType[] = ALL) => ({ auth: { userTypes, permission }, fields: FIELDS });
  const ctx = (request: FastifyRequest): WriteContext => ({ db, actor: actorOf(request), ip: request.ip, lang: request.lang });
  // A hotel's terminals are few: its search intersects them in memory (see searchTerminalMacs).
  const searchMacsInReach = (request: FastifyRequest, macs: readonly string[], page: number, pagesize: number) => {
    const actor = actorOf(request);
    return searchTerminalMacs(db, macs, terminalScope(actor), { page, pagesize, few: actor.userType === 3, lang: request.lang });
  };

  app.get(
    '/api/admin/terminal/get_terminal_info',
    { schema: { querystring: z.object({ mac: z.string().trim().min(1).max(64) }), tags, summary: 'One terminal by MAC, with its hotel and last heartbeat' }, config: auth('terminal.read') },
    async (request) => ok(await terminalByMac(db, actorOf(request), (request.query as { mac: string }).mac, request.lang)),
  );

  app.get(
    '/api/terminals/heartbeats',
    { schema: { querystring: macQuery, tags, summary: 'Heartbeat log of one terminal, newest first' }, config: auth('terminal.read') },
    async (request) => {
      const q = request.query as z.infer<typeof macQuery>;
      return ok(await heartbeatPage(db, actorOf(request), q.mac, q.page, q.pagesize));
    },
  );

  app.get(
    '/api/admin/terminal/tv_open_record',
    { schema: { querystring: macQuery, tags, summary: 'Boot records (tv_open_record) of one terminal, newest first' }, config: auth('terminal.read') },
    async (request) => {
      const q = request.query as z.infer<typeof macQuery>;
      return ok(await bootPage(db, actorOf(request), q.mac, q.page, q.pagesize));
    },
  );

  const stateQuery = z.object({
    ...paging,
    mac: z.string().trim().max(64).optional(),
    state: z.enum(TERMINAL_STATES as [string, ...string[]]).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    hotelId: idSchema.optional(),
  });
  app.get(
    '/api/terminals/state-logs',
    { schema: { querystring: stateQuery, tags, summary: 'Terminal state history (registered, authorized, disabled, recovered, unbound, online, offline…)' }, config: auth('terminal.read') },
    async (request) => ok(await stateLogPage(db, actorOf(request), request.query as z.infer<typeof stateQuery>, request.lang)),
  );

  app.post(
    '/api/terminals/search_macs',
    {
      schema: { body: z.strictObject({ macs: z.array(z.string().max(64)).min(1), ...searchPaging }), tags, summary: `Batch MAC search (up to ${MAX_MAC_SEARCH}): found count, missing MACs and one page of terminals` },
      config: auth('terminal.read'),
    },
    async (request) => {
      const { macs, page, pagesize } = request.body as { macs: string[]; page: number; pagesize: number };
      if (macs.length > MAX_MAC_SEARCH) throw invalidFields({ macs: { key: 'terminal.macSearchLimit', params: { max: MAX_MAC_SEARCH } } });
      return ok(await searchMacsInReach(request, macs, page, pagesize));
    },
  );

  app.post(
    '/api/terminals/search_macs/excel',
    {
      schema: { querystring: z.object(searchPaging), tags, summary: 'Batch MAC search from an uploaded .xlsx (multipart field `file`); answers like search_macs plus the MACs read' },
      config: auth('terminal.read'),
    },
    async (request) => {
      const { page, pagesize } = request.query as { page: number; pagesize: number };
      const cells = await readUploadedCells(request);
      const { values, invalid } = partitionCells(cells, MAC_PATTERN, normalizeMac);
      if (values.length > MAX_MAC_SEARCH) throw invalidFields({ file: { key: 'terminal.macSearchLimit', params: { max: MAX_MAC_SEARCH } } });
      const result = await searchMacsInReach(request, values, page, pagesize);
      // The MACs read come back so the page can search further pages with search_macs.
      return ok({ ...result, invalid: [...invalid, ...result.invalid], macs: values });
    },
  );

  app.post(
    '/api/terminals/parse-list',
    {
      schema: { querystring: z.object({ kind: z.enum(['mac', 'sn']).default('mac') }), tags, summary: 'Reads a MAC or SN list from an uploaded .xlsx (for authorization rules and searches)' },
      config: { auth: {}, fields: FIELDS },
    },
    async (request) => {
      const { kind } = request.query as { kind: 'mac' | 'sn' };
      const cells = await readUploadedCells(request);
      const { values, invalid } = kind === 'mac' ? partitionCells(cells, MAC_PATTERN, normalizeMac) : partitionCells(cells, SN_PATTERN, (v) => v.trim().toUpperCase());
      if (values.length > MAX_MAC_SEARCH) throw invalidFields({ file: { key: 'terminal.batchLimit', params: { max: MAX_MAC_SEARCH } } });
      return ok({ kind, values, invalid, count: values.length, list: values.join('|') });
    },
  );

  for (const action of ['authorize', 'disable', 'recover'] as AuthorizationAction[]) {
    app.post(
      `/api/terminals/${action}`,
      {
        schema: { body: batchTarget, tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)} terminals by ids (all or nothing) or MACs (unknown ones reported)${action === 'disable' ? ', with the tip the TV shows' : ''}` },
        config: auth(`terminal.${action}`),
      },
      async (request) => {
        const body = request.body as z.infer<typeof batchTarget>;
        checkBatchSize((body.ids ?? body.macs ?? []).length);
        return ok(await changeAuthorization(ctx(request), action, { ids: body.ids, macs: body.macs }, action === 'disable' ? body.tip : undefined));
      },
    );
  }

  const unbindBody = z.strictObject({ mac: z.string().trim().min(1).max(64) });
  for (const path of ['/api/admin/terminal/unbind_device', '/api/web/hotel_terminal/unbind']) {
    app.post(
      path,
      { schema: { body: unbindBody, tags, summary: 'Unbind a terminal: detach it from its hotel and room, revoke its token, push an unbind command' }, config: auth('terminal.update') },
      async (request) => ok(await unbindTerminal(ctx(request), (request.body as { mac: string }).mac)),
    );
  }

  const alarmQuery = z.object({
    ...paging,
    kind: z.enum(ALARM_KINDS).optional(),
    status: z.enum(['open', 'resolved', 'all']).default('open'),
    mac: z.string().trim().max(64).optional(),
    hotelId: idSchema.optional(),
  });
  app.get(
    '/api/terminals/alarms',
    { schema: { querystring: alarmQuery, tags, summary: 'Alarm terminals; kind=ipOutsideWhitelist is stolen-use monitoring' }, config: auth('terminal.read') },
    async (request) => ok(await alarmPage(db, actorOf(request), request.query as z.infer<typeof alarmQuery>, request.lang)),
  );
  app.post(
    '/api/terminals/alarms/:id/resolve',
    { schema: { params: z.object({ id: idSchema }), tags, summary: 'Mark an alarm handled' }, config: auth('terminal.update') },
    async (request) => {
      await resolveAlarm(db, actorOf(request), (request.params as { id: number }).id);
      return ok({ resolved: true });
    },
  );

  app.get(
    '/api/terminals/stats',
    { schema: { querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(7) }), tags, summary: 'Home counts: online, offline, unauthorized… and a per-day series' }, config: auth('terminal.read') },
    async (request) => ok(await terminalStats(db, actorOf(request), (request.query as { days: number }).days, runtime.today())),
  );

  app.get(
    '/api/terminals/device-metrics',
    { schema: { tags, summary: 'Device-side counters of every server process (heartbeats, batches, cache, push channel): the sums, and each process in `processes`' }, config: auth('terminal.read', [1]) },
    async () => {
      const { totals, processes } = await runtime.counters.gather();
      return ok({ ...totals, processes });
    },
  );

  app.get(
    '/api/terminals/filter-options',
    { schema: { tags, summary: 'Distinct versions, launchers and client types inside the caller’s reach (for filter selects)' }, config: auth('terminal.read') },
    async (request) => ok(await filterOptions(db, actorOf(request))),
  );

  app.get(
    '/api/terminals/hotel-settings',
    { schema: { querystring: z.object({ hotelId: idSchema.optional() }), tags, summary: "A hotel's device settings: IP whitelist and install code" }, config: auth('terminal.read') },
    async (request) => ok(await hotelSettings(db, actorOf(request), (request.query as { hotelId?: number }).hotelId, request.lang)),
  );
  const settingsBody = z.strictObject({
    hotelId: idSchema.optional(),
    ipWhitelist: z.array(z.string().trim().max(64)).max(200).nullable().optional(),
  });
  app.put(
    '/api/terminals/hotel-settings',
    { schema: { body: settingsBody, tags, summary: "Set a hotel's IP whitelist (at least one entry; null clears it)" }, config: auth('terminal.update') },
    async (request) => {
      const body = request.body as z.infer<typeof settingsBody>;
      if (body.ipWhitelist) {
        if (!body.ipWhitelist.length) throw invalidFields({ ipWhitelist: { key: 'terminal.whitelistRequired' } });
        const bad = body.ipWhitelist.find((entry) => !validWhitelistEntry(entry));
        if (bad !== undefined) throw invalidFields({ ipWhitelist: { key: 'terminal.badIp', params: { value: bad } } });
      }
      return ok(await saveHotelSettings(ctx(request), body.hotelId, { ipWhitelist: body.ipWhitelist }));
    },
  );
  const rotateBody = z.strictObject({ hotelId: idSchema.optional() });
  app.post(
    '/api/terminals/hotel-settings/rotate-install-code',
    { schema: { body: rotateBody, tags, summary: "Draw a new install code for a hotel (the old one stops working; registered TVs are not affected)" }, config: auth('terminal.update') },
    async (request) => ok(await rotateInstallCode(ctx(request), (request.body as z.infer<typeof rotateBody>).hotelId)),
  );

  app.post(
    '/api/terminals/auth-rules/:id/apply',
    {
      schema: { params: z.object({ id: idSchema }), tags, summary: 'Authorize the unauthorized terminals an authorization rule matches now' },
      config: auth('terminalAuthRule.update', [1]),
    },
    async (request) => {
      const rules = recordTables.terminalAuthRule!;
      const [row] = await db.select().from(rules).where(eq(rules.id, (request.params as { id: number }).id));
      if (!row) throw notFound();
      const rule = compileRule(row as Record<string, unknown>);
      const now = Date.now();
      if (!row.enabled || now < rule.from || now > rule.to) throw new AppError('conflict', 'error.invalidAction');
      const t = recordTables.terminal!;
      const candidates = await db
        .select({ id: t.id, size: t.size })
        .from(t)
        .where(
          and(
            eq(t.authorization, 'unauthorized'),
            sql`lower(${t.launcher}) = ${rule.launcher}`,
            sql`lower(${t.clientType}) = ${rule.clientType}`,
            sql`lower(${t.vendor}) = ${rule.vendor}`,
            sql`(${t.mac} = any(${sql.param([...rule.macs])}::text[]) or ${t.sn} = any(${sql.param([...rule.sns])}::text[]))`,
          ),
        );
      const ids = candidates.filter((c) => rule.sizes.has(normalizeSize(c.size as string | null))).map((c) => c.id as number);
      const result = ids.length ? await changeAuthorization(ctx(request), 'authorize', { ids }) : { updated: 0, skipped: 0, missing: [] };
      if (result.updated) await db.update(rules).set({ matched: sql`${rules.matched} + ${result.updated}` }).where(eq(rules.id, rule.id));
      return ok({ authorized: result.updated });
    },
  );
}
