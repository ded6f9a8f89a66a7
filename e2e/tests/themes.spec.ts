import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.js';
import { activePage, Api, openAs, unique } from '../support/shell.js';

/**
 * Templates (docs/themes.md): a brand creates a template, edits its draft in the tree editor (a page
 * and a text block with its text in two languages), publishes it, and finds the version listed. The
 * template is unpublished and deleted afterwards.
 */
test('a brand creates a template, edits it in the tree editor, publishes it and sees the version', async ({ page, request }) => {
  const name = unique('Tpl').slice(0, 20);
  await openAs(page, ACCOUNTS.brand, '/themes/themes_page');
  const list = activePage(page);
  await list.getByTestId('theme-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('theme-name').fill(name);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();

  await expect(page).toHaveURL(/\/themes\/themes_template\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const editor = activePage(page);
  const tree = editor.getByTestId('theme-tree');
  await tree.getByText('Main', { exact: true }).click();
  await editor.getByTestId('add-page').click();
  await expect(tree.getByText('Page', { exact: true })).toBeVisible();
  await editor.getByTestId('add-container').click();
  await editor.getByTestId('add-block').click();
  await expect(tree.getByText('text · text1')).toBeVisible();
  await editor.getByTestId('prop-text-zh-CN').fill('欢迎光临');
  await editor.getByTestId('prop-text-en').fill('Welcome');
  await editor.getByTestId('theme-save').click();
  await expect(editor.getByText(/Draft revision 2|草稿版本 2/)).toBeVisible();

  const api = await Api.as(request, ACCOUNTS.brand);
  const saved = await api.get<{ document: { layouts: { pages: { containers: { blocks: { text: Record<string, string> }[] }[] }[] }[] } }>(`/admin/theme/${id}`);
  expect(saved.document.layouts[0]!.pages[1]!.containers[0]!.blocks[0]!.text).toEqual({ 'zh-CN': '欢迎光临', en: 'Welcome' });

  await openAs(page, ACCOUNTS.brand, '/themes/themes_page');
  const row = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: name });
  await row.getByTestId('theme-publish').click();
  await page.getByRole('dialog').locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(row.getByTestId('theme-cancelPublish')).toBeVisible();

  await openAs(page, ACCOUNTS.brand, '/themes/themes_version');
  const version = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(version).toContainText('v1');
  await expect(version.getByTestId('version-state')).toHaveText(/published|已发布/);

  await api.post(`/admin/theme/${id}/cancel-publish`);
  expect((await api.call('DELETE', `/admin/theme/${id}`)).status).toBe(200);
});
