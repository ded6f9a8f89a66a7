import type { DownloadTask } from '@htv/shared/areas/releases/index';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';

/**
 * Terminal download tasks come from several areas (release packages here, boot files from the boot
 * settings): each adds a source, a SELECT answering the common columns
 *   source, id, terminal_id, file_name, state ('downloading' | 'success' | 'failed'), detail,
 *   failure_code, failure_reason, updated_at
 * for the terminals the actor may see (`t` is the terminals alias to use; the list adds MAC and hotel).
 * The task lists (/task_info/task_info_list and task_error_list) show their union, newest first.
 */
export type DownloadTaskSource = (reach: SQL) => SQL;
const sources = new Map<string, DownloadTaskSource>();

export function addDownloadTaskSource(name: string, source: DownloadTaskSource): void {
  if (sources.has(name)) throw new Error(`download task source ${name} is already registered`);
  sources.set(name, source);
}

/** Terminals a caller's task lists cover: the platform every one, a brand its own, a hotel its own. */
function terminalReach(actor: Actor): SQL {
  if (actor.userType === 1) return sql`true`;
  if (actor.userType === 2) return actor.brandId === null ? sql`false` : sql`t.brand_id = ${actor.brandId}`;
  return actor.hotelId === null ? sql`false` : sql`t.hotel_id = ${actor.hotelId}`;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export interface TaskQuery {
  page: number;
  pagesize: number;
  failed: boolean;
  mac?: string;
}

/** One page of the union of every source, within the caller's reach; `failed` keeps the failures only. */
export async function listDownloadTasks(db: Db, actor: Actor, q: TaskQuery) {
  const reach = terminalReach(actor);
  const parts = [...sources.values()].map((source) => source(reach));
  if (!parts.length) return { items: [], total: 0, page: q.page, pagesize: q.pagesize };
  const union = sql.join(parts.map((part) => sql`(${part})`), sql` union all `);
  const where = sql.join([q.failed ? sql`x.state = 'failed'` : sql`true`, q.mac ? sql`t.mac = ${q.mac}` : sql`true`], sql` and `);
  const [count] = rowsOf(await db.execute(sql`select count(*)::int as n from (${union}) x join terminals t on t.id = x.terminal_id where ${where}`));
  const rows = rowsOf(
    await db.execute(sql`
    select x.*, t.mac, t.room_number, t.hotel_id, h.name as hotel_title
      from (${union}) x join terminals t on t.id = x.terminal_id left join hotels h on h.id = t.hotel_id
     where ${where}
     order by x.updated_at desc, x.id desc
     limit ${q.pagesize} offset ${(q.page - 1) * q.pagesize}`),
  );
  return {
    items: rows.map((r): DownloadTask => ({
      source: r.source as string,
      id: r.id as number,
      terminalId: r.terminal_id as number,
      mac: r.mac as string,
      roomNumber: (r.room_number as string | null) ?? null,
      hotelId: (r.hotel_id as number | null) ?? null,
      hotelTitle: (r.hotel_title as string | null) ?? null,
      fileName: r.file_name as string,
      state: r.state as DownloadTask['state'],
      detail: r.detail as string,
      failureCode: (r.failure_code as string | null) ?? null,
      failureReason: (r.failure_reason as string | null) ?? null,
      updatedAt: new Date(r.updated_at as string).toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page: q.page,
    pagesize: q.pagesize,
  };
}

let added = false;

/** Release packages as download tasks: every action not cancelled or superseded. */
export function addReleaseDownloadTasks(): void {
  if (added) return;
  added = true;
  addDownloadTaskSource('release', (reach) => sql`
    select 'release' as source, a.id, a.terminal_id, r.package_title || ' ' || r.version_name as file_name,
           case when a.state in ('success', 'alreadyInstalled') then 'success' when a.state in ('failed', 'incompatible') then 'failed' else 'downloading' end as state,
           a.state as detail, a.failure_code, a.failure_reason, a.updated_at
      from release_actions a join release_rollouts r on r.id = a.rollout_id join terminals t on t.id = a.terminal_id
     where a.state <> 'cancelled' and ${reach}`);
}
