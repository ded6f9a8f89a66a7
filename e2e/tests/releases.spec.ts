import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { buildApk } from '../../apps/server/test/support/apk.js';
import { startFleet, type Fleet } from '../../tools/simulator/lib.js';
import { ACCOUNTS, label } from '../support/auth.js';
import { closeRowActions, rowAction } from '../support/rows.js';
import { baseUrl } from '../support/server.js';
import { activePage, Api, chooseOption, openAs, unique } from '../support/shell.js';

/**
 * Releases (docs/releases.md): the platform uploads an APK in the app form and sends it as a partial
 * trial to one hotel. The simulated fleet there installs it; two of its five TVs fail every install,
 * so the rollout passes its 30% error threshold and pauses by itself. The admin resumes it on the
 * rollout page; the failed-task page shows each failure with its reason, and the terminal detail of
 * a TV that installed shows the new version. The app's icon is read out of the APK, and the hotel
 * sees the (official, so offered to every hotel) app beside its own apps.
 */
test('an APK released as a partial trial pauses itself at its error threshold, resumes, and shows failures and installed versions', async ({ page, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, ACCOUNTS.brand);
  const hotelName = unique('E2E升级').slice(0, 20);
  const hotel = await brand.post<{ id: number }>('/records/hotel', { name: hotelName, ipWhitelist: '192.0.2.10', systemVersion: '3.0', apPassword: 'E2Epass123' });
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${hotel.id}`);
  const seed = unique('e2e-rel');
  const fleets: Fleet[] = [];
  try {
    const good = await startFleet({ url: baseUrl(), count: 3, seed, installCode, roomPrefix: 'R', interval: 1, installMs: 50 });
    fleets.push(good);
    const bad = await startFleet({ url: baseUrl(), count: 2, seed, offset: 100, installCode, roomPrefix: 'F', interval: 1, installMs: 50, installFailureShare: 1 });
    fleets.push(bad);
    const all = [...good.tvs, ...bad.tvs];
    await brand.post('/terminals/authorize', { macs: all.map((tv) => tv.mac) });
    await expect.poll(() => all.every((tv) => tv.authorization === 'authorized')).toBe(true);

    // The platform uploads the APK in the app form: package and version are read from the file.
    const packageName = `com.e2e.${seed.replace(/[^a-z0-9]/g, '')}`;
    await openAs(page, ACCOUNTS.platform, '/all_app/list');
    const list = activePage(page);
    await list.getByRole('button', { name: label('新建') }).first().click();
    const form = page.getByTestId('record-form');
    const appName = unique('播放器').slice(0, 20);
    await form.locator('#name').fill(appName);
    const icon = await sharp({ create: { width: 96, height: 96, channels: 4, background: '#2a6' } }).png().toBuffer();
    const apk = buildApk({ packageName, versionCode: 7, versionName: '7.0.1', icon: 'res/icon.png', files: [{ name: 'res/icon.png', data: icon }] });
    await form.locator('#apkFileId input[type=file]').setInputFiles({ name: 'player.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk });
    await expect(form.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
    await page.getByTestId('record-form-submit').click();
    await expect(form).toBeHidden();
    const row = list.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: appName });
    await expect(row).toContainText(packageName);
    await expect(row).toContainText('7.0.1');
    // The icon read out of the APK shows in the list.
    await expect.poll(() => row.getByTestId('cell-image-iconFileId').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);

    // An official app is offered to every hotel from its creation (its offer dialog says so).
    await (await rowAction(row, (scope) => scope.getByTestId('offer-open'))).click();
    const offer = page.getByTestId('offer-dialog');
    await expect(offer.getByTestId('offer-scope').locator('.ant-radio-wrapper-checked')).toHaveText('全部酒店');
    await offer.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(offer).toBeHidden();
    await closeRowActions(page);

    // A partial trial to that one hotel, at most 30% failures.
    await (await rowAction(row, (scope) => scope.getByTestId('release-open'))).click();
    const dialog = page.getByTestId('rollout-dialog');
    await dialog.getByTestId('rollout-target').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '酒店' }).first().click();
    await chooseOption(page, dialog.getByTestId('rollout-hotels'), hotelName);
    await dialog.getByTestId('rollout-distribution').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '部分试用' }).click();
    await dialog.getByTestId('rollout-error-threshold').fill('30');
    await dialog.getByTestId('rollout-retries').fill('0');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(page).toHaveURL(/\/releases\/rollout\/\d+$/);
    const rollout = activePage(page);

    // The failures pause it by itself.
    await expect(rollout.getByTestId('rollout-state')).toHaveText('已暂停', { timeout: 30_000 });
    await expect(rollout.getByTestId('rollout-pause-reason')).toContainText('失败率超过阈值');
    await page.screenshot({ path: test.info().outputPath('rollout-paused.png') });
    await rollout.getByTestId('rollout-resume').click();
    await expect(rollout.getByTestId('rollout-state')).not.toHaveText('已暂停');

    // Each failure with its reason on the failed-task page.
    await openAs(page, ACCOUNTS.platform, '/task_info/task_error_list');
    const tasks = activePage(page).getByTestId('task-list');
    for (const tv of bad.tvs) await expect(tasks.getByTestId(`task-reason-${tv.mac}`)).toHaveText('simulated install failure');

    // The terminal detail of a TV that installed shows the new version.
    const installed = good.tvs[0]!;
    await expect.poll(() => installed.apps.get(packageName)).toBe('7.0.1');
    await openAs(page, ACCOUNTS.platform, '/terminal_manage/terminal');
    const terminals = activePage(page);
    await terminals.getByTestId('search-form').locator('#keyword').fill(installed.mac);
    await terminals.getByTestId('search-form').getByRole('button', { name: label('查询') }).click();
    const terminalRow = terminals.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: installed.mac });
    await (await rowAction(terminalRow, (scope) => scope.getByTestId('terminal-detail-open'))).click();
    const drawer = page.getByTestId('terminal-detail');
    await drawer.getByRole('tab', { name: '升级' }).click();
    await expect(drawer.getByTestId('terminal-installed')).toContainText(packageName);
    await expect(drawer.getByTestId('terminal-installed-version')).toHaveText('7.0.1');

    // An official platform app is offered to every hotel: the hotel's app page lists it beside its own, read-only.
    await openAs(page, ACCOUNTS.hotel, '/hotelapp/list');
    await activePage(page).getByTestId('platform-apps-tab').click();
    const offered = activePage(page).getByTestId('offered-apps').locator('tbody tr.ant-table-row').filter({ hasText: appName });
    await expect(offered).toContainText('平台应用');
    await expect(offered).toContainText('7.0.1');
  } finally {
    for (const fleet of fleets) await fleet.stop();
  }
});
