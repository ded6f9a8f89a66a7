import { expect, test } from '@playwright/test';
import { label } from '../support/auth.js';
import { activePage, DEMO, expectActiveTab, openAs, openFromMenu, sideMenu, switchLanguage, tab, tabLabels } from '../support/shell.js';

/** The tab bar's right-click menu, the side menu's height and titles, and names in the operation log. */

test('a tab’s right-click menu closes it, the others, those to its right, or all', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, DEMO.bund);
  // Short pages: the tab menus are tried without the page scrolled under the sticky top.
  for (const item of ['问题列表', '问题分类', '模板市场']) await openFromMenu(page, item);
  expect(await tabLabels(page)).toEqual(['首页', '问题列表', '问题分类', '模板市场']);

  // One menu at a time: the next right-click waits until the last menu has closed (its motion ends).
  const menu = async (title: string, action: string) => {
    await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
    await tab(page, title).click({ button: 'right' });
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: label(action) }).click();
    await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
  };
  await menu('问题分类', '关闭右侧');
  expect(await tabLabels(page)).toEqual(['首页', '问题列表', '问题分类']);
  await expectActiveTab(page, '问题分类');
  await page.screenshot({ path: 'test-results/shell-tabs.png' });

  await menu('问题分类', '关闭');
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '问题列表']);
  await openFromMenu(page, '模板市场');
  await menu('问题列表', '关闭其他');
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '问题列表']);
  await expectActiveTab(page, '问题列表');
  await menu('问题列表', '关闭全部');
  await expect.poll(() => tabLabels(page)).toEqual(['首页']);
  await expect(page).toHaveURL(/\/home$/);
});

test('the dark side menu spans the full height of a long page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, DEMO.admin, '/terminal_manage/terminal?pagesize=50');
  await expect(activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').nth(20)).toBeVisible();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(1800);
  await expect.poll(async () => (await sideMenu(page).boundingBox())?.height).toBe(pageHeight);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(sideMenu(page).getByRole('menuitem').first()).toBeInViewport();
  await page.screenshot({ path: 'test-results/shell-long-page.png' });

  await switchLanguage(page, 'English');
  await page.evaluate(() => window.scrollTo(0, 0));
  await sideMenu(page).getByText('Authorization', { exact: true }).click();
  await expect(sideMenu(page).getByText('Authorization rules', { exact: true })).toBeVisible();
  await expect(sideMenu(page).getByText('TV-auth projects', { exact: true })).toBeVisible();
  await switchLanguage(page, '简体中文');
});

test('the operation log names its objects', async ({ page }) => {
  await openAs(page, DEMO.bund, '/operation/action/log');
  const table = activePage(page).getByTestId('oplog-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // The hotel administrator's own sign-ins name the account (rows of accounts other tests deleted keep
  // their "#id", as they should).
  await expect(table.locator('tbody')).toContainText('用户 · 外滩店管理员');
});
