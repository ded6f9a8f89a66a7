import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One heartbeat as queued by the hot path: the terminal's values after it (full, not deltas). */
export interface HeartbeatItem {
  id: number;
  ms: number;
  /** Something the terminals row shows changed (versions, addresses, run state, launcher). */
  changed: boolean;
  /** Append a heartbeat log row. */
  log: boolean;
  /** Reported from outside the hotel's whitelist. */
  alarm: boolean;
  state: string | null;
  ip: string | null;
  publicIp: string | null;
  softwareVersion: string | null;
  otaVersion: string | null;
  controlVersion: string | null;
  launcher: string | null;
}

const p = sql.param;

/** Columns of a HeartbeatItem as json_to_recordset reads them (keys are the item's property names). */
const ITEM_COLUMNS = sql.raw(
  'id int, ms float8, changed boolean, log boolean, latest boolean, state text, ip text, "publicIp" text, "softwareVersion" text, "otaVersion" text, "controlVersion" text, launcher text',
);

/**
 * Writes a batch of heartbeats in ONE statement (data-modifying CTEs over `json_to_recordset`: the
 * items go as JSON, which V8 serialises natively, instead of one escaped array per column; parsed once,
 * each item marked `latest` when it is its terminal's last of the batch):
 * - presence: last-seen time and stats day of each terminal (the narrow, hot row);
 * - terminals: `online = true` where it was offline, and the reported values where they changed
 *   (the self-join reads the row as it was, so transitions are known);
 * - state history: an `online` row per transition;
 * - heartbeat log rows;
 * - daily stats: terminals heard for the first time that day, per owner;
 * - stolen-use alarms for heartbeats from outside the hotel's whitelist.
 * Returns the number of terminals whose presence was updated.
 */
