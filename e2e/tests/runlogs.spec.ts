import { expect, test, type Page } from '@playwright/test';
import { label, login, WEB } from '../support/auth.js';
import { activePage, Api, DEMO, unique } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * Fleet logs (docs/runlogs.md): a browser TV boots; the platform finds it in the TV boot log by its
 * MAC, opens its heartbeat log from the terminal list, and exports the state history.
 */

const shown = (page: Page) => activePage(page);

test('the boot log, a heartbeat log and the state history show a browser TV, and export', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
  const context = await browser.newContext();
  const tv = await context.newPage();
  await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${unique('L').slice(0, 10)}`);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible({ timeout: 20_000 });
  const mac = (await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!).mac)) as string;
  await context.close();

  await login(page, 'platform', { via: 'api' });
  await page.goto(`${WEB}/runlog/tv`);
  await shown(page).getByTestId('log-mac').fill(mac);
  await shown(page).getByTestId('log-search').click();
  await expect(shown(page).locator('tbody tr.ant-table-row').filter({ hasText: mac })).toHaveCount(1, { timeout: 15_000 });

  await page.goto(`${WEB}/terminal_manage/terminal?keyword=${mac}`);
  const row = shown(page).getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: mac });
  await (await rowAction(row, (scope) => scope.getByTestId('terminal-heartbeats'))).click();
  await expect(page).toHaveURL(new RegExp(`/terminal_manage/heartbeats/${mac}`));
  await expect(shown(page).locator('tbody tr.ant-table-row').first()).toContainText('on', { timeout: 15_000 });

  await page.goto(`${WEB}/operation/terminal_state/log`);
  await shown(page).getByTestId('log-mac').fill(mac);
  await shown(page).getByTestId('log-search').click();
  await expect(shown(page).locator('tbody tr.ant-table-row').filter({ hasText: '注册' }).first()).toBeVisible({ timeout: 15_000 });
  const download = page.waitForEvent('download');
  await shown(page).getByRole('button', { name: label('导出') }).click();
  expect((await download).suggestedFilename()).toBe('terminal-state-log.xlsx');
});
