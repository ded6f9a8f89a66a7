import { blockSchemaOf, containerSchema, layoutSchema, pageSchema, themeFields, type ThemeBlock, type ThemeDocument, type ThemePage } from '@htv/shared/areas/themes/index';
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
