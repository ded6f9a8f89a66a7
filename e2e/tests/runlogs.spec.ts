import { expect, test, type Page } from '@playwright/test';
import { label, login, WEB } from '../support/auth.js';
import { activePage } from '../support/shell.js';
import { switchOnBrowserTv } from '../support/tv.js';
import { rowAction } from '../support/rows.js';

/**
 * Fleet logs (docs/runlogs.md): a browser TV boots; the platform finds it in the TV boot log by its
 * MAC, opens its heartbeat log from the terminal list, and exports the state history.
 */

const shown = (page: Page) => activePage(page);

test('the boot log, a heartbeat log and the state history show a browser TV, and export', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { mac } = await switchOnBrowserTv(browser, request, 'L');

  await login(page, 'platform', { via: 'api' });
  await page.goto(`${WEB}/runlog/tv`);
  await shown(page).getByTestId('log-mac').fill(mac);
  await shown(page).getByTestId('log-search').click();
  await expect(shown(page).locator('tbody tr.ant-table-row').filter({ hasText: mac })).toHaveCount(1);

  await page.goto(`${WEB}/terminal_manage/terminal?keyword=${mac}`);
  const row = shown(page).getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: mac });
  await (await rowAction(row, (scope) => scope.getByTestId('terminal-heartbeats'))).click();
  await expect(page).toHaveURL(new RegExp(`/terminal_manage/heartbeats/${mac}`));
  await expect(shown(page).locator('tbody tr.ant-table-row').first()).toContainText('on');

  await page.goto(`${WEB}/operation/terminal_state/log`);
  await shown(page).getByTestId('log-mac').fill(mac);
  await shown(page).getByTestId('log-search').click();
  await expect(shown(page).locator('tbody tr.ant-table-row').filter({ hasText: '注册' }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await shown(page).getByRole('button', { name: label('导出') }).click();
  expect((await download).suggestedFilename()).toBe('terminal-state-log.xlsx');
});
