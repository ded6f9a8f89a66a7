import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, label } from '../support/auth.js';
import { Api, openAs, unique } from '../support/shell.js';

/**
 * Generated forms (docs/architecture.md, "Generated forms"): the new-hotel form in its declared
 * sections, two columns on a wide screen and one on a narrow one; the AP password's required mark
 * following the system version; and a hotel's rooms page, where the brand adds and edits single rooms
 * and a bulk creation shows the numbers it will make before making them. Each test removes what it made.
 */

const dialog = (page: Page) => page.getByRole('dialog');
const rows = (scope: Locator) => scope.locator('tbody tr.ant-table-row');
const formItem = (scope: Locator, name: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator(`#${name}`) });
/** antd marks a required field's label with this class (the red asterisk). */
const requiredMark = (scope: Locator, name: string) => formItem(scope, name).locator('label.ant-form-item-required');

async function chooseVersion(page: Page, form: Locator, version: string) {
  await form.locator('#systemVersion').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${version.replace('.', '\\.')}$`) }).click();
  await expect(formItem(form, 'systemVersion')).toContainText(version);
}

async function openNewHotelForm(page: Page): Promise<Locator> {
  await openAs(page, ACCOUNTS.brand, '/hotel/lists');
  await page.getByRole('button', { name: label('新建') }).click();
  const form = dialog(page).getByTestId('record-form');
  await expect(form.locator('#name')).toBeVisible();
  return form;
}

interface RoomRow {
  id: number;
  number: string;
  hotelId: number;
  roomType: string | null;
}

async function roomsLike(api: Api, keyword: string): Promise<RoomRow[]> {
  return (await api.get<{ items: RoomRow[] }>(`/records/room?keyword=${encodeURIComponent(keyword)}&pagesize=100`)).items;
}

async function removeRooms(api: Api, keyword: string) {
  for (const room of await roomsLike(api, keyword)) await api.call('DELETE', `/records/room/${room.id}`);
}

test.describe('generated forms', () => {
  test('the new-hotel form comes in titled sections, two columns at 1440×900 and one on a narrow screen', async ({ page }, info) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const form = await openNewHotelForm(page);
    for (const title of ['基本信息', '系统与网络', '内容与功能', '功能版本', 'RCU']) {
      await expect(form.locator('.ant-divider').filter({ hasText: title })).toBeVisible();
    }
    await expect(form.getByTestId('form-section-basic').locator('#nameEn')).toBeVisible();
    await expect(form.getByTestId('form-section-network').locator('#apPassword')).toBeVisible();
    await expect(form.getByTestId('form-section-versions').locator('#weatherVer')).toBeVisible();

    // Side by side: the hotel name and the English name share a row; the whitelist takes a whole row.
    const name = (await formItem(form, 'name').boundingBox())!;
    const nameEn = (await formItem(form, 'nameEn').boundingBox())!;
    expect(Math.abs(name.y - nameEn.y)).toBeLessThan(2);
    expect(nameEn.x).toBeGreaterThan(name.x + name.width - 1);
    const whitelist = (await formItem(form, 'ipWhitelist').boundingBox())!;
    expect(whitelist.width).toBeGreaterThan(name.width * 1.8);
    await page.screenshot({ path: info.outputPath('new-hotel-form-1440x900.png') });

    await page.setViewportSize({ width: 760, height: 900 });
    await expect(async () => {
      const narrowName = (await formItem(form, 'name').boundingBox())!;
      const narrowNameEn = (await formItem(form, 'nameEn').boundingBox())!;
      expect(narrowNameEn.y).toBeGreaterThan(narrowName.y + narrowName.height - 1);
    }).toPass();
  });

  test('the AP password shows its required mark while the version is 3.0 or later, and the form says so before saving', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const form = await openNewHotelForm(page);
    // 3.0 is the default version: the mark is there from the start.
    await expect(formItem(form, 'systemVersion')).toContainText('3.0');
    await expect(requiredMark(form, 'apPassword')).toBeVisible();

    await chooseVersion(page, form, '2.x');
    await expect(requiredMark(form, 'apPassword')).toHaveCount(0);
    await expect(formItem(form, 'apPassword').locator('label')).toBeVisible();

    await chooseVersion(page, form, '4.0');
    await expect(requiredMark(form, 'apPassword')).toBeVisible();

    // Saving without it: the browser refuses with the server's own message, and nothing is sent.
    let posted = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/records/hotel' && r.method() === 'POST') posted = true;
    });
    await form.locator('#name').fill(unique('表单酒店'));
    await form.locator('#ipWhitelist').fill('192.0.2.10');
    await form.getByTestId('record-form-submit').click();
    await expect(formItem(form, 'apPassword').locator('.ant-form-item-explain-error')).toHaveText('3.0及以上版本的酒店必须设置AP密码');
    expect(posted).toBe(false);

    // Back to 2.x: the error and the mark go away.
    await chooseVersion(page, form, '2.x');
    await expect(formItem(form, 'apPassword').locator('.ant-form-item-explain-error')).toHaveCount(0);
    await expect(requiredMark(form, 'apPassword')).toHaveCount(0);
    await dialog(page).getByRole('button', { name: label('取消') }).click();
  });

  test.describe("a hotel's rooms page", () => {
    let api: Api;
    let hotelId: number;
    let prefix: string;

    test.beforeEach(async ({ request }) => {
      api = await Api.as(request, ACCOUNTS.brand);
      hotelId = await api.optionId('hotel', '朝阳西湖酒店');
      prefix = `F${Math.floor(Math.random() * 1e6).toString(36).toUpperCase()}`;
    });

    test.afterEach(async () => {
      await removeRooms(api, prefix);
    });

    const search = async (page: Page, keyword: string) => {
      const form = page.getByTestId('rooms-search');
      await form.locator('#keyword').fill(keyword);
      await form.getByRole('button', { name: label('查询') }).click();
      return page.getByTestId('hotel-rooms-table');
    };

    test('a room is edited and saved', async ({ page }) => {
      const room = await api.post<RoomRow>('/records/room', { number: `${prefix}01`, floor: '5', roomType: 'Twin', hotelId });
      await openAs(page, ACCOUNTS.brand, `/hotel/rooms/${hotelId}`);
      const table = await search(page, prefix);
      await expect(rows(table)).toHaveCount(1);
      await rows(table).first().getByTestId('room-edit').click();

      const form = dialog(page).getByTestId('record-form');
      await expect(form.locator('#number')).toHaveValue(`${prefix}01`);
      await expect(form.locator('#hotelId')).toHaveCount(0);
      await form.locator('#number').fill(`${prefix}02`);
      await form.locator('#roomType').fill('Suite');
      await form.getByTestId('record-form-submit').click();
      await expect(dialog(page)).toBeHidden();

      await expect(rows(table).first()).toContainText(`${prefix}02`);
      await expect(rows(table).first()).toContainText('Suite');
      const [saved] = await roomsLike(api, prefix);
      expect(saved).toMatchObject({ id: room.id, number: `${prefix}02`, roomType: 'Suite', hotelId });
    });

    test('a single room is created in the page’s hotel', async ({ page }) => {
      await openAs(page, ACCOUNTS.brand, `/hotel/rooms/${hotelId}`);
      await page.getByTestId('room-create-open').click();
      const form = dialog(page).getByTestId('record-form');
      // The page names the hotel: the form asks for no owner.
      await expect(form.locator('#number')).toBeVisible();
      await expect(form.locator('#hotelId')).toHaveCount(0);
      await form.locator('#number').fill(`${prefix}88`);
      await form.locator('#floor').fill('8');
      await form.getByTestId('record-form-submit').click();
      await expect(dialog(page)).toBeHidden();

      const table = await search(page, prefix);
      await expect(rows(table)).toHaveCount(1);
      await expect(rows(table).first()).toContainText(`${prefix}88`);
      const created = await roomsLike(api, prefix);
      expect(created).toEqual([expect.objectContaining({ number: `${prefix}88`, hotelId })]);
    });

    test('bulk creation shows the rooms it will make before making them', async ({ page }) => {
      await openAs(page, ACCOUNTS.brand, `/hotel/rooms/${hotelId}`);
      await page.getByTestId('room-bulk-open').click();
      const form = dialog(page).getByTestId('room-bulk-form');
      await form.locator('#prefix').fill(prefix);
      await form.locator('#floorFrom').fill('40');
      await form.locator('#floorTo').fill('41');
      await form.locator('#roomFrom').fill('1');
      await form.locator('#roomTo').fill('3');

      const preview = dialog(page).getByTestId('room-bulk-preview');
      await expect(preview).toContainText(`将创建 6 个房间：${prefix}4001 … ${prefix}4103`);
      const floors = preview.getByTestId('room-bulk-preview-floors');
      await expect(floors).toContainText(`40层： ${prefix}4001 ${prefix}4002 ${prefix}4003`);
      await expect(floors).toContainText(`41层： ${prefix}4101 ${prefix}4102 ${prefix}4103`);
      await expect(dialog(page).getByTestId('room-bulk-submit')).toHaveText(/创建\s*6\s*个房间/);
      // Nothing exists until the user confirms.
      expect(await roomsLike(api, prefix)).toEqual([]);

      await dialog(page).getByTestId('room-bulk-submit').click();
      await expect(dialog(page)).toBeHidden();
      const made = (await roomsLike(api, prefix)).map((room) => room.number).sort();
      expect(made).toEqual([`${prefix}4001`, `${prefix}4002`, `${prefix}4003`, `${prefix}4101`, `${prefix}4102`, `${prefix}4103`]);
    });
  });
});
