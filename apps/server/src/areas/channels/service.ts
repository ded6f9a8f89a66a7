import { translate, type Lang } from '@htv/shared';
import type { ChannelsConfigPart, ProgrammeOnTv } from '@htv/shared/areas/channels/device';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { writeOpLog } from '../oplog/log.js';
import { invalidateConfig } from '../devices/plugin.js';
import { importKey, type PlaylistChannel, type PlaylistProblem, type ParsedPlaylist } from './m3u.js';
import { channelImports, channelLineup, channelProgrammes } from './schema.js';
import type { GuideProgramme } from './xmltv.js';

/** Most channels one playlist may import. */
export const MAX_PLAYLIST_CHANNELS = 10_000;
/** How long a preview waits to be applied. */
const IMPORT_TTL_MS = 60 * 60_000;
/** What a preview lists of each kind (the counts are whole). */
const PREVIEW_ROWS = 200;
/** The guide's window: programmes kept from a day back to this many days ahead. */
export const GUIDE_DAYS_AHEAD = 7;
const DAY_MS = 86_400_000;
/** The part carries the programmes from this long ago to this far ahead (a TV refetches its part at least daily). */
const PART_GUIDE_BACK_MS = 6 * 3_600_000;
const PART_GUIDE_AHEAD_MS = 30 * 3_600_000;

const channels = () => recordTables.channel!;
const ownChannels = () => recordTables.hotelChannel!;

type StoredChannel = { id: number; number: number | null; name: string; streamUrl: string; logo: string | null; epgId: string | null; type: string | null; active: boolean; source: string };
const COMPARED = ['number', 'name', 'streamUrl', 'logo', 'epgId', 'type'] as const;

async function storedChannels(db: Db): Promise<StoredChannel[]> {
  const c = channels();
  return (await db
    .select({ id: c.id, number: c.number, name: c.name, streamUrl: c.streamUrl, logo: c.logo, epgId: c.epgId, type: c.type, active: c.active, source: c.source })
    .from(c)
    .orderBy(asc(c.id))) as StoredChannel[];
}

interface ImportPlan {
  added: PlaylistChannel[];
  changed: { stored: StoredChannel; channel: PlaylistChannel; fields: string[] }[];
  removed: StoredChannel[];
  unchanged: number;
}

/**
 * What applying a playlist does to the platform's channels: channels of a new key are added, those of
 * a stored key changed (and enabled again), and imported channels the playlist lacks disabled (never
 * deleted; manual channels are left alone).
 */
function plan(stored: readonly StoredChannel[], playlist: readonly PlaylistChannel[]): ImportPlan {
  const byKey = new Map<string, StoredChannel>();
  for (const row of stored) if (!byKey.has(importKey(row))) byKey.set(importKey(row), row);
  const seen = new Set<number>();
  const result: ImportPlan = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const channel of playlist) {
    const row = byKey.get(importKey(channel));
    if (!row) {
      result.added.push(channel);
      continue;
    }
    seen.add(row.id);
    const fields: string[] = COMPARED.filter((field) => (row[field] ?? null) !== (channel[field] ?? null));
    if (!row.active) fields.push('active');
    if (fields.length > 0) result.changed.push({ stored: row, channel, fields });
    else result.unchanged++;
  }
  result.removed = stored.filter((row) => row.source === 'm3u' && row.active && !seen.has(row.id));
  return result;
}

const problemRows = (problems: readonly PlaylistProblem[], lang: Lang) =>
  problems.slice(0, PREVIEW_ROWS).map((p) => ({ line: p.line, text: p.text, reason: translate(p.reason, lang, p.params) }));

function previewOf(token: string, fileName: string, parsed: ParsedPlaylist, planned: ImportPlan, lang: Lang) {
  const brief = (c: { number: number | null; name: string; type: string | null; epgId: string | null }) => ({ number: c.number, name: c.name, type: c.type, epgId: c.epgId });
  return {
    token,
    fileName,
    counts: {
      channels: parsed.channels.length,
      added: planned.added.length,
      changed: planned.changed.length,
      removed: planned.removed.length,
      unchanged: planned.unchanged,
      broken: parsed.broken.length,
      duplicates: parsed.duplicates.length,
    },
    added: planned.added.slice(0, PREVIEW_ROWS).map(brief),
    changed: planned.changed.slice(0, PREVIEW_ROWS).map(({ stored, channel, fields }) => ({ id: stored.id, ...brief(channel), fields })),
    removed: planned.removed.slice(0, PREVIEW_ROWS).map((row) => ({ id: row.id, ...brief(row) })),
    broken: problemRows(parsed.broken, lang),
    duplicates: problemRows(parsed.duplicates, lang),
  };
}

