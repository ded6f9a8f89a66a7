import { expect, test } from '@playwright/test';
import { activePage, Api, DEMO, expectActiveTab, openAs, switchLanguage, tabLabels, unique } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * Rows named by their titles in the interface's language: a FAQ category by its English name in the
 * English interface (list and select), detail pages' tabs by their brand's or hotel's name, and the
 * operation log's templates by their names. Each test removes what it made.
 */

const rows = (scope: ReturnType<typeof activePage>) => scope.locator('tbody tr.ant-table-row');

test('in English a FAQ category is named by its English name in the FAQ list and in the category select', async ({ page, request }) => {
  const api = await Api.as(request, DEMO.bund);
  const mark = unique('N');
  const category = await api.post<{ id: number }>('/records/faq-category', { name: `分类${mark}`, nameEn: `Category ${mark}` });
  const entry = await api.post<{ id: number }>('/records/faq', { title: `Question ${mark}`, categoryId: category.id, content: 'Answer.' });
  try {
    await openAs(page, DEMO.bund, `/faq/list?keyword=${mark}`);
    const row = rows(activePage(page).getByTestId('record-table')).filter({ hasText: `Question ${mark}` });
    await expect(row).toContainText(`分类${mark}`);

    await switchLanguage(page, 'English');
    await expect(row).toContainText(`Category ${mark}`);
    await expect(row).not.toContainText(`分类${mark}`);
    const select = activePage(page).getByTestId('search-form').locator('#categoryId');
    await select.click();
    await select.pressSequentially(mark);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([`Category ${mark}`]);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/names-faq-english.png' });
    await switchLanguage(page, '简体中文');
  } finally {
    await api.call('DELETE', `/records/faq/${entry.id}`);
    await api.call('DELETE', `/records/faq-category/${category.id}`);
  }
});

test('detail pages name their tab by the brand or hotel they show, never by its id', async ({ page }) => {
  await openAs(page, DEMO.admin, '/brand/list?keyword=SUNRISE');
  await (await rowAction(rows(activePage(page).getByTestId('record-table')).filter({ hasText: '朝阳酒店集团' }), (scope) => scope.getByTestId('brand-hotels-open'))).click();
  await expectActiveTab(page, '品牌酒店列表 · 朝阳酒店集团');
  await rows(activePage(page).getByTestId('brand-hotels-table')).filter({ hasText: '朝阳外滩酒店' }).getByTestId('brand-hotel-rooms').click();
  await expectActiveTab(page, '房间列表 · 朝阳外滩酒店');
  expect((await tabLabels(page)).filter((text) => /\d+$/.test(text))).toEqual([]);

  // The hotel's name follows the language; a reload keeps the names of the tabs it restores.
  await switchLanguage(page, 'English');
  await expectActiveTab(page, 'Rooms · Sunrise Bund Hotel');
  await page.reload();
  await expectActiveTab(page, 'Rooms · Sunrise Bund Hotel');
  expect(await tabLabels(page)).toContain('Hotels of the brand · 朝阳酒店集团');
  await switchLanguage(page, '简体中文');
});

test('the operation log names a template, which it used to show by its id', async ({ page, request }) => {
  const api = await Api.as(request, DEMO.sunrise);
  const name = unique('Lobby');
  const theme = await api.post<{ id: number }>('/admin/theme', { name, equipmentType: 'room' });
  try {
    await openAs(page, DEMO.sunrise, '/operation/action/log');
    const log = activePage(page).getByTestId('oplog-table');
    await expect(log.locator('tbody')).toContainText(`模板 · ${name}`);
    await expect(log.locator('tbody')).not.toContainText(`#${theme.id}`);
    await switchLanguage(page, 'English');
    await expect(log.locator('tbody')).toContainText(`Template · ${name}`);
    await switchLanguage(page, '简体中文');
  } finally {
    await api.call('DELETE', `/admin/theme/${theme.id}`);
  }
});

