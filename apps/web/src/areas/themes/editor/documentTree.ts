import { blockSchemaOf, containerSchema, layoutSchema, NEW_TEXT, pageSchema, propertyUi, themeDocument, themeFields, type ContentLang, type ThemeBlock, type ThemeDocument, type ThemePage } from '@htv/shared/areas/themes/index';
import type { Lang } from '@htv/shared';
import { stageOf } from '@htv/renderer';
import { clampToStage, type Rect } from '@htv/renderer/editing';
import type { z } from 'zod';

/** Where the editor finds things in a theme document: tree places, paths, blocks and fresh keys. */

export type Node = Record<string, unknown>;
/** A tree node's place: indexes of layout, page, container, block (as many as its depth). */
export type Place = number[];

export const CHILD_LISTS = ['layouts', 'pages', 'containers', 'blocks'] as const;
export const placeKey = (place: Place) => (place.length ? place.join('.') : 'theme');
export const placeOfKey = (key: string): Place => (key === 'theme' ? [] : key.split('.').map(Number));
/** The document path of a place (`layouts.0.pages.1`), as the server's messages name them. */
export const pathOf = (place: Place) => place.map((index, depth) => `${CHILD_LISTS[depth]}.${index}`).join('.');

export function nodeAt(doc: ThemeDocument, place: Place): Node {
  let node: Node = doc as unknown as Node;
  place.forEach((index, depth) => (node = (node[CHILD_LISTS[depth]!] as Node[])[index]!));
  return place.length ? node : (doc.theme as unknown as Node);
}

/** The child list under a place (the layouts under the theme). */
export const childList = (doc: ThemeDocument, place: Place) => (place.length ? (nodeAt(doc, place)[CHILD_LISTS[place.length]!] as Node[]) : (doc.layouts as unknown as Node[]));

export function schemaAt(doc: ThemeDocument, place: Place): z.ZodObject | undefined {
  if (place.length === 0) return themeFields as unknown as z.ZodObject;
  if (place.length === 4) return blockSchemaOf(String(nodeAt(doc, place).type));
  return [layoutSchema, pageSchema, containerSchema][place.length - 1] as unknown as z.ZodObject;
}

/** Replaces a node's properties in place (its parent keeps the same object). */
export function replaceNode(target: Node, next: Node) {
  for (const name of Object.keys(target)) delete target[name];
  Object.assign(target, next);
}

/** A key not yet used in the document (keys are unique in it), skipping `taken` too. */
export function freshKey(doc: ThemeDocument, stem: string, taken: ReadonlySet<string> = new Set()): string {
  const used = JSON.stringify(doc);
  for (let n = 1; ; n++) if (!taken.has(`${stem}${n}`) && !used.includes(`"key":"${stem}${n}"`)) return `${stem}${n}`;
}

export const pageAt = (doc: ThemeDocument, place: Place): ThemePage | undefined => doc.layouts[place[0]!]?.pages[place[1]!];

/** The first page of the document, for a fresh editor. */
export function firstPagePlace(doc: ThemeDocument): Place | undefined {
  const layout = doc.layouts.findIndex((l) => l.pages.length > 0);
  return layout < 0 ? undefined : [layout, 0];
}

/** The place of a block by key on a page (the page's place given). */
export function blockPlace(doc: ThemeDocument, page: Place, key: string): Place | undefined {
  const containers = pageAt(doc, page)?.containers ?? [];
  for (const [c, container] of containers.entries()) {
    const b = (container.blocks as ThemeBlock[]).findIndex((block) => block.key === key);
    if (b >= 0) return [page[0]!, page[1]!, c, b];
  }
  return undefined;
}

export type PlacedBlock = ThemeBlock & Rect;

/** A page's blocks, in drawing order. */
export const blocksOf = (page: ThemePage | undefined): PlacedBlock[] => (page?.containers ?? []).flatMap((c) => c.blocks as PlacedBlock[]);

/** What a new block of a type needs to be drawn and saved (a picture block gets its pictures later). */
export function newBlock(type: string, key: string, box: Rect, languages: readonly ContentLang[] = []): Node & Rect {
  const words = Object.fromEntries(languages.map((lang) => [lang, NEW_TEXT[lang.startsWith('zh') ? 'zh-CN' : 'en-US']]));
  const own: Record<string, Node> = {
    text: { text: words, font: { size: 48, bold: false } },
    clock: { format: 'HH:mm', font: { size: 64, bold: false }, align: 'center' },
    qrCode: { content: 'https://' },
    webPage: { url: 'https://' },
  };
  return { type, key, ...box, ...(own[type] ?? {}) };
}

/** The size a block of a type starts with on the stage: large enough to see and to grab. */
const NEW_SIZES: Record<string, { width: number; height: number }> = {
  text: { width: 640, height: 120 },
  clock: { width: 320, height: 120 },
  weather: { width: 400, height: 120 },
  qrCode: { width: 240, height: 240 },
  app: { width: 240, height: 240 },
  image: { width: 480, height: 270 },
  video: { width: 640, height: 360 },
  webPage: { width: 960, height: 540 },
};
const NEW_SIZE = { width: 480, height: 270 };

/** A new block's box: its type's starting size, centred on a stage point, kept on the stage. */
export const newBlockBox = (type: string, at: { x: number; y: number }, stage: { width: number; height: number }): Rect => {
  const size = NEW_SIZES[type] ?? NEW_SIZE;
  return clampToStage({ x: Math.round(at.x - size.width / 2), y: Math.round(at.y - size.height / 2), ...size }, stage);
};