export type ImportPreview = ReturnType<typeof previewOf>;

/** Keeps a read playlist for its preview to be applied, and says what applying it would do. */
export async function previewImport(db: Db, actor: Actor, fileName: string, parsed: ParsedPlaylist, lang: Lang): Promise<ImportPreview> {
  if (parsed.channels.length === 0) throw invalidFields({ file: { key: 'channels.noChannels' } });
  if (parsed.channels.length > MAX_PLAYLIST_CHANNELS) throw invalidFields({ file: { key: 'channels.tooManyChannels', params: { max: MAX_PLAYLIST_CHANNELS } } });
  const token = randomUUID();
  await db.delete(channelImports).where(lt(channelImports.createdAt, new Date(Date.now() - IMPORT_TTL_MS)));
  await db.insert(channelImports).values({ id: token, userId: actor.userId, fileName, channels: parsed.channels });
  return previewOf(token, fileName, parsed, plan(await storedChannels(db), parsed.channels), lang);
}

/** Applies a previewed playlist in one transaction, against the channels as they are now. */
export async function applyImport(db: Db, actor: Actor, token: string, ip: string) {
  const counts = await db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(channelImports)
      .where(and(eq(channelImports.id, token), eq(channelImports.userId, actor.userId), gt(channelImports.createdAt, new Date(Date.now() - IMPORT_TTL_MS))))
      .returning();
    if (!pending) throw invalidFields({ token: { key: 'channels.importExpired' } });
    const playlist = pending.channels as PlaylistChannel[];
    const planned = plan(await storedChannels(tx), playlist);
    const c = channels();
    const fieldsOf = (channel: PlaylistChannel) => ({ number: channel.number, name: channel.name, streamUrl: channel.streamUrl, logo: channel.logo, epgId: channel.epgId, type: channel.type });
    for (let i = 0; i < planned.added.length; i += 500) {
      const batch = planned.added.slice(i, i + 500);
      await tx.insert(c).values(batch.map((channel) => ({ ...fieldsOf(channel), active: true, source: 'm3u', createdBy: actor.userId })));
    }
    for (const { stored, channel } of planned.changed) {
      await tx.update(c).set({ ...fieldsOf(channel), active: true, updatedAt: new Date() }).where(eq(c.id, stored.id));
    }
    const removedIds = planned.removed.map((row) => row.id);
    for (let i = 0; i < removedIds.length; i += 1000) {
      await tx.update(c).set({ active: false, updatedAt: new Date() }).where(inArray(c.id, removedIds.slice(i, i + 1000)));
    }
    const result = { added: planned.added.length, changed: planned.changed.length, removed: planned.removed.length, unchanged: planned.unchanged };
    await writeOpLog(tx, actor, { action: 'channel.import', recordType: 'channel', after: { file: pending.fileName, ...result } }, ip);
    return result;
  });
  invalidateConfig({ all: true });
  return counts;
}

/**
 * Stores a guide's programmes: for each EPG id it names, its programmes in the window are replaced;
 * programmes that ended more than a day ago are dropped. One transaction.
 */
export async function storeGuide(db: Db, actor: Actor, programmes: readonly GuideProgramme[], ip: string) {
  const epgIds = [...new Set(programmes.map((p) => p.epgId))];
  const now = Date.now();
  await db.transaction(async (tx) => {
    await tx.delete(channelProgrammes).where(lt(channelProgrammes.endsAt, new Date(now - DAY_MS)));
    for (let i = 0; i < epgIds.length; i += 1000) await tx.delete(channelProgrammes).where(inArray(channelProgrammes.epgId, epgIds.slice(i, i + 1000)));
    for (let i = 0; i < programmes.length; i += 1000) {
      await tx.insert(channelProgrammes).values(programmes.slice(i, i + 1000).map((p) => ({ ...p })));
    }
    await writeOpLog(tx, actor, { action: 'channel.guide', recordType: 'channel', after: { channels: epgIds.length, programmes: programmes.length } }, ip);
  });
  invalidateConfig({ all: true });
  return { channels: epgIds.length, programmes: programmes.length };
}

