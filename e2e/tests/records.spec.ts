import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiLogin, label, login, WEB } from '../support/auth.js';

/**
 * The generated record pages (declarations in packages/shared/src/records/faq.ts), as the seeded
 * hotel administrator. Tests share one server: each makes rows with its own unique titles and
 * removes nothing it did not make, so the seeded rows stay for the others.
 */

const FAQ_LIST = `${WEB}/faq/list`;
const SEEDED = ['如何连接客房 Wi-Fi？', '早餐时间和地点', '可以延迟退房吗？', '电视如何投屏？'];
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const table = (page: Page) => page.getByTestId('record-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr').filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');
/** The antd Form.Item of a field, found by its control's id (the field name). */
const formItem = (scope: Locator, name: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator(`#${name}`) });

async function openList(page: Page, path = FAQ_LIST) {
  await page.goto(path);
  await expect(table(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
}

async function search(page: Page, keyword: string) {
  const form = page.getByTestId('search-form');
  await form.locator('#keyword').fill(keyword);
  await form.getByRole('button', { name: label('查询') }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(keyword);
}

/** Confirms the open Popconfirm whose text contains `text`. */
async function confirmPopup(page: Page, text: string | RegExp) {
  const popup = page.locator('.ant-popconfirm').filter({ hasText: text });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: /^\s*(确\s*定|OK)\s*$/ }).click();
}

/** Picks an option of the antd Select whose input has this id. */
async function choose(page: Page, scope: Locator, id: string, option: string) {
  await scope.locator(`#${id}`).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await item.click();
  await expect(formItem(scope, id).locator('.ant-select-content, .ant-select-selection-item, .ant-select-selector').first()).toContainText(option);
}

interface Api {
  request: APIRequestContext;
  token: string;
}

async function hotelApi(request: APIRequestContext): Promise<Api> {
  return { request, token: await apiLogin(request, 'hotel') };
}

async function categoryId(api: Api, name: string): Promise<number> {
  const response = await api.request.get('/api/records/faq-category/options', { headers: { authorization: `Bearer ${api.token}` } });
  const options = (await response.json()).data as { value: number; label: string }[];
  const found = options.find((o) => o.label === name);
  expect(found, `category ${name} among ${JSON.stringify(options)}`).toBeTruthy();
  return found!.value;
}

async function createFaq(api: Api, title: string, category = '网络'): Promise<number> {
  const response = await api.request.post('/api/records/faq', {
    headers: { authorization: `Bearer ${api.token}` },
    data: { title, categoryId: await categoryId(api, category), content: `${title} 的答案` },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()).data as { id: number }).id;
}

test.describe('FAQ records as the hotel administrator', () => {
  // The login form itself is covered by smoke.spec.ts; here the session comes from the API.
  test.beforeEach(async ({ page }) => {
    await login(page, 'hotel', { via: 'api' });
  });

  test('the list shows the seeded FAQ rows with their category', async ({ page }) => {
    await openList(page);
    for (const title of SEEDED) await expect(rowOf(page, title)).toHaveCount(1);
    await expect(rowOf(page, '如何连接客房 Wi-Fi？')).toContainText('网络');
    await expect(rowOf(page, '早餐时间和地点')).toContainText('餐饮');
    // Column headers come from the declaration's zh-CN labels.
    await expect(table(page).getByRole('columnheader', { name: '标题' })).toBeVisible();
    await expect(table(page).getByRole('columnheader', { name: '分类' })).toBeVisible();
  });

  test('the side menu leads to the FAQ categories', async ({ page }) => {
    await page.getByTestId('side-menu').getByText('问题分类', { exact: true }).click();
    await expect(page).toHaveURL(/\/new-frontend\/faq\/category/);
    for (const name of ['网络', '餐饮', '入住与退房']) await expect(rowOf(page, name).first()).toBeVisible();
  });

  test('keyword search narrows the list and reset restores it', async ({ page }) => {
    await openList(page);
    await search(page, '早餐');
    await expect(rowOf(page, '早餐时间和地点')).toHaveCount(1);
    await expect(rowOf(page, '如何连接客房 Wi-Fi？')).toHaveCount(0);
    await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(1);

    // The search lives in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByTestId('search-form').locator('#keyword')).toHaveValue('早餐');
    await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(1);

    await page.getByTestId('search-form').getByRole('button', { name: label('重置') }).click();
    await expect(rowOf(page, '如何连接客房 Wi-Fi？')).toHaveCount(1);
  });

  test('create checks the title, saves, and the row appears; edit and delete it', async ({ page }) => {
    const title = unique('E2E 新建 ');
    const renamed = `${title} 已修改`;
    await openList(page);

    await page.getByRole('button', { name: label('新建') }).click();
    const form = dialog(page);
    await expect(form).toBeVisible();
    await expect(form).toContainText('新建常见问题');

    // Empty title: the field error shows on the title field and nothing is saved.
    await form.getByTestId('record-form-submit').click();
    const titleError = formItem(form, 'title').locator('.ant-form-item-explain-error');
    await expect(titleError).toBeVisible();
    await expect(titleError).not.toHaveText('');
    await expect(form).toBeVisible();

    await form.locator('#title').fill(title);
    await expect(titleError).toHaveCount(0);
    await choose(page, form, 'categoryId', '餐饮');
    await form.locator('#content').fill('端到端测试写入的答案。');
    await form.getByTestId('record-form-submit').click();
    await expect(form).toBeHidden();
    await expect(rowOf(page, title)).toHaveCount(1);
    await expect(rowOf(page, title)).toContainText('餐饮');

    // Edit: the form opens with the saved values.
    await rowOf(page, title).getByRole('button', { name: label('编辑') }).click();
    await expect(dialog(page)).toContainText('编辑常见问题');
    await expect(dialog(page).locator('#title')).toHaveValue(title);
    await expect(dialog(page).locator('#content')).toHaveValue('端到端测试写入的答案。');
    await dialog(page).locator('#title').fill(renamed);
    await dialog(page).getByTestId('record-form-submit').click();
    await expect(dialog(page)).toBeHidden();
    await expect(rowOf(page, renamed)).toHaveCount(1);
    await expect(rowOf(page, title).filter({ hasNotText: renamed })).toHaveCount(0);

    // Delete with confirmation.
    await rowOf(page, renamed).getByRole('button', { name: label('删除') }).click();
    await confirmPopup(page, '确定删除这条数据吗？');
    await expect(rowOf(page, renamed)).toHaveCount(0);
    await page.reload();
    await expect(table(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);
  });

  test('server-side validation: a duplicate category name is refused on its field', async ({ page }) => {
    await openList(page, `${WEB}/faq/category`);
    await page.getByRole('button', { name: label('新建') }).click();
    const form = dialog(page);
    await form.locator('#name').fill('网络'); // exists (unique per hotel)
    await form.getByTestId('record-form-submit').click();
    await expect(formItem(form, 'name').locator('.ant-form-item-explain-error')).toBeVisible();
    await expect(form).toBeVisible();
  });

  test('batch delete removes the selected rows after confirmation', async ({ page, request }) => {
    const api = await hotelApi(request);
    const prefix = unique('E2E 批量 ');
    const titles = [`${prefix} 一`, `${prefix} 二`];
    for (const title of titles) await createFaq(api, title);

    await openList(page);
    await search(page, prefix);
    await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(2);
    for (const title of titles) await rowOf(page, title).getByRole('checkbox').check();

    const batch = page.getByRole('button', { name: /批量删除/ });
    await expect(batch).toBeEnabled();
    await expect(batch).toContainText('2');
    await batch.click();
    await confirmPopup(page, /2/);
    for (const title of titles) await expect(rowOf(page, title)).toHaveCount(0);
    // The seeded rows are untouched.
    await page.getByTestId('search-form').getByRole('button', { name: label('重置') }).click();
    for (const title of SEEDED) await expect(rowOf(page, title)).toHaveCount(1);
  });

  test('export downloads the filtered list as an .xlsx workbook', async ({ page }) => {
    await openList(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: label('导出') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^(常见问题|FAQ)-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // xlsx is a zip
  });

  test('switching to English relabels the page and antd, and back to Chinese', async ({ page }) => {
    await openList(page);
    const pagination = page.locator('.ant-pagination');
    await expect(pagination).toContainText('条/页');

    await page.getByTestId('lang-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(table(page).getByRole('columnheader', { name: 'Title' })).toBeVisible();
    await expect(table(page).getByRole('columnheader', { name: 'Category' })).toBeVisible();
    await expect(page.getByRole('button', { name: label('Export') })).toBeVisible();
    await expect(pagination).toContainText('/ page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    // The choice is remembered across a reload.
    await page.reload();
    await expect(table(page).getByRole('columnheader', { name: 'Title' })).toBeVisible();

    await page.getByTestId('lang-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(table(page).getByRole('columnheader', { name: '标题' })).toBeVisible();
    await expect(pagination).toContainText('条/页');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });
});
