import { SYNC_CHANGES, goodsSyncBody, type GoodsSyncBody, type GoodsSyncResult, type GoodsSyncRow, type GoodsSyncView, type SyncCounts } from '@htv/shared/areas/voice/console';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { hotels, operationLogs, recordTables } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { writeOpLog } from '../oplog/log.js';
import { retrainHotel } from './routes.js';

const tags = ['voice'];
const OPLOG_ACTION = 'goods_sync';
/** The most changes an operation-log row lists (the counts are always whole). */
const OPLOG_ROWS = 100;

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();
const key = (name: string) => name.trim().toLowerCase();
const zero = (): SyncCounts => Object.fromEntries(SYNC_CHANGES.map((change) => [change, 0])) as SyncCounts;

function countsOf(rows: GoodsSyncRow[]): SyncCounts {
  const counts = zero();
  for (const row of rows) counts[row.change] += 1;
  return counts;
}

/**
 * What a sync of the hotel's shop goods into its AI goods would do, goods by goods: a shop goods
 * without AI goods is added, or links an unlinked AI goods of the same name; a linked one whose
 * names differ is updated; AI goods whose shop goods is gone are disabled (and unlinked). The
 * hotel's own synonyms, most-at-a-time and switch of a synced goods are never touched.
 */
export async function planSync(db: Db, hotelId: number): Promise<GoodsSyncRow[]> {
  const shop = recordTables.shopGoods!;
  const categories = recordTables.shopCategory!;
  const ai = recordTables.aiGoods!;
  const [shopRows, aiRows] = await Promise.all([
    db
      .select({ id: shop.id, name: shop.name, nameEn: shop.nameEn, category: categories.name })
      .from(shop)
      .leftJoin(categories, eq(categories.id, shop.categoryId))
      .where(eq(shop.hotelId, hotelId))
      .orderBy(asc(shop.id)),
    db.select({ id: ai.id, name: ai.name, nameEn: ai.nameEn, shopGoodsId: ai.shopGoodsId }).from(ai).where(eq(ai.hotelId, hotelId)).orderBy(asc(ai.id)),
  ]);
  const linked = new Map<number, (typeof aiRows)[number]>();
  for (const row of aiRows) if (row.shopGoodsId !== null && !linked.has(row.shopGoodsId as number)) linked.set(row.shopGoodsId as number, row);
  const shopIds = new Set(shopRows.map((row) => row.id as number));
  const unlinked = new Map<string, (typeof aiRows)[number][]>();
  for (const row of aiRows) {
    if (row.shopGoodsId !== null) continue;
    const list = unlinked.get(key(row.name as string)) ?? [];
    list.push(row);
    unlinked.set(key(row.name as string), list);
  }
  const plan: GoodsSyncRow[] = [];
  for (const goods of shopRows) {
    const name = goods.name as string;
    const nameEn = (goods.nameEn as string | null) ?? null;
    const category = (goods.category as string | null) ?? null;
    const base = { shopGoodsId: goods.id as number, name, nameEn, category };
    const own = linked.get(goods.id as number);
    if (own) {
      const unchanged = same(own.name as string, name) && same(own.nameEn as string | null, nameEn);
      plan.push({ ...base, change: unchanged ? 'same' : 'update', aiGoodsId: own.id as number, before: unchanged ? null : { name: own.name as string, nameEn: (own.nameEn as string | null) ?? null } });
      continue;
    }
    const namesake = unlinked.get(key(name))?.shift();
    if (namesake) plan.push({ ...base, change: 'link', aiGoodsId: namesake.id as number, before: { name: namesake.name as string, nameEn: (namesake.nameEn as string | null) ?? null } });
    else plan.push({ ...base, change: 'add', aiGoodsId: null, before: null });
  }
  for (const row of aiRows) {
    if (row.shopGoodsId === null || shopIds.has(row.shopGoodsId as number)) continue;
    const before = { name: row.name as string, nameEn: (row.nameEn as string | null) ?? null };
    plan.push({ change: 'disable', shopGoodsId: null, aiGoodsId: row.id as number, ...before, before, category: null });
  }
  return plan;
}

/** Shop goods the AI goods do not reflect yet (to add, to link, to update): the configuration review's count. */
export async function shopGoodsToSync(db: Db, hotelId: number): Promise<GoodsSyncRow[]> {
  return (await planSync(db, hotelId)).filter((row) => row.change === 'add' || row.change === 'link' || row.change === 'update');
}

async function lastSyncOf(db: Db, hotelId: number): Promise<GoodsSyncView['lastSync']> {
  const [row] = await db
    .select({ at: operationLogs.at, by: operationLogs.userName, after: operationLogs.after })
    .from(operationLogs)
    .where(and(eq(operationLogs.hotelId, hotelId), eq(operationLogs.action, OPLOG_ACTION)))
    .orderBy(desc(operationLogs.at), desc(operationLogs.id))
    .limit(1);
  if (!row) return null;
  const counts = { ...zero(), ...(((row.after ?? {}) as { counts?: Partial<SyncCounts> }).counts ?? {}) };
  return { at: row.at.toISOString(), by: row.by ?? null, counts };
}