/** The window of programmes a guide import keeps. */
export function guideWindow(now = Date.now()): { from: Date; to: Date } {
  return { from: new Date(now - DAY_MS), to: new Date(now + GUIDE_DAYS_AHEAD * DAY_MS) };
}

// --- the hotel's list -----------------------------------------------------------------------------

export type ChannelKey = `p${number}` | `h${number}`;
export const CHANNEL_KEY = /^[ph][1-9]\d{0,9}$/;

/** Whether the hotel has live TV (the channel feature of spec part 2 §6: version 0 is off). */
export async function hotelHasChannels(db: Db, hotelId: number): Promise<boolean> {
  const [row] = await db.select({ channelVer: hotels.channelVer }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  return !!row && row.channelVer > 0;
}

interface LineupChannel {
  key: string;
  source: 'platform' | 'hotel';
  id: number;
  number: number | null;
  name: string;
  type: string | null;
  logo: string | null;
  streamUrl: string;
  epgId: string | null;
  active: boolean;
  /** Place in the hotel's list from 1; null: not shown. */
  position: number | null;
}

const lineupKey = (row: { channelId: number | null; hotelChannelId: number | null }) => (row.channelId !== null ? `p${row.channelId}` : `h${row.hotelChannelId}`);

async function lineupRows(db: Db, hotelId: number) {
  return db
    .select({ id: channelLineup.id, channelId: channelLineup.channelId, hotelChannelId: channelLineup.hotelChannelId, position: channelLineup.position })
    .from(channelLineup)
    .where(eq(channelLineup.hotelId, hotelId))
    .orderBy(asc(channelLineup.position), asc(channelLineup.id));
}

/**
 * Every channel a hotel may show (the platform's enabled ones, its own) with its place in the hotel's
 * list; the list's channels first in their order, then the rest by number.
 */
export async function hotelChannels(db: Db, hotelId: number): Promise<LineupChannel[]> {
  const c = channels();
  const own = ownChannels();
  const [lineup, platformRows, ownRows] = await Promise.all([
    lineupRows(db, hotelId),
    db.select({ id: c.id, number: c.number, name: c.name, type: c.type, logo: c.logo, streamUrl: c.streamUrl, epgId: c.epgId, active: c.active }).from(c).where(eq(c.active, true)),
    db.select({ id: own.id, number: own.number, name: own.name, logo: own.logo, streamUrl: own.streamUrl, epgId: own.epgId, active: own.active }).from(own).where(eq(own.hotelId, hotelId)),
  ]);
  const positions = new Map<string, number>();
  lineup.forEach((row) => positions.set(lineupKey(row), positions.size + 1));
  const all: LineupChannel[] = [
    ...(platformRows as Omit<LineupChannel, 'key' | 'source' | 'position'>[]).map((row) => ({ ...row, key: `p${row.id}`, source: 'platform' as const, position: positions.get(`p${row.id}`) ?? null })),
    ...(ownRows as Omit<LineupChannel, 'key' | 'source' | 'position' | 'type'>[]).map((row) => ({ ...row, type: null, key: `h${row.id}`, source: 'hotel' as const, position: positions.get(`h${row.id}`) ?? null })),
  ];
  const byNumber = (a: LineupChannel, b: LineupChannel) => (a.number ?? Infinity) - (b.number ?? Infinity) || a.name.localeCompare(b.name, 'zh-CN') || a.key.localeCompare(b.key);
  return all.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || byNumber(a, b));
}

/** Writes the hotel's list in this order, in one transaction, and tells its TVs. */
async function writeLineup(db: Db, actor: Actor, hotelId: number, keys: readonly string[], action: string, ip: string) {
  const brandId = actor.brandId!;
  await db.transaction(async (tx) => {
    await tx.delete(channelLineup).where(eq(channelLineup.hotelId, hotelId));
    const rows = keys.map((key, index) => ({
      brandId,
      hotelId,
      channelId: key.startsWith('p') ? Number(key.slice(1)) : null,
      hotelChannelId: key.startsWith('h') ? Number(key.slice(1)) : null,
      position: index + 1,
    }));
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(channelLineup).values(rows.slice(i, i + 1000));
    await writeOpLog(tx, actor, { action, recordType: 'hotelChannel', after: { channels: keys.length } }, ip);
  });
  invalidateConfig({ hotelId });
}

