import { emptyDocument, themeDocument, type ThemeDocument } from '@htv/shared/areas/themes/document';
import { describe, expect, it } from 'vitest';
import { fillVariables, fitScale, focusableBlocks, formatClock, handSetMove, isShown, msUntilChange, pagesInOrder, startPage, textIn, WELCOME_SECONDS, welcomeSeconds } from '../src/model';

const at = (hhmm: string) => new Date(2026, 10, 25, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));

describe('texts in the content language', () => {
  it('falls back along the theme’s languages, then to any text, never to nothing', () => {
    expect(textIn({ 'zh-CN': '欢迎', en: 'Welcome' }, 'en', ['zh-CN', 'en'])).toBe('Welcome');
    expect(textIn({ 'zh-CN': '欢迎', en: 'Welcome' }, 'ja', ['zh-CN', 'en'])).toBe('欢迎');
    expect(textIn({ 'zh-CN': '', en: 'Welcome' }, 'zh-CN', ['zh-CN'])).toBe('Welcome');
    expect(textIn({ ko: '환영' }, 'en', ['zh-CN', 'en'])).toBe('환영');
    expect(textIn(undefined, 'en', ['en'])).toBe('');
  });
});

describe('welcome texts', () => {
  it('fills in the guest and the room, greets with the fallback of the language when no guest is known', () => {
    expect(fillVariables('Welcome, {guest} ({room})', { guest: 'Ms Chen', room: '1208' }, 'en')).toBe('Welcome, Ms Chen (1208)');
    expect(fillVariables('Welcome, {guest}', { guest: null }, 'en')).toBe('Welcome, dear guest');
    expect(fillVariables('{guest}，欢迎入住', {}, 'zh-CN')).toBe('尊敬的宾客，欢迎入住');
    expect(fillVariables('{other} {guest', { guest: 'A' }, 'en')).toBe('{other} {guest');
  });

  it('shows a welcome template for its layout’s duration, else the default', () => {
    const doc = emptyDocument({ name: 'W', equipmentType: 'room', typeId: null, kind: 'welcome' });
    expect(doc.theme.kind).toBe('welcome');
    expect(startPage(doc)?.key).toBe('welcome-home');
    expect(welcomeSeconds(doc)).toBe(WELCOME_SECONDS);
    doc.layouts[0]!.autoShow = { mode: 'duration', seconds: 12 };
    expect(welcomeSeconds(doc)).toBe(12);
  });
});

describe('auto-show rules', () => {
  it.each([
    [{ mode: 'none' as const }, '03:00', true],
    [{ mode: 'timeRange' as const, from: '08:00', to: '22:00' }, '07:59', false],
    [{ mode: 'timeRange' as const, from: '08:00', to: '22:00' }, '08:00', true],
    [{ mode: 'timeRange' as const, from: '08:00', to: '22:00' }, '22:00', false],
    [{ mode: 'timeRange' as const, from: '22:00', to: '06:00' }, '23:30', true],
    [{ mode: 'timeRange' as const, from: '22:00', to: '06:00' }, '05:59', true],
    [{ mode: 'timeRange' as const, from: '22:00', to: '06:00' }, '12:00', false],
  ])('%j at %s: %s', (rule, time, shown) => {
    expect(isShown(rule, at(time), at('00:00'))).toBe(shown);
  });

  it('shows for a duration after the start, and says when that ends', () => {
    const since = at('10:00');
    const rule = { mode: 'duration' as const, seconds: 90 };
    expect(isShown(rule, new Date(since.getTime() + 89_000), since)).toBe(true);
    expect(isShown(rule, new Date(since.getTime() + 90_000), since)).toBe(false);
    expect(msUntilChange(rule, new Date(since.getTime() + 30_000), since)).toBe(60_000);
    expect(msUntilChange(rule, new Date(since.getTime() + 95_000), since)).toBeUndefined();
    expect(msUntilChange({ mode: 'none' }, since, since)).toBeUndefined();
  });
});

function documentWith(change: (doc: ThemeDocument) => void): ThemeDocument {
  const doc = emptyDocument({ name: 'T', equipmentType: 'room', typeId: null });
  change(doc);
  return themeDocument.parse(doc);
}

const block = (key: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ type: 'text', key, x, y, width: 100, height: 50, text: { en: key }, focusable: true, ...extra });

describe('pages and focus', () => {
  it('orders pages by sort, larger first, and starts at the home page of the boot layout', () => {
    const doc = documentWith((d) => {
      d.layouts[0]!.pages.push({ key: 'b', type: 'custom', name: 'B', description: '', sort: 5, containers: [] }, { key: 'c', type: 'custom', name: 'C', description: '', sort: 9, containers: [] });
      d.layouts.push({ key: 'welcome', name: 'Welcome', type: 'welcome', bootDisplay: true, autoShow: { mode: 'duration', seconds: 60 }, pages: [{ key: 'hello', type: 'custom', name: 'Hi', description: '', sort: 0, containers: [] }] });
    });
    expect(pagesInOrder(doc.layouts[0]!).map((p) => p.key)).toEqual(['c', 'b', 'home']);
    const boot = new Date();
    expect(startPage(doc, boot, boot)?.key).toBe('hello');
    // The welcome layout gives way to the main one when its minute is over.
    expect(startPage(doc, new Date(boot.getTime() + 61_000), boot)?.key).toBe('home');
  });

  it('gives the first focus to the top-left focusable block and follows hand-set moves', () => {
    const doc = documentWith((d) => {
      d.layouts[0]!.pages[0]!.containers.push({ key: 'c1', name: 'C', x: 0, y: 0, width: 1920, height: 1080, focusable: false, blocks: [block('low', 0, 500), block('right', 900, 100), block('left', 100, 100, { nav: { right: 'low' } }), block('still', 0, 0, { focusable: false })] as never });
    });
    const page = doc.layouts[0]!.pages[0]!;
    expect(focusableBlocks(page).map((b) => b.key)).toEqual(['left', 'right', 'low']);
    expect(handSetMove(focusableBlocks(page)[0]!, 'right')).toBe('low');
    expect(handSetMove(focusableBlocks(page)[1]!, 'left')).toBeUndefined();
    // Blocks the host hides (a TV's hidden content module) never take the focus.
    expect(focusableBlocks(page, (b) => b.key === 'left').map((b) => b.key)).toEqual(['right', 'low']);
  });
});

describe('stage and clock', () => {
  it('fits the stage in a box keeping its proportions', () => {
    expect(fitScale({ width: 1920, height: 1080 }, { width: 960, height: 1000 })).toBe(0.5);
    expect(fitScale({ width: 1080, height: 1920 }, { width: 1000, height: 960 })).toBe(0.5);
    expect(fitScale({ width: 1920, height: 1080 }, { width: 0, height: 100 })).toBe(0);
  });

  it('formats the clock', () => {
    const now = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatClock('HH:mm', now)).toBe('07:08');
    expect(formatClock('HH:mm:ss', now)).toBe('07:08:09');
    expect(formatClock('yyyy-MM-dd HH:mm', now)).toBe('2026-01-05 07:08');
  });
});
