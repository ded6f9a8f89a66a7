import { expect, test, type Page } from '@playwright/test';
import { apiLogin, WEB } from '../support/auth.js';
import { activePage, Api, DEMO, expectActiveTab, formLogin, loginThroughForm, menuEntry, openAs, openFromMenu, sideMenu, tabLabels, unique } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * Sessions in the browser (spec part 1 §2, §4, §5, §6, §8): the login form for each user type, the
 * user-info path by type, the sign-in throttle's message, a token the server no longer accepts,
 * change password, login-as and back, and the project selector.
 */

/** Menu entries each user type sees, and some it must not see. */
const MENUS = {
  platform: { account: DEMO.admin, sees: ['系统管理', '品牌管理', '厂商管理', '终端管理', '日志管理', '消息发送'], not: ['电视管理', '分店管理'] },
  brand: { account: DEMO.sunrise, sees: ['分店管理', '品牌账号管理', '分店账号管理', '子品牌管理', '角色管理', '操作日志'], not: ['系统管理', '电视管理', '消息发送'] },
  hotel: { account: DEMO.bund, sees: ['电视管理', '问题列表', '问题分类', '操作日志'], not: ['系统管理', '分店管理', '消息发送'] },
} as const;

const userInfoCalls = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/api\/(admin|brand|hotel)\/userinfo$/.test(path)) seen.push(path);
  });
  return seen;
};

