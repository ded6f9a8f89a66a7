import { records } from '@htv/shared';
import { BOOT_FILE_PARTS, menuPasswordHash, type BootConfigPart, type BootFile, type BootSource, type HideableModule, type TvMenuSetting } from '@htv/shared/areas/boot/index';
import { TV_MENU_SETTINGS } from '@htv/shared/areas/boot/records';
import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { tableOf, type Row } from '../../records/engine.js';

/** The terminal a boot policy is resolved for. */
export interface BootTerminal {
  mac: string;
  brandId: number | null;
  hotelId: number | null;
  model?: string | null;
  softwareVersion?: string | null;
}

export interface BootCandidate {
  policy: Row;
  source: BootSource;
}

/** How long the rows the boot part reads are kept in memory (writes in this process clear them at once). */
const CACHE_MS = 30_000;
const CACHE_MAX = 50_000;
let generation = 0;

/**
 * The rows behind the `boot` part (policies of a level, hiding rules, a hotel's menu, file facts)
 * remembered per database for CACHE_MS, so a fleet refetching its configuration does not query them
 * per TV. Every boot write of this process clears them (`bootDataChanged`); another process's write
 * is seen within CACHE_MS.
 */
class BootMemo {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private generation = generation;

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.generation !== generation || this.entries.size > CACHE_MAX) {
      this.entries.clear();
      this.generation = generation;
    }
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
    const value = load();
    value.catch(() => this.entries.delete(key));
    this.entries.set(key, { at: now, value });
    return value;
  }
}

const memos = new WeakMap<Db, BootMemo>();
function memoOf(db: Db): BootMemo {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new BootMemo()));
  return memo;
}

/** Boot policies, hiding rules or TV menus changed: what the boot part remembered is read again. */
export function bootDataChanged(): void {
  generation++;
}

const RANK: Record<BootSource, number> = { mac: 4, hotel: 3, brand: 2, platform: 1 };
const LEVEL: Record<Exclude<BootSource, 'mac'>, number> = { hotel: 3, brand: 2, platform: 1 };

export const macsOf = (value: unknown): string[] => (typeof value === 'string' && value.trim() ? value.split('|').map((m) => m.trim().toUpperCase()).filter(Boolean) : []);

function levelOf(row: Row): Exclude<BootSource, 'mac'> {
  return row.hotelId !== null ? 'hotel' : row.brandId !== null ? 'brand' : 'platform';
}

/**
 * The policies in use that reach a terminal, best first: one naming its MAC (the lowest level's
 * first: its hotel's over its brand's over the platform's), then its hotel's, its brand's and the
 * platform's default. A level's policy reaches only terminals inside that level.
 */
export async function bootCandidates(db: Db, terminal: BootTerminal): Promise<BootCandidate[]> {
  const table = tableOf(records.bootPolicy);
  const levels: SQL[] = [and(isNull(table.brandId), isNull(table.hotelId))!];
  if (terminal.brandId !== null) levels.push(and(eq(table.brandId, terminal.brandId), isNull(table.hotelId))!);
  if (terminal.hotelId !== null) levels.push(eq(table.hotelId, terminal.hotelId));
  const rows = await memoOf(db).get(`policies:${terminal.brandId}:${terminal.hotelId}`, async () =>
    (await db.select().from(table).where(and(eq(table.active, true), or(...levels))).orderBy(desc(table.updatedAt), desc(table.id))) as Row[],
  );
  const mac = terminal.mac.toUpperCase();
  const candidates: (BootCandidate & { level: number })[] = [];
  for (const row of rows) {
    const macs = macsOf(row.macs);
    const level = LEVEL[levelOf(row)];
    if (macs.length) {
      if (macs.includes(mac)) candidates.push({ policy: row, source: 'mac', level });
    } else {
      candidates.push({ policy: row, source: levelOf(row), level });
    }
  }
  return candidates.sort((a, b) => RANK[b.source] - RANK[a.source] || b.level - a.level).map(({ policy, source }) => ({ policy, source }));
}

const listOf = (value: unknown) => (typeof value === 'string' ? value.split('|').map((v) => v.trim()).filter(Boolean) : []);

/** The platform's content-hiding rules that match a terminal (enabled; every empty condition matches). */
export async function hideRulesFor(db: Db, terminal: BootTerminal): Promise<Row[]> {
  const table = tableOf(records.contentHideRule);
  const rows = await memoOf(db).get('hideRules', async () => (await db.select().from(table).where(eq(table.enabled, true)).orderBy(table.id)) as Row[]);
  return rows.filter((rule) => {
    const models = listOf(rule.models);
    const versions = listOf(rule.versions);
    return (
      (rule.brandId === null || rule.brandId === terminal.brandId) &&
      (rule.hotelId === null || rule.hotelId === terminal.hotelId) &&
      (!models.length || models.includes(terminal.model ?? '')) &&
      (!versions.length || versions.includes(terminal.softwareVersion ?? ''))
    );
  });
}

