import type { Lang } from '@htv/shared';
import { normalizeMac } from '@htv/shared/areas/devices/protocol';
import { and, asc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { decorateTerminals, type Row } from './service.js';

export interface MacSearchResult {
  /** One page of the terminals found, ordered by MAC. */
  items: Row[];
  /** How many of the MACs are terminals among those searched. */
  total: number;
  page: number;
  pagesize: number;
  /** Well-formed MACs that are not terminals among those searched (all of them, not paged). */
  missing: string[];
  /** Entries that are not MACs. */
  invalid: string[];
}

export interface MacSearchOptions {
  page?: number;
  pagesize?: number;
  /**
   * The terminals searched are few (one hotel's): read their MACs and intersect here, rather than
   * probing the fleet-wide MAC index 20,000 times and visiting each row to check the condition.
   */
  few?: boolean;
  /** The language the terminals' hotels are named in. */
  lang?: Lang;
}

/**
 * Batch MAC search (the callers refuse more than MAX_MAC_SEARCH MACs) over the terminals `where`
 * selects: which MACs are among them (an index probe reading MACs only), the missing and malformed
 * ones in full, and one page of the found terminals with every column plus hotel and last heartbeat.
 * Paging keeps the answer small: 20,000 full rows would be ~20 MB of JSON. The console's terminal
 * search passes the caller's reach; the manufacturers' search, the terminals running their launchers.
 */
export async function searchTerminalMacs(db: Db, input: readonly string[], where: SQL | undefined, { page = 1, pagesize = 100, few = false, lang }: MacSearchOptions = {}): Promise<MacSearchResult> {
  const invalid: string[] = [];
  const macs = new Set<string>();
  for (const raw of input) {
    const mac = normalizeMac(raw);
    if (/^[A-Z0-9]{12}$/.test(mac)) macs.add(mac);
    else if (raw.trim()) invalid.push(raw.trim());
  }
  const t = recordTables.terminal!;
  let found: string[] = [];
  if (macs.size && few) {
    const own = await db.select({ mac: t.mac }).from(t).where(where);
    found = own.map((r) => r.mac as string).filter((mac) => macs.has(mac)).sort();
  } else if (macs.size) {
    const probe = sql`${t.mac} = any(${sql.param([...macs])}::text[])`;
    found = (await db.select({ mac: t.mac }).from(t).where(and(probe, where)).orderBy(asc(t.mac))).map((r) => r.mac as string);
  }
  const onPage = found.slice((page - 1) * pagesize, page * pagesize);
  const { createdBy: _createdBy, ...columns } = getTableColumns(t);
  const items = onPage.length ? ((await db.select(columns).from(t).where(sql`${t.mac} = any(${sql.param(onPage)}::text[])`).orderBy(asc(t.mac))) as Row[]) : [];
  await decorateTerminals(db, items, lang);
  const present = new Set(found);
  return { items, total: found.length, page, pagesize, missing: [...macs].filter((m) => !present.has(m)), invalid };
}