function checkKeys(keys: readonly string[], known: ReadonlySet<string>, field: string) {
  const seen = new Set<string>();
  keys.forEach((key, index) => {
    if (seen.has(key)) throw invalidFields({ [field]: { key: 'channels.repeatedChannel', params: { index: index + 1 } } });
    seen.add(key);
    if (!known.has(key)) throw invalidFields({ [field]: { key: 'channels.unknownChannel', params: { index: index + 1 } } });
  });
}

async function assertFeature(db: Db, hotelId: number) {
  if (!(await hotelHasChannels(db, hotelId))) throw new AppError('forbidden', 'channels.featureOff');
}

/**
 * Which channels the hotel's TVs show (`/tvlist`): those listed stay in their order, new ones follow
 * in the order given. Only the platform's enabled channels and the hotel's own enabled ones can be
 * named; any other id (another hotel's channel) is refused as unknown.
 */
export async function setShown(db: Db, actor: Actor, keys: readonly string[], ip: string) {
  const hotelId = actor.hotelId!;
  await assertFeature(db, hotelId);
  const available = await hotelChannels(db, hotelId);
  checkKeys(keys, new Set(available.filter((c) => c.active).map((c) => c.key)), 'keys');
  const wanted = new Set(keys);
  const kept = available.filter((c) => c.position !== null && wanted.has(c.key)).map((c) => c.key);
  const keptSet = new Set(kept);
  await writeLineup(db, actor, hotelId, [...kept, ...keys.filter((key) => !keptSet.has(key))], 'channel.lineup', ip);
  return hotelChannels(db, hotelId);
}

/** The hotel's list in a new order (`/channel_sorting`): exactly the channels it lists now. */
export async function setOrder(db: Db, actor: Actor, keys: readonly string[], ip: string) {
  const hotelId = actor.hotelId!;
  await assertFeature(db, hotelId);
  const listed = (await hotelChannels(db, hotelId)).filter((c) => c.position !== null && c.active).map((c) => c.key);
  checkKeys(keys, new Set(listed), 'keys');
  if (keys.length !== listed.length) throw invalidFields({ keys: { key: 'channels.orderMismatch' } });
  // Rows of a channel disabled since keep their place after the ordered ones (shown again when enabled).
  const rest = (await lineupRows(db, hotelId)).map(lineupKey).filter((key) => !keys.includes(key));
  await writeLineup(db, actor, hotelId, [...keys, ...rest], 'channel.sort', ip);
  return hotelChannels(db, hotelId);
}

// --- the TVs' part --------------------------------------------------------------------------------

/**
 * A hotel's live TV as its TVs get it: its listed, enabled channels numbered by their place, and the
 * programmes of their EPG ids around now. Undefined for a hotel without the channel feature.
 */
export async function channelsPart(db: Db, hotelId: number, now = Date.now()): Promise<ChannelsConfigPart | undefined> {
  if (!(await hotelHasChannels(db, hotelId))) return undefined;
  const shown = (await hotelChannels(db, hotelId)).filter((c) => c.position !== null && c.active);
  const list = shown.map((c, index) => ({ key: c.key, number: index + 1, name: c.name, logo: c.logo, url: c.streamUrl, epgId: c.epgId }));
  const epgIds = [...new Set(list.map((c) => c.epgId).filter((id): id is string => !!id))];
  const guide: Record<string, ProgrammeOnTv[]> = {};
  if (epgIds.length > 0) {
    const rows = await db
      .select({ epgId: channelProgrammes.epgId, startsAt: channelProgrammes.startsAt, endsAt: channelProgrammes.endsAt, title: channelProgrammes.title })
      .from(channelProgrammes)
      .where(and(inArray(channelProgrammes.epgId, epgIds), gt(channelProgrammes.endsAt, new Date(now - PART_GUIDE_BACK_MS)), lt(channelProgrammes.startsAt, new Date(now + PART_GUIDE_AHEAD_MS))))
      .orderBy(asc(channelProgrammes.startsAt));
    for (const row of rows) (guide[row.epgId] ??= []).push({ start: row.startsAt.getTime(), stop: row.endsAt.getTime(), title: row.title });
  }
  return { channels: list, guide };
}

