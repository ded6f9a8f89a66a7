import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { apiLogin, login, WEB } from '../support/auth.js';

/**
 * The home dashboard: a hotel registers two TVs through the device API (one heartbeats), and its
 * dashboard draws the presence, version and registration charts with them; a figure opens the terminal
 * list with its filter. The platform's ranking of hotels by offline terminals opens one hotel's
 * offline terminals. Screenshots at 1440x900 are kept in the test's output folder.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

async function registerTv(request: APIRequestContext, installCode: string, softwareVersion: string): Promise<{ mac: string; token: string }> {
  const mac = hex(6);
  const response = await request.post('/api/device/v1/register', { data: { mac, sn: `SN${hex(7)}`, softwareVersion, installCode } });
  expect(response.ok(), `register: HTTP ${response.status()} ${await response.text()}`).toBe(true);
  return { mac, token: ((await response.json()) as { data: { token: string } }).data.token };
}

/** A chart has drawn: its canvas has a size and is not blank. */
async function expectDrawn(chart: Locator) {
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  await expect
    .poll(() => canvas.evaluate((node: HTMLCanvasElement) => {
      const ctx = node.getContext('2d');
      if (!ctx || !node.width || !node.height) return 0;
      const pixels = ctx.getImageData(0, 0, node.width, node.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4 * 16) if (pixels[i]! > 0) painted++;
      return painted;
    }), { message: 'the chart paints its canvas' })
    .toBeGreaterThan(100);
}

async function figureValue(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`figure-${key}`).locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test('a hotel’s dashboard draws its terminals and a figure opens the filtered list', async ({ page }) => {
  const token = await apiLogin(page.request, 'hotel');
  const settings = await page.request.get('/api/terminals/hotel-settings', { headers: { authorization: `Bearer ${token}` } });
  expect(settings.ok()).toBe(true);
  const { installCode } = ((await settings.json()) as { data: { installCode: string } }).data;
  const version = `e2e-${Date.now().toString(36)}`;
  const tvs = [await registerTv(page.request, installCode, version), await registerTv(page.request, installCode, version)];
  const beat = await page.request.post('/api/device/v1/heartbeat', { data: {}, headers: { authorization: `Bearer ${tvs[0]!.token}` } });
  expect(beat.ok()).toBe(true);

  // The counts are cached for 10 s per reach (an earlier sign-in of this hotel may have filled the cache
  // before these registrations): wait until the API counts them, then draw.
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/dashboard?days=7', { headers: { authorization: `Bearer ${token}` } });
      const { daily } = ((await answer.json()) as { data: { daily: { registered: number }[] } }).data;
      return daily.reduce((sum, day) => sum + day.registered, 0);
    }, { message: 'the dashboard counts the new registrations' })
    .toBeGreaterThanOrEqual(2);
  await login(page, 'hotel', { via: 'api' });
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect.poll(() => figureValue(page, 'total')).toBeGreaterThanOrEqual(2);
  expect(await figureValue(page, 'unauthorized')).toBeGreaterThanOrEqual(2);
  for (const chart of ['chart-presence', 'chart-versions', 'chart-daily']) await expectDrawn(page.getByTestId(chart));
  expect(Number(await page.getByTestId('chart-presence').getAttribute('data-points'))).toBeGreaterThanOrEqual(1);
  // A hotel is one hotel: no ranking of hotels.
  await expect(page.getByTestId('offline-hotels')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('dashboard-hotel-zh.png'), fullPage: true });
  // The period switch asks for 30 days and redraws.
  await page.getByTestId('dashboard-period').getByText('最近 30 天').click();
  await expect(page.getByTestId('chart-daily')).toHaveAttribute('data-points', '30');
  await expectDrawn(page.getByTestId('chart-daily'));

  await page.getByTestId('figure-unauthorized').click();
  await expect(page).toHaveURL(new RegExp(`${WEB}/ht/terminal\\?authorization=unauthorized$`));
  const rows = page.getByTestId('record-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('未授权');
});

test('the platform ranks hotels by offline terminals and opens one hotel’s offline terminals', async ({ page }) => {
  await login(page, 'platform', { via: 'api' });
  await expect(page.getByTestId('dashboard')).toBeVisible();
  for (const chart of ['chart-presence', 'chart-versions']) await expectDrawn(page.getByTestId(chart));
  const ranking = page.getByTestId('offline-hotels');
  const first = ranking.locator('a').first();
  await expect(first).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard-platform-zh.png'), fullPage: true });
  const offline = Number(/(\d+)\s*\/\s*\d+/.exec(await ranking.locator('.ant-list-item').first().innerText())![1]);
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/records/terminals' && new URL(r.url()).searchParams.has('hotelId'));
  await first.click();
  await expect(page).toHaveURL(/\/terminal_manage\/terminal\?hotelId=\d+&online=false$/);
  // The list asks for that hotel's offline terminals: as many as the ranking counted.
  const list = (await (await listed).json()) as { data: { total: number } };
  expect(list.data.total).toBe(offline);
  await expect(page.getByTestId('record-table').locator('tbody tr.ant-table-row').first()).toBeVisible();

  // The dashboard follows the language switch (antd, figures and chart labels).
  await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await page.goto(`${WEB}/home`);
  await expect(page.getByTestId('dashboard')).toContainText('Terminals over time');
  await expectDrawn(page.getByTestId('chart-presence'));
  await page.screenshot({ path: test.info().outputPath('dashboard-platform-en.png'), fullPage: true });
});

test('a brand’s dashboard ranks only its own hotels', async ({ page }) => {
  await login(page, 'brand', { via: 'api' });
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expectDrawn(page.getByTestId('chart-presence'));
  const items = page.getByTestId('offline-hotels').locator('.ant-list-item');
  await expect(items.first()).toBeVisible();
  // Every hotel of the ranking belongs to the demo brand (Sunrise: 朝阳酒店集团).
  for (const item of await items.all()) await expect(item).toContainText('朝阳酒店集团');
  await page.screenshot({ path: test.info().outputPath('dashboard-brand-zh.png'), fullPage: true });
});
