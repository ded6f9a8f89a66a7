import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFleet, type Fleet } from '../../tools/simulator/lib.js';
import { apiLogin, label, login, WEB } from '../support/auth.js';
import { baseUrl } from '../support/server.js';
import { activePage, switchLanguage } from '../support/shell.js';
import { tvAuthQrPng } from '../../apps/server/src/areas/tvauth/qr.js';
import { rowAction } from '../support/rows.js';

/**
 * TV-auth projects end to end: the platform administrator creates a project and its model, opens the
 * project's QR code, an installer's phone opens the address the code encodes and authorizes a
 * simulated TV on the installer's page (which sends `POST /api/device/v1/tv-auth`), the project's log
 * shows the pass and the terminal list shows the TV authorized.
 */

const PROJECTS = `${WEB}/terminal_control/tv_auth`;
// Pages left open in other tabs stay in the document (hidden): only the shown tab's page counts.
const table = (page: Page) => activePage(page).getByTestId('record-table');
const createButton = (page: Page) => activePage(page).getByRole('button', { name: label('新建') });
/** Waits until the tab of `path` is the one shown (the URL changes a moment before the tab does). */
const shown = (page: Page, path: string) => expect(activePage(page)).toHaveAttribute('data-tab', path);
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr.ant-table-row').filter({ hasText: text });

async function choose(page: Page, scope: Locator, id: string, option: string) {
  await scope.locator(`#${id}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test('a TV-auth project authorizes a TV scanned on site', async ({ page, request, browser }) => {
  // Many steps through several pages, with a simulated TV polling alongside.
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const name = `E2E装机${run}`;
  let fleet: Fleet | undefined = await startFleet({ url: baseUrl(), count: 1, seed: `e2e-tvauth-${run}`, interval: 1 });
  try {
    const tv = fleet.tvs[0]!;
    expect(tv.authorization).toBe('unauthorized');

    await login(page, 'platform', { via: 'api' });
    await page.goto(PROJECTS);
    await expect(table(page)).toBeVisible();
    await createButton(page).click();
    const form = page.getByTestId('record-form');
    await form.locator('#name').fill(name);
    await form.locator('#launcher').fill('hotelos');
    await form.getByTestId('record-form-submit').click();
    await expect(form).toBeHidden();

    // Its model, on the project's model page.
    await (await rowAction(rowOf(page, name), (scope) => scope.getByTestId('tv-auth-models'))).click();
    await expect(page).toHaveURL(/\/terminal_control\/tv_auth\/models\?project=\d+/);
    await shown(page, '/terminal_control/tv_auth/models');
    await createButton(page).click();
    const modelForm = page.getByTestId('record-form');
    await choose(page, modelForm, 'project', name);
    await modelForm.locator('#model').fill('SIM-55U');
    await modelForm.locator('#quantity').fill('5');
    await modelForm.getByTestId('record-form-submit').click();
    await expect(modelForm).toBeHidden();
    await expect(rowOf(page, 'SIM-55U')).toContainText(name);

    // The QR code.
    await page.goto(PROJECTS);
    await (await rowAction(rowOf(page, name), (scope) => scope.getByTestId('tv-auth-qr'))).click();
    const qr = page.getByRole('dialog').filter({ hasText: name });
    await expect(qr.locator('img')).toBeVisible();
    await expect.poll(() => qr.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(qr.getByTestId('tv-auth-qr-download')).toBeEnabled();
    await qr.getByRole('button', { name: /close|关闭/i }).click();

    // The address the QR code encodes: the served PNG is exactly the QR code of the address the
    // server names, and that address carries the project's key.
    const token = await apiLogin(request, 'platform');
    const projects = await request.get('/api/records/tv-auth-projects', { params: { keyword: name }, headers: { authorization: `Bearer ${token}` } });
    const [project] = ((await projects.json()) as { data: { items: { id: number; authKey: string }[] } }).data.items;
    const code = await request.get(`/api/tv-auth/projects/${project!.id}/qr`, { headers: { authorization: `Bearer ${token}` } });
    const address = code.headers()['x-tv-auth-url']!;
    expect(Buffer.compare(await code.body(), await tvAuthQrPng(address)), 'the QR code encodes the address').toBe(0);
    expect(new URL(address).searchParams.get('key')).toBe(project!.authKey);

    // The installer's phone opens it: the installer's page, in the phone's language or the other.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US', geolocation: { longitude: 121.49, latitude: 31.24 }, permissions: ['geolocation'] });
    try {
      const installer = await phone.newPage();
      await installer.goto(address);
      await expect(installer).toHaveURL(/\/new-frontend\/tv-auth\?key=/);
      const card = installer.getByTestId('tv-auth-page');
      await expect(card).toContainText('Authorize a TV');
      await switchLanguage(installer, '简体中文');
      await expect(card).toContainText('电视授权');
      await installer.screenshot({ path: test.info().outputPath('tv-auth-installer.png') });
      // A TV the server does not know is refused in words at the form; the scanned TV is authorized.
      await installer.getByTestId('tv-auth-mac').fill('E2E000000000');
      await installer.getByTestId('tv-auth-submit').tap();
      await expect(installer.getByTestId('tv-auth-failure')).toContainText('终端尚未注册');
      await installer.getByTestId('tv-auth-mac').fill(tv.mac);
      await installer.getByTestId('tv-auth-submit').tap();
      await expect(installer.getByTestId('tv-auth-done')).toContainText(tv.mac);
      await expect.poll(() => tv.authorization).toBe('authorized');
      // Without a key the page says how to get one.
      await installer.goto(new URL('/tv-auth', address).toString());
      await expect(installer.getByTestId('tv-auth-no-key')).toContainText('扫描项目的授权二维码');
    } finally {
      await phone.close();
    }

    // The project's log shows the pass; the terminal list shows the TV authorized.
    await page.goto(PROJECTS);
    await (await rowAction(rowOf(page, name), (scope) => scope.getByTestId('tv-auth-logs'))).click();
    await expect(page).toHaveURL(new RegExp(`/terminal_control/tv_auth/logs\\?project=${project!.id}`));
    await shown(page, '/terminal_control/tv_auth/logs');
    await expect(rowOf(page, tv.mac)).toContainText('通过');
    await page.goto(`${WEB}/terminal_manage/terminal?mac=${tv.mac}`);
    await expect(rowOf(page, tv.mac)).toContainText('已授权');
  } finally {
    await fleet?.stop();
    fleet = undefined;
  }
});

test('the overseas terminal page lists the TVs that report a country other than China', async ({ page }) => {
  const run = Date.now().toString(36);
  const abroad = await startFleet({ url: baseUrl(), count: 1, seed: `e2e-overseas-${run}`, country: 'SG', interval: 60 });
  const home = await startFleet({ url: baseUrl(), count: 1, seed: `e2e-home-${run}`, country: 'CN', interval: 60 });
  try {
    const [sg, cn] = [abroad.tvs[0]!, home.tvs[0]!];
    await login(page, 'platform', { via: 'api' });
    await page.goto(`${WEB}/terminal_manage/hw_terminal?mac=${sg.mac}`);
    await expect(page.getByText('海外终端管理').filter({ visible: true }).first()).toBeVisible();
    await expect(rowOf(page, sg.mac)).toContainText('SG');
    // A TV at home is not an overseas terminal, even looked up by its MAC.
    await page.goto(`${WEB}/terminal_manage/hw_terminal?mac=${cn.mac}`);
    await expect(table(page)).toBeVisible();
    await expect(table(page).locator('tbody tr.ant-table-row')).toHaveCount(0);
  } finally {
    await abroad.stop();
    await home.stop();
  }
});