test.describe('login and the menu of each user type', () => {
  for (const [type, { account, sees, not }] of Object.entries(MENUS)) {
    test(`the ${type} administrator logs in through the form (slider captcha) and sees the ${type} menu`, async ({ page }) => {
      const calls = userInfoCalls(page);
      await loginThroughForm(page, account);
      await expect(page).toHaveURL(/\/new-frontend\/home$/);
      for (const item of sees) await expect(menuEntry(page, item), `${type} menu shows ${item}`).toBeVisible();
      for (const item of not) await expect(menuEntry(page, item), `${type} menu hides ${item}`).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBe({ platform: '1', brand: '2', hotel: '3' }[type]);

      // After a reload the user info comes from the path of the stored user type.
      calls.length = 0;
      await page.reload();
      await expect(sideMenu(page)).toBeVisible();
      expect(calls).toEqual([`/api/${{ platform: 'admin', brand: 'brand', hotel: 'hotel' }[type]}/userinfo`]);
    });
  }

  test('a stored user type that differs from the session’s is corrected by a reload', async ({ page }) => {
    await openAs(page, DEMO.bund);
    await page.evaluate(() => localStorage.setItem('user_type', '1'));
    const calls = userInfoCalls(page);
    await page.reload();
    await expect(menuEntry(page, '电视管理')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBe('3');
    // The first reply said type 3 while type 1 was stored: the page loaded again, asking the hotel path.
    expect(calls[0]).toBe('/api/admin/userinfo');
    expect(calls).toContain('/api/hotel/userinfo');
  });

  test('the sign-in throttle’s 429 shows the server’s message on the form', async ({ page }) => {
    const message = '登录失败次数过多，请 15 分钟后再试';
    await page.route('**/api/admin/login*', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '900' }, body: JSON.stringify({ code: '-1', errkey: 'auth.tooManyAttempts', errmsg: message }) }),
    );
    const response = await formLogin(page, DEMO.bund);
    expect(response.status()).toBe(429);
    await expect(page.getByTestId('login-failure')).toHaveText(message);
    await expect(page).toHaveURL(/\/login/);
    // The used captcha was replaced by a fresh one.
    await expect(page.getByTestId('slider-captcha')).not.toContainText('验证通过');
  });

  test('with a token, the login page goes home; without one, a console page goes to login', async ({ page }) => {
    await page.goto(`${WEB}/faq/list`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Ffaq%2Flist$/);
    await openAs(page, DEMO.bund);
    await page.goto(`${WEB}/login`);
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('a session the server no longer accepts', () => {
  test('a token revoked by a logout elsewhere: the next call lands on login and the token is gone', async ({ page, request }) => {
    const token = await openAs(page, DEMO.bund, '/faq/list', { fresh: true });
    await expect(activePage(page).getByTestId('record-table')).toBeVisible();
    // Another client logs this session out.
    const logout = await request.post('/api/admin/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(logout.status()).toBe(200);

    await openFromMenu(page, '问题分类').catch(() => undefined);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a bogus token in storage: the user info is refused and the user lands on login', async ({ page }) => {
    await openAs(page, DEMO.bund);
    // Let the shell's own start-up navigation settle first: a reload racing it is aborted.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.setItem('token', 'bogus-token-that-the-server-does-not-know'));
    // The app's own redirect to login may come before the reloaded page's load event, which aborts a
    // reload waiting for it: wait for the reload to start only, then for the login page.
    await page.reload({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a fresh token in x-session-token is stored from every response, a failed one too', async ({ page, request }) => {
    await openAs(page, DEMO.bund);
    const fresh = await apiLogin(request, DEMO.bund);
    await page.route(/\/api\/records\/faq\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', headers: { 'x-session-token': fresh }, body: JSON.stringify({ code: '-1', errkey: 'error.internal', errmsg: '服务器内部错误' }) }),
    );
    await openFromMenu(page, '问题列表');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe(fresh);
    await page.unroute(/\/api\/records\/faq\?/);
    // The stored token works.
    await page.reload();
    await expect(activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  });

  test('logout clears token, user type and the tabs, and goes to login', async ({ page }) => {
    await openAs(page, DEMO.bund, '/faq/list', { fresh: true });
    await openFromMenu(page, '问题分类');
    expect(await tabLabels(page)).toEqual(['首页', '问题列表', '问题分类']);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), type: localStorage.getItem('user_type'), tabs: localStorage.getItem('tabs') }));
    expect(stored).toEqual({ token: null, type: null, tabs: null });

    // The login page's own captcha request settles before the next sign-in reloads the page.
    await page.waitForLoadState('networkidle');
    await loginThroughForm(page, DEMO.bund);
    expect(await tabLabels(page)).toEqual(['首页']);
  });
});

test.describe('change password', () => {
  test('the dialog checks the rules, shows the server’s field message, and the new password signs in', async ({ page, request }) => {
    // An account of its own: no other test signs in with it.
    const admin = await Api.as(request, DEMO.admin);
    const hotelId = await admin.optionId('hotel', '朝阳外滩酒店');
    const roleId = (await admin.get<{ value: number; label: string }[]>('/records/role/options')).find((o) => o.label === '酒店管理员')!.value;
    const loginName = unique('e2e.pw.');
    const oldPassword = 'Start123';
    const newPassword = 'Changed456';
    const created = await admin.post<{ id: number }>('/records/hotel-account', {
      loginName,
      name: 'E2E 改密',
      email: null,
      password: oldPassword,
      roleId,
      enabled: true,
      isAuthUser: false,
      hotelId,
    });

    try {
      await loginThroughForm(page, { email: loginName, password: oldPassword });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-change-password').click();
      const dialog = page.getByRole('dialog');
      const form = dialog.getByTestId('password-form');
      await expect(dialog).toContainText('修改密码');

      // Client rules: required fields, then the confirmation must match.
      await dialog.getByTestId('password-submit').click();
      await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(3);
      await expect(form).toContainText('请输入原密码');
      await form.locator('#old_pass').fill('wrong-old-1');
      await form.locator('#password').fill(newPassword);
      await form.locator('#password_confirmation').fill('Different789');
      await dialog.getByTestId('password-submit').click();
      await expect(form).toContainText('两次输入的密码不一致');

      // The server's answer lands on the field: the old password is wrong.
      await form.locator('#password_confirmation').fill(newPassword);
      await dialog.getByTestId('password-submit').click();
      await expect(form.locator('.ant-form-item').filter({ has: page.locator('#old_pass') })).toContainText('原密码不正确');

      await form.locator('#old_pass').fill(oldPassword);
      await dialog.getByTestId('password-submit').click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '密码已修改' })).toBeVisible();
      await expect(dialog).toBeHidden();

      // Log out, then the new password signs in and the old one no longer does.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
      await expect(page).toHaveURL(/\/login$/);
      await page.waitForLoadState('networkidle');
      const refused = await formLogin(page, { email: loginName, password: oldPassword });
      expect(refused.status()).toBe(422);
      // The refused attempt fetches a fresh captcha: let it arrive before the next attempt reloads the page.
      await page.waitForLoadState('networkidle');
      await loginThroughForm(page, { email: loginName, password: newPassword });
      await expect(page).toHaveURL(/\/home$/);
    } finally {
      await admin.call('DELETE', `/records/hotel-account/${created.id}`);
    }
  });

  test('an API auth user sees change password disabled', async ({ page, request }) => {
    const admin = await Api.as(request, DEMO.admin);
    const hotelId = await admin.optionId('hotel', '朝阳外滩酒店');
    const roleId = (await admin.get<{ value: number; label: string }[]>('/records/role/options')).find((o) => o.label === '酒店管理员')!.value;
    const loginName = unique('e2e.auth.');
    const created = await admin.post<{ id: number }>('/records/hotel-account', {
      loginName,
      name: 'E2E 授权用户',
      email: null,
      password: 'Auth12345',
      roleId,
      enabled: true,
      isAuthUser: true,
      hotelId,
    });
    try {
      await openAs(page, { email: loginName, password: 'Auth12345' });
      await page.getByTestId('user-menu').click();
      const item = page.getByRole('menuitem').filter({ has: page.getByTestId('menu-change-password') });
      await expect(item).toHaveAttribute('aria-disabled', 'true');
    } finally {
      await admin.call('DELETE', `/records/hotel-account/${created.id}`);
    }
  });
});

