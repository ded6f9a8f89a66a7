import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';

/**
 * Counts lists show, computed from the rows when read (never stored): hotels and terminals of brands,
 * rooms and terminals of hotels, and what the terminals of a room report. A terminal belongs to a room
 * when it carries the room's hotel and number.
 */

const p = (values: unknown[]) => sql.param(values);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const terminals = () => recordTables.terminal!;
const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export interface HotelCounts {
  roomCount: number;
  terminalCount: number;
  /** Terminals of the hotel still unauthorized. */
  unauthorizedCount: number;
  /** Terminals installed in one of the hotel's rooms (guest-room TVs); the rest are in public areas or unplaced. */
  tvCount: number;
  /** Terminals online now. */
  onlineCount: number;
}

export async function hotelCounts(db: Db, hotelIds: number[]): Promise<Map<number, HotelCounts>> {
  const out = new Map<number, HotelCounts>(hotelIds.map((id) => [id, { roomCount: 0, terminalCount: 0, unauthorizedCount: 0, tvCount: 0, onlineCount: 0 }]));
  if (!hotelIds.length) return out;
  const ids = p(hotelIds);
  const [roomRows, terminalRows] = await Promise.all([
    db.execute(sql`select hotel_id, count(*)::int as n from rooms where hotel_id = any(${ids}::int[]) group by hotel_id`),
    db.execute(sql`
      select t.hotel_id,
             count(*)::int as total,
             (count(*) filter (where t.authorization = 'unauthorized'))::int as unauthorized,
             (count(*) filter (where t.online))::int as online,
             (count(*) filter (where exists (select 1 from rooms r where r.hotel_id = t.hotel_id and r.number = t.room_number)))::int as tv
        from ${terminals()} t
       where t.hotel_id = any(${ids}::int[])
       group by t.hotel_id`),
  ]);
  for (const r of rowsOf<{ hotel_id: number; n: number }>(roomRows)) out.get(r.hotel_id)!.roomCount = r.n;
  for (const r of rowsOf<{ hotel_id: number; total: number; unauthorized: number; tv: number; online: number }>(terminalRows)) {
    Object.assign(out.get(r.hotel_id)!, { terminalCount: r.total, unauthorizedCount: r.unauthorized, tvCount: r.tv, onlineCount: r.online });
  }
  return out;
}

export async function brandCounts(db: Db, brandIds: number[]): Promise<Map<number, { hotelCount: number; terminalCount: number }>> {
  const out = new Map(brandIds.map((id) => [id, { hotelCount: 0, terminalCount: 0 }]));
  if (!brandIds.length) return out;
  const ids = p(brandIds);
  const [hotelRows, terminalRows] = await Promise.all([
    db.execute(sql`select brand_id, count(*)::int as n from hotels where brand_id = any(${ids}::int[]) group by brand_id`),
    db.execute(sql`select brand_id, count(*)::int as n from ${terminals()} where brand_id = any(${ids}::int[]) group by brand_id`),
  ]);
  for (const r of rowsOf<{ brand_id: number; n: number }>(hotelRows)) out.get(r.brand_id)!.hotelCount = r.n;
  for (const r of rowsOf<{ brand_id: number; n: number }>(terminalRows)) out.get(r.brand_id)!.terminalCount = r.n;
  return out;
}

export async function subBrandHotelCounts(db: Db, subBrandIds: number[]): Promise<Map<number, number>> {
  const out = new Map(subBrandIds.map((id) => [id, 0]));
  if (!subBrandIds.length) return out;
  const rows = await db.execute(sql`select sub_brand_id, count(*)::int as n from hotels where sub_brand_id = any(${p(subBrandIds)}::int[]) group by sub_brand_id`);
  for (const r of rowsOf<{ sub_brand_id: number; n: number }>(rows)) out.set(r.sub_brand_id, r.n);
  return out;
}

export interface RoomTerminals {
  terminalCount: number;
  /** First registration of a terminal in the room. */
  registeredAt: string | null;
  /** Authorized when at least one of the room's terminals is authorized. */
  authorization: 'authorized' | 'unauthorized';
  /** Earliest authorization among the room's authorized terminals. */
  authorizedAt: string | null;
}

/** The aggregate over a room's terminals, as a lateral subquery on rooms `r`. */
const roomAggregate = () => sql`
  select count(*)::int as terminal_count,
         min(t.registered_at) as registered_at,
         coalesce(bool_or(t.authorization = 'authorized'), false) as authorized,
         min(t.authorized_at) filter (where t.authorization = 'authorized') as authorized_at
    from ${terminals()} t
   where t.hotel_id = r.hotel_id and t.room_number = r.number`;

type AggregateRow = { id: number; terminal_count: number; registered_at: unknown; authorized: boolean; authorized_at: unknown };

const toRoomTerminals = (r: AggregateRow): RoomTerminals => ({
  terminalCount: r.terminal_count,
  registeredAt: iso(r.registered_at),
  authorization: r.authorized ? 'authorized' : 'unauthorized',
  authorizedAt: iso(r.authorized_at),
});

export async function roomTerminals(db: Db, roomIds: number[]): Promise<Map<number, RoomTerminals>> {
  const out = new Map<number, RoomTerminals>();
  if (!roomIds.length) return out;
  const rows = await db.execute(sql`select r.id, a.* from rooms r cross join lateral (${roomAggregate()}) a where r.id = any(${p(roomIds)}::int[])`);
  for (const r of rowsOf<AggregateRow>(rows)) out.set(r.id, toRoomTerminals(r));
  return out;
}

export interface RoomListQuery {
  page: number;
  pagesize: number;
  keyword?: string;
  floor?: string;
  building?: string;
  authorization?: 'authorized' | 'unauthorized';
}

/** Rooms of one hotel with their terminals' registration and authorization, filtered and paged. */
export async function roomList(db: Db, hotelId: number, query: RoomListQuery) {
  const conditions: SQL[] = [sql`r.hotel_id = ${hotelId}`];
  if (query.keyword) conditions.push(sql`r.number ilike ${`%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.floor) conditions.push(sql`r.floor = ${query.floor}`);
  if (query.building) conditions.push(sql`r.building = ${query.building}`);
  const outer = query.authorization === undefined ? sql`true` : query.authorization === 'authorized' ? sql`a.authorized` : sql`not a.authorized`;
  const result = await db.execute(sql`
    select r.id, r.number, r.floor, r.building, r.room_type, r.remark, a.*, count(*) over ()::int as total
      from rooms r cross join lateral (${roomAggregate()}) a
     where ${sql.join(conditions, sql` and `)} and ${outer}
     order by length(r.number), r.number, r.id
     limit ${query.pagesize} offset ${(query.page - 1) * query.pagesize}`);
  const rows = rowsOf<AggregateRow & { number: string; floor: string | null; building: string | null; room_type: string | null; remark: string | null; total: number }>(result);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    // Past the last page: count anyway so the pager can move back.
    const [again] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from rooms r cross join lateral (${roomAggregate()}) a where ${sql.join(conditions, sql` and `)} and ${outer}`),
    );
    total = again?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({ id: r.id, number: r.number, floor: r.floor, building: r.building, roomType: r.room_type, remark: r.remark, ...toRoomTerminals(r) })),
    total,
    page: query.page,
    pagesize: query.pagesize,
  };
}
