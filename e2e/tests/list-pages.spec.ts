import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, label } from '../support/auth.js';
import { closeRowActions } from '../support/rows.js';
import { Api, openAs, unique } from '../support/shell.js';

/**
 * The generated list pages at the size a user works at (1440x900): the declared key columns first
 * and in view between the fixed title and actions columns, the header sticking under the shell's
 * top, the column settings (hide, reorder, reset) and the density remembered across a reload, the
 * search form folded to its first row with the platform-only terminal filters absent for a hotel,
 * and an empty list offering its create action.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const PLATFORM_TERMINALS = '/terminal_manage/terminal';
const HOTEL_TERMINALS = '/ht/terminal';

const table = (page: Page) => page.getByTestId('record-table');
const headers = (page: Page) => table(page).locator('thead th.ant-table-cell');
const header = (page: Page, text: string) => headers(page).filter({ hasText: new RegExp(`^${text}$`) });
const searchItems = (page: Page) => page.getByTestId('search-form').locator('[data-testid^="search-item-"]');

/** The visible header texts in order (selection and actions columns have none or "操作"). */
async function headerTexts(page: Page): Promise<string[]> {
  return (await headers(page).allInnerTexts()).map((text) => text.trim()).filter((text) => text && text !== '操作');
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').toBeTruthy();
  return found!;
}