/** The address a TV downloads a boot file from: immutable, the SHA-256 in the path. */
export const bootFileUrl = (fileId: string, sha256: string) => `/api/device/v1/boot-files/${fileId}/${sha256}`;

/**
 * When a TV applies a change in the maintenance window: the window's start plus a spread drawn from
 * its MAC (stable per TV, so a hotel's TVs do not all come at once), within the jitter and the window,
 * as HH:mm of the TV's local time.
 */
export function windowTime(mac: string, start: string, end: string, jitterMinutes: number): string {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const from = minutes(start);
  const length = (minutes(end) - from + 24 * 60) % (24 * 60) || 24 * 60;
  const spread = Math.max(0, Math.min(jitterMinutes, length - 1));
  const draw = spread ? createHash('sha256').update(mac.toUpperCase()).digest().readUInt32BE(0) % (spread + 1) : 0;
  const at = (from + draw) % (24 * 60);
  return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
}

/**
 * The maintenance window of a terminal's hotel, as its boot settings give it: the window of the best
 * policy in use reaching it (MAC over hotel over brand over platform) that sets both ends, whatever its
 * apply mode, so a hotel policy without a window keeps its brand's. The start is spread by the MAC
 * within the policy's jitter, as a boot change's is. Null when no policy sets one.
 */
export async function maintenanceWindowFor(db: Db, terminal: BootTerminal): Promise<{ start: string; end: string } | null> {
  const policy = (await bootCandidates(db, terminal)).map((c) => c.policy).find((p) => p.windowStart && p.windowEnd);
  if (!policy) return null;
  const end = String(policy.windowEnd);
  return { start: windowTime(terminal.mac, String(policy.windowStart), end, Number(policy.jitterMinutes ?? 0)), end };
}

/** A terminal's `boot` configuration part: its policy with file addresses, hidden modules and the hotel's TV menu. */
export async function bootPartFor(db: Db, terminal: BootTerminal): Promise<BootConfigPart> {
  const [best] = await bootCandidates(db, terminal);
  const hide = [...new Set((await hideRulesFor(db, terminal)).map((rule) => rule.module as HideableModule))];
  let tvMenu: BootConfigPart['tvMenu'] = null;
  if (terminal.hotelId !== null) {
    const menus = tableOf(records.hotelTvMenu);
    const hotelId = terminal.hotelId;
    const [menu] = await memoOf(db).get(`menu:${hotelId}`, async () => (await db.select().from(menus).where(eq(menus.hotelId, hotelId)).limit(1)) as Row[]);
    if (menu) {
      // The TV checks the installer's password against a hash salted with its own MAC: the password
      // itself never leaves the server, and one TV's hash is no other TV's.
      const salt = terminal.mac.toUpperCase();
      tvMenu = {
        name: typeof menu.name === 'string' ? menu.name : '',
        settings: TV_MENU_SETTINGS.filter((name) => menu[name] === true) as TvMenuSetting[],
        password: { salt, sha256: menuPasswordHash(salt, String(menu.password)) },
        entries: typeof menu.entries === 'string' ? menu.entries.split(/\r?\n/).map((e) => e.trim()).filter(Boolean) : [],
      };
    }
  }
  if (!best) return { policy: null, hide, tvMenu };
  const policy = best.policy;
  const ids = BOOT_FILE_PARTS.map((part) => policy[part]).filter((id): id is string => typeof id === 'string');
  const rows = ids.length ? await memoOf(db).get(`files:${ids.join(',')}`, () => db.select().from(files).where(inArray(files.id, ids))) : [];
  const byId = new Map(rows.map((file) => [file.id, file]));
  const partFiles: NonNullable<BootConfigPart['policy']>['files'] = {};
  for (const part of BOOT_FILE_PARTS) {
    const file = byId.get(policy[part] as string);
    if (!file) continue;
    partFiles[part] = { fileId: file.id, url: bootFileUrl(file.id, file.sha256), mime: file.mime, size: file.size, sha256: file.sha256, width: file.width, height: file.height } satisfies BootFile;
  }
  const mode = policy.applyMode as 'nextBoot' | 'window' | 'now';
  const at = mode === 'window' && policy.windowStart && policy.windowEnd ? windowTime(terminal.mac, String(policy.windowStart), String(policy.windowEnd), Number(policy.jitterMinutes ?? 0)) : null;
  const body = {
    id: policy.id,
    name: String(policy.name),
    source: best.source,
    files: partFiles,
    wifiName: (policy.wifiName as string | null) ?? null,
    castName: (policy.castName as string | null) ?? null,
    apply: { mode, at },
  };
  const etag = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32);
  return { policy: { ...body, etag }, hide, tvMenu };
}
