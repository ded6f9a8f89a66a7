import { expect, test, type Locator } from '@playwright/test';
import { login, WEB } from '../support/auth.js';

/**
 * The platform's statistics pages draw their charts over the demo fleet (terminal share, the online
 * map from the bundled province boundaries, terminal data by brand), and the settlement list shows
 * the demo hotels' activations per month with their states and settles a period up to standard.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** A chart has drawn: its canvas has a size and is not blank. */
async function expectDrawn(chart: Locator) {
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((node: HTMLCanvasElement) => {
        const ctx = node.getContext('2d');
        if (!ctx || !node.width || !node.height) return 0;
        const pixels = ctx.getImageData(0, 0, node.width, node.height).data;
        let painted = 0;
        for (let i = 3; i < pixels.length; i += 4 * 16) if (pixels[i]! > 0) painted++;
        return painted;
      }),
    { message: 'the chart paints its canvas' })
    .toBeGreaterThan(100);
}

test('the statistics pages draw their charts', async ({ page }) => {
  await login(page, 'platform', { via: 'api' });

  await page.goto(`${WEB}/newdata/terminal_share`);
  await expectDrawn(page.getByTestId('chart-share'));
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.getByTestId('share-by').getByText(/By model|按型号/).click();
  await expect(page.getByRole('cell', { name: 'HT-55E7' })).toBeVisible();
  await expectDrawn(page.getByTestId('chart-share'));

  await page.goto(`${WEB}/newdata/terminal_map`);
  const map = page.getByTestId('china-map');
  await expect(map).toHaveAttribute('data-provinces', '34');
  // The demo's Shanghai hotel shades its province; a click lists its cities.
  const shanghai = map.locator('[data-province="上海"]');
  await expect.poll(async () => Number(await shanghai.getAttribute('data-total'))).toBeGreaterThan(0);
  await expectDrawn(page.getByTestId('chart-map'));
  // The province's shape itself: its count label (which lets clicks through) widens the group's box past it.
  await shanghai.locator('path, circle').first().click();
  await expect(page.getByTestId('tab-page').locator('.ant-breadcrumb')).toContainText('上海');
  await expect(page.getByRole('cell', { name: '上海', exact: true })).toBeVisible();

  await page.goto(`${WEB}/newdata/by_brand`);
  await expectDrawn(page.getByTestId('chart-terminal-data'));
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('terminal-data.png') });
});

test('the settlement list shows activations per month with states and settles a period', async ({ page }) => {
  await login(page, 'platform', { via: 'api' });
  await page.goto(`${WEB}/settlement/list`);
  const list = page.getByTestId('settlement-list');
  // The demo authorized its terminals over the last three months.
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  const settle = list.getByTestId('settle').first();
  await expect(settle).toBeVisible();
  const row = list.locator('.ant-table-row').filter({ has: page.getByTestId('settle') }).first();
  const period = await row.locator('td').first().innerText();
  const hotel = await row.locator('td').nth(2).innerText();
  await settle.click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|确 ?定/ }).click();
  const settled = list.locator('.ant-table-row').filter({ hasText: period }).filter({ hasText: hotel });
  await expect(settled).toContainText(/Settled|已结算/);
  await page.screenshot({ path: test.info().outputPath('settlement.png') });

  await page.goto(`${WEB}/settlement/active`);
  await expect(page.locator('.ant-table-thead')).toContainText(/MAC/);
});
