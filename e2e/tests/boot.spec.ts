import { expect, test } from '@playwright/test';
import { label } from '../support/auth.js';
import { canvasPng } from '../support/media.js';
import { png, zip } from '../../apps/server/test/support/images.js';
import { rowAction } from '../support/rows.js';
import { activePage, Api, chooseOption, DEMO, openAs, unique } from '../support/shell.js';

/**
 * Boot settings (docs/boot.md): a hotel uploads a boot logo with visible progress (a wrong size is
 * refused on the field first), the browser TV of that hotel downloads it, reports the download and
 * shows it at its next start, then a boot animation after it; the terminal detail says which policy
 * applies and why. The platform's content hiding (/conhide/boots) takes a module's blocks off the
 * TV's launcher at once, and the hotel's TV menu (/startlogo/hotel_tv_menu) opens on the TV with its
 * advanced entries behind the password.
 */

test('a hotel’s boot logo shows on its browser TV at the next start, and the terminal detail says why', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const name = unique('Boot').slice(0, 30);
  const hotelApi = await Api.as(request, DEMO.bund);
  const brandApi = await Api.as(request, DEMO.sunrise);
  const platformApi = await Api.as(request, DEMO.admin);
  const ruleName = unique('NoShop').slice(0, 30);
  let policyId: number | undefined;
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  try {
    await openAs(page, DEMO.bund, '/startlogo/startlogo');
    const list = activePage(page);
    await list.getByRole('button', { name: label('新建') }).first().click();
    const form = page.getByTestId('record-form');
    await form.locator('#name').fill(name);
    const logoInput = form.locator('#logo input[type=file]');

    // A picture of the wrong size is an error of the field, in the spec's words.
    await logoInput.setInputFiles({ name: 'wide.jpg', mimeType: 'image/jpeg', buffer: await canvasPng(page, 1921, 1080, 'image/jpeg') });
    await expect(form.locator('#logo').getByTestId('upload-error')).toHaveText('请上传1920*1080或1280*720像素的图片');

    // The upload answers late, so its progress is on screen while it runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/files?*', async (route) => {
      await held;
      await route.continue();
    });
    await logoInput.setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await canvasPng(page, 1920, 1080, 'image/jpeg') });
    await expect(form.locator('#logo .ant-upload-list-item-uploading .ant-progress')).toBeVisible();
    release();
    await expect(form.locator('#logo .ant-upload-list-item-done, #logo .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
    await page.unroute('**/api/files?*');
    await expect(form.locator('#logo').getByTestId('upload-error')).toHaveCount(0);
    await form.locator('#active').click();
    await page.getByTestId('record-form-submit').click();
    await expect(form).toBeHidden();
    const row = list.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    const found = await hotelApi.get<{ items: { id: number; logo: string }[] }>(`/records/boot-policies?keyword=${encodeURIComponent(name)}`);
    policyId = found.items[0]!.id;

    // Its contents page shows the logo and its size.
    await (await rowAction(row, (scope) => scope.getByTestId('boot-content'))).click();
    const contents = page.getByTestId('boot-content-page');
    await expect(contents).toBeVisible();
    await expect.poll(() => contents.getByTestId('boot-content-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1920);

    // The hotel's browser TV, authorized: it downloads the logo and reports the download.
    const { installCode } = await hotelApi.get<{ installCode: string }>('/terminals/hotel-settings');
    const tv = await context.newPage();
    await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${unique('R').slice(0, 12)}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    const mac = await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string }).mac);
    await brandApi.post('/terminals/authorize', { macs: [mac] });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
    await expect
      .poll(async () => (await hotelApi.get<{ items: { name: string; state: string }[] }>(`/download-tasks?mac=${mac}&kind=boot`)).items.map((task) => `${task.name}:${task.state}`))
      .toEqual(['logo:success']);
    // Kept for the next start (the TV's flash: localStorage and the Cache API); nothing shows before it.
    await expect.poll(() => tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv.boot') ?? '{}') as { pending?: { policyId: number } }).pending?.policyId)).toBe(policyId);
    await expect(tv.getByTestId('tv-boot')).toHaveCount(0);

    // The platform hides the shop on this hotel's TVs: the launcher's shop tile (the demo's, opening
    // the shop area) goes at once, the change being pushed, and the remote's arrows pass over it.
    const stageBlock = (key: string) => tv.getByTestId('theme-stage').locator(`[data-block="${key}"]`);
    await expect(stageBlock('shopTile')).toBeVisible();
    await expect(stageBlock('liveTv')).toHaveAttribute('data-focused', 'true');
    await openAs(page, DEMO.admin, '/conhide/boots');
    await activePage(page).getByRole('button', { name: label('新建') }).first().click();
    const ruleForm = page.getByTestId('record-form');
    await ruleForm.locator('#name').fill(ruleName);
    await chooseOption(page, ruleForm.locator('#module'), '商城');
    await chooseOption(page, ruleForm.locator('#hotelId'), '朝阳外滩酒店', '外滩');
    await page.getByTestId('record-form-submit').click();
    await expect(ruleForm).toBeHidden();
    await expect(stageBlock('shopTile')).toHaveCount(0);
    for (let i = 0; i < 3; i++) await tv.keyboard.press('ArrowRight');
    await expect(stageBlock('hotelTile')).toHaveAttribute('data-focused', 'true');

    // The hotel's TV menu: M opens the settings the hotel lets a guest open, then its advanced menu,
    // whose entries show only after its password; the TV holds a salted hash, never the password.
    await openAs(page, DEMO.bund, '/startlogo/hotel_tv_menu');
    await activePage(page).getByRole('button', { name: label('新建') }).first().click();
    const menuForm = page.getByTestId('record-form');
    await menuForm.locator('#name').fill('工程菜单');
    await menuForm.locator('#network').click();
    await menuForm.locator('#password').fill('2468');
    await menuForm.locator('#entries').fill('频道搜索\n信号源');
    await page.getByTestId('record-form-submit').click();
    await expect(menuForm).toBeHidden();
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-menu', 'configured');
    const tvConfig = await tv.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('htv.tv')!) as { token: string };
      return (await fetch('/api/device/v1/config', { headers: { authorization: `Bearer ${token}` } })).text();
    });
    expect(tvConfig).toContain('工程菜单');
    expect(tvConfig).not.toContain('"2468"');
    await tv.keyboard.press('m');
    const menu = tv.getByTestId('tv-menu');
    await expect(menu.getByTestId('tv-menu-item')).toHaveText(['网络设置', '显示设置', '声音设置', '语言设置', '工程菜单']);
    await tv.keyboard.press('ArrowDown');
    await tv.keyboard.press('ArrowDown');
    await tv.keyboard.press('Enter');
    await expect(menu.getByTestId('tv-menu-setting')).toHaveAttribute('data-setting', 'sound');
    await tv.keyboard.press('ArrowLeft');
    await expect(menu.getByTestId('tv-menu-volume')).toHaveAttribute('data-volume', '95');
    await tv.keyboard.press('Backspace');
    await tv.keyboard.press('ArrowDown');
    await tv.keyboard.press('ArrowDown');
    await tv.keyboard.press('Enter');
    await expect(menu.getByTestId('tv-menu-password')).toContainText('请输入“工程菜单”的密码');
    await tv.keyboard.type('1357');
    await expect(menu.getByTestId('tv-menu-password')).toHaveAttribute('data-digits', '4');
    await tv.keyboard.press('Enter');
    await expect(menu.getByTestId('tv-menu-error')).toHaveText('密码错误');
    await expect(menu.getByTestId('tv-menu-entry')).toHaveCount(0);
    await tv.keyboard.type('2468');
    await tv.keyboard.press('Enter');
    await expect(menu.getByTestId('tv-menu-entry')).toHaveText(['频道搜索', '信号源']);
    // The menu had the remote: the launcher's focus did not move under it.
    await expect(stageBlock('hotelTile')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Escape');
    await tv.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    // The next start shows the logo, full size, then the launcher.
    await tv.goto('/tv/');
    const logo = tv.getByTestId('tv-boot-logo');
    await expect(logo).toBeVisible();
    await expect(tv.getByTestId('tv-boot')).toHaveAttribute('data-policy-id', String(policyId));
    expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1920, 1080]);
    await tv.screenshot({ path: test.info().outputPath('tv-boot-logo.png') });
    await expect(tv.getByTestId('tv-boot')).toBeHidden();
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');

    // An Android boot animation added to the policy plays after the logo at the start after.
    const frames = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`part0/${String(i).padStart(4, '0')}.png`, png(64, 36, [i * 12, 40, 200])]));
    const animation = await request.post('/api/files?rule=bootAnimation', {
      headers: { authorization: `Bearer ${hotelApi.token}` },
      multipart: { file: { name: 'bootanimation.zip', mimeType: 'application/zip', buffer: zip({ 'desc.txt': '64 36 10\np 1 0 part0\n', ...frames }) } },
    });
    expect(animation.status()).toBe(200);
    const policy = await hotelApi.get<Record<string, unknown>>(`/records/boot-policies/${policyId}`);
    await hotelApi.put(`/records/boot-policies/${policyId}`, { name: policy.name, logo: policy.logo, active: true, animation: (await animation.json()).data.id });
    await expect.poll(() => tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv.boot') ?? '{}') as { pending?: { animation?: unknown } }).pending?.animation ?? null)).not.toBeNull();
    await tv.goto('/tv/');
    await expect(tv.getByTestId('tv-boot-logo')).toBeVisible();
    await expect(tv.getByTestId('tv-boot-animation')).toBeVisible();
    // Each frame is a new picture: read its width once one has loaded (0 while the next one decodes).
    await expect.poll(() => tv.getByTestId('tv-boot-animation').evaluate((img: HTMLImageElement) => img.naturalWidth), { intervals: [50] }).toBe(64);
    await expect(tv.getByTestId('tv-boot')).toBeHidden();

    // The terminal detail: the hotel's policy in effect over the others, and the download.
    await openAs(page, DEMO.bund, '/ht/terminal');
    const terminals = activePage(page);
    await terminals.getByTestId('search-form').locator('#keyword').fill(mac);
    await terminals.getByTestId('search-form').getByRole('button', { name: label('查询') }).click();
    await (await rowAction(terminals.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: mac }), (scope) => scope.getByTestId('terminal-detail-open'))).click();
    const drawer = page.getByTestId('terminal-detail');
    await drawer.getByRole('tab', { name: '开机设置' }).click();
    await expect(drawer.getByTestId('terminal-boot-policy')).toHaveText(`${name} · 酒店`);
    const winner = drawer.getByTestId('terminal-boot-candidates').locator('tbody tr').first();
    await expect(winner).toContainText('生效中');
    await expect(winner).toContainText(name);
    await expect(drawer.getByTestId('terminal-boot-tasks').locator('tbody tr').first()).toContainText('成功');
    await page.screenshot({ path: test.info().outputPath('terminal-boot-zh.png') });
  } finally {
    await context.close();
    if (policyId) await hotelApi.call('DELETE', `/records/boot-policies/${policyId}`);
    for (const rule of (await platformApi.get<{ items: { id: number }[] }>(`/records/content-hide-rules?keyword=${encodeURIComponent(ruleName)}`)).items) await platformApi.call('DELETE', `/records/content-hide-rules/${rule.id}`);
    for (const menu of (await hotelApi.get<{ items: { id: number }[] }>('/records/hotel-tv-menus')).items) await hotelApi.call('DELETE', `/records/hotel-tv-menus/${menu.id}`);
  }
});

