import { DASHBOARD_RECENT_ALARMS, DASHBOARD_TOP_HOTELS, DASHBOARD_TOP_VERSIONS, type DashboardAnswer, type PresencePoint } from '@htv/shared/areas/dashboard/index';
import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Lang } from '@htv/shared';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { brands, hotels, recordTables, type RecordTable } from '../../db/schema/index.js';
import { titleSql } from '../../records/engine.js';
import { alarmPage, terminalScope, terminalStats } from '../devices/service.js';
import { tenantFilter } from '../../tenancy/scope.js';
import { terminalPresenceHours } from './schema.js';

/** Hourly snapshots are kept this long (the dashboard shows at most 30 days). */
const SNAPSHOT_RETENTION_DAYS = 90;

/**
 * Writes the current hour's presence snapshot: one aggregate query over `terminals`, one row per
 * owner, replacing the hour's earlier rows (the job runs several times an hour, the last run wins).
 */
export async function snapshotPresence(db: Db): Promise<void> {
  const t = recordTables.terminal!;
  await db.execute(sql`
    insert into ${terminalPresenceHours} (at, brand_id, hotel_id, total, online, unauthorized)
    select date_trunc('hour', now()), coalesce(${t.brandId}, 0), coalesce(${t.hotelId}, 0),
           count(*)::int, (count(*) filter (where ${t.online}))::int, (count(*) filter (where ${t.authorization} = 'unauthorized'))::int
      from ${t}
     group by 2, 3
    on conflict (at, brand_id, hotel_id) do update
      set total = excluded.total, online = excluded.online, unauthorized = excluded.unauthorized`);
  await db.execute(sql`delete from ${terminalPresenceHours} where at < now() - make_interval(days => ${SNAPSHOT_RETENTION_DAYS})`);
}

/** Owner-stamped snapshot rows the actor may see (0 is "no owner": only the platform's). */
const snapshotScope = (actor: Actor) => tenantFilter({ scope: 'tenant' }, terminalPresenceHours as unknown as RecordTable, actor);

/** The dashboard of the actor's reach over the last `days` days (`today`: the stats day). */
export async function dashboard(db: Db, actor: Actor, days: number, today: string, lang?: Lang): Promise<DashboardAnswer> {
  const t = recordTables.terminal!;
  const p = terminalPresenceHours;
  const scope = terminalScope(actor);
  const [stats, snapshots, versionRows, offlineHotels, alarms] = await Promise.all([
    terminalStats(db, actor, days, today),
    db
      .select({ at: p.at, total: sql<number>`sum(${p.total})::int`, online: sql<number>`sum(${p.online})::int`, unauthorized: sql<number>`sum(${p.unauthorized})::int` })
      .from(p)
      .where(and(snapshotScope(actor), gte(p.at, sql`now() - make_interval(days => ${days})`)))
      .groupBy(p.at)
      .orderBy(p.at),
    db
      .select({ version: t.softwareVersion, count: sql<number>`count(*)::int` })
      .from(t)
      .where(scope)
      .groupBy(t.softwareVersion)
      .orderBy(desc(sql`count(*)`), t.softwareVersion),
    actor.userType === 3
      ? null
      : db
          .select({
            hotelId: hotels.id,
            hotelName: titleSql('hotel', lang),
            brandName: titleSql('brand', lang),
            offline: sql<number>`(count(*) filter (where not ${t.online}))::int`,
            total: sql<number>`count(*)::int`,
          })
          .from(t)
          .innerJoin(hotels, eq(hotels.id, t.hotelId))
          .leftJoin(brands, eq(brands.id, hotels.brandId))
          .where(and(scope, isNotNull(t.hotelId)))
          .groupBy(hotels.id, brands.id)
          .having(sql`count(*) filter (where not ${t.online}) > 0`)
          .orderBy(desc(sql`count(*) filter (where not ${t.online})`), hotels.id)
          .limit(DASHBOARD_TOP_HOTELS),
    alarmPage(db, actor, { page: 1, pagesize: DASHBOARD_RECENT_ALARMS, status: 'open' }, lang),
  ]);

  const presence: PresencePoint[] = snapshots.map((s) => ({ at: new Date(s.at).toISOString(), online: s.online, offline: s.total - s.online, unauthorized: s.unauthorized }));
  presence.push({ at: new Date().toISOString(), online: stats.online, offline: stats.offline, unauthorized: stats.unauthorized });

  const shown = versionRows.slice(0, DASHBOARD_TOP_VERSIONS);
  const others = versionRows.slice(DASHBOARD_TOP_VERSIONS).reduce((sum, row) => sum + row.count, 0);

  const { series, ...counts } = stats;
  return {
    counts,
    presence,
    daily: series,
    versions: { items: shown, others },
    offlineHotels,
    alarms: {
      open: alarms.total,
      recent: (alarms.items as { id: number; kind: string; mac: string; hotelName: string | null; roomNumber: string | null; hits: number; lastAt: Date }[]).map((a) => ({
        id: a.id,
        kind: a.kind,
        mac: a.mac,
        hotelName: a.hotelName,
        roomNumber: a.roomNumber,
        hits: a.hits,
        lastAt: new Date(a.lastAt).toISOString(),
      })),
    },
  };
}
