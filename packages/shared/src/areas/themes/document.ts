import { z } from 'zod';

/**
 * The theme document (spec part 1 §3 "Theme / template"): the theme's own fields and its layouts,
 * pages, containers and blocks, checked as one value. Drafts are saved in this shape, published
 * versions freeze it, and TVs receive it. References (materials, pages, apps) are checked as a whole
 * when the theme is published (apps/server/src/areas/themes/check.ts).
 */

/** Languages a theme's texts exist in (spec §3). */
export const CONTENT_LANGS = ['zh-CN', 'zh-TW', 'ja', 'ko', 'en'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

export { STAGE, type Orientation } from './stage.js';

export const EQUIPMENT_TYPES = ['room', 'public', 'meeting'] as const;
export const INTERFACE_TYPES = ['common', 'welcome', 'main'] as const;
/**
 * What a template is for: the launcher (room, public-area and meeting-room templates) or the welcome
 * interface a TV shows before the launcher (`/skin/list`). Set when the template is made, never changed.
 */
export const THEME_KINDS = ['launcher', 'welcome'] as const;
export type ThemeKind = (typeof THEME_KINDS)[number];

const key = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const colour = z.string().regex(/^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
const materialId = z.number().int().positive();

/** A text in each content language the author wrote it in; the theme's first language is the fallback. */
export const localText = z.partialRecord(z.enum(CONTENT_LANGS), z.string().max(2000));
export type LocalText = z.infer<typeof localText>;

/** What a focus or a click does: a typed action, never a free string. */
export const action = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('openPage'), pageKey: key }),
  z.strictObject({ action: z.literal('openApp'), packageName: z.string().regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/) }),
  /** A content area of the product (notices, shop, VOD, ...), opened by its route key. */
  z.strictObject({ action: z.literal('openArea'), area: key }),
  z.strictObject({ action: z.literal('playMedia'), materialId }),
]);
export type ThemeAction = z.infer<typeof action>;

/** Shown always, for a duration after boot, or within a daily time range. */
export const autoShow = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('none') }),
  z.strictObject({ mode: z.literal('duration'), seconds: z.number().int().min(1).max(86_400) }),
  z.strictObject({ mode: z.literal('timeRange'), from: z.string().regex(/^\d{2}:\d{2}$/), to: z.string().regex(/^\d{2}:\d{2}$/) }),
]);

/** Position and size on the stage (pixels of STAGE); that it fits the stage is checked with the orientation. */
const box = {
  x: z.number().int().min(0).max(1920),
  y: z.number().int().min(0).max(1920),
  width: z.number().int().min(1).max(1920),
  height: z.number().int().min(1).max(1920),
};

/** What every block carries besides its type's own properties. */
const blockCommon = {
  key,
  ...box,
  focusable: z.boolean().default(false),
  focusEvent: action.optional(),
  clickEvent: action.optional(),
  animation: z.enum(['none', 'fade', 'slide', 'zoom']).default('none'),
  font: z.strictObject({ family: z.string().max(40).optional(), size: z.number().int().min(8).max(200).default(24), bold: z.boolean().default(false) }).optional(),
  color: colour.optional(),
  background: colour.optional(),
  align: z.enum(['left', 'center', 'right']).default('left'),
  opacity: z.number().min(0).max(1).default(1),
  radius: z.number().int().min(0).max(960).default(0),
  /** Background blur level (spec §5: an integer 5-25). */
  blur: z.number().int().min(5).max(25).optional(),
  autoShow: autoShow.default({ mode: 'none' }),
  /** Tag of the quick-settings page that edits this block's attributes. */
  attrTag: key.optional(),
  /** Hand-set D-pad moves: the key of the block each direction goes to (else the nearest one that way). */
  nav: z.strictObject({ up: key.optional(), down: key.optional(), left: key.optional(), right: key.optional() }).optional(),
};

export interface BlockType<T extends string = string, S extends z.core.$ZodLooseShape = z.core.$ZodLooseShape> {
  type: T;
  /** The block's own properties; its material ids are found by `materials`. */
  shape: S;
  materials?: (block: z.infer<z.ZodObject<S>>) => number[];
}

const blockTypes = new Map<string, z.ZodObject>();
const materialFinders = new Map<string, (block: Record<string, unknown>) => number[]>();