test('the platform adds a logo to the boot-logo library, and a hotel picks it for a policy', async ({ page, request }) => {
  const title = unique('Lib').slice(0, 20);
  const name = unique('Picked').slice(0, 30);
  const platformApi = await Api.as(request, DEMO.admin);
  const hotelApi = await Api.as(request, DEMO.bund);
  let itemId: number | undefined;
  let policyId: number | undefined;
  try {
    await openAs(page, DEMO.admin, '/start_logo/index');
    const tabs = page.getByTestId('boot-material-tabs');
    await expect(tabs.getByRole('tab')).toHaveText(['开机素材', '开机策略']);
    const library = activePage(page);
    await library.getByRole('button', { name: label('新建') }).first().click();
    const form = page.getByTestId('record-form');
    await form.locator('#title').fill(title);
    await form.locator('#logo input[type=file]').setInputFiles({ name: 'lib.jpg', mimeType: 'image/jpeg', buffer: await canvasPng(page, 1280, 720, 'image/jpeg') });
    await expect(form.locator('#logo .ant-upload-list-item-done').first()).toBeVisible();
    await page.getByTestId('record-form-submit').click();
    await expect(form).toBeHidden();
    await expect(library.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: title })).toHaveCount(1);
    const item = (await platformApi.get<{ items: { id: number; logo: string }[] }>(`/admin/lib_start_logo?page=1&pagesize=10&title=${encodeURIComponent(title)}`)).items[0]!;
    itemId = item.id;

    // The hotel picks it under the logo field instead of uploading.
    await openAs(page, DEMO.bund, '/startlogo/startlogo');
    const policies = activePage(page);
    await policies.getByRole('button', { name: label('新建') }).first().click();
    const policyForm = page.getByTestId('record-form');
    await policyForm.locator('#name').fill(name);
    await policyForm.getByTestId('boot-library-pick').click();
    await page.locator('.ant-select-dropdown').getByText(title, { exact: true }).click();
    await page.getByTestId('record-form-submit').click();
    await expect(policyForm).toBeHidden();
    const saved = (await hotelApi.get<{ items: { id: number; logo: string }[] }>(`/records/boot-policies?keyword=${encodeURIComponent(name)}`)).items[0]!;
    policyId = saved.id;
    expect(saved.logo).toBe(item.logo);
  } finally {
    if (policyId) await hotelApi.call('DELETE', `/records/boot-policies/${policyId}`);
    if (itemId) await platformApi.call('DELETE', `/admin/lib_start_logo/${itemId}`);
  }
});
