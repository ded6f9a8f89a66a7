import { expect, test } from '@playwright/test';
import { WEB } from '../support/auth.js';
import { activePage, Api, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';

/**
 * Screens of the route table without a journey of their own: a template's manage interface
 * (docs/themes.md) and the hotel's remote commands (docs/tvcode.md).
 */
test('a template’s manage interface shows its pages and blocks and leads to the editor', async ({ page, request }) => {
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('Manage').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [textBlock('hello', { x: 100, y: 100 }, { 'zh-CN': '你好', en: 'Hello' }), textBlock('bye', { x: 600, y: 100 }, { 'zh-CN': '再见', en: 'Bye' })]),
      fullPage('spa', 'detail', []),
    ]),
  });
  await openAs(page, DEMO.sunrise, `/themes/themes_layout/${theme.id}`);
  const manage = activePage(page).getByTestId('theme-manage');
  await expect(manage).toContainText(name);
  const structure = manage.getByTestId('theme-manage-structure');
  const home = structure.locator('tr').filter({ hasText: 'home' }).filter({ hasText: 'text' });
  await expect(home).toContainText('2');
  await expect(structure.locator('tr').filter({ hasText: 'spa' })).toHaveCount(1);
  await manage.getByTestId('theme-manage-edit').click();
  await expect(page).toHaveURL(new RegExp(`${WEB}/themes/themes_template/${theme.id}$`));
});

test('a hotel keeps its remote commands per TV model', async ({ page }) => {
  await openAs(page, DEMO.bund, '/hotel_tvcode/tvcodeconfig');
  await expect(activePage(page).getByTestId('record-table')).toBeVisible();
  await expect(activePage(page)).toContainText('电视型号');
});