/**
 * Registers a block type. Areas add theirs (shop, VOD, notices...) from their own modules before the
 * schema is first used; the core's list is below.
 */
export function defineBlockType<T extends string, S extends z.core.$ZodLooseShape>(def: BlockType<T, S>): void {
  blockTypes.set(def.type, z.strictObject({ type: z.literal(def.type), ...blockCommon, ...def.shape }));
  if (def.materials) materialFinders.set(def.type, def.materials as (block: Record<string, unknown>) => number[]);
}

const loop = z.number().int().min(0).max(1000).default(0);
defineBlockType({ type: 'image', shape: { materialIds: z.array(materialId).min(1).max(50), intervalSeconds: z.number().int().min(1).max(3600).default(5), loop }, materials: (b) => b.materialIds });
defineBlockType({ type: 'video', shape: { materialIds: z.array(materialId).min(1).max(50), loop, muted: z.boolean().default(false) }, materials: (b) => b.materialIds });
defineBlockType({ type: 'text', shape: { text: localText, scroll: z.boolean().default(false) } });
defineBlockType({ type: 'clock', shape: { format: z.enum(['HH:mm', 'HH:mm:ss', 'yyyy-MM-dd HH:mm']).default('HH:mm') } });
defineBlockType({ type: 'weather', shape: { city: z.string().max(40).optional() } });
defineBlockType({ type: 'qrCode', shape: { content: z.string().min(1).max(500) } });
defineBlockType({ type: 'app', shape: { packageName: z.string().regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/), title: localText, iconMaterialId: materialId.optional() }, materials: (b) => (b.iconMaterialId ? [b.iconMaterialId] : []) });
defineBlockType({ type: 'webPage', shape: { url: z.url({ protocol: /^https?$/ }).max(500) } });
/** Slots their areas fill: the block only says where and how the area's content shows. */
export const SLOT_TYPES = ['notice', 'subtitle', 'shop', 'vod', 'introduction', 'music'] as const;
for (const slot of SLOT_TYPES) {
  defineBlockType({ type: slot, shape: { title: localText.optional() } });
}

/** Properties every block has (place, style, events): a block type's own properties are the others. */
export const BLOCK_COMMON_KEYS: readonly string[] = ['type', ...Object.keys(blockCommon)];

/** The registered block types, in registration order. */
export const blockTypeNames = (): string[] => [...blockTypes.keys()];

/** The schema of one block type (editors generate their property forms from it). */
export const blockSchemaOf = (type: string): z.ZodObject | undefined => blockTypes.get(type);

/** Material ids a block uses (by its type's finder). */
export function blockMaterials(block: { type: string } & Record<string, unknown>): number[] {
  return materialFinders.get(block.type)?.(block) ?? [];
}

const block = z.lazy(() => z.discriminatedUnion('type', [...blockTypes.values()] as unknown as [z.ZodObject, ...z.ZodObject[]]));
export type ThemeBlock = { type: string; key: string } & Record<string, unknown>;

export const containerSchema = z.strictObject({ key, name: z.string().min(1).max(30), ...box, focusable: z.boolean().default(false), attrTag: key.optional(), blocks: z.array(block).max(100) });

export const pageSchema = z.strictObject({
  key,
  type: z.enum(['home', 'list', 'detail', 'custom']).default('custom'),
  name: z.string().min(1).max(30),
  description: z.string().max(200).default(''),
  /** Larger ranks higher. */
  sort: z.number().int().min(0).max(9999).default(0),
  containers: z.array(containerSchema).max(50),
});

export const layoutSchema = z.strictObject({
  key,
  name: z.string().min(1).max(30),
  /** Key of the parent layout (a sub-layout opened from it). */
  parent: key.optional(),
  type: z.enum(INTERFACE_TYPES),
  bootDisplay: z.boolean().default(false),
  autoShow: autoShow.default({ mode: 'none' }),
  pages: z.array(pageSchema).max(50),
});