test('the branch account list shows each account’s hotel and filters by it', async ({ page }) => {
  await openAs(page, DEMO.sunrise, '/user/lists');
  const list = activePage(page).getByTestId('record-table');
  await expect(list.locator('thead')).toContainText('酒店');
  const bund = rows(list).filter({ hasText: '外滩店管理员' });
  await expect(bund).toContainText('朝阳外滩酒店');

  const form = activePage(page).getByTestId('search-form');
  const select = form.locator('#hotelId');
  // The hotel filter may sit in the folded part of the search form.
  if (!(await form.getByTestId('search-item-hotelId').isVisible())) await form.getByTestId('search-toggle').click();
  await select.click();
  await select.pressSequentially('西湖');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '朝阳西湖酒店' }).click();
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/hotelId=\d+/);
  await expect(bund).toHaveCount(0);
  await expect(rows(list).first()).toContainText('朝阳西湖酒店');

  await switchLanguage(page, 'English');
  await expect(rows(list).first()).toContainText('Sunrise West Lake Hotel');
  await switchLanguage(page, '简体中文');
});

test('in English the project selector and the dashboard’s hotel ranking name hotels by their English names', async ({ page }) => {
  // A hotel user of two hotels: the current one and the choices.
  await openAs(page, DEMO.multi, '/home');
  const select = page.getByTestId('project-select');
  await expect(select).toContainText('朝阳西湖酒店');
  await switchLanguage(page, 'English');
  try {
    await expect(select).toContainText('Sunrise West Lake Hotel');
    await select.click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['Sunrise West Lake Hotel', 'Sunrise Riverside Hotel']);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('welcome-card')).toContainText('Sunrise West Lake Hotel');

    // A brand's dashboard ranks its hotels by offline terminals, each by its English name.
    await openAs(page, DEMO.sunrise, '/home');
    await switchLanguage(page, 'English');
    const ranking = page.getByTestId('offline-hotels').locator('.ant-list-item');
    await expect(ranking.first()).toContainText('Sunrise');
    // Each item: the hotel, then " · " and its brand (brands have no English name).
    const names = (await ranking.allInnerTexts()).map((text) => text.split('·')[0]!.trim());
    expect(names.length).toBeGreaterThan(0);
    // The demo's hotels by their English names only (other tests may add hotels of their own to the brand).
    expect(names.some((name) => ['Sunrise Bund Hotel', 'Sunrise West Lake Hotel', 'Sunrise Riverside Hotel'].includes(name))).toBe(true);
    for (const name of names) expect(['朝阳外滩酒店', '朝阳西湖酒店', '朝阳滨江酒店']).not.toContain(name);
    await page.screenshot({ path: test.info().outputPath('names-dashboard-english.png') });
  } finally {
    await switchLanguage(page, '简体中文');
  }
});

test('in English lists name hotels by their English names, terminals are online or offline, and the map names provinces', async ({ page }) => {
  await openAs(page, DEMO.sunrise, '/hotel/lists');
  const hotels = activePage(page).getByTestId('record-table').locator('tbody');
  await expect(hotels).toContainText('朝阳外滩酒店');
  await switchLanguage(page, 'English');
  try {
    await expect(hotels).toContainText('Sunrise Bund Hotel');
    await expect(hotels).not.toContainText('朝阳外滩酒店');

    await openAs(page, DEMO.admin, '/terminal_manage/terminal');
    await switchLanguage(page, 'English');
    const terminals = activePage(page).getByTestId('record-table');
    await expect(terminals.locator('thead')).toContainText('Online status');
    const states = terminals.locator('tbody .ant-tag');
    await expect(states.filter({ hasText: /^(Online|Offline)$/ }).first()).toBeVisible();
    await expect(states.filter({ hasText: /^(Yes|No)$/ })).toHaveCount(0);

    await openAs(page, DEMO.admin, '/newdata/terminal_map');
    await switchLanguage(page, 'English');
    await expect(page.getByRole('cell', { name: 'Shanghai', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: '上海', exact: true })).toHaveCount(0);
    await page.getByRole('cell', { name: 'Shanghai', exact: true }).click();
    await expect(page.getByTestId('tab-page').locator('.ant-breadcrumb')).toContainText('Shanghai');
  } finally {
    await switchLanguage(page, '简体中文');
  }
});