/**
 * Puts a new block on a page (in place) and answers its place: into the container given (a chosen
 * one), else the container under the block's centre, else the page's first; a page without
 * containers gets a stage-sized one.
 */
export function placeBlock(doc: ThemeDocument, page: Place, block: Node & Rect, container?: number): Place {
  const containers = pageAt(doc, page)!.containers;
  const cx = block.x + block.width / 2;
  const cy = block.y + block.height / 2;
  let index = container !== undefined && containers[container] ? container : containers.findIndex((c) => cx >= c.x && cx < c.x + c.width && cy >= c.y && cy < c.y + c.height);
  if (index < 0 && !containers.length) containers.push({ key: freshKey(doc, 'container'), name: 'Container', x: 0, y: 0, ...stageOf(doc), focusable: false, blocks: [] } as never);
  if (index < 0) index = 0;
  const blocks = containers[index]!.blocks as unknown as Node[];
  blocks.push(block);
  return [page[0]!, page[1]!, index, blocks.length - 1];
}

/** The schema of the child list under each depth (the theme's layouts, a layout's pages, ...). */
const CHILD_SCHEMAS = [themeDocument.shape.layouts, layoutSchema.shape.pages, pageSchema.shape.containers, containerSchema.shape.blocks];

/** The most nodes the child list under a place of this depth may hold: the document schema's limit. */
export function childLimit(depth: number): number {
  const checks = (CHILD_SCHEMAS[depth]?.def.checks ?? []) as unknown as { _zod: { def: { check: string; maximum?: number } } }[];
  return checks.find((check) => check._zod.def.check === 'max_length')?._zod.def.maximum ?? Infinity;
}

/** Where a moved node goes: a child list (its parent's place) and the index in it before the move. */
export interface MoveTarget {
  parent: Place;
  index: number;
}

/**
 * Where the layers panel may drop the node at `from`: before (-1) or after (1) the node at `onto`, or
 * into it as its first child (0). The document's shape decides (the schema the server checks every
 * save with): a block goes into a container, a container into a page, a page into a layout, a layout
 * among the layouts; a list already at its schema's limit takes nothing from another parent. Answers
 * undefined where the drop is forbidden or changes nothing.
 */
export function moveTarget(doc: ThemeDocument, from: Place, onto: Place, position: -1 | 0 | 1): MoveTarget | undefined {
  if (!from.length) return undefined;
  const target: MoveTarget = position === 0 ? { parent: onto, index: 0 } : { parent: onto.slice(0, -1), index: onto.at(-1)! + (position > 0 ? 1 : 0) };
  if (position !== 0 && !onto.length) return undefined;
  if (target.parent.length !== from.length - 1) return undefined;
  const oldParent = from.slice(0, -1);
  if (placeKey(oldParent) === placeKey(target.parent)) {
    const at = from.at(-1)!;
    return target.index === at || target.index === at + 1 ? undefined : target;
  }
  return childList(doc, target.parent).length < childLimit(target.parent.length) ? target : undefined;
}

/** Moves the node at `from` to `target` (in place) and answers its new place. */
export function moveNode(doc: ThemeDocument, from: Place, target: MoveTarget): Place {
  const at = from.at(-1)!;
  const [node] = childList(doc, from.slice(0, -1)).splice(at, 1);
  const sameParent = placeKey(from.slice(0, -1)) === placeKey(target.parent);
  const index = sameParent && at < target.index ? target.index - 1 : target.index;
  childList(doc, target.parent).splice(index, 0, node!);
  return [...target.parent, index];
}

/** How a problem's place reads: the kind of node (`layout`, `page`, `container`, `block`, `theme`) and its name. */
export interface ProblemPlace {
  kind: 'theme' | 'layout' | 'page' | 'container' | 'block';
  name: string;
  /** The property, named in the interface language; empty for the node itself. */
  property: string;
}

const KINDS = ['theme', 'layout', 'page', 'container', 'block'] as const;

/**
 * A server message's document path (`layouts.0.pages.1.containers.0.blocks.2.blur`, `theme.name`)
 * read as a person names it: the node by its kind and name (a block by its key) and the property by
 * its label ("Block 'welcome' · Background blur"); a path the document no longer has reads as far as
 * it goes.
 */
export function problemPlace(doc: ThemeDocument, path: string, lang: Lang): ProblemPlace {
  const parts = path.split('.');
  if (parts[0] === 'theme') return { kind: 'theme', name: doc.theme.name, property: parts[1] ? propertyUi(parts[1]).label[lang] : '' };
  const place: Place = [];
  let rest = parts;
  while (place.length < CHILD_LISTS.length && rest.length >= 2 && rest[0] === CHILD_LISTS[place.length] && /^\d+$/.test(rest[1]!) && childList(doc, place)[Number(rest[1])]) {
    place.push(Number(rest[1]));
    rest = rest.slice(2);
  }
  const node = nodeAt(doc, place);
  const kind = KINDS[place.length]!;
  const name = place.length === 0 ? doc.theme.name : kind === 'block' ? String(node.key) : String(node.name ?? node.key);
  const property = rest[0] && !CHILD_LISTS.includes(rest[0] as (typeof CHILD_LISTS)[number]) ? propertyUi(rest[0], kind === 'block' ? String(node.type) : undefined).label[lang] : '';
  return { kind, name, property };
}