export const themeFields = z.strictObject({
  name: z.string().trim().min(1).max(30),
  kind: z.enum(THEME_KINDS).default('launcher'),
  color: colour.default('#1677ff'),
  languages: z.array(z.enum(CONTENT_LANGS)).min(1).max(CONTENT_LANGS.length),
  interfaceTypes: z.array(z.enum(INTERFACE_TYPES)).min(1).max(INTERFACE_TYPES.length),
  screenRatio: z.enum(['16:9', '9:16', '4:3', '21:9']).default('16:9'),
  orientation: z.enum(['landscape', 'portrait']).default('landscape'),
  screenShare: z.boolean().default(false),
  /** At most 2 (spec §5). */
  previewMaterialIds: z.array(materialId).max(2).default([]),
  visibility: z.enum(['public', 'private']).default('private'),
  equipmentType: z.enum(EQUIPMENT_TYPES).default('room'),
  /** The theme type (template category) id. */
  typeId: z.number().int().positive().nullable().default(null),
  /** A hotel's quick-settings override: the brand theme it follows (docs/themes.md, "Quick settings"). */
  baseThemeId: z.number().int().positive().optional(),
});

export const themeDocument = z.strictObject({ theme: themeFields, layouts: z.array(layoutSchema).max(20) });
export type ThemeDocument = z.infer<typeof themeDocument>;
export type ThemeLayout = ThemeDocument['layouts'][number];
export type ThemePage = ThemeLayout['pages'][number];
export type ThemeContainer = ThemePage['containers'][number];

/**
 * A new theme's draft: one main layout with one empty home page; a welcome template's one welcome
 * layout greets the guest (`{guest}`, filled in by the TV) and says how to go on.
 */
export function emptyDocument(theme: { name: string; equipmentType: (typeof EQUIPMENT_TYPES)[number]; typeId: number | null; kind?: ThemeKind }): ThemeDocument {
  if (theme.kind !== 'welcome') {
    return themeDocument.parse({
      theme: { ...theme, languages: ['zh-CN', 'en'], interfaceTypes: ['main'] },
      layouts: [{ key: 'main', name: 'Main', type: 'main', pages: [{ key: 'home', type: 'home', name: 'Home', containers: [] }] }],
    });
  }
  const text = (key: string, y: number, size: number, zh: string, en: string) => ({ type: 'text', key, x: 160, y, width: 1600, height: size * 2, align: 'center', font: { size, bold: size > 40 }, text: { 'zh-CN': zh, en } });
  return themeDocument.parse({
    theme: { ...theme, languages: ['zh-CN', 'en'], interfaceTypes: ['welcome'] },
    layouts: [
      {
        key: 'welcome',
        name: 'Welcome',
        type: 'welcome',
        bootDisplay: true,
        pages: [
          {
            key: 'welcome-home',
            type: 'home',
            name: 'Welcome',
            containers: [
              {
                key: 'welcome-box',
                name: 'Greeting',
                x: 0,
                y: 0,
                width: 1920,
                height: 1080,
                blocks: [text('greeting', 380, 72, '{guest}，欢迎入住', 'Welcome, {guest}'), text('hint', 640, 32, '按OK键进入主页', 'Press OK to continue')],
              },
            ],
          },
        ],
      },
    ],
  });
}

/** Every block of a document with its path (for findings shown on the block). */
export function* blocksOf(doc: ThemeDocument): Generator<{ path: string; block: ThemeBlock }> {
  for (const [l, lay] of doc.layouts.entries())
    for (const [p, pg] of lay.pages.entries())
      for (const [c, con] of pg.containers.entries())
        for (const [b, blk] of con.blocks.entries()) yield { path: `layouts.${l}.pages.${p}.containers.${c}.blocks.${b}`, block: blk as ThemeBlock };
}

/** Every use of a material in a document, with the path of the part that uses it. */
export function materialUses(doc: ThemeDocument): { id: number; path: string }[] {
  const uses = doc.theme.previewMaterialIds.map((id) => ({ id, path: 'theme.previewMaterialIds' }));
  for (const { path, block } of blocksOf(doc)) {
    for (const id of blockMaterials(block)) uses.push({ id, path });
    for (const name of ['focusEvent', 'clickEvent'] as const) {
      const event = block[name] as ThemeAction | undefined;
      if (event?.action === 'playMedia') uses.push({ id: event.materialId, path: `${path}.${name}` });
    }
  }
  return uses;
}

/** The distinct material ids a document uses. */
export const materialsOf = (doc: ThemeDocument): number[] => [...new Set(materialUses(doc).map((use) => use.id))];