/**
 * Applies the sync (all the shop's goods, or the listed ones: then nothing is disabled) in one
 * transaction, the hotel's row locked so two syncs never add the same goods twice; answers what
 * changed. The hotel's assistant learns the new goods after the commit.
 */
export async function applySync(db: Db, hotelId: number, body: GoodsSyncBody, log: (tx: Db, entry: Parameters<typeof writeOpLog>[2]) => Promise<void>): Promise<GoodsSyncResult> {
  const ai = recordTables.aiGoods!;
  const result = await db.transaction(async (tx) => {
    const [hotel] = await tx.select({ brandId: hotels.brandId }).from(hotels).where(eq(hotels.id, hotelId)).for('update');
    let plan = await planSync(tx, hotelId);
    if (body.shopGoodsIds) {
      const wanted = new Set(body.shopGoodsIds);
      const known = new Set(plan.map((row) => row.shopGoodsId).filter((id): id is number => id !== null));
      // Another hotel's goods, or none: not found, as for any id outside the caller's reach.
      if ([...wanted].some((id) => !known.has(id))) throw notFound();
      plan = plan.filter((row) => row.shopGoodsId !== null && wanted.has(row.shopGoodsId));
    }
    const now = new Date();
    const added = plan.filter((row) => row.change === 'add');
    if (added.length) {
      const ids = await tx
        .insert(ai)
        .values(added.map((row) => ({ brandId: hotel!.brandId, hotelId, name: row.name, nameEn: row.nameEn, shopGoodsId: row.shopGoodsId, maxQuantity: 5, enabled: true })))
        .returning({ id: ai.id, shopGoodsId: ai.shopGoodsId });
      const byShop = new Map(ids.map((row) => [row.shopGoodsId as number, row.id as number]));
      for (const row of added) row.aiGoodsId = byShop.get(row.shopGoodsId!) ?? null;
    }
    for (const row of plan) {
      if (row.change === 'update' || row.change === 'link') {
        await tx.update(ai).set({ name: row.name, nameEn: row.nameEn, shopGoodsId: row.shopGoodsId, updatedAt: now }).where(and(eq(ai.id, row.aiGoodsId!), eq(ai.hotelId, hotelId)));
      } else if (row.change === 'disable') {
        await tx.update(ai).set({ enabled: false, shopGoodsId: null, updatedAt: now }).where(and(eq(ai.id, row.aiGoodsId!), eq(ai.hotelId, hotelId), isNotNull(ai.shopGoodsId)));
      }
    }
    const changed = plan.filter((row) => row.change !== 'same');
    const counts = countsOf(plan);
    await log(tx, { action: OPLOG_ACTION, recordType: 'aiGoods', after: { counts, changes: changed.slice(0, OPLOG_ROWS).map((row) => ({ change: row.change, name: row.name, aiGoodsId: row.aiGoodsId, shopGoodsId: row.shopGoodsId })) } });
    return { changed, counts };
  });
  if (result.changed.length) retrainHotel(hotelId);
  return result;
}

/** `/goods/sync` (hotel users): what a sync would change, and the sync itself. */
export function registerGoodsSync(app: FastifyInstance, db: Db): void {
  const hotelOnly = (permission: string) => ({ auth: { userTypes: [3] as const, permission } });
  app.get('/api/goods-sync', { schema: { tags, summary: "What syncing the hotel's shop goods into its AI goods would change, and the last sync" }, config: hotelOnly('goodsSync.read') }, async (request) => {
    const hotelId = actorOf(request).hotelId!;
    const [items, lastSync] = await Promise.all([planSync(db, hotelId), lastSyncOf(db, hotelId)]);
    return ok({ items, counts: countsOf(items), lastSync } satisfies GoodsSyncView);
  });
  app.post('/api/goods-sync', { schema: { tags, body: goodsSyncBody, summary: "Syncs the hotel's shop goods (all, or the listed ones) into its AI goods; answers what changed" }, config: { ...hotelOnly('goodsSync.sync'), fields: GOODS_SYNC_FIELDS } }, async (request) => {
    const actor = actorOf(request);
    const result = await applySync(db, actor.hotelId!, (request.body ?? {}) as GoodsSyncBody, (tx, entry) => writeOpLog(tx, actor, entry, request.ip));
    return ok(result);
  });
}

/** Labels of the sync's body for field errors. */
const GOODS_SYNC_FIELDS = {
  shopGoodsIds: { kind: 'text', schema: goodsSyncBody.shape.shopGoodsIds, label: { 'zh-CN': '商城商品', 'en-US': 'Shop goods' } },
} as unknown as Record<string, import('@htv/shared').FieldDef>;
