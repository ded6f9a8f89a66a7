import type { Lang } from '@htv/shared';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { normalizeMac } from '@htv/shared/areas/devices/protocol';
import type { Db } from '../../db/client.js';
import { hotels, recordTables, terminalBootRecords, terminalHeartbeats } from '../../db/schema/index.js';
import type { Actor } from '../../auth/actor.js';
import { terminalByMac } from '../devices/service.js';
import { titleSql } from '../../records/engine.js';

/** Rows a log page or export reaches at most (a log is read recent first; narrow it with filters). */
export const LOG_CAP = 10_000;

export interface BootQuery {
  page: number;
  pagesize: number;
  mac?: string;
  hotelId?: number;
  from?: string;
  to?: string;
}

/** The TV boot log of the whole fleet (/runlog/tv): every boot record, newest first, with its terminal and hotel. */
export async function bootLog(db: Db, query: BootQuery, lang?: Lang) {
  const b = terminalBootRecords;
  const t = recordTables.terminal!;
  const where = and(
    query.mac ? eq(t.mac, normalizeMac(query.mac)) : undefined,
    query.hotelId ? eq(t.hotelId, query.hotelId) : undefined,
    query.from ? gte(b.at, new Date(query.from)) : undefined,
    query.to ? lte(b.at, new Date(query.to)) : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select({ id: b.id, at: b.at, mac: t.mac, roomNumber: t.roomNumber, hotelName: titleSql('hotel', lang), hotelPublicId: hotels.publicId, ip: b.ip, publicIp: b.publicIp, softwareVersion: b.softwareVersion, launcher: b.launcher })
      .from(b)
      .innerJoin(t, eq(t.id, b.terminalId))
      .leftJoin(hotels, eq(hotels.id, t.hotelId))
      .where(where)
      .orderBy(desc(b.at), desc(b.id))
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize),
    db.select({ total: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(b).innerJoin(t, eq(t.id, b.terminalId)).where(where).limit(LOG_CAP + 1).as('c')),
  ]);
  const total = count?.total ?? 0;
  return { items, total: Math.min(total, LOG_CAP), page: query.page, pagesize: query.pagesize, ...(total > LOG_CAP ? { capped: true } : {}) };
}

export interface HeartbeatQuery {
  page: number;
  pagesize: number;
  mac: string;
  state?: string;
  from?: string;
  to?: string;
}

/** One terminal's heartbeat log (/terminal_manage/heartbeats/:mac), newest first; a MAC out of reach is a 404. */
export async function heartbeatLog(db: Db, actor: Actor, query: HeartbeatQuery) {
  const terminal = await terminalByMac(db, actor, query.mac);
  const h = terminalHeartbeats;
  const where = and(
    eq(h.terminalId, terminal.id),
    query.state ? eq(h.state, query.state) : undefined,
    query.from ? gte(h.at, new Date(query.from)) : undefined,
    query.to ? lte(h.at, new Date(query.to)) : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select({ at: h.at, state: h.state, ip: h.ip, publicIp: h.publicIp, softwareVersion: h.softwareVersion, otaVersion: h.otaVersion, controlVersion: h.controlVersion })
      .from(h)
      .where(where)
      .orderBy(desc(h.at))
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize),
    db.select({ total: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(h).where(where).limit(LOG_CAP + 1).as('c')),
  ]);
  const total = count?.total ?? 0;
  return {
    mac: terminal.mac as string,
    items: items.map((row, i) => ({ id: (query.page - 1) * query.pagesize + i + 1, mac: terminal.mac as string, ...row })),
    total: Math.min(total, LOG_CAP),
    page: query.page,
    pagesize: query.pagesize,
    ...(total > LOG_CAP ? { capped: true } : {}),
  };
}

/** One sheet of log rows: the columns named with their headings in the request's language. */
export async function logSheet(title: string, columns: { key: string; header: string; width?: number }[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, row[c.key] ?? ''])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