// Sessions of their own: returning hands the parent session a new token, and the old one stops
// working two minutes later, which would strand later tests that reuse a cached session.
test.describe('login-as and back', () => {
  test('the platform enters a hotel from the hotel list and comes back to admin', async ({ page }) => {
    await openAs(page, DEMO.admin, '/brand/hotel_list', { fresh: true });
    const table = activePage(page).getByTestId('record-table');
    const row = table.locator('tbody tr.ant-table-row').filter({ hasText: '朝阳外滩酒店' });
    await expect(row).toHaveCount(1);
    await (await rowAction(row, (scope) => scope.getByTestId('login-as'))).click();

    // A hotel session: the hotel's menu, the "back to admin" link, tabs cleared.
    await expect(page).toHaveURL(/\/new-frontend\/home$/);
    await expect(menuEntry(page, '电视管理')).toBeVisible();
    await expect(page.getByTestId('back-to-admin')).toBeVisible();
    await expect(page.getByTestId('project-selector')).toContainText('朝阳外滩酒店');
    expect(await tabLabels(page)).toEqual(['首页']);
    expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBe('3');
    // An entered session cannot change the operator's password.
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem').filter({ has: page.getByTestId('menu-change-password') })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');

    await openFromMenu(page, '问题列表');
    await page.getByTestId('back-to-admin').click();
    await expect(page).toHaveURL(/\/new-frontend\/home$/);
    await expect(menuEntry(page, '系统管理')).toBeVisible();
    await expect(page.getByTestId('back-to-admin')).toHaveCount(0);
    expect(await tabLabels(page)).toEqual(['首页']);
    expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBe('1');
  });

  test('a brand enters one of its hotels and returns to the brand; the hotel shows the help link', async ({ page }) => {
    await openAs(page, DEMO.sunrise, '/hotel/lists', { fresh: true });
    const row = activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: '朝阳西湖酒店' });
    await (await rowAction(row, (scope) => scope.getByTestId('login-as'))).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(menuEntry(page, '电视管理')).toBeVisible();
    await expect(page.getByTestId('back-to-brand')).toBeVisible();
    await expect(page.getByTestId('back-to-admin')).toHaveCount(0);
    await expect(page.getByTestId('help-link')).toBeVisible();

    await page.getByTestId('back-to-brand').click();
    await expect(menuEntry(page, '分店管理')).toBeVisible();
    await expect(page.getByTestId('back-to-brand')).toHaveCount(0);
    await expect(page.getByTestId('project-selector')).toContainText('当前客户');
  });

  test('a call the hotel session makes while it returns (answered 401, as the return ended it) does not log out', async ({ page }) => {
    await openAs(page, DEMO.admin, '/brand/hotel_list', { fresh: true });
    const row = activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: '朝阳外滩酒店' });
    await (await rowAction(row, (scope) => scope.getByTestId('login-as'))).click();
    await expect(menuEntry(page, '电视管理')).toBeVisible();

    // The return reaches the server (which ends the hotel session), and its answer is held while the
    // page still calls with the hotel's token.
    let returned!: () => void;
    const returnReachedServer = new Promise<void>((resolve) => (returned = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/back*', async (route) => {
      const response = await route.fetch();
      returned();
      await held;
      await route.fulfill({ response });
    });
    await page.getByTestId('back-to-admin').click();
    await returnReachedServer;
    const refused = page.waitForResponse((response) => response.url().includes('/api/records/faq?') && response.status() === 401);
    await openFromMenu(page, '问题列表');
    await refused;
    release();

    await expect(page).toHaveURL(/\/new-frontend\/home$/);
    await expect(menuEntry(page, '系统管理')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBe('1');
  });

  test('a failed return just dismisses the loading message', async ({ page }) => {
    await openAs(page, DEMO.admin, '/brand/list', { fresh: true });
    const row = activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: '蓝湾度假酒店' });
    await (await rowAction(row, (scope) => scope.getByTestId('login-as'))).click();
    await expect(menuEntry(page, '分店管理')).toBeVisible();
    await page.route('**/api/admin/back*', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: '-1', errkey: 'auth.noParentSession', errmsg: '没有可返回的账号' }) }));
    await page.getByTestId('back-to-admin').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '正在返回' })).toHaveCount(0);
    await expect(menuEntry(page, '分店管理')).toBeVisible();
    await page.unroute('**/api/admin/back*');
    await page.getByTestId('back-to-admin').click();
    await expect(menuEntry(page, '系统管理')).toBeVisible();
  });
});

