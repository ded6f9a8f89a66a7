import { expect, test, type Page } from '@playwright/test';
import { label } from '../support/auth.js';
import { activePage, Api, DEMO, openAs, openFromMenu, sessionToken } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * The platform's system screens (spec part 1 §2 /systems, §6): accounts, roles with the permission
 * assignment dialog, the permission tree; the projects dialog of multi-project users; the operation
 * log with its filters; the ref selects that list the choices of the edited row's owner.
 */

const table = (page: Page) => activePage(page).getByTestId('record-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr.ant-table-row').filter({ hasText: text });

test('system management: accounts, roles and permissions are generated record pages at their /systems paths', async ({ page }) => {
  await openAs(page, DEMO.admin);
  await openFromMenu(page, '账号管理', '系统管理');
  await expect(page).toHaveURL(/\/systems\/supers$/);
  await expect(rowOf(page, 'admin')).toHaveCount(1);
  await openFromMenu(page, '角色管理', '系统管理');
  await expect(page).toHaveURL(/\/systems\/groups$/);
  await expect(rowOf(page, '运营人员')).toHaveCount(1);
  await openFromMenu(page, '权限管理', '系统管理');
  await expect(page).toHaveURL(/\/systems\/permissions$/);
  await expect(table(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
});

test('a role’s permissions are assigned in a tree of checkboxes and saved', async ({ page, request }) => {
  const admin = await Api.as(request, DEMO.admin);
  const roles = await admin.get<{ value: number; label: string }[]>('/records/role/options?keyword=' + encodeURIComponent('运营人员'));
  const roleId = roles.find((r) => r.label === '运营人员')!.value;
  const original = (await admin.get<{ permissions: string[] }>(`/access/roles/${roleId}/permissions`)).permissions;

  try {
    await openAs(page, DEMO.admin, '/systems/groups');
    await (await rowAction(rowOf(page, '运营人员'), (scope) => scope.getByTestId('role-permissions-open'))).click();
    const dialog = page.getByRole('dialog');
    const tree = dialog.getByTestId('role-permissions');
    const nodes = tree.locator('.ant-tree-treenode:not([aria-hidden="true"])');
    await expect(nodes.first()).toBeVisible();
    // The role's strings are checked: brand.read is, tag.read is not.
    const node = (key: string) => nodes.filter({ has: page.getByText(key, { exact: true }) }).first();
    await expect(node('brand.read').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await dialog.getByRole('button', { name: '全部展开' }).click();
    await expect(node('tag.read').locator('.ant-tree-checkbox')).not.toHaveClass(/ant-tree-checkbox-checked/);

    // Checking a button checks its page too.
    await node('tag.create').locator('.ant-tree-checkbox').click();
    await expect(node('tag.create').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(node('tag.read').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await dialog.getByTestId('role-permissions-save').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '权限已保存' })).toBeVisible();
    await expect(dialog).toBeHidden();

    const saved = (await admin.get<{ permissions: string[] }>(`/access/roles/${roleId}/permissions`)).permissions;
    expect(saved).toEqual(expect.arrayContaining(['tag.read', 'tag.create', 'brand.read']));

    // A super role has nothing to assign.
    await (await rowAction(rowOf(page, '超级管理员').first(), (scope) => scope.getByTestId('role-permissions-open'))).click();
    await expect(page.getByRole('dialog')).toContainText('超级角色拥有该类型的全部权限');
    await expect(page.getByRole('dialog').getByTestId('role-permissions-save')).toHaveCount(0);
  } finally {
    await admin.put(`/access/roles/${roleId}/permissions`, { permissions: original });
  }
});

test('the projects dialog shows the home and further hotels of a multi-project hotel user', async ({ page }) => {
  await openAs(page, DEMO.admin, '/user/hotel');
  const search = activePage(page).getByTestId('search-form');
  await search.locator('#keyword').fill('sunrise.multi');
  await search.getByRole('button', { name: label('查询') }).click();
  await (await rowAction(rowOf(page, 'sunrise.multi'), (scope) => scope.getByTestId('user-projects-open'))).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('user-projects') });
  await expect(dialog).toContainText('朝阳西湖酒店');
  await expect(dialog.locator('.ant-select')).toContainText('朝阳滨江酒店');
  // Saving the unchanged list keeps it.
  await dialog.getByTestId('user-projects-save').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '项目已保存' })).toBeVisible();
});

test('the operation log filters by user type and action', async ({ page }) => {
  // A hotel manager's sign-in of its own, so the filtered list is never empty whatever ran before.
  await sessionToken(page.request, DEMO.bund, true);
  await openAs(page, DEMO.admin, '/operation/action/log');
  const filters = activePage(page).getByTestId('oplog-filters');
  await filters.getByLabel('用户类型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '酒店管理员' }).click();
  await filters.getByLabel('操作', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^登录$/ }).click();
  await filters.getByRole('button', { name: label('查询') }).click();
  await expect(page).toHaveURL(/user_type=3/);
  await expect(page).toHaveURL(/action=login/);
  const rows = activePage(page).getByTestId('oplog-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('酒店管理员');
  await expect(rows.filter({ hasNotText: '酒店管理员' })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: '登录' })).toHaveCount(0);
  // The filters survive a reload (they live in the URL).
  await page.reload();
  await expect(activePage(page).getByTestId('oplog-filters')).toContainText('酒店管理员');
});

test('a superior editing a hotel’s FAQ sees that hotel’s categories in the select', async ({ page }) => {
  await openAs(page, DEMO.admin, '/faq/list');
  const row = rowOf(page, '早餐时间和地点');
  await expect(row).toHaveCount(1);
  const options = page.waitForRequest((r) => /\/api\/records\/faq-category\/options/.test(r.url()));
  await row.getByRole('button', { name: label('编辑') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('#title')).toHaveValue('早餐时间和地点');
  const url = new URL((await options).url());
  expect(url.searchParams.get('hotelId')).toBeTruthy();
  expect(url.searchParams.get('brandId')).toBeTruthy();
  await dialog.locator('#categoryId').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '网络' })).toBeVisible();
  await dialog.getByRole('button', { name: label('取消') }).click();
});

test('the platform names the brand of a new brand-level row (sub-brand) in the form', async ({ page, request }) => {
  const name = `E2E${Date.now().toString(36).slice(-6)}`;
  await openAs(page, DEMO.admin, '/brand/sub_brands');
  await activePage(page).getByRole('button', { name: label('新建') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#name').fill(name);
  // Without a brand the form refuses to save.
  await dialog.getByTestId('record-form-submit').click();
  await expect(dialog.locator('.ant-form-item').filter({ has: page.locator('#brandId') })).toContainText('请选择品牌');
  await dialog.locator('#brandId').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '蓝湾度假酒店' }).click();
  await dialog.getByTestId('record-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toHaveCount(1);

  // It belongs to Blue Bay: the brand's own list has it.
  const bluebay = await Api.as(request, DEMO.bluebay);
  const list = await bluebay.get<{ items: { id: number; name: string }[] }>(`/records/sub-brand?keyword=${name}`);
  expect(list.items.map((i) => i.name)).toEqual([name]);
  await bluebay.call('DELETE', `/records/sub-brand/${list.items[0]!.id}`);
});
