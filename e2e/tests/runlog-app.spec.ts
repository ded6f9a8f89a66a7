import { expect, test } from '@playwright/test';
import { label, login, WEB } from '../support/auth.js';
import { activePage, unique } from '../support/shell.js';
import { switchOnBrowserTv } from '../support/tv.js';

/**
 * The app launch log (docs/runlogs.md): a browser TV reports an app launch through the device API;
 * the platform finds it on /runlog/app by MAC, exports it, and opens the app's detail page.
 */
test('the app launch log lists a launch a TV reported, exports it and opens its detail', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { mac, token } = await switchOnBrowserTv(browser, request, 'A');
  const pkg = `com.e2e.${unique('app').replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
  // What the browser TV sends when Enter opens an app block (the device API, with its token).
  const reported = await request.post('/api/device/v1/app-launches', {
    headers: { authorization: `Bearer ${token}` },
    data: { launches: [{ package: pkg, appName: 'E2E Player', versionName: '1.2.3' }] },
  });
  expect(reported.status()).toBe(200);

  await login(page, 'platform', { via: 'api' });
  await page.goto(`${WEB}/runlog/app`);
  const shown = activePage(page);
  await shown.getByTestId('log-mac').fill(mac);
  await shown.getByTestId('log-search').click();
  const row = shown.locator('tbody tr.ant-table-row').filter({ hasText: pkg });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('E2E Player');
  await expect(row).toContainText('1.2.3');
  const download = page.waitForEvent('download');
  await shown.getByRole('button', { name: label('导出') }).click();
  expect((await download).suggestedFilename()).toBe('app-launch-log.xlsx');

  await row.getByTestId('launch-package').click();
  await expect(page).toHaveURL(new RegExp(`/runlog/app/detail\\?package=${pkg.replace(/\./g, '\\.')}`));
  await expect(activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: mac })).toHaveCount(1);
});
