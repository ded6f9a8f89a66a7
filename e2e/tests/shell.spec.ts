import { expect, test } from '@playwright/test';
import { label, WEB } from '../support/auth.js';
import { activePage, CJK, DEMO, expectActiveTab, menuEntry, openAs, openFromMenu, sideMenu, switchLanguage, tab, tabBar, tabLabels } from '../support/shell.js';

/**
 * The signed-in shell (spec part 1 §2, §9): menu, tabs with kept-alive pages, breadcrumb and title,
 * language, back-to-top, full screen, 404 / 401 and the clear page of a failed lazy load.
 */

test.describe('the shell as the hotel administrator', () => {
  test('pages open into tabs; close one, close others, close all; home stays; a reload keeps the tabs', async ({ page }) => {
    await openAs(page, DEMO.bund);
    await expect(tab(page, '首页')).toBeVisible();
    // The home tab cannot be closed.
    await expect(tab(page, '首页').getByRole('button')).toHaveCount(0);

    await openFromMenu(page, '问题列表');
    await expect(page).toHaveURL(/\/faq\/list$/);
    await openFromMenu(page, '问题分类');
    await expect(page).toHaveURL(/\/faq\/category$/);
    await openFromMenu(page, '房间管理', '电视管理');
    await expect(page).toHaveURL(/\/ht\/rooms$/);
    await openFromMenu(page, '操作日志');
    await expect(page).toHaveURL(/\/operation\/action\/log$/);
    expect(await tabLabels(page)).toEqual(['首页', '问题列表', '问题分类', '房间管理', '操作日志']);

    // A reload keeps the tabs and shows the page of the URL.
    await page.reload();
    await expect(tabBar(page)).toBeVisible();
    expect(await tabLabels(page)).toEqual(['首页', '问题列表', '问题分类', '房间管理', '操作日志']);
    await expect(tab(page, '操作日志').getByRole('tab')).toHaveAttribute('aria-selected', 'true');

    // Clicking a tab shows its page.
    await tab(page, '问题列表').click();
    await expectActiveTab(page, '问题列表');
    await expect(page).toHaveURL(/\/faq\/list$/);
    await expect(activePage(page).getByTestId('record-table')).toBeVisible();

    // Closing the current tab shows the one before it.
    await tab(page, '问题分类').click();
    await expectActiveTab(page, '问题分类');
    await tab(page, '问题分类').getByRole('button', { name: 'remove' }).click();
    await expect(page).toHaveURL(/\/faq\/list$/);
    expect(await tabLabels(page)).toEqual(['首页', '问题列表', '房间管理', '操作日志']);

    // Close others: home and the current page remain.
    await page.getByTestId('tab-actions').click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    expect(await tabLabels(page)).toEqual(['首页', '问题列表']);

    // Close all: back home, home alone.
    await openFromMenu(page, '问题分类');
    await page.getByTestId('tab-actions').click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => tabLabels(page)).toEqual(['首页']);
    await page.reload();
    await expect.poll(() => tabLabels(page)).toEqual(['首页']);
  });

  test('a page left for another tab is kept alive with what was typed; its URL search comes back with it', async ({ page }) => {
    await openAs(page, DEMO.bund, '/faq/list');
    const form = activePage(page).getByTestId('search-form');
    await form.locator('#keyword').fill('早餐');
    await form.getByRole('button', { name: label('查询') }).click();
    await expect(page).toHaveURL(/keyword=/);
    // Typing right after a search: the search coming back through the URL must not wipe it.
    await form.locator('#keyword').fill('still typing');

    await openFromMenu(page, '问题分类');
    await expect(page).toHaveURL(/\/faq\/category$/);
    // The hidden page is still mounted (kept alive), not re-created.
    await expect(page.locator('[data-testid="tab-page"][data-tab="/faq/list"]')).toBeHidden();

    await tab(page, '问题列表').click();
    await expect(page).toHaveURL(/\/faq\/list\?keyword=/);
    await expect(activePage(page).getByTestId('search-form').locator('#keyword')).toHaveValue('still typing');
    await expect(activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row')).toHaveCount(1);

    // The menu entry of an open page brings back its search too.
    await openFromMenu(page, '问题分类');
    await openFromMenu(page, '问题列表');
    await expect(page).toHaveURL(/\/faq\/list\?keyword=/);
  });

  test('a search whose results are still loading when the page is left comes back with the page', async ({ page }) => {
    await openAs(page, DEMO.bund, '/faq/list');
    // The search's results take a while: its navigation is still under way when the user moves on.
    await page.route(/\/api\/records\/[^/?]+\?[^#]*keyword=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    const form = activePage(page).getByTestId('search-form');
    await form.locator('#keyword').fill('早餐');
    await form.getByRole('button', { name: label('查询') }).click();
    await expect(page).toHaveURL(/keyword=/);
    await openFromMenu(page, '问题分类');
    await expect(page).toHaveURL(/\/faq\/category$/);

    await tab(page, '问题列表').click();
    await expect(page).toHaveURL(/\/faq\/list\?keyword=/);
    await expect(activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  });

  test('the menu collapses to 64 px and expands to 256 px; breadcrumb and page title follow the page', async ({ page }) => {
    await openAs(page, DEMO.bund, '/ht/rooms');
    const menu = sideMenu(page);
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(256);
    await expect(page.getByTestId('breadcrumb')).toContainText('首页');
    await expect(page.getByTestId('breadcrumb')).toContainText('电视管理');
    await expect(page.getByTestId('breadcrumb')).toContainText('房间管理');
    await expect(page).toHaveTitle('酒店智能电视管理平台 - 房间管理');

    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(64);
    // Collapsed, the current page's group does not stay popped open.
    await expect(page.locator('.ant-menu-submenu-popup:visible')).toHaveCount(0);
    // Remembered across a reload.
    await page.reload();
    await expect.poll(async () => (await sideMenu(page).boundingBox())?.width).toBe(64);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await sideMenu(page).boundingBox())?.width).toBe(256);

    await openFromMenu(page, '问题列表');
    await expect(page).toHaveTitle('酒店智能电视管理平台 - 问题列表');
    await expect(page.getByTestId('breadcrumb')).not.toContainText('电视管理');
  });

  test('switching to English changes every visible string, antd’s included, and is kept after a reload', async ({ page }) => {
    await openAs(page, DEMO.bund, '/faq/list');
    await openFromMenu(page, '操作日志');
    await tab(page, '问题列表').click();
    await expect(activePage(page).getByTestId('record-table')).toBeVisible();
    await expect(page.locator('.ant-pagination:visible')).toContainText('条/页');

    await switchLanguage(page, 'English');
    const visible = activePage(page);
    await expect(visible.getByRole('columnheader', { name: 'Title' })).toBeVisible();
    await expect(page.locator('.ant-pagination:visible')).toContainText('/ page');
    await expect(page).toHaveTitle('Hotel Smart TV Console - Question list');
    expect(await tabLabels(page)).toEqual(['Home', 'Question list', 'Operation log']);

    // Nothing of the interface is left in Chinese: what remains is data (FAQ rows, names).
    const data = ['外滩店管理员', '酒店管理员', '朝阳外滩酒店', '朝阳酒店集团'];
    const chrome = async () => {
      const parts = [
        await sideMenu(page).innerText(),
        await tabBar(page).innerText(),
        await page.getByTestId('header').innerText(),
        await visible.getByTestId('search-form').innerText(),
        await visible.locator('.ant-card-head').first().innerText(),
        await visible.locator('thead').innerText(),
        await page.locator('.ant-pagination:visible').innerText(),
      ];
      return data.reduce((text, name) => text.split(name).join(''), parts.join('\n'));
    };
    expect(await chrome()).not.toMatch(CJK);

    // The header's controls and the user menu speak English too.
    await expect(page.getByTestId('message-bell')).toHaveAttribute('aria-label', /Message center/);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The home page, with texts from the server (user type names) in English as well.
    await tab(page, 'Home').click();
    await expect(page.getByTestId('home-user-type')).toHaveText('Hotel manager');
    const home = data.reduce((text, name) => text.split(name).join(''), await page.locator('body').innerText());
    expect(home).not.toMatch(CJK);

    // The server's texts on the operation log: action names in English.
    await tab(page, 'Operation log').click();
    await expect(activePage(page).getByTestId('oplog-table').locator('tbody .ant-tag').first()).not.toHaveText(CJK);

    await page.reload();
    await expect(page).toHaveTitle('Hotel Smart TV Console - Operation log');
    await switchLanguage(page, '简体中文');
    await expect(page).toHaveTitle('酒店智能电视管理平台 - 操作日志');
    expect(await tabLabels(page)).toEqual(['首页', '问题列表', '操作日志']);
  });

  test('a back-to-top button appears after scrolling 100 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await openAs(page, DEMO.bund, '/faq/list');
    await expect(activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    const backTop = page.getByTestId('back-to-top');
    await expect(backTop).toHaveCount(0);
    await page.mouse.wheel(0, 60);
    await page.waitForTimeout(300);
    await expect(backTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(backTop).toBeVisible();
    await backTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the full-screen toggle enters and leaves full screen', async ({ page }) => {
    await openAs(page, DEMO.bund);
    const toggle = page.getByTestId('fullscreen-toggle');
    await expect(toggle).toHaveAttribute('aria-label', '全屏');
    await toggle.click();
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
    await expect(toggle).toHaveAttribute('aria-label', '退出全屏');
    await toggle.click();
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
  });

  test('an unknown path shows 404 inside the shell; the public 401 and 500 pages exist', async ({ page }) => {
    await openAs(page, DEMO.bund, '/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(sideMenu(page)).toBeVisible();
    // A platform-only page is not in the hotel's route table at all: 404 as well.
    await page.goto(`${WEB}/systems/supers`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto(`${WEB}/401`);
    await expect(page.getByText('抱歉，您无权访问此页面')).toBeVisible();
    await page.goto(`${WEB}/500`);
    await expect(page.getByText('抱歉，服务器出错了')).toBeVisible();
  });

  test('a page whose code cannot be loaded shows a clear page with a reload button, the shell stays usable', async ({ page }) => {
    await page.route(/\/assets\/OperationLogPage-[^/]+\.js$/, (route) => route.abort());
    await openAs(page, DEMO.bund);
    await openFromMenu(page, '操作日志');
    const failure = activePage(page).getByTestId('chunk-error');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('页面加载失败');
    await expect(failure.getByRole('button', { name: label('刷新页面') })).toBeVisible();
    await openFromMenu(page, '问题列表');
    await expect(activePage(page).getByTestId('record-table')).toBeVisible();
  });
});

test.describe('route access', () => {
  test('a role with some permissions sees only those entries; a denied page goes to the 401 page', async ({ page }) => {
    await openAs(page, DEMO.ops);
    for (const item of ['首页', '问题列表', '消息发送', '品牌管理', '日志管理']) await expect(menuEntry(page, item)).toBeVisible();
    for (const item of ['系统管理', '厂商管理', '终端管理', '标签列表']) await expect(menuEntry(page, item)).toHaveCount(0);

    await page.goto(`${WEB}/systems/supers`);
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText('抱歉，您无权访问此页面')).toBeVisible();
  });

  test('an address outside the route table shows the not-found page, not a placeholder', async ({ page }) => {
    await openAs(page, DEMO.admin);
    await expect(menuEntry(page, '系统管理')).toBeVisible();
    await page.goto(`${WEB}/ai/no_such_page`);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});
