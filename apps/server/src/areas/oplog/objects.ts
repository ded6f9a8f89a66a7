import { records, USER_TYPE_NAMES, type Lang, type RecordDef, type Text, type UserType } from '@htv/shared';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, hotels, sentMessages, sessions, themes, users } from '../../db/schema/index.js';
import { hasLocalTitle, tableOf, titleOf, titleSql } from '../../records/engine.js';

/** Current titles of some objects of one kind, by id, in a language. */
type CurrentTitles = (db: Db, ids: number[], lang: Lang) => Promise<Map<number, string>>;

interface ObjectKind {
  label: Text;
  current: CurrentTitles;
  /**
   * The keys of the title in a row the log keeps (the before / after of a record write), in the
   * order tried: the English title first in English where the record has one.
   */
  keptTitle?: (lang: Lang) => string[];
  /**
   * The title follows the request language (names from the message catalogue): the current row gives
   * it, the kept one only names a row that is gone.
   */
  localized?: boolean;
}

const MESSAGE_TITLE_LENGTH = 30;

const byId = (rows: { id: number; title: string | null }[]) => new Map(rows.filter((row) => row.title !== null).map((row) => [row.id, row.title!]));

function recordKind(def: RecordDef): ObjectKind {
  const table = tableOf(def);
  return {
    label: def.label,
    keptTitle: (lang) => (lang === 'en-US' && def.titleFieldEn ? [def.titleFieldEn, def.titleField] : [def.titleField]),
    localized: hasLocalTitle(def),
    current: async (db, ids, lang) =>
      byId(await db.select({ id: table.id, title: sql<string | null>`${titleOf(def, table, lang)}::text` }).from(table).where(inArray(table.id, ids))),
  };
}

/** A platform session is named by its level, others by the brand or hotel they work in. */
function sessionTitle(lang: Lang): SQL<string | null> {
  const levels = ([1, 2, 3] as UserType[]).map((type) => sql`when ${type} then ${USER_TYPE_NAMES[type][lang]}`);
  return sql<string | null>`coalesce(${titleSql('hotel', lang)}, ${titleSql('brand', lang)}, case ${sessions.userType} ${sql.join(levels, sql` `)} end)`;
}

/** Objects of the log that are not records: accounts signing in, sessions returned to, messages sent, device settings of a hotel, templates. */
const OTHER_KINDS: Record<string, ObjectKind> = {
  user: {
    label: { 'zh-CN': '用户', 'en-US': 'User' },
    current: async (db, ids) => byId(await db.select({ id: users.id, title: users.name }).from(users).where(inArray(users.id, ids))),
  },
  session: {
    label: { 'zh-CN': '会话', 'en-US': 'Session' },
    current: async (db, ids, lang) =>
      byId(
        await db
          .select({ id: sessions.id, title: sessionTitle(lang) })
          .from(sessions)
          .leftJoin(hotels, eq(hotels.id, sessions.hotelId))
          .leftJoin(brands, eq(brands.id, sessions.brandId))
          .where(inArray(sessions.id, ids)),
      ),
  },
  message: {
    label: { 'zh-CN': '消息', 'en-US': 'Message' },
    current: async (db, ids) => {
      const rows = await db.select({ id: sentMessages.id, content: sentMessages.content }).from(sentMessages).where(inArray(sentMessages.id, ids));
      return new Map(rows.map((row) => [row.id, row.content.length > MESSAGE_TITLE_LENGTH ? `${row.content.slice(0, MESSAGE_TITLE_LENGTH)}…` : row.content]));
    },
  },
  hotelDeviceSettings: {
    label: { 'zh-CN': '酒店终端设置', 'en-US': 'Hotel device settings' },
    current: async (db, ids, lang) => byId(await db.select({ id: hotels.id, title: sql<string | null>`${titleSql('hotel', lang)}` }).from(hotels).where(inArray(hotels.id, ids))),
  },
  theme: {
    label: { 'zh-CN': '模板', 'en-US': 'Template' },
    keptTitle: () => ['name'],
    current: async (db, ids) => byId(await db.select({ id: themes.id, title: themes.name }).from(themes).where(inArray(themes.id, ids))),
  },
};

let kinds: Map<string, ObjectKind> | undefined;

function kindOf(type: string): ObjectKind | undefined {
  kinds ??= new Map([...Object.values(records as Record<string, RecordDef>).map((def) => [def.name, recordKind(def)] as const), ...Object.entries(OTHER_KINDS)]);
  return kinds.get(type);
}

/** A log row as far as naming its object goes. */
export interface LoggedObject {
  recordType: string | null;
  recordId: string | null;
  before: unknown;
  after: unknown;
}

export interface ObjectName {
  /** The kind of object in the request language (a record's label). */
  typeName: string | null;
  /** Its title: as the log row keeps it from the time of the action, else the current one; null when the row is gone. */
  title: string | null;
}

/** Ids of the tables objects live in are Postgres integers. */
const MAX_ID = 2 ** 31 - 1;
const idOf = (recordId: string | null): number | null => (recordId && /^[1-9]\d{0,9}$/.test(recordId) && Number(recordId) <= MAX_ID ? Number(recordId) : null);

/** The title a record write kept in its before / after row (a snapshot of the row carries the row's id): the first of `keys` filled. */
function keptTitle(object: LoggedObject, keys: string[]): string | null {
  for (const kept of [object.after, object.before]) {
    if (!kept || typeof kept !== 'object') continue;
    const row = kept as Record<string, unknown>;
    if (String(row.id) !== object.recordId) continue;
    for (const key of keys) {
      const value = row[key];
      if ((typeof value === 'string' || typeof value === 'number') && value !== '') return String(value);
    }
  }
  return null;
}

/**
 * Names the objects of some log rows in a language, with one query per kind for the current titles
 * needed. The rows come from the caller's reach of the log, and their objects are ones acted on there.
 */
export async function nameObjects(db: Db, rows: LoggedObject[], lang: Lang): Promise<ObjectName[]> {
  const found = rows.map((row) => {
    const kind = row.recordType ? kindOf(row.recordType) : undefined;
    const kept = kind?.keptTitle ? keptTitle(row, kind.keptTitle(lang)) : null;
    const id = idOf(row.recordId);
    return { kind, kept, id, needsCurrent: !!kind && id !== null && (kept === null || !!kind.localized) };
  });
  const wanted = new Map<string, Set<number>>();
  found.forEach(({ needsCurrent, id }, at) => {
    if (!needsCurrent) return;
    const type = rows[at]!.recordType!;
    let ids = wanted.get(type);
    if (!ids) wanted.set(type, (ids = new Set()));
    ids.add(id!);
  });
  const current = new Map<string, Map<number, string>>();
  for (const [type, ids] of wanted) current.set(type, await kindOf(type)!.current(db, [...ids], lang));
  return found.map(({ kind, kept, id }, at) => {
    const type = rows[at]!.recordType;
    if (!type) return { typeName: null, title: null };
    const now = id === null ? undefined : current.get(type)?.get(id);
    return { typeName: kind?.label[lang] ?? type, title: (kind?.localized ? (now ?? kept) : (kept ?? now)) ?? null };
  });
}
