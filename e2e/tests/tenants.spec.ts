import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { ACCOUNTS, label, WEB } from '../support/auth.js';
import { activePage, Api, openAs, switchLanguage } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * Brands, hotels and rooms (docs/tenants.md): the platform's brand list (search, pages, export), a
 * hotel created with the owner select, a brand's hotels with their counts, bulk room creation and
 * the Excel import (template, upload, duplicates) by the brand administrator, the manager transfer,
 * the English labels, a hotel edited by its brand (the PMS read-only), the role selects of account
 * forms (the platform's and a brand's), and system role names in English, in lists and the header.
 * Each test makes rows with unique names and removes what it made.
 */

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const table = (page: Page) => page.getByTestId('record-table');
const rows = (scope: Locator) => scope.locator('tbody tr.ant-table-row');
const dialog = (page: Page) => page.getByRole('dialog');
const formItem = (scope: Locator, name: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator(`#${name}`) });

/**
 * The `userType` of every role options call the page makes from now on: the account list's role filter
 * and the form's role select ask the same (the second may be answered from the cache).
 */
function roleOptionTypes(page: Page): (string | null)[] {
  const types: (string | null)[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/records/role/options') types.push(url.searchParams.get('userType'));
  });
  return types;
}

async function pickOption(page: Page, scope: Locator, id: string, option: string) {
  const input = scope.locator(`#${id}`);
  await input.click();
  await input.pressSequentially(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(formItem(scope, id)).toContainText(option);
}

test.describe('brands and hotels as the platform administrator', () => {
  const made: number[] = [];

  test.beforeAll(async ({ request }) => {
    const api = await Api.as(request, ACCOUNTS.platform);
    // Enough brands for a second page of 10.
    const existing = await api.get<{ total: number }>('/records/brand?pagesize=10');
    for (let i = existing.total; i < 12; i++) {
      const code = unique('E2E');
      const row = await api.post<{ id: number }>('/records/brand', { code, name: code.slice(0, 20), type: 'agent', defaultResource: 'standard' });
      made.push(row.id);
    }
  });

  test.afterAll(async ({ request }) => {
    const api = await Api.as(request, ACCOUNTS.platform);
    if (made.length) await api.post('/records/brand/batch-delete', { ids: made });
  });

  test('the brand list shows the demo brands, searches, pages and exports', async ({ page }) => {
    await openAs(page, ACCOUNTS.platform, '/brand/list');
    await expect(rows(table(page)).filter({ hasText: '朝阳酒店集团' })).toHaveCount(1);
    await expect(rows(table(page)).filter({ hasText: '蓝湾度假酒店' })).toHaveCount(1);

    const form = page.getByTestId('search-form');
    await form.locator('#keyword').fill('BLUEBAY');
    await form.getByRole('button', { name: label('查询') }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('BLUEBAY');
    await expect(rows(table(page))).toHaveCount(1);
    await expect(rows(table(page)).first()).toContainText('蓝湾度假酒店');

    await page.goto(`${WEB}/brand/list?pagesize=10`);
    await expect(rows(table(page))).toHaveCount(10);
    const firstOnPageOne = await rows(table(page)).first().innerText();
    await table(page).locator('.ant-pagination-item-2').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect(rows(table(page)).first()).not.toHaveText(firstOnPageOne);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: label('导出') }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  test('a hotel is created for the brand chosen in the owner select; a bad English name errs on its field', async ({ page, request }) => {
    const name = unique('E2E酒店');
    await openAs(page, ACCOUNTS.platform, '/brand/hotel_list');
    await page.getByRole('button', { name: label('新建') }).click();
    const form = dialog(page).getByTestId('record-form');
    await expect(form.locator('#brandId')).toBeVisible();
    await pickOption(page, form, 'brandId', '蓝湾度假酒店');
    await form.locator('#name').fill(name);
    await form.locator('#nameEn').fill('X');
    await form.locator('#ipWhitelist').fill('192.0.2.10');
    await form.locator('#apPassword').fill('E2Epass123');
    await form.getByTestId('record-form-submit').click();
    await expect(formItem(form, 'nameEn').locator('.ant-form-item-explain-error')).toBeVisible();

    await form.locator('#nameEn').fill('E2E Hotel');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/records/hotel' && r.request().method() === 'POST');
    await form.getByTestId('record-form-submit').click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(200);
    const created = ((await response.json()) as { data: { id: number; brandId: number } }).data;
    await expect(dialog(page)).toBeHidden();

    const api = await Api.as(request, ACCOUNTS.platform);
    const bluebay = await api.optionId('brand', '蓝湾度假酒店');
    expect(created.brandId).toBe(bluebay);
    await api.call('DELETE', `/records/hotel/${created.id}`);
  });

  test("a brand's hotels list their counts and lead to the rooms", async ({ page }) => {
    await openAs(page, ACCOUNTS.platform, '/brand/list?keyword=SUNRISE');
    const row = rows(table(page)).filter({ hasText: '朝阳酒店集团' });
    await (await rowAction(row, (scope) => scope.getByTestId('brand-hotels-open'))).click();
    await expect(page).toHaveURL(/\/brand\/hotels\/\d+/);
    const hotels = page.getByTestId('brand-hotels-table');
    const bund = rows(hotels).filter({ hasText: '朝阳外滩酒店' });
    await expect(bund).toHaveCount(1);
    for (const header of ['未授权数', '电视数', '终端数', '房间数']) await expect(hotels.locator('thead')).toContainText(header);
    // 8 floors × 12 rooms in the demo data (the room count follows the online count).
    await expect(bund.locator('td').nth(8)).not.toHaveText('0');

    await bund.getByTestId('brand-hotel-rooms').click();
    await expect(page).toHaveURL(/\/brand\/rooms\/\d+/);
    const roomTable = page.getByTestId('hotel-rooms-table');
    await expect(rows(roomTable).first()).toBeVisible();
    const search = page.getByTestId('rooms-search');
    await search.locator('#authorization').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '已授权' }).click();
    await search.getByRole('button', { name: label('查询') }).click();
    await expect(rows(roomTable).first()).toContainText('已授权');
    await expect(rows(roomTable).filter({ hasText: '未授权' })).toHaveCount(0);
  });
});

test.describe('rooms as the brand administrator', () => {
  test('bulk-created rooms appear in the hotel; English labels after switching', async ({ page, request }) => {
    const api = await Api.as(request, ACCOUNTS.brand);
    const prefix = `Z${Math.floor(Math.random() * 1e6).toString(36).toUpperCase()}`;
    await openAs(page, ACCOUNTS.brand, '/hotel/lists');
    const row = rows(table(page)).filter({ hasText: '朝阳西湖酒店' });
    await (await rowAction(row, (scope) => scope.getByTestId('hotel-rooms-open'))).click();
    await expect(page).toHaveURL(/\/hotel\/rooms\/\d+/);
    const hotelId = Number(/\/hotel\/rooms\/(\d+)/.exec(page.url())![1]);

    await page.getByTestId('room-bulk-open').click();
    const form = dialog(page).getByTestId('room-bulk-form');
    await form.locator('#prefix').fill(prefix);
    await form.locator('#floorFrom').fill('30');
    await form.locator('#floorTo').fill('31');
    await form.locator('#roomFrom').fill('1');
    await form.locator('#roomTo').fill('3');
    await expect(dialog(page).getByTestId('room-bulk-preview')).toContainText('6');
    await expect(dialog(page).getByTestId('room-bulk-preview')).toContainText(`${prefix}3001`);
    await dialog(page).getByTestId('room-bulk-submit').click();
    await expect(dialog(page)).toBeHidden();

    const search = page.getByTestId('rooms-search');
    await search.locator('#keyword').fill(prefix);
    await search.getByRole('button', { name: label('查询') }).click();
    const roomTable = page.getByTestId('hotel-rooms-table');
    await expect(rows(roomTable)).toHaveCount(6);
    await expect(rows(roomTable).filter({ hasText: `${prefix}3103` })).toHaveCount(1);

    // The same range again: every number is a duplicate, listed in the dialog.
    await page.getByTestId('room-bulk-open').click();
    const again = dialog(page).getByTestId('room-bulk-form');
    await again.locator('#prefix').fill(prefix);
    await again.locator('#floorFrom').fill('30');
    await again.locator('#floorTo').fill('30');
    await again.locator('#roomFrom').fill('1');
    await again.locator('#roomTo').fill('2');
    await dialog(page).getByTestId('room-bulk-submit').click();
    await expect(dialog(page).getByTestId('room-duplicates')).toContainText(`${prefix}3001`);
    await dialog(page).getByRole('button', { name: label('取消') }).click();
    await expect(dialog(page)).toBeHidden();

    await switchLanguage(page, 'English');
    await expect(roomTable.locator('thead')).toContainText('Room number');
    await expect(roomTable.locator('thead')).toContainText('Authorization');
    await expect(page.getByTestId('room-bulk-open')).toContainText('Bulk create');
    await expect(page.getByTestId('room-import-open')).toContainText('Import from Excel');

    const made = await api.get<{ items: { id: number }[] }>(`/hotels/${hotelId}/rooms?keyword=${prefix}&pagesize=100`);
    for (const room of made.items) await api.call('DELETE', `/records/room/${room.id}`);
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

/** Deletes the rooms of a hotel whose number contains `keyword`. */
async function removeRooms(api: Api, hotelId: number, keyword: string) {
  const made = await api.get<{ items: { id: number }[] }>(`/hotels/${hotelId}/rooms?keyword=${keyword}&pagesize=100`);
  for (const room of made.items) await api.call('DELETE', `/records/room/${room.id}`);
}

test.describe('room import from Excel as the brand administrator', () => {
  test('the template downloads, imports filled in, and a duplicate number is reported', async ({ page, request }) => {
    const api = await Api.as(request, ACCOUNTS.brand);
    const hotelId = await api.optionId('hotel', '朝阳西湖酒店');
    const prefix = `X${Math.floor(Math.random() * 1e6).toString(36).toUpperCase()}`;
    try {
      await openAs(page, ACCOUNTS.brand, `/hotel/rooms/${hotelId}`);
      await page.getByTestId('room-import-open').click();
      const dialog = page.getByRole('dialog');

      // The template: header row in the page's language and an example row.
      const downloading = page.waitForEvent('download');
      await dialog.getByTestId('room-import-template').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('房间导入模板.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile((await download.path())!)) as never);
      const sheet = book.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['房间号', '楼层', '楼栋', '房型', '备注']);

      // Filled in: the example row replaced by three rooms.
      sheet.spliceRows(2, 1, [`${prefix}101`, '1', 'A', '大床房', null], [`${prefix}102`, '1', 'A', '双床房', null], [`${prefix}201`, '2', 'B', null, '近电梯']);
      const filled = Buffer.from(await book.xlsx.writeBuffer());
      await dialog.locator('input[type=file]').setInputFiles({ name: 'rooms.xlsx', mimeType: XLSX, buffer: filled });
      await expect(dialog.getByTestId('room-import-file')).toHaveText('rooms.xlsx');
      await dialog.getByTestId('room-import-submit').click();
      await expect(toast(page, `已创建 3 个房间（${prefix}101 … ${prefix}201）`)).toBeVisible();
      await expect(dialog).toBeHidden();

      const search = page.getByTestId('rooms-search');
      await search.locator('#keyword').fill(prefix);
      await search.getByRole('button', { name: label('查询') }).click();
      const roomTable = page.getByTestId('hotel-rooms-table');
      await expect(rows(roomTable)).toHaveCount(3);
      await expect(rows(roomTable).filter({ hasText: `${prefix}201` })).toContainText('B');

      // A sheet repeating a number already in the hotel: nothing is created, the number is listed.
      const again = new ExcelJS.Workbook();
      again.addWorksheet('rooms').addRows([['房间号'], [`${prefix}301`], [`${prefix}102`]]);
      await page.getByTestId('room-import-open').click();
      await dialog.locator('input[type=file]').setInputFiles({ name: 'again.xlsx', mimeType: XLSX, buffer: Buffer.from(await again.xlsx.writeBuffer()) });
      await dialog.getByTestId('room-import-submit').click();
      await expect(dialog.getByTestId('room-duplicates')).toContainText(`${prefix}102`);
      await dialog.getByRole('button', { name: label('取消') }).click();
      await expect(dialog).toBeHidden();
      await expect(rows(roomTable)).toHaveCount(3);
    } finally {
      await removeRooms(api, hotelId, prefix);
    }
  });
});

test.describe('hotel manager transfer as the brand administrator', () => {
  test("the manager moves to another account of the hotel and the list shows it", async ({ page, request }) => {
    const api = await Api.as(request, ACCOUNTS.brand);
    const name = unique('E2E转移');
    const hotel = await api.post<{ id: number }>('/records/hotel', { name, nameEn: 'E2E Transfer', ipWhitelist: '192.0.2.10', systemVersion: '3.0', apPassword: 'E2Epass123' });
    const roleId = await api.optionId('role', '前台主管');
    const accounts: { id: number; name: string; loginName: string }[] = [];
    try {
      for (const who of ['甲', '乙']) {
        const loginName = unique('e2e.mgr').toLowerCase();
        accounts.push(await api.post('/records/hotel-account', { loginName, name: `负责人${who}`, password: 'E2Epass1', roleId, hotelId: hotel.id }));
      }
      const [first, second] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];

      await openAs(page, ACCOUNTS.brand, `/hotel/lists?keyword=${encodeURIComponent(name)}`);
      const row = rows(table(page)).filter({ hasText: name });
      // The first account of a hotel is its manager.
      await expect(row).toContainText(first.name);
      await (await rowAction(row, (scope) => scope.getByTestId('transfer-manager-open'))).click();
      const form = dialog(page).getByTestId('transfer-manager-form');
      await expect(form).toContainText(first.name);
      await form.locator('#user_id').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: second.loginName }).click();
      await dialog(page).getByTestId('transfer-manager-submit').click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: label('确定') }).click();
      await expect(toast(page, '负责人已转移')).toBeVisible();
      await expect(dialog(page)).toBeHidden();
      await expect(row).toContainText(second.name);
      expect((await api.get<{ manager_id: number }>(`/web/hotel/get_hotel_users?hotel_id=${hotel.id}`)).manager_id).toBe(second.id);
    } finally {
      // The manager goes last: it cannot leave a hotel that has other accounts.
      const { manager_id } = await api.get<{ manager_id: number | null }>(`/web/hotel/get_hotel_users?hotel_id=${hotel.id}`);
      for (const account of [...accounts.filter((a) => a.id !== manager_id), ...accounts.filter((a) => a.id === manager_id)]) await api.call('DELETE', `/records/hotel-account/${account.id}`);
      await api.call('DELETE', `/records/hotel/${hotel.id}`);
    }
  });
});