test.describe('project selector', () => {
  test('hidden for the platform; a label for one project; a dropdown for several, switching reloads the data', async ({ page }) => {
    await openAs(page, DEMO.admin);
    await expect(page.getByTestId('project-selector')).toHaveCount(0);

    await openAs(page, DEMO.bund);
    const single = page.getByTestId('project-selector');
    await expect(single).toContainText('当前酒店');
    await expect(single.getByTestId('project-name')).toHaveText('朝阳外滩酒店');
    await expect(single.getByTestId('project-select')).toHaveCount(0);
  });

  test('a brand user of two brands switches the current customer', async ({ page }) => {
    await openAs(page, DEMO.groupManager, '/home', { fresh: true });
    const selector = page.getByTestId('project-selector');
    await expect(selector).toContainText('当前客户');
    await expect(selector.getByTestId('project-select')).toContainText('朝阳酒店集团');
    await selector.getByTestId('project-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '蓝湾度假酒店' }).click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已切换到 蓝湾度假酒店' })).toBeVisible();
    await expect(selector.getByTestId('project-select')).toContainText('蓝湾度假酒店');
    // The data follows: the branch list now shows Blue Bay's hotels.
    await openFromMenu(page, '分店管理');
    await expect(activePage(page).getByTestId('record-table')).toContainText('蓝湾三亚度假酒店');
    await expect(activePage(page).getByTestId('record-table')).not.toContainText('朝阳外滩酒店');
    // Kept after a reload (the session moved, with a new token).
    await page.reload();
    await expect(page.getByTestId('project-select')).toContainText('蓝湾度假酒店');
  });

  test('a hotel user of two hotels switches the current hotel', async ({ page }) => {
    await openAs(page, DEMO.multi, '/home', { fresh: true });
    const select = page.getByTestId('project-select');
    await expect(page.getByTestId('project-selector')).toContainText('当前酒店');
    await expect(select).toContainText('朝阳西湖酒店');
    await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '朝阳滨江酒店' }).click();
    await expect(select).toContainText('朝阳滨江酒店');
    await expect(page.getByTestId('welcome-card')).toContainText('朝阳滨江酒店');
    await expectActiveTab(page, '首页');
    // Switch back so the account starts where it was for anyone else.
    await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '朝阳西湖酒店' }).click();
    await expect(select).toContainText('朝阳西湖酒店');
  });
});
