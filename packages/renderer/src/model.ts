import type { ContentLang, LocalText, ThemeBlock, ThemeDocument, ThemeLayout, ThemePage } from '@htv/shared/areas/themes/document';
import { STAGE } from '@htv/shared/areas/themes/stage';

/**
 * What the renderer decides without drawing: texts in a language, auto-show rules, page order, the
 * start page, the stage's scale and hand-set D-pad moves. Pure functions, tested on their own.
 */

/** A material as the renderer needs it: where its file is and what it is. */
export interface StageAsset {
  url: string;
  kind: 'image' | 'video' | 'audio' | 'font';
}

/** Finds a material by id (the TV's asset list, or the console's material library). */
export type AssetResolver = (materialId: number) => StageAsset | undefined;

export const assetResolver = (assets: AssetResolver | Readonly<Record<number, StageAsset>>): AssetResolver =>
  typeof assets === 'function' ? assets : (id) => assets[id];

/**
 * A text in `lang`, else in the theme's languages in their order, else in any language it has: a
 * guest never sees an empty block because one translation is missing.
 */
export function textIn(text: LocalText | undefined, lang: ContentLang, fallbacks: readonly ContentLang[]): string {
  if (!text) return '';
  const chosen = [lang, ...fallbacks].find((l) => text[l]);
  if (chosen) return text[chosen]!;
  return Object.values(text).find((value) => !!value) ?? '';
}

/** How a welcome text greets a guest whose name the TV does not know, in each content language. */
export const GUEST_FALLBACK: Record<ContentLang, string> = { 'zh-CN': '尊敬的宾客', 'zh-TW': '尊敬的賓客', ja: 'お客様', ko: '고객님', en: 'dear guest' };

/** What a host (the TV, a preview) fills in a text: the room's guest and room number. */
export interface TextVariables {
  guest?: string | null;
  room?: string | null;
}

/**
 * A text with its `{guest}` and `{room}` filled in: the guest's name, or the fallback greeting of the
 * content language when the host knows none; other braces stay as they are.
 */
export function fillVariables(text: string, variables: TextVariables, lang: ContentLang): string {
  return text.replace(/\{(guest|room)\}/g, (_, name: keyof TextVariables) => (name === 'guest' ? variables.guest || GUEST_FALLBACK[lang] : (variables.room ?? '')));
}

type Rule = { mode: 'none' } | { mode: 'duration'; seconds: number } | { mode: 'timeRange'; from: string; to: string };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a part with this auto-show rule is shown at `now`: always (none), for `seconds` after it
 * first showed (`since`: the boot or the page's opening), or within a daily time range `from`-`to`
 * in the TV's local time (a range past midnight, 22:00-06:00, wraps).
 */
export function isShown(rule: Rule | undefined, now: Date, since: Date): boolean {
  if (!rule || rule.mode === 'none') return true;
  if (rule.mode === 'duration') return now.getTime() - since.getTime() < rule.seconds * 1000;
  const minute = now.getHours() * 60 + now.getMinutes();
  const from = minutesOf(rule.from);
  const to = minutesOf(rule.to);
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** Milliseconds until `isShown` may change (for a timer), or undefined when it never will. */
export function msUntilChange(rule: Rule | undefined, now: Date, since: Date): number | undefined {
  if (!rule || rule.mode === 'none') return undefined;
  if (rule.mode === 'duration') {
    const left = since.getTime() + rule.seconds * 1000 - now.getTime();
    return left > 0 ? left : undefined;
  }
  // Time ranges change on a minute boundary.
  return 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds());
}

/** A layout's pages, the larger `sort` first (spec §3), equal sorts in document order. */
export function pagesInOrder(layout: ThemeLayout): ThemePage[] {
  return layout.pages.map((page, index) => ({ page, index })).sort((a, b) => b.page.sort - a.page.sort || a.index - b.index).map(({ page }) => page);
}

/**
 * The layout a TV starts with: among the top layouts whose auto-show rule shows them now, one marked
 * for boot display, else the main interface, else the first (a welcome layout shown for a minute
 * after boot gives way to the main one).
 */
export function startLayout(doc: ThemeDocument, now = new Date(), since = now): ThemeLayout | undefined {
  const roots = doc.layouts.filter((layout) => !layout.parent);
  const shown = (roots.length ? roots : doc.layouts).filter((layout) => isShown(layout.autoShow, now, since));
  return shown.find((l) => l.bootDisplay) ?? shown.find((l) => l.type === 'main') ?? shown[0];
}

/** How long a TV shows a welcome template without a key pressed, unless its layout says otherwise. */
export const WELCOME_SECONDS = 30;

/** Seconds a welcome template shows before the launcher: its start layout's duration rule, else WELCOME_SECONDS. */
export function welcomeSeconds(doc: ThemeDocument): number {
  const rule = startLayout(doc)?.autoShow;
  return rule?.mode === 'duration' ? rule.seconds : WELCOME_SECONDS;
}

/** The page shown first: the start layout's home page, else its first page in order. */
export function startPage(doc: ThemeDocument, now = new Date(), since = now): ThemePage | undefined {
  const layout = startLayout(doc, now, since);
  if (!layout) return undefined;
  const ordered = pagesInOrder(layout);
  return ordered.find((p) => p.type === 'home') ?? ordered[0];
}

export function findPage(doc: ThemeDocument, key: string): { layout: ThemeLayout; page: ThemePage } | undefined {
  for (const layout of doc.layouts) {
    const page = layout.pages.find((p) => p.key === key);
    if (page) return { layout, page };
  }
  return undefined;
}

export const stageOf = (doc: ThemeDocument) => STAGE[doc.theme.orientation];

/** The scale that fits the stage inside a box, keeping its proportions. */
export function fitScale(stage: { width: number; height: number }, box: { width: number; height: number }): number {
  if (box.width <= 0 || box.height <= 0) return 0;
  return Math.min(box.width / stage.width, box.height / stage.height);
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** The block a hand-set D-pad move goes to from `block`, if the author set one for that direction. */
export function handSetMove(block: ThemeBlock, direction: Direction): string | undefined {
  const nav = block.nav as Partial<Record<Direction, string>> | undefined;
  return nav?.[direction];
}

/** Blocks the host leaves out (a content module hidden on this TV): never drawn, never focused. */
export type BlockFilter = (block: ThemeBlock) => boolean;

/**
 * The focusable blocks of a page in reading order (top to bottom, then left to right), those the host
 * hides left out: the first gets the focus.
 */
export function focusableBlocks(page: ThemePage, hidden?: BlockFilter): ThemeBlock[] {
  const blocks = page.containers.flatMap((c) => c.blocks as ThemeBlock[]).filter((b) => b.focusable && !hidden?.(b));
  return blocks.sort((a, b) => (a.y as number) - (b.y as number) || (a.x as number) - (b.x as number));
}

/** Formats a clock the way the block's format says (HH:mm, HH:mm:ss, yyyy-MM-dd HH:mm), in local time. */
export function formatClock(format: string, now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return format
    .replace('yyyy', String(now.getFullYear()))
    .replace('MM', two(now.getMonth() + 1))
    .replace('dd', two(now.getDate()))
    .replace('HH', two(now.getHours()))
    .replace('mm', two(now.getMinutes()))
    .replace('ss', two(now.getSeconds()));
}
