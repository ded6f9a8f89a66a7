import { expect, test, type Page } from '@playwright/test';
import { Api, DEMO, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * The screensaver and the exchange-rate board on the browser TV (docs/screensaver.md,
 * docs/exchange.md): the demo hotel's photos come after its idle time (10 minutes, passed with
 * Playwright's clock) and the next key only puts the launcher back; the board shows the ECB middle
 * prices the demo server fetched from its simulator, without buy or sell prices.
 */

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);

test('the screensaver comes after the idle time and a key returns; the exchange board shows the rates', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('Rates').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [textBlock('exchange', { x: 160, y: 300, width: 600, height: 120 }, { 'zh-CN': '外汇牌价', en: 'Exchange rates' }, { focusable: true, clickEvent: { action: 'openArea', area: 'exchange' } })]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  await tv.clock.install();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'S');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(block(tv, 'exchange')).toHaveAttribute('data-focused', 'true');
    const screensaver = tv.getByTestId('screensaver');
    await expect(screensaver).toHaveCount(0);

    // Ten minutes without a key: the photos.
    await tv.clock.fastForward('10:05');
    await expect(screensaver).toBeVisible();
    await expect(screensaver.locator('img')).toHaveCount(3);
    // OK wakes the screen and is not acted on: the launcher is as it was, no page opened.
    await tv.keyboard.press('Enter');
    await expect(screensaver).toHaveCount(0);
    await expect(tv.getByTestId('tv')).not.toHaveAttribute('data-area', /.+/);
    await expect(block(tv, 'exchange')).toHaveAttribute('data-focused', 'true');

    // The next OK opens the board: ECB middle prices in CNY per 100 units, no buy or sell prices.
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'exchange');
    const board = tv.getByTestId('exchange-page');
    await expect(board).toHaveAttribute('data-state', 'shown');
    const usd = board.locator('[data-currency="USD"]');
    await expect(usd).toContainText('美元');
    await expect(usd.locator('[data-figure="middle"]')).toHaveText(/^\d{3}\.\d{4}$/);
    await expect(usd.locator('[data-figure="spotBuy"]')).toHaveText('--');
    await expect(board.getByTestId('exchange-source')).toContainText('欧洲央行');
    await expect(board).toContainText('CNY');
  } finally {
    await context.close();
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});
