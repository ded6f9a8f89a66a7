import { translate, type Lang, type MessageKey } from '@htv/shared';
import {
  CHECK_CODES,
  configCheckQuery,
  projectConfigQuery,
  type CheckCode,
  type CheckFinding,
  type CheckStatus,
  type ConfigCheckQuery,
  type ConfigCheckRow,
  type EngineInfo,
  type ProjectConfigQuery,
  type ProjectConfigRow,
} from '@htv/shared/areas/voice/console';
import { exampleLines, parseInstruction } from '@htv/shared/areas/voice/instruction';
import { HOTEL_SETTINGS } from '@htv/shared/areas/tenants/records';
import { and, asc, count, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables } from '../../db/schema/index.js';
import { ok } from '../../http/reply.js';
import { titleSql } from '../../records/engine.js';
import { rcuGateways } from '../rcu/schema.js';
import { FAQ_INTENT, INFO_INTENT } from './brain.js';
import { shopGoodsToSync } from './goodsSync.js';

const tags = ['voice'];
const platformOnly = (permission: string) => ({ auth: { userTypes: [1] as const, permission } });

/** What the understanding engine is, for every hotel alike (docs/voice.md). */
export const ENGINE: Omit<EngineInfo, 'defaultThreshold' | 'defaultEscalateMinutes'> = {
  engine: 'NLP.js (neural intent classifier; English stemmer, Chinese characters and bigrams)',
  languages: ['zh', 'en'],
  sentencesPerMinute: 30,
  callsPerMinute: 6,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Hotels matching a page's filters (name in either language, brand, AI voice flag), by id. */
function hotelFilter(query: { keyword?: string; brandId?: number; aiVoice?: 'true' | 'false' }): SQL | undefined {
  const keyword = query.keyword ? `%${escapeLike(query.keyword)}%` : null;
  return and(
    keyword ? or(ilike(hotels.name, keyword), ilike(sql`coalesce(${hotels.nameEn}, '')`, keyword)) : undefined,
    query.brandId ? eq(hotels.brandId, query.brandId) : undefined,
    query.aiVoice ? eq(hotels.aiVoice, query.aiVoice === 'true') : undefined,
  );
}

/** Counts of a hotel-scope table's rows per hotel, among `hotelIds`. */
async function countsBy(db: Db, table: ReturnType<typeof tableOf>, hotelIds: number[], where?: SQL): Promise<Map<number, number>> {
  if (!hotelIds.length) return new Map();
  const rows = await db
    .select({ hotelId: table.hotelId, n: count() })
    .from(table)
    .where(and(inArray(table.hotelId, hotelIds), where))
    .groupBy(table.hotelId);
  return new Map(rows.map((row) => [row.hotelId as number, Number(row.n)]));
}
const tableOf = (name: 'aiIntent' | 'aiInstruction' | 'aiGoods' | 'aiInfo' | 'aiServiceCall' | 'aiIntentSet') => recordTables[name]!;

/** A hotel setting as it applies, and whether the hotel has its own. */
function setting(doc: Record<string, unknown>, key: 'ai_publish_threshold' | 'ai_call_escalate_minutes'): { value: number; own: boolean } {
  const parsed = HOTEL_SETTINGS[key].schema.safeParse(doc[key]);
  return parsed.success && doc[key] !== undefined && doc[key] !== null && doc[key] !== '' ? { value: parsed.data, own: true } : { value: HOTEL_SETTINGS[key].default, own: false };
}

/** `/ai/project_config`: every hotel's AI flags, the settings that apply and what it has configured. */
export async function projectConfig(db: Db, query: ProjectConfigQuery, lang: Lang) {
  const where = hotelFilter(query);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(hotels).where(where);
  const page = await db
    .select({ hotelId: hotels.id, hotelName: titleSql('hotel', lang), brandId: hotels.brandId, brandName: titleSql('brand', lang), aiVoice: hotels.aiVoice, settings: hotels.settings })
    .from(hotels)
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .where(where)
    .orderBy(sql`${hotels.aiVoice} desc`, asc(hotels.id))
    .limit(query.pagesize)
    .offset((query.page - 1) * query.pagesize);
  const ids = page.map((row) => row.hotelId);
  const sets = tableOf('aiIntentSet');
  const info = tableOf('aiInfo');
  const calls = tableOf('aiServiceCall');
  const [intents, instructions, goods, passed, inReview, recent, published, gateways] = await Promise.all([
    countsBy(db, tableOf('aiIntent'), ids),
    countsBy(db, tableOf('aiInstruction'), ids),
    countsBy(db, tableOf('aiGoods'), ids, eq(tableOf('aiGoods').enabled, true)),
    countsBy(db, info, ids, isNotNull(info.passed)),
    countsBy(db, info, ids, eq(info.reviewStatus, 'inReview')),
    countsBy(db, calls, ids, gte(calls.calledAt, sql`now() - interval '7 days'`)),
    ids.length ? db.select({ hotelId: sets.hotelId, id: sets.id, name: sets.name, accuracy: sets.accuracy }).from(sets).where(and(inArray(sets.hotelId, ids), eq(sets.status, 'published'))) : [],
    ids.length ? db.select({ hotelId: rcuGateways.hotelId }).from(rcuGateways).where(and(inArray(rcuGateways.hotelId, ids), eq(rcuGateways.enabled, true))) : [],
  ]);
  const setOf = new Map(published.map((row) => [row.hotelId as number, { id: row.id as number, name: row.name as string, accuracy: (row.accuracy as number | null) ?? null }]));
  const withGateway = new Set(gateways.map((row) => row.hotelId));
  const items: ProjectConfigRow[] = page.map((row) => {
    const doc = (row.settings ?? {}) as Record<string, unknown>;
    const threshold = setting(doc, 'ai_publish_threshold');
    const escalate = setting(doc, 'ai_call_escalate_minutes');
    return {
      hotelId: row.hotelId,
      hotelName: row.hotelName,
      brandId: row.brandId,
      brandName: row.brandName,
      aiVoice: row.aiVoice,
      openXb: HOTEL_SETTINGS.open_xb.schema.safeParse(doc.open_xb).data === true,
      threshold: threshold.value,
      thresholdOwn: threshold.own,
      escalateMinutes: escalate.value,
      escalateOwn: escalate.own,
      publishedSet: setOf.get(row.hotelId) ?? null,
      intents: intents.get(row.hotelId) ?? 0,
      instructions: instructions.get(row.hotelId) ?? 0,
      goods: goods.get(row.hotelId) ?? 0,
      infoPassed: passed.get(row.hotelId) ?? 0,
      infoInReview: inReview.get(row.hotelId) ?? 0,
      calls7d: recent.get(row.hotelId) ?? 0,
      roomControl: withGateway.has(row.hotelId),
    };
  });
  const engine: EngineInfo = { ...ENGINE, defaultThreshold: HOTEL_SETTINGS.ai_publish_threshold.default, defaultEscalateMinutes: HOTEL_SETTINGS.ai_call_escalate_minutes.default };
  return { items, total: Number(total), page: query.page, pagesize: query.pagesize, engine };
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;
const PAGE_OF: Record<CheckCode, string> = {
  noPublishedSet: '/ai/intentslots_manage',
  belowThreshold: '/ai/intentslots_manage',
  unknownIntent: '/ai/instructions',
  missingFaq: '/ai/instructions',
  serviceWithoutGoods: '/ai/goods',
  roomWithoutGateway: '/rcu',
  infoInReview: '/ai/check',
  goodsNotSynced: '/goods/sync',
};

/**
 * The findings of one hotel's AI configuration, read from what its TVs would use: the published set
 * and its accuracy against today's threshold, instructions whose intent or FAQ entry the model lacks,
 * service intents without goods, room control without a gateway, information waiting for review,
 * shop goods not synced.
 */
export async function checkHotel(db: Db, hotelId: number, lang: Lang): Promise<CheckFinding[]> {
  const intents = tableOf('aiIntent');
  const sets = tableOf('aiIntentSet');
  const instructionsTable = tableOf('aiInstruction');
  const faq = recordTables.faq!;
  const [hotel] = await db.select({ settings: hotels.settings }).from(hotels).where(eq(hotels.id, hotelId));
  const [published] = await db.select({ id: sets.id, name: sets.name, accuracy: sets.accuracy }).from(sets).where(and(eq(sets.hotelId, hotelId), eq(sets.status, 'published'))).limit(1);
  const setId = (published?.id as number | undefined) ?? null;
  const known = await db
    .select({ name: intents.name, examplesZh: intents.examplesZh, examplesEn: intents.examplesEn })
    .from(intents)
    .where(and(eq(intents.enabled, true), or(and(isNull(intents.brandId), isNull(intents.hotelId)), and(eq(intents.hotelId, hotelId), setId === null ? isNull(intents.setId) : or(isNull(intents.setId), eq(intents.setId, setId))))));
  // An intent without examples is never recognised: it does not count as known.
  const keys = new Set(known.filter((row) => exampleLines(row.examplesZh as string | null).length + exampleLines(row.examplesEn as string | null).length > 0).map((row) => row.name as string));
  const faqRows = await db.select({ id: faq.id }).from(faq).where(and(eq(faq.hotelId, hotelId), eq(faq.enabled, true)));
  const faqIds = new Set(faqRows.map((row) => row.id as number));
  const instructionRows = await db.select({ name: instructionsTable.name, content: instructionsTable.content }).from(instructionsTable).where(and(eq(instructionsTable.hotelId, hotelId), eq(instructionsTable.enabled, true))).orderBy(asc(instructionsTable.id));
  const [goods = { n: 0 }] = await db.select({ n: count() }).from(tableOf('aiGoods')).where(and(eq(tableOf('aiGoods').hotelId, hotelId), eq(tableOf('aiGoods').enabled, true)));
  const [inReview = { n: 0 }] = await db.select({ n: count() }).from(tableOf('aiInfo')).where(and(eq(tableOf('aiInfo').hotelId, hotelId), eq(tableOf('aiInfo').reviewStatus, 'inReview')));
  const [gateway] = await db.select({ enabled: rcuGateways.enabled }).from(rcuGateways).where(eq(rcuGateways.hotelId, hotelId));
  const notSynced = (await shopGoodsToSync(db, hotelId)).length;

  const findings: CheckFinding[] = [];
  const add = (code: CheckCode, params: Record<string, unknown> = {}) =>
    findings.push({ code, severity: CHECK_CODES[code], message: translate(`voice.check.${code}` as MessageKey, lang, params), page: PAGE_OF[code] });
  if (!published) add('noPublishedSet');
  else {
    const threshold = setting((hotel?.settings ?? {}) as Record<string, unknown>, 'ai_publish_threshold').value;
    const accuracy = (published.accuracy as number | null) ?? 0;
    if (accuracy < threshold) add('belowThreshold', { set: published.name, accuracy, threshold });
  }
  let roomUse = [...keys].some((key) => key.startsWith('room.'));
  let serviceUse = [...keys].some((key) => key.startsWith('service.'));
  for (const row of instructionRows) {
    const parsed = parseInstruction(row.content as string);
    if (!parsed.ok) continue;
    const instruction = parsed.value;
    const intent = instruction.intent;
    const knownIntent = keys.has(intent) || (intent.startsWith(FAQ_INTENT) && faqIds.has(Number(intent.slice(FAQ_INTENT.length)))) || intent.startsWith(INFO_INTENT);
    if (!knownIntent) add('unknownIntent', { name: row.name, intent });
    if (instruction.do === 'answer' && instruction.faqId !== undefined && !faqIds.has(instruction.faqId)) add('missingFaq', { name: row.name, faqId: instruction.faqId });
    if (instruction.do === 'room') roomUse = true;
    if (instruction.do === 'serviceCall') serviceUse = true;
  }
  if (serviceUse && Number(goods.n) === 0) add('serviceWithoutGoods');
  if (roomUse && !gateway?.enabled) add('roomWithoutGateway');
  if (Number(inReview.n) > 0) add('infoInReview', { count: Number(inReview.n) });
  if (notSynced > 0) add('goodsNotSynced', { count: notSynced });
  return findings.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

const statusOf = (findings: CheckFinding[]): CheckStatus => findings[0]?.severity ?? 'ok';

/** Hotels looked at per request at most: the review reads each hotel's configuration. */
const CHECK_SCAN_MAX = 2000;

/**
 * `/ai/config_check`: the configuration of every hotel with the AI voice flag, checked now; filtered
 * by the worst finding (`status`), the worst first.
 */
export async function configCheck(db: Db, query: ConfigCheckQuery, lang: Lang) {
  const candidates = await db
    .select({ hotelId: hotels.id, hotelName: titleSql('hotel', lang), brandName: titleSql('brand', lang) })
    .from(hotels)
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .where(and(eq(hotels.aiVoice, true), hotelFilter(query)))
    .orderBy(asc(hotels.id))
    .limit(CHECK_SCAN_MAX);
  const rows: ConfigCheckRow[] = [];
  for (const hotel of candidates) {
    const findings = await checkHotel(db, hotel.hotelId, lang);
    const status = statusOf(findings);
    if (query.status && status !== query.status) continue;
    rows.push({ ...hotel, status, findings });
  }
  const rank = (status: CheckStatus) => (status === 'ok' ? 3 : SEVERITY_RANK[status]);
  rows.sort((a, b) => rank(a.status) - rank(b.status) || a.hotelId - b.hotelId);
  const start = (query.page - 1) * query.pagesize;
  return { items: rows.slice(start, start + query.pagesize), total: rows.length, page: query.page, pagesize: query.pagesize };
}

/** The platform's AI pages: `/ai/project_config` and `/ai/config_check` (user type 1 only). */
export function registerVoicePlatform(app: FastifyInstance, db: Db): void {
  app.get('/api/ai/project-config', { schema: { tags, querystring: projectConfigQuery, summary: "Every hotel's AI voice flag, the engine settings that apply and what it has configured" }, config: platformOnly('aiProjectConfig.read') }, async (request) =>
    ok(await projectConfig(db, request.query as ProjectConfigQuery, request.lang)),
  );
  app.get('/api/ai/config-check', { schema: { tags, querystring: configCheckQuery, summary: 'The AI configuration of each hotel with the AI voice flag, checked: what its TVs would miss' }, config: platformOnly('aiConfigCheck.read') }, async (request) =>
    ok(await configCheck(db, request.query as ConfigCheckQuery, request.lang)),
  );
}
