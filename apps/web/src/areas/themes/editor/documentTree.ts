import { blockSchemaOf, containerSchema, layoutSchema, pageSchema, themeDocument, themeFields, type ThemeBlock, type ThemeDocument, type ThemePage } from '@htv/shared/areas/themes/index';
import type { Rect } from '@htv/renderer/editing';
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
export function newBlock(type: string, key: string, box: Rect): Node {
  const own: Record<string, Node> = { text: { text: {} }, qrCode: { content: 'https://' }, webPage: { url: 'https://' } };
  return { type, key, ...box, ...(own[type] ?? {}) };
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
