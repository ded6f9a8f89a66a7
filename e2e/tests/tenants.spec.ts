import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, label, WEB } from '../support/auth.js';
import { Api, openAs, switchLanguage } from '../support/shell.js';

/**
 * Brands, hotels and rooms (docs/tenants.md): the platform's brand list (search, pages, export), a
 * hotel created with the owner select, a brand's hotels with their counts, bulk room creation by the
 * brand administrator, and the English labels. Each test makes rows with unique names and removes
 * the brands it made.
 */

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const table = (page: Page) => page.getByTestId('record-table');
const rows = (scope: Locator) => scope.locator('tbody tr.ant-table-row');
const dialog = (page: Page) => page.getByRole('dialog');
const formItem = (scope: Locator, name: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator(`#${name}`) });

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
    await row.getByTestId('brand-hotels-open').click();
    await expect(page).toHaveURL(/\/brand\/hotels\/\d+/);
    const hotels = page.getByTestId('brand-hotels-table');
    const bund = rows(hotels).filter({ hasText: '朝阳外滩酒店' });
    await expect(bund).toHaveCount(1);
    for (const header of ['未授权数', '电视数', '终端数', '房间数']) await expect(hotels.locator('thead')).toContainText(header);
    // 8 floors × 12 rooms in the demo data.
    await expect(bund.locator('td').nth(7)).not.toHaveText('0');

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
    await row.getByTestId('hotel-rooms-open').click();
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
