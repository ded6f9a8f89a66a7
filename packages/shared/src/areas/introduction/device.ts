import type { LocalText } from '../themes/document.js';
import { INTRO_LANGS } from './records.js';

/**
 * Introductions as a TV receives them (the `introduction` configuration part, docs/introduction.md):
 * the hotel's enabled types as a tree with their enabled items, and its custom intro pages, every
 * file at an address the TV loads without headers. No schema: the TV carries no zod.
 */
export interface IntroductionConfigPart {
  types: IntroTypeOnTv[];
  pages: IntroPageOnTv[];
}

export interface IntroTypeOnTv {
  id: number;
  /** By content language; the TV falls back through the theme's languages. */
  name: LocalText;
  icon: string | null;
  showDefault: boolean;
  /** Seconds the type plays before the page moves to the next type; 0: no limit. */
  totalSeconds: number;
  /** Seconds each item shows before the next; 0: items do not advance by themselves. */
  itemSeconds: number;
  items: IntroItemOnTv[];
  /** Second-level types (a second-level type has none). */
  children: IntroTypeOnTv[];
}

export interface IntroItemOnTv {
  id: number;
  title: LocalText;
  text: LocalText;
  background: string;
  /** The background outside Chinese; null: `background` everywhere. */
  backgroundEn: string | null;
  video: string | null;
  qr: { url: string; style: string; size: number; x: string; y: string } | null;
}

export interface IntroPageOnTv {
  id: number;
  name: string;
  effect: string | null;
  /** Pictures side by side in one group. */
  slices: number;
  /** Groups one after another. */
  groups: number;
  images: string[];
  /** The pictures outside Chinese; empty: `images` everywhere. */
  imagesEn: string[];
}

type Row = Record<string, unknown> & { id: number; sort?: number | null; enabled?: boolean | null };

const bySort = (a: Row, b: Row) => (b.sort ?? 0) - (a.sort ?? 0) || a.id - b.id;

/** The five language fields of a row (`title`, `titleEn`, …) as one text by content language, empty ones left out. */
export function localTextOf(row: Record<string, unknown>, base: string): LocalText {
  const text: LocalText = {};
  for (const { suffix, lang } of INTRO_LANGS) {
    const value = row[`${base}${suffix}`];
    if (typeof value === 'string' && value) text[lang] = value;
  }
  return text;
}

/**
 * The part from one owner's rows: enabled types and items by their sort (larger first, then older
 * first), second-level types under their parent; a type with neither items nor children with items
 * is left out, and so is a second-level type under a disabled parent. `urlOf` gives a file's address:
 * the server's signed device address for a TV, the console's file address for a preview.
 */
export function introductionPart(types: readonly Row[], items: readonly Row[], pages: readonly Row[], urlOf: (fileId: string) => string): IntroductionConfigPart {
  const file = (id: unknown) => (typeof id === 'string' && id ? urlOf(id) : null);
  const shownItems = items.filter((item) => item.enabled !== false).sort(bySort);
  const shownTypes = types.filter((type) => type.enabled !== false).sort(bySort);
  const typeOnTv = (type: Row, children: IntroTypeOnTv[]): IntroTypeOnTv => ({
    id: type.id,
    name: localTextOf(type, 'name'),
    icon: file(type.icon),
    showDefault: type.showDefault === true,
    totalSeconds: Number(type.totalSeconds ?? 0),
    itemSeconds: Number(type.itemSeconds ?? 0),
    items: shownItems
      .filter((item) => item.typeId === type.id)
      .map((item) => ({
        id: item.id,
        title: localTextOf(item, 'title'),
        text: localTextOf(item, 'text'),
        background: file(item.backgroundId) ?? '',
        backgroundEn: file(item.backgroundEnId),
        video: file(item.videoId),
        qr: item.qrEnabled && typeof item.qrUrl === 'string' ? { url: item.qrUrl, style: String(item.qrStyle ?? 'card'), size: Number(item.qrSize ?? 240), x: String(item.qrX ?? 'right'), y: String(item.qrY ?? 'bottom') } : null,
      })),
    children,
  });
  const hasContent = (type: IntroTypeOnTv) => type.items.length > 0 || type.children.length > 0;
  return {
    types: shownTypes
      .filter((type) => type.parentId === null || type.parentId === undefined)
      .map((type) => typeOnTv(type, shownTypes.filter((child) => child.parentId === type.id).map((child) => typeOnTv(child, [])).filter(hasContent)))
      .filter(hasContent),
    pages: [...pages].sort(bySort).map((page) => ({
      id: page.id,
      name: String(page.name),
      effect: file(page.effectImageId),
      slices: Number(page.sliceCount ?? 1),
      groups: Number(page.groupCount ?? 1),
      images: ((page.images as string[] | null) ?? []).map(urlOf),
      imagesEn: ((page.imagesEn as string[] | null) ?? []).map(urlOf),
    })),
  };
}

/** Every file id the rows name: what a TV of the hotel may fetch from the part's addresses. */
export function introductionFileIds(types: readonly Row[], items: readonly Row[], pages: readonly Row[]): Set<string> {
  const ids = new Set<string>();
  const add = (value: unknown) => (Array.isArray(value) ? value.forEach(add) : typeof value === 'string' && value && ids.add(value));
  types.forEach((type) => add(type.icon));
  items.forEach((item) => [item.backgroundId, item.backgroundEnId, item.videoId].forEach(add));
  pages.forEach((page) => [page.effectImageId, page.images, page.imagesEn].forEach(add));
  return ids;
}
