import { SCENE_EQUIPMENT, type SendTarget, type ThemeKind } from '@htv/shared/areas/themes/index';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Which theme each terminal shows (docs/themes.md "Resolution"), decided in SQL for a whole set of
 * terminals at once. A live send reaches a terminal when its target names the terminal (rank 4), its
 * hotel (3), its brand (2) or all (1); the terminal lies within the sender's level and the theme
 * owner's; its hotel does not take its own templates only (`theme_source = 'hotel'`) unless the
 * hotel itself sent; and the terminal's scene shows the theme's equipment type. The highest rank
 * wins, then the latest send. Only the theme's latest published version is ever answered. Each kind
 * (launcher, welcome) is resolved on its own sends.
 */

/** Target kinds by rank: a partial send outranks the send to all, a MAC send everything. */
export const TARGET_RANK: Record<SendTarget, number> = { all: 1, brand: 2, hotel: 3, terminal: 4 };

/** The scene → equipment type mapping (SCENE_EQUIPMENT) as a SQL expression over `t.scene_mode`. */
const equipmentOfScene = sql.raw(
  `case t.scene_mode ${Object.entries(SCENE_EQUIPMENT)
    .filter(([, type]) => type !== null)
    .map(([scene, type]) => `when '${scene}' then '${type}'`)
    .join(' ')} end`,
);

/** Live sends: started, not cancelled, within their show duration. */
export const LIVE_SEND = sql`s.cancelled_at is null and s.start_at <= now() and s.start_at + make_interval(secs => s.duration_seconds) > now()`;

/**
 * Every send reaching each of the terminals, best first per terminal (`winnersOnly`: the best alone),
 * with its theme, the theme's latest published version, and the send's target and sender. The live
 * sends that may concern these terminals are joined with their themes and versions first; each rank
 * is then one hash join with the terminals, and the rules are plain conditions on the joined rows (no
 * join after the union, so the planner cannot misorder it).
 */
function candidatesQuery(terminalIds: readonly number[], kind: ThemeKind, winnersOnly: boolean): SQL {
  const arm = (kind: SendTarget, on: SQL) =>
    sql`select t.id as terminal_id, t.brand_id as t_brand, t.hotel_id as t_hotel, t.source, t.equipment, ${sql.raw(String(TARGET_RANK[kind]))} as rank, s.* from t join live s on ${on}`;
  return sql`
    with t as materialized (
      select t.id, t.brand_id, t.hotel_id, coalesce(h.theme_source, 'brand') as source, ${equipmentOfScene} as equipment
        from terminals t left join hotels h on h.id = t.hotel_id
       where t.id = any(${sql.param([...terminalIds])}::int[])
    ),
    live as materialized (
      select s.id as send_id, s.target_kind, s.target_id, s.brand_id as s_brand, s.hotel_id as s_hotel, s.sent_by, s.start_at,
             s.start_at + make_interval(secs => s.duration_seconds) as end_at,
             th.id as theme_id, th.name as theme_name, th.equipment_type, th.brand_id as th_brand, th.hotel_id as th_hotel,
             v.id as version_id, v.number as version, v.payload_sha256
        from theme_sends s
        join themes th on th.id = s.theme_id
        join lateral (
          select v.id, v.number, v.payload_sha256 from theme_versions v
           where v.theme_id = th.id and v.state = 'published' order by v.number desc limit 1
        ) v on true
       where ${LIVE_SEND} and s.kind = ${kind}
         and (s.target_kind = 'all'
              or (s.target_kind = 'terminal' and s.target_id in (select id from t))
              or (s.target_kind = 'hotel' and s.target_id in (select hotel_id from t))
              or (s.target_kind = 'brand' and s.target_id in (select brand_id from t)))
    ),
    c as (
      ${arm('terminal', sql`s.target_kind = 'terminal' and s.target_id = t.id`)}
      union all ${arm('hotel', sql`s.target_kind = 'hotel' and s.target_id = t.hotel_id`)}
      union all ${arm('brand', sql`s.target_kind = 'brand' and s.target_id = t.brand_id`)}
      union all ${arm('all', sql`s.target_kind = 'all'`)}
    )
    select ${winnersOnly ? sql`distinct on (c.terminal_id)` : sql``} c.*
      from c
     where c.equipment_type = c.equipment
       and (c.s_brand is null or c.s_brand = c.t_brand) and (c.s_hotel is null or c.s_hotel = c.t_hotel)
       and (c.th_brand is null or c.th_brand = c.t_brand) and (c.th_hotel is null or c.th_hotel = c.t_hotel)
       and (c.source <> 'hotel' or c.s_hotel is not null)
     order by c.terminal_id, c.rank desc, c.start_at desc, c.send_id desc`;
}

