import { expect, test, type Page } from '@playwright/test';
import { Api, DEMO, unique } from '../support/shell.js';
import { fullPage, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Weather on the browser TV (docs/weather.md): the demo hotel's local city, refreshed from the
 * provider's simulator the demo server runs, in a launcher's weather block and on the weather page.
 */

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);

test('the browser TV shows the hotel’s local city’s weather in its weather block and page', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('Weather').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [fullPage('home', 'home', [{ type: 'weather', key: 'weather', x: 160, y: 300, width: 800, height: 120, focusable: true, clickEvent: { action: 'openArea', area: 'weather' } }])]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'W');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    const slot = tv.getByTestId('weather-slot');
    await expect(slot).toHaveAttribute('data-state', 'shown');
    await expect(slot).toContainText(/上海\s*-?\d+°/);
    await expect(block(tv, 'weather')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'weather');
    const page = tv.getByTestId('weather-page');
    await expect(page).toContainText('上海');
    await expect(page.getByTestId('weather-day')).toHaveCount(3);
    // The demo hotel's PM2.5 feature is on: the local city's PM2.5 and PM10 from the simulator's air-quality API.
    await expect(page.getByTestId('weather-air')).toContainText(/PM2\.5 \d+ μg\/m³/);
    await tv.keyboard.press('l');
    await expect(page).toContainText('Shanghai');
  } finally {
    await context.close();
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});
