import { translate } from '@htv/shared';
import {
  mapQuery,
  shareQuery,
  terminalDataQuery,
  type ExternalLinks,
  type MapQuery,
  type ShareQuery,
  type TerminalDataQuery,
} from '@htv/shared/areas/statistics/index';
import type { FastifyInstance } from 'fastify';
import { can, type Actor } from '../../auth/actor.js';
import { hotelInfoFor } from '../tenants/info.js';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/reply.js';
import { sendXlsx, tableXlsx } from '../../records/export.js';
import { onlineMap, terminalData, terminalShare } from './service.js';

const tags = ['statistics'];

/** A configured URL of an external menu entry: only http(s) addresses are handed out. */
function externalUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The URLs of the external menu entries (VOD_PLATFORM_URL, OPERATION_PLATFORM_URL). */
export function externalLinksFromEnv(env: NodeJS.ProcessEnv): ExternalLinks {
  return {
    vod_platform: externalUrl(env.VOD_PLATFORM_URL),
    operation_platform: externalUrl(env.OPERATION_PLATFORM_URL),
    eshow: externalUrl(env.ESHOW_URL),
    x2b: externalUrl(env.X2B_URL),
  };
}

/** The permission that opens each external entry (the route table's). */
const EXTERNAL_PERMISSIONS: Record<keyof ExternalLinks, string> = { vod_platform: 'vodPlatform.open', operation_platform: 'operationPlatform.open', eshow: 'eshow.read', x2b: 'x2b.open' };

/**
 * The external entries' URLs a user may open: those configured whose permission the user holds; the AI
 * open platform (x2b) only for a hotel session whose hotel has `open_xb` set (spec §3 hotelinfo).
 */
export async function externalLinksFor(db: Db, actor: Pick<Actor, 'userType' | 'hotelId' | 'isSuper' | 'permissions'>, links: ExternalLinks): Promise<ExternalLinks> {
  const entries = Object.entries(links).map(([name, url]) => [name, url && can(actor as Actor, EXTERNAL_PERMISSIONS[name as keyof ExternalLinks]) ? url : null] as const);
  const out = Object.fromEntries(entries) as ExternalLinks;
  if (out.x2b) {
    const info = actor.userType === 3 && actor.hotelId !== null ? await hotelInfoFor(db, actor.hotelId) : null;
    if (!info?.hotelinfo.open_xb) out.x2b = null;
  }
  return out;
}

/** Built-in statistics (/newdata/*) and the URLs of the external menu entries. */
export function registerStatistics(app: FastifyInstance, db: Db, links: ExternalLinks = externalLinksFromEnv(process.env)) {
  const read = { auth: { userTypes: [1, 2, 3], permission: 'statistics.read' } } as const;
  const offset = app.devices.options.statsUtcOffsetMin;

  app.get('/api/statistics/share', { schema: { querystring: shareQuery, tags, summary: 'Terminal share by brand, model, software version or launcher' }, config: read }, async (request) =>
    ok(await terminalShare(db, actorOf(request), (request.query as ShareQuery).by, request.lang)),
  );
  app.get('/api/statistics/map', { schema: { querystring: mapQuery, tags, summary: 'Terminals and online terminals per province, or per city of a province' }, config: read }, async (request) =>
    ok(await onlineMap(db, actorOf(request), (request.query as MapQuery).province)),
  );
  app.get('/api/statistics/terminals', { schema: { querystring: terminalDataQuery, tags, summary: 'Terminal data per manufacturer or brand over a date range' }, config: read }, async (request) =>
    ok({ items: await terminalData(db, actorOf(request), request.query as TerminalDataQuery, offset, request.lang) }),
  );
  app.get('/api/statistics/terminals/export', { schema: { querystring: terminalDataQuery, tags, summary: 'Terminal data as .xlsx' }, config: read }, async (request, reply) => {
    const lang = request.lang;
    const query = request.query as TerminalDataQuery;
    const items = await terminalData(db, actorOf(request), query, offset, lang);
    const h = (key: Parameters<typeof translate>[0]) => translate(key, lang);
    const title = h(query.by === 'brand' ? 'statistics.byBrand' : 'statistics.byManufacturer');
    const file = await tableXlsx(
      title,
      [
        { key: 'label', header: h(query.by === 'brand' ? 'statistics.brand' : 'statistics.manufacturer'), width: 28 },
        { key: 'total', header: h('statistics.total') },
        { key: 'online', header: h('statistics.online') },
        { key: 'registered', header: h('statistics.registered') },
        { key: 'activated', header: h('statistics.activated') },
      ],
      items.map((i) => ({ ...i, label: i.label ?? h('statistics.unknown') })),
    );
    return sendXlsx(reply, file, `terminals-by-${query.by}`, `${title} ${query.from}~${query.to}`);
  });
  app.get('/api/statistics/external-links', { schema: { tags, summary: 'URLs of the external menu entries the caller may open (null: not configured)' }, config: { auth: { userTypes: [1, 2, 3] } } }, async (request) => {
    return ok(await externalLinksFor(db, actorOf(request), links));
  });
}