export interface Candidate {
  terminalId: number;
  rank: number;
  sendId: number;
  targetKind: SendTarget;
  targetId: number | null;
  sentBy: string | null;
  startAt: Date;
  endAt: Date;
  themeId: number;
  themeName: string;
  versionId: number;
  version: number;
  /** Null until the version's payload is frozen (versions older than the payload column). */
  payloadSha256: string | null;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function toCandidate(row: Record<string, unknown>): Candidate {
  return {
    terminalId: row.terminal_id as number,
    rank: row.rank as number,
    sendId: row.send_id as number,
    targetKind: row.target_kind as SendTarget,
    targetId: (row.target_id as number | null) ?? null,
    sentBy: (row.sent_by as string | null) ?? null,
    startAt: asDate(row.start_at),
    endAt: asDate(row.end_at),
    themeId: row.theme_id as number,
    themeName: row.theme_name as string,
    versionId: row.version_id as number,
    version: row.version as number,
    payloadSha256: (row.payload_sha256 as string | null) ?? null,
  };
}

/** The winning send of a kind for each terminal that has one (terminals without a theme are absent). */
export async function resolveThemes(db: Db, terminalIds: readonly number[], kind: ThemeKind = 'launcher'): Promise<Map<number, Candidate>> {
  const out = new Map<number, Candidate>();
  if (!terminalIds.length) return out;
  for (const row of rowsOf(await db.execute(candidatesQuery(terminalIds, kind, true)))) {
    const candidate = toCandidate(row);
    out.set(candidate.terminalId, candidate);
  }
  return out;
}

/** Every send of a kind reaching one terminal, the winner first. */
export async function themeCandidates(db: Db, terminalId: number, kind: ThemeKind = 'launcher'): Promise<Candidate[]> {
  return rowsOf(await db.execute(candidatesQuery([terminalId], kind, false))).map(toCandidate);
}

/** Terminals the resolver remembers at most; beyond it the memory starts again. */
const CACHE_MAX = 200_000;

/**
 * The resolution as the configuration call needs it: per terminal, remembered for the configuration
 * stamp it was computed under (any change that concerns the terminal changes its stamp: a send, a new
 * version, a move), and the misses of one event-loop turn resolved in one query.
 */
export class ThemeResolver {
  private readonly cache = new Map<number, { stamp: string; value: Candidate | null }>();
  private queue = new Map<number, { resolve: (value: Candidate | null) => void; reject: (error: unknown) => void }[]>();
  queries = 0;

  constructor(
    private readonly db: Db,
    private readonly kind: ThemeKind = 'launcher',
  ) {}

  resolve(terminalId: number, stamp: string): Candidate | null | Promise<Candidate | null> {
    const hit = this.cache.get(terminalId);
    if (hit && hit.stamp === stamp) return hit.value;
    return new Promise((resolve, reject) => {
      const waiting = this.queue.get(terminalId);
      const waiter = {
        resolve: (value: Candidate | null) => {
          if (this.cache.size >= CACHE_MAX) this.cache.clear();
          this.cache.set(terminalId, { stamp, value });
          resolve(value);
        },
        reject,
      };
      if (waiting) waiting.push(waiter);
      else this.queue.set(terminalId, [waiter]);
      if (this.queue.size === 1 && !waiting) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const queue = this.queue;
    this.queue = new Map();
    const ids = [...queue.keys()];
    try {
      for (let i = 0; i < ids.length; i += 5000) {
        const chunk = ids.slice(i, i + 5000);
        this.queries++;
        const found = await resolveThemes(this.db, chunk, this.kind);
        for (const id of chunk) for (const waiter of queue.get(id)!) waiter.resolve(found.get(id) ?? null);
      }
    } catch (error) {
      for (const waiters of queue.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}