test.describe('a hotel edited by the brand administrator', () => {
  test('the form opens without an error and shows the PMS the platform set read-only; saving keeps it', async ({ page, request }) => {
    const brand = await Api.as(request, ACCOUNTS.brand);
    const platform = await Api.as(request, ACCOUNTS.platform);
    const name = unique('E2E编辑');
    const body = { name, nameEn: 'E2E Edit', ipWhitelist: '192.0.2.11', systemVersion: '3.0', apPassword: 'E2Epass123' };
    const hotel = await brand.post<{ id: number }>('/records/hotel', body);
    const vendor = await platform.post<{ id: number; name: string }>('/records/pms-vendor', { name: unique('PMS').slice(0, 20), key: unique('e2e').slice(0, 20) });
    // Any failing call (a select's options the brand may not read) would show an error.
    const failed: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    try {
      await platform.put(`/records/hotel/${hotel.id}`, { ...body, pmsVendorId: vendor.id });
      await openAs(page, ACCOUNTS.brand, `/hotel/lists?keyword=${encodeURIComponent(name)}`);
      await (await rowAction(rows(table(page)).filter({ hasText: name }), (scope) => scope.getByRole('button', { name: label('编辑') }))).click();
      const form = dialog(page).getByTestId('record-form');
      await expect(form.locator('#name')).toHaveValue(name);
      await expect(form.locator('#pmsVendorId')).toBeDisabled();
      await expect(form.locator('#pmsVendorId')).toHaveValue(vendor.name);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-message-error, .ant-notification-notice-error')).toHaveCount(0);
      expect(failed).toEqual([]);

      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/records/hotel/${hotel.id}` && r.request().method() === 'PUT');
      await dialog(page).getByTestId('record-form-submit').click();
      expect((await saved).status()).toBe(200);
      await expect(dialog(page)).toBeHidden();
      expect((await brand.get<{ pmsVendorId: number }>(`/records/hotel/${hotel.id}`)).pmsVendorId).toBe(vendor.id);
      expect(failed).toEqual([]);
    } finally {
      await brand.call('DELETE', `/records/hotel/${hotel.id}`);
      await platform.call('DELETE', `/records/pms-vendor/${vendor.id}`);
    }
  });
});

test.describe('roles of accounts', () => {
  test("a hotel account's role select offers hotel roles only", async ({ page, request }) => {
    const api = await Api.as(request, ACCOUNTS.platform);
    const prefix = unique('E2E角色');
    const hotelRole = await api.post<{ id: number }>('/records/role', { name: `${prefix}店`, userType: 3 });
    const brandRole = await api.post<{ id: number }>('/records/role', { name: `${prefix}牌`, userType: 2 });
    try {
      const asked = roleOptionTypes(page);
      await openAs(page, ACCOUNTS.platform, '/user/hotel');
      await page.getByRole('button', { name: label('新建') }).click();
      const form = dialog(page).getByTestId('record-form');
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await form.locator('#roleId').click();
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(new Set(asked)).toEqual(new Set(['3']));

      await form.locator('#roleId').pressSequentially(prefix);
      await expect(options).toHaveCount(1);
      await expect(options).toHaveText(`${prefix}店`);
      await form.locator('#roleId').fill('管理员');
      await expect(options.filter({ hasText: /^酒店管理员$/ })).toHaveCount(1);
      await expect(options.filter({ hasText: /^(超级管理员|品牌管理员)$/ })).toHaveCount(0);
      await dialog(page).getByRole('button', { name: label('取消') }).click();
    } finally {
      for (const role of [hotelRole, brandRole]) await api.call('DELETE', `/records/role/${role.id}`);
    }
  });

  test("a brand's account forms offer the system role of the account's type and the brand's own roles", async ({ page, request }) => {
    const api = await Api.as(request, ACCOUNTS.brand);
    const prefix = unique('E2E品');
    const hotelRole = await api.post<{ id: number }>('/records/role', { name: `${prefix}店`, userType: 3 });
    const brandRole = await api.post<{ id: number }>('/records/role', { name: `${prefix}牌`, userType: 2 });
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    try {
      const asked = roleOptionTypes(page);
      await openAs(page, ACCOUNTS.brand, '/user/lists');
      await activePage(page).getByRole('button', { name: label('新建') }).click();
      const form = dialog(page).getByTestId('record-form');
      await form.locator('#roleId').click();
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(new Set(asked)).toEqual(new Set(['3']));
      // Searched, so that each answer fits in the dropdown's rendered rows.
      await form.locator('#roleId').fill('管理员');
      await expect(options.filter({ hasText: /^酒店管理员$/ })).toHaveCount(1);
      await expect(options.filter({ hasText: /^(品牌管理员|超级管理员)$/ })).toHaveCount(0);
      await form.locator('#roleId').fill('前台主管');
      await expect(options.filter({ hasText: /^前台主管$/ })).toHaveCount(1);
      await form.locator('#roleId').fill(prefix);
      await expect(options).toHaveText([`${prefix}店`]);
      await dialog(page).getByRole('button', { name: label('取消') }).click();
      await expect(dialog(page)).toBeHidden();

      // The brand account form: 品牌管理员 and the brand's own brand roles, no hotel roles.
      let seen = asked.length;
      await openAs(page, ACCOUNTS.brand, '/customer_user/index');
      await activePage(page).getByRole('button', { name: label('新建') }).click();
      const brandForm = dialog(page).getByTestId('record-form');
      await brandForm.locator('#roleId').click();
      await expect.poll(() => asked.length).toBeGreaterThan(seen);
      expect(new Set(asked.slice(seen))).toEqual(new Set(['2']));
      await brandForm.locator('#roleId').fill('管理员');
      await expect(options.filter({ hasText: /^品牌管理员$/ })).toHaveCount(1);
      await expect(options.filter({ hasText: /^(酒店管理员|超级管理员)$/ })).toHaveCount(0);
      await brandForm.locator('#roleId').fill(prefix);
      await expect(options).toHaveText([`${prefix}牌`]);
      await dialog(page).getByRole('button', { name: label('取消') }).click();
      await expect(dialog(page)).toBeHidden();

      // The hotel account list's role filter offers hotel roles only as well.
      seen = asked.length;
      await openAs(page, ACCOUNTS.brand, '/user/lists');
      const filter = activePage(page).getByTestId('search-form').locator('#roleId');
      await filter.click();
      await expect.poll(() => asked.length).toBeGreaterThan(seen);
      expect(new Set(asked.slice(seen))).toEqual(new Set(['3']));
      await filter.fill('管理员');
      await expect(options.filter({ hasText: /^酒店管理员$/ })).toHaveCount(1);
      await expect(options.filter({ hasText: /^品牌管理员$/ })).toHaveCount(0);
    } finally {
      for (const role of [hotelRole, brandRole]) await api.call('DELETE', `/records/role/${role.id}`);
    }
  });

  test("the header names the user's role in the language chosen", async ({ page }) => {
    const who = page.locator('.ant-dropdown:visible').getByRole('menuitem').first();
    await openAs(page, ACCOUNTS.hotel);
    await page.getByTestId('user-menu').click();
    await expect(who).toContainText('酒店管理员');
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'English');
    await page.getByTestId('user-menu').click();
    await expect(who).toContainText('Hotel administrator');
  });

  test('system roles show their English names in English', async ({ page }) => {
    const roleRow = (name: string) => rows(activePage(page).getByTestId('record-table')).filter({ has: page.getByRole('cell', { name, exact: true }) });
    await openAs(page, ACCOUNTS.platform, '/systems/groups?pagesize=100');
    await expect(roleRow('超级管理员')).toHaveCount(1);
    await switchLanguage(page, 'English');
    for (const name of ['Super administrator', 'Brand administrator', 'Hotel administrator']) await expect(roleRow(name)).toHaveCount(1);
    await expect(roleRow('超级管理员')).toHaveCount(0);

    // The account list's role column too.
    await page.goto(`${WEB}/user/hotel?keyword=sunrise.bund`);
    await expect(rows(activePage(page).getByTestId('record-table')).filter({ hasText: 'sunrise.bund' })).toContainText('Hotel administrator');
  });
});

test.describe('hotel settings as the hotel administrator', () => {
  test('the welcome text is saved through the settings by key', async ({ page }) => {
    const text = unique('欢迎入住');
    await openAs(page, ACCOUNTS.hotel, '/content/hotel_info');
    const form = page.getByTestId('hotel-info-form');
    await expect(form.locator('#welcome_text')).toBeVisible();
    await form.locator('#welcome_text').fill(text);
    await form.locator('#check_out_time').fill('25:00');
    await page.getByTestId('hotel-info-save').click();
    await expect(formItem(form, 'check_out_time').locator('.ant-form-item-explain-error')).toBeVisible();
    await form.locator('#check_out_time').fill('12:00');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/web/set_hotel_info_by_key' && r.request().method() === 'POST');
    await page.getByTestId('hotel-info-save').click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('hotel-info-form').locator('#welcome_text')).toHaveValue(text);
  });
});
