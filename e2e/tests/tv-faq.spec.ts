import { expect, test, type Page } from '@playwright/test';
import { Api, DEMO, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * A content area on the browser TV (docs/tv.md, "Areas"): the hotel's FAQ, opened from a launcher
 * block whose click event is `openArea faq`, with an entry the hotel added while the TV was on.
 */

const tile = (key: string, x: number, texts: Record<string, string>, clickEvent: unknown) =>
  textBlock(key, { x, y: 600, width: 480, height: 160 }, texts, { focusable: true, clickEvent });

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);

test('the browser TV opens the hotel’s FAQ from the launcher, in its language, and Back returns to the tile', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const name = unique('FAQ').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [
        tile('spa', 160, { 'zh-CN': '水疗', en: 'Spa' }, { action: 'openArea', area: 'spa' }),
        tile('faq', 720, { 'zh-CN': '常见问题', en: 'Questions' }, { action: 'openArea', area: 'faq' }),
      ]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);
  const mark = unique('');
  let categoryId: number | undefined;

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'Q');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(block(tv, 'spa')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('l'); // the content language: English
    await expect(block(tv, 'faq')).toHaveText('Questions');

    // An area this TV does not have: a friendly message, never its key.
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv-notice')).toHaveText('This service is not available in this room');

    // The hotel adds a question while the TV is on: the push channel brings it.
    categoryId = (await hotel.post<{ id: number }>('/records/faq-category', { name: `泳池${mark}`, nameEn: `Pool ${mark}`, sort: 999 })).id;
    await hotel.post('/records/faq', { title: `When is the pool open? ${mark}`, categoryId, content: '<p>Every day <b>7:00-22:00</b></p><script>document.title="x"</script>' });
    await tv.keyboard.press('ArrowRight');
    await expect(block(tv, 'faq')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    const faq = tv.getByTestId('faq-page');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'faq');
    await expect(faq).toContainText('Frequently asked questions');
    await expect(faq.locator('[data-testid="faq-category"][data-selected="true"]')).toHaveText(`Pool ${mark}`);
    // The demo hotel's own categories follow in English too.
    await expect(faq.getByTestId('faq-category').filter({ hasText: 'Internet' })).toHaveCount(1);
    await tv.keyboard.press('ArrowRight');
    await expect(faq.locator('[data-testid="faq-question"][data-focused="true"]')).toHaveText(`When is the pool open? ${mark}`);
    const answer = faq.getByTestId('faq-answer');
    await expect(answer.locator('b')).toHaveText('7:00-22:00');
    await expect(answer.locator('script')).toHaveCount(0);

    // The arrows stay in the page: the launcher under it does not move.
    await tv.keyboard.press('ArrowLeft');
    await tv.keyboard.press('ArrowDown');
    await expect(faq.getByTestId('faq-category').nth(1)).toHaveAttribute('data-focused', 'true');
    await expect(faq.getByTestId('faq-question').filter({ hasText: mark })).toHaveCount(0);

    // Back: the launcher, its focus on the tile the FAQ was opened from.
    await tv.keyboard.press('Backspace');
    await expect(faq).toHaveCount(0);
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', '');
    await expect(block(tv, 'faq')).toHaveAttribute('data-focused', 'true');
    expect(await tv.title()).not.toBe('x');
  } finally {
    await context.close();
    if (categoryId) {
      const entries = await hotel.get<{ items: { id: number }[] }>(`/records/faq?categoryId=${categoryId}`);
      for (const entry of entries.items) await hotel.call('DELETE', `/records/faq/${entry.id}`);
      await hotel.call('DELETE', `/records/faq-category/${categoryId}`);
    }
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});
