import { expect, test, type Page } from '@playwright/test';
import { Api, DEMO, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode } from '../support/tv.js';

/**
 * The hotel's remote codes (docs/tvcode.md) on a browser TV run on a set of that model (`?model=`):
 * a key whose code the hotel gave for one of the remote's keys is that key; a change of the codes
 * reaches the TV at once.
 */

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);
const tile = (key: string, x: number, texts: Record<string, string>, extra: Record<string, unknown> = {}) =>
  textBlock(key, { x, y: 700, width: 420, height: 140 }, texts, { focusable: true, font: { size: 44, bold: true }, ...extra });

test('a browser TV maps the keys of its model’s remote by the hotel’s codes', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('Keys').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  const document = themeDocument(name, [
    fullPage('home', 'home', [
      tile('dining', 160, { 'zh-CN': '餐饮', en: 'Dining' }, { clickEvent: { action: 'openPage', pageKey: 'restaurant' } }),
      tile('spa', 750, { 'zh-CN': '水疗', en: 'Spa' }),
    ]),
    fullPage('restaurant', 'detail', [tile('hours', 460, { 'zh-CN': '早餐 6:30-10:00', en: 'Breakfast 6:30-10:00' })]),
  ]);
  await brand.put(`/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document });
  await brand.post(`/admin/theme/${theme.id}/publish`);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const model = unique('HT').slice(0, 20);
  const codes = await brand.post<{ id: number }>('/records/tv-codes', { hotelId: bund.id, model, right: 'KeyD', ok: 'k', back: '66' });

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  const tv = await context.newPage();
  try {
    await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(await bundInstallCode(brand))}&room=${unique('K').slice(0, 12)}&model=${model}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    const { mac } = await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string });
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(block(tv, 'dining')).toHaveAttribute('data-focused', 'true');

    // D (its code KeyD) is Right, K is OK, B (key code 66) is Back; the arrows keep their meaning.
    await tv.keyboard.press('d');
    await expect(block(tv, 'spa')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('ArrowLeft');
    await expect(block(tv, 'dining')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('k');
    await expect(block(tv, 'hours')).toBeVisible();
    await tv.keyboard.press('b');
    await expect(block(tv, 'dining')).toBeVisible();
    await expect(block(tv, 'hours')).toHaveCount(0);

    // The codes changed in the console: the TV follows at once, and D is a letter again.
    await brand.put(`/records/tv-codes/${codes.id}`, { hotelId: bund.id, model, right: null, ok: 'k', back: '66' });
    await expect
      .poll(async () => {
        await tv.keyboard.press('ArrowLeft');
        await tv.keyboard.press('d');
        return block(tv, 'dining').getAttribute('data-focused');
      })
      .toBe('true');
    await tv.keyboard.press('ArrowRight');
    await expect(block(tv, 'spa')).toHaveAttribute('data-focused', 'true');
  } finally {
    await context.close();
    await brand.call('DELETE', `/records/tv-codes/${codes.id}`);
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});