test.describe('terminal list as the platform administrator', () => {
  test('the key columns are in view without scrolling, the title and actions fixed, the header sticky', async ({ page }) => {
    await openAs(page, ACCOUNTS.platform, PLATFORM_TERMINALS);
    await expect(table(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
    expect((await headerTexts(page)).slice(0, 5)).toEqual(['MAC地址', '房间号', '在线状态', '授权状态', '所属酒店']);

    const area = await box(table(page).locator('.ant-table-container'));
    const actions = await box(header(page, '操作'));
    expect(actions.x + actions.width).toBeLessThanOrEqual(area.x + area.width + 1);
    for (const name of ['MAC地址', '房间号', '在线状态', '授权状态', '所属酒店', '软件版本']) {
      const cell = await box(header(page, name));
      expect(cell.x, `${name} starts inside the table`).toBeGreaterThanOrEqual(area.x - 1);
      expect(cell.x + cell.width, `${name} ends before the fixed actions column`).toBeLessThanOrEqual(actions.x + 1);
    }
    // Each row's actions stay on one line. (The last default columns may scroll a little when other
    // tests' terminals carry longer values: what must not scroll away are the key columns above.)
    const cells = table(page).locator('tbody tr.ant-table-row td.ant-table-cell-fix-end, tbody tr.ant-table-row td.ant-table-cell-fix-right');
    for (const cell of (await cells.all()).slice(0, 5)) {
      const tops = await cell.locator('button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(0);
      expect(new Set(tops).size, 'the actions share one line').toBe(1);
    }
    // Columns the declaration does not name wait in the column settings.
    expect(await headerTexts(page)).not.toContain('SN');
    await expect(header(page, 'MAC地址')).toHaveClass(/ant-table-cell-fix-start|ant-table-cell-fix-left/);
    await expect(header(page, '操作')).toHaveClass(/ant-table-cell-fix-end|ant-table-cell-fix-right/);

    // Scrolled down, the header stays under the shell's top bar and tabs.
    const top = await box(page.locator('#app-sticky-header'));
    // The wheel over the table, not over the side menu (which scrolls on its own when it is long).
    const rows = await box(page.locator('.ant-table-tbody'));
    await page.mouse.move(rows.x + rows.width / 2, rows.y + 40);
    await page.mouse.wheel(0, 800);
    await expect.poll(async () => (await box(header(page, 'MAC地址'))).y).toBeLessThan(top.height + 4);
    expect((await box(header(page, 'MAC地址'))).y).toBeGreaterThanOrEqual(top.height - 1);
  });

  test('a row with many actions keeps two in line and folds the rest behind More', async ({ page }) => {
    await openAs(page, ACCOUNTS.platform, PLATFORM_TERMINALS);
    // An authorized terminal (other tests leave unauthorized ones, whose first actions differ).
    const row = table(page).locator('tbody tr.ant-table-row').filter({ hasText: '已授权' }).first();
    await expect(row).toBeVisible();
    // The first cell holds the checkbox, the second the MAC.
    const mac = (await row.locator('td').nth(1).innerText()).trim();
    const cell = row.locator('td').last();
    // Edit and Detail in line; Disable with tip, Unbind and Delete behind More.
    await expect(cell.getByRole('button', { name: label('编辑') })).toBeVisible();
    await expect(cell.getByTestId('terminal-detail-open')).toBeVisible();
    await expect(cell.getByTestId('terminal-disable-tip')).toHaveCount(0);
    await cell.getByTestId('row-actions-more').click();
    const menu = page.getByTestId('row-actions-menu').filter({ visible: true });
    await expect(menu.getByTestId('terminal-unbind')).toBeVisible();
    await expect(menu.getByRole('button', { name: label('删除') })).toBeVisible();
    await menu.getByTestId('terminal-disable-tip').click();
    const disable = page.getByRole('dialog').filter({ has: page.getByTestId('disable-tip-input') });
    await expect(disable).toContainText(mac);
    await disable.getByRole('button', { name: /cancel|取\s*消/i }).click();
    await expect(disable).toBeHidden();
    await closeRowActions(page);
  });

  test('column settings hide and reorder columns, survive a reload, and reset; the density is remembered', async ({ page }) => {
    await openAs(page, ACCOUNTS.platform, PLATFORM_TERMINALS);
    await expect(table(page).locator('tbody tr.ant-table-row').first()).toBeVisible();

    await page.getByTestId('list-column-settings').click();
    const settings = page.getByTestId('column-settings');
    await expect(settings).toBeVisible();
    // The title column stays first and shown.
    await expect(settings.getByTestId('column-setting-mac').getByRole('checkbox')).toBeDisabled();
    await settings.getByTestId('column-setting-online').getByRole('checkbox').uncheck();
    // Up past the hidden online column and the room number.
    await settings.getByTestId('column-setting-authorization').getByTestId('column-move-up').click();
    await settings.getByTestId('column-setting-authorization').getByTestId('column-move-up').click();
    await settings.getByTestId('column-setting-sn').getByRole('checkbox').check();
    await expect.poll(async () => (await headerTexts(page)).slice(0, 3)).toEqual(['MAC地址', '授权状态', '房间号']);
    expect(await headerTexts(page)).not.toContain('在线状态');
    expect(await headerTexts(page)).toContain('SN');

    await page.getByTestId('list-density').click();
    await page.getByTestId('list-density-small').click();
    await expect(table(page).locator('.ant-table').first()).toHaveClass(/ant-table-small/);

    await page.reload();
    await expect(table(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
    expect((await headerTexts(page)).slice(0, 3)).toEqual(['MAC地址', '授权状态', '房间号']);
    expect(await headerTexts(page)).not.toContain('在线状态');
    expect(await headerTexts(page)).toContain('SN');
    await expect(table(page).locator('.ant-table').first()).toHaveClass(/ant-table-small/);

    // Another page keeps its own columns.
    await page.goto(page.url().replace(PLATFORM_TERMINALS, '/terminal_manage/hw_terminal'));
    await expect(headers(page).first()).toBeVisible();
    expect(await headerTexts(page)).toContain('在线状态');

    await page.goBack();
    await page.getByTestId('list-column-settings').click();
    await page.getByTestId('column-settings-reset').click();
    await expect.poll(async () => (await headerTexts(page)).slice(0, 5)).toEqual(['MAC地址', '房间号', '在线状态', '授权状态', '所属酒店']);
    expect(await headerTexts(page)).not.toContain('SN');

    await page.getByTestId('list-refresh').click();
    await page.getByTestId('list-density').click();
    await page.getByTestId('list-density-large').click();
    await expect(table(page).locator('.ant-table').first()).not.toHaveClass(/ant-table-small|ant-table-middle/);
  });

  test('the platform’s folded search form holds the platform-only filters', async ({ page }) => {
    await openAs(page, ACCOUNTS.platform, PLATFORM_TERMINALS);
    for (const name of ['country', 'overseas', 'otaVersion', 'launcher']) await expect(page.getByTestId(`search-item-${name}`)).toBeHidden();
    await page.getByTestId('search-toggle').click();
    for (const name of ['country', 'overseas', 'otaVersion', 'launcher']) await expect(page.getByTestId(`search-item-${name}`)).toBeVisible();
  });
});

test.describe('terminal search form as the hotel administrator', () => {
  test('one row shows, Expand shows the rest, the platform-only filters are absent, folded active filters are counted', async ({ page }) => {
    await openAs(page, ACCOUNTS.hotel, HOTEL_TERMINALS);
    const form = page.getByTestId('search-form');
    await expect(form).toBeVisible();

    const shown = searchItems(page).filter({ visible: true });
    await expect(shown).toHaveCount(2);
    const tops = await Promise.all((await shown.all()).map(async (item) => (await box(item)).y));
    expect(new Set(tops).size, 'the folded form is one row').toBe(1);
    const toggle = page.getByTestId('search-toggle');
    await expect(toggle).toHaveText(/展开/);

    await toggle.click();
    await expect(toggle).toHaveText(/收起/);
    const all = await searchItems(page).count();
    expect(all).toBeGreaterThan(2);
    await expect(searchItems(page).filter({ visible: true })).toHaveCount(all);
    for (const name of ['country', 'overseas', 'otaVersion', 'launcher']) await expect(page.getByTestId(`search-item-${name}`)).toHaveCount(0);
    await expect(page.getByTestId('search-item-authorization')).toBeVisible();

    // A folded filter in use is counted beside Expand.
    await page.getByTestId('search-item-online').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^在线$/ }).click();
    await form.getByRole('button', { name: label('查询') }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('online')).toBe('true');
    await toggle.click();
    await expect(page.getByTestId('search-item-online')).toBeHidden();
    await expect(page.getByTestId('search-folded-count')).toContainText('1');

    await page.reload();
    await expect(page.getByTestId('search-folded-count')).toContainText('1');
    await form.getByRole('button', { name: label('重置') }).click();
    await expect(page.getByTestId('search-folded-count')).toHaveCount(0);
  });
});

test.describe('an empty list', () => {
  test('offers its create action', async ({ page, request }) => {
    // A new hotel of the demo brand with an administrator of its own: its room list is empty.
    const brand = await Api.as(request, ACCOUNTS.brand);
    const hotel = await brand.post<{ id: number }>('/records/hotel', { name: unique('E2E空列表'), ipWhitelist: '192.0.2.10', systemVersion: '3.0', apPassword: 'E2Epass123' });
    const roleId = await brand.optionId('role', '酒店管理员');
    const account = { email: unique('e2e.empty').toLowerCase(), password: 'E2Epass1' };
    const created = await brand.post<{ id: number }>('/records/hotel-account', { loginName: account.email, name: 'E2E 空列表', password: account.password, roleId, hotelId: hotel.id });
    try {
      await openAs(page, account, '/ht/rooms');
      const empty = table(page).locator('.ant-empty');
      await expect(empty).toContainText('暂无数据');
      await empty.getByRole('button', { name: label('新建房间') }).click();
      await expect(page.getByRole('dialog')).toContainText('新建房间');
      await page.getByRole('dialog').getByRole('button', { name: /close|关闭|取\s*消/i }).first().click();

      // A search that finds nothing says so, without the action.
      await page.getByTestId('search-form').locator('#keyword').fill('nothing-here');
      await page.getByTestId('search-form').getByRole('button', { name: label('查询') }).click();
      await expect(empty).toContainText('没有符合条件的数据');
      await expect(empty.getByRole('button')).toHaveCount(0);
    } finally {
      await brand.call('DELETE', `/records/hotel-account/${created.id}`);
      await brand.call('DELETE', `/records/hotel/${hotel.id}`);
    }
  });
});