export async function writeHeartbeats(db: Db, items: readonly HeartbeatItem[], today: string): Promise<number> {
  // Presence and the terminals row take each terminal's latest heartbeat once (a row may only be
  // updated once per statement), marked changed when any of its heartbeats in the batch changed
  // something; the log takes every heartbeat marked for it. In id order (a stable sort keeps each
  // terminal's in arrival order): concurrent writers of terminals (authorization, boots) lock them in
  // that order too.
  const sorted = [...items].sort((a, b) => a.id - b.id);
  const rows: (HeartbeatItem & { latest: boolean })[] = [];
  const alarms = new Map<number, { id: number; ip: string | null; hits: number; ms: number }>();
  let changed = false;
  for (let k = 0; k < sorted.length; k++) {
    const item = sorted[k]!;
    const latest = sorted[k + 1]?.id !== item.id;
    changed ||= item.changed;
    // A heartbeat neither logged nor its terminal's latest writes nothing but its part of `changed`.
    if (item.log || latest) rows.push({ ...item, changed, latest });
    if (latest) changed = false;
    if (item.alarm) {
      const alarm = alarms.get(item.id);
      if (alarm) {
        alarm.hits++;
        alarm.ip = item.publicIp;
        alarm.ms = item.ms;
      } else alarms.set(item.id, { id: item.id, ip: item.publicIp, hits: 1, ms: item.ms });
    }
  }
  const itemsJson = JSON.stringify(rows);
  const alarmJson = JSON.stringify([...alarms.values()]);

  const result = await db.execute(sql`
    with a as (
      select * from json_to_recordset(${p(itemsJson)}::json) as a(${ITEM_COLUMNS})
    ),
    i as (
      select * from a where latest
    ),
    pres as (
      update terminal_presence p
         set last_seen_at = to_timestamp(i.ms / 1000.0), last_active_day = ${today}::date
        from i, terminal_presence old
       where p.terminal_id = i.id and old.terminal_id = i.id
      returning p.terminal_id, old.last_active_day is distinct from ${today}::date as first
    ),
    upd as (
      update terminals t
         set online = true,
             ip = coalesce(i.ip, t.ip),
             public_ip = coalesce(i."publicIp", t.public_ip),
             run_state = coalesce(i.state, t.run_state),
             software_version = coalesce(i."softwareVersion", t.software_version),
             ota_version = coalesce(i."otaVersion", t.ota_version),
             control_version = coalesce(i."controlVersion", t.control_version),
             launcher = coalesce(i.launcher, t.launcher),
             updated_at = now()
        from i, terminals old
       where t.id = i.id and old.id = i.id and (not old.online or i.changed)
      returning t.id, t.mac, t.brand_id, t.hotel_id, old.online as was_online
    ),
    went_online as (
      insert into terminal_state_logs (terminal_id, mac, brand_id, hotel_id, state, at)
      select id, mac, brand_id, hotel_id, 'online', now() from upd where not was_online
    ),
    log as (
      insert into terminal_heartbeats (terminal_id, at, state, ip, public_ip, software_version, ota_version, control_version)
      select l.id, to_timestamp(l.ms / 1000.0), l.state, l.ip, l."publicIp", l."softwareVersion", l."otaVersion", l."controlVersion"
        from a l
       where l.log
    ),
    daily as (
      insert into terminal_daily_stats (day, brand_id, hotel_id, active)
      select ${today}::date, coalesce(t.brand_id, 0), coalesce(t.hotel_id, 0), count(*)::int
        from pres join terminals t on t.id = pres.terminal_id
       where pres.first
       group by 2, 3
      on conflict (day, brand_id, hotel_id) do update set active = terminal_daily_stats.active + excluded.active
    ),
    alarm as (
      insert into terminal_alarms (terminal_id, kind, ip, hits, first_at, last_at)
      select a.id, 'ipOutsideWhitelist', a.ip, a.hits, to_timestamp(a.ms / 1000.0), to_timestamp(a.ms / 1000.0)
        from json_to_recordset(${p(alarmJson)}::json) as a(id int, ip text, hits int, ms float8)
       where exists (select 1 from terminals t where t.id = a.id)
      on conflict (terminal_id, kind, hotel_id) do update set
        ip = excluded.ip,
        hits = case when terminal_alarms.resolved_at is null then terminal_alarms.hits + excluded.hits else excluded.hits end,
        first_at = case when terminal_alarms.resolved_at is null then terminal_alarms.first_at else excluded.first_at end,
        last_at = excluded.last_at,
        resolved_at = null,
        resolved_by = null
    )
    select count(*)::int as seen from pres
  `);
  return ((result as unknown as { rows: { seen: number }[] }).rows[0]?.seen ?? 0) as number;
}

/** Boot records queued by `POST /boot`. */
export interface BootItem {
  id: number;
  ms: number;
  ip: string | null;
  publicIp: string | null;
  softwareVersion: string | null;
  launcher: string | null;
}

/** Writes a batch of boot records and each terminal's last boot time in one statement. */
export async function writeBoots(db: Db, items: readonly BootItem[]): Promise<void> {
  const last = new Map<number, number>();
  for (const item of [...items].sort((a, b) => a.id - b.id)) last.set(item.id, Math.max(item.ms, last.get(item.id) ?? 0));
  await db.execute(sql`
    with b as (
      insert into terminal_boot_records (terminal_id, at, ip, public_ip, software_version, launcher)
      select b.id, to_timestamp(b.ms / 1000.0), b.ip, b.pip, b.sw, b.la
        from unnest(${p(items.map((i) => i.id))}::int[], ${p(items.map((i) => i.ms))}::float8[], ${p(items.map((i) => i.ip))}::text[],
                    ${p(items.map((i) => i.publicIp))}::text[], ${p(items.map((i) => i.softwareVersion))}::text[], ${p(items.map((i) => i.launcher))}::text[])
          as b(id, ms, ip, pip, sw, la)
    )
    update terminals t set last_boot_at = to_timestamp(l.ms / 1000.0)
      from unnest(${p([...last.keys()])}::int[], ${p([...last.values()])}::float8[]) as l(id, ms)
     where t.id = l.id and (t.last_boot_at is null or t.last_boot_at < to_timestamp(l.ms / 1000.0))
  `);
}
