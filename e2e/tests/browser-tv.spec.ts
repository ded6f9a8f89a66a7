import { expect, test, type Page, type Route } from '@playwright/test';
import { WEB } from '../support/auth.js';
import { activePage, Api, chooseOption, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, selectBlock, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * The browser TV (/tv/, docs/tv.md) is a terminal: it registers with a hotel's install code, waits
 * for authorization, receives the template sent to it on the push channel, draws it full screen, and
 * the keyboard is its remote. Its picture is the preview's.
 */

const tile = (key: string, x: number, texts: Record<string, string>, extra: Record<string, unknown> = {}) =>
  textBlock(key, { x, y: 700, width: 420, height: 140 }, texts, { focusable: true, font: { size: 44, bold: true }, ...extra });

const documentOf = (name: string) =>
  themeDocument(name, [
    fullPage('home', 'home', [
      textBlock('title', { x: 160, y: 200, width: 1600, height: 200 }, { 'zh-CN': '欢迎入住朝阳外滩酒店', en: 'Welcome to Sunrise Bund' }, { background: undefined, font: { size: 72 } }),
      tile('dining', 160, { 'zh-CN': '餐饮', en: 'Dining' }, { nav: { right: 'tv' }, clickEvent: { action: 'openPage', pageKey: 'restaurant' } }),
      tile('spa', 750, { 'zh-CN': '水疗', en: 'Spa' }),
      tile('tv', 1340, { 'zh-CN': '电视直播', en: 'Live TV' }, { clickEvent: { action: 'openApp', packageName: 'com.hotel.livetv' } }),
    ]),
    fullPage('restaurant', 'detail', [textBlock('hours', { x: 460, y: 400, width: 1000, height: 200 }, { 'zh-CN': '早餐 6:30-10:00', en: 'Breakfast 6:30-10:00' })]),
  ]);

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);

/** The share of pixels (0-1) that differ by more than a little between two PNG screenshots, measured by a page's canvas. */
async function pixelDifference(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const load = async (data: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height);
      };
      const [x, y] = await Promise.all([load(first!), load(second!)]);
      if (x.width !== y.width || x.height !== y.height) return 1;
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        const delta = Math.abs(x.data[i]! - y.data[i]!) + Math.abs(x.data[i + 1]! - y.data[i + 1]!) + Math.abs(x.data[i + 2]! - y.data[i + 2]!);
        if (delta > 48) differing++;
      }
      return differing / (x.width * y.height);
    },
    [a.toString('base64'), b.toString('base64')],
  );
}

test('a browser TV registers, is authorized, shows the template sent to it and answers the remote', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('TV').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document: documentOf(name) });
  const version = await brand.post<{ id: number }>(`/admin/theme/${theme.id}/publish`);
  const installCode = await bundInstallCode(brand);

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, installCode, 'R');
    await expect(tv.getByTestId('tv-unauthorized')).toContainText(mac);

    // Authorized in the console: the push channel tells the TV at once, and it shows the brand's
    // launcher (the demo sends one to all Sunrise hotels).
    await brand.post('/terminals/authorize', { macs: [mac] });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
    await expect(block(tv, 'welcome')).toHaveText('欢迎入住朝阳酒店');

    // Sent to this TV by its MAC: it downloads the version once and draws it.
    const sent = await brand.post<{ successes: number }>(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    expect(sent.successes).toBe(1);
    await expect(block(tv, 'title')).toHaveText('欢迎入住朝阳外滩酒店');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-theme-id', String(theme.id));
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-theme-version', '1');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-downloads', '2');

    // The remote: the first focusable block, the hand-set move right, the nearest block left, Enter.
    await expect(block(tv, 'dining')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('ArrowRight');
    await expect(block(tv, 'tv')).toHaveAttribute('data-focused', 'true');
    const launch = tv.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/device/v1/app-launches'));
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv-notice')).toHaveText('正在打开应用 com.hotel.livetv');
    // The app opened is reported for the app launch log (docs/runlogs.md).
    expect((await launch).postDataJSON().launches[0].package).toBe('com.hotel.livetv');
    await tv.keyboard.press('ArrowLeft');
    await expect(block(tv, 'spa')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('ArrowLeft');
    await tv.keyboard.press('Enter');
    await expect(block(tv, 'hours')).toHaveText('早餐 6:30-10:00');
    await tv.keyboard.press('Backspace');
    await expect(block(tv, 'dining')).toHaveAttribute('data-focused', 'true');

    // The content language: L steps through the theme's languages.
    await tv.keyboard.press('l');
    await expect(block(tv, 'title')).toHaveText('Welcome to Sunrise Bund');
    await expect(block(tv, 'dining')).toHaveText('Dining');
    await tv.keyboard.press('l');
    await expect(block(tv, 'title')).toHaveText('欢迎入住朝阳外滩酒店');
    // Two presses in a row step twice, whenever the page is drawn.
    await tv.keyboard.press('l');
    await tv.keyboard.press('l');
    await expect(block(tv, 'title')).toHaveText('欢迎入住朝阳外滩酒店');
    await expect(tv.getByTestId('tv-notice')).toHaveText('内容语言：简体中文');

    // The preview of the same version draws the same picture at the same size.
    await page.setViewportSize({ width: 1280, height: 720 });
    await openAs(page, DEMO.sunrise, '/home');
    await page.goto(`${WEB}/themes_preview/${version.id}`);
    await expect(block(page, 'dining')).toHaveAttribute('data-focused', 'true');
    await page.addStyleTag({ content: '[data-testid="remote"], [data-testid="preview-toolbar"] { display: none !important; }' });
    await expect(tv.getByTestId('tv-notice')).toHaveCount(0); // the language notice lies over the picture
    await tv.waitForTimeout(700); // the focus ring's transition
    const [shown, previewed] = [await tv.getByTestId('theme-stage').screenshot(), await page.getByTestId('theme-stage').screenshot()];
    expect(await pixelDifference(page, shown, previewed)).toBeLessThan(0.01);

    // Cancelling the send gives the TV back the brand's launcher, which it already holds.
    await brand.post(`/admin/theme/${theme.id}/cancel-send`, {});
    await expect(block(tv, 'welcome')).toHaveText('欢迎入住朝阳酒店');
    await expect(tv.getByTestId('tv')).not.toHaveAttribute('data-theme-id', String(theme.id));
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-downloads', '2');

    // Switched on again: the launcher's picture kept at the last start is on screen before the TV's
    // scripts (allowed by the page's policy), and the live page replaces it.
    await tv.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const kept = document.getElementById('tv-snapshot');
        if (!kept) return;
        (window as unknown as { __kept: string }).__kept = kept.textContent ?? '';
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    const violations: string[] = [];
    tv.on('console', (message) => void (/Content Security Policy/i.test(message.text()) && violations.push(message.text())));
    await tv.goto('/tv/'); // the same TV (no reset): token and store kept
    await expect(block(tv, 'welcome')).toHaveText('欢迎入住朝阳酒店');
    expect(await tv.evaluate(() => (window as unknown as { __kept?: string }).__kept)).toContain('欢迎入住朝阳酒店');
    await expect(tv.locator('#tv-snapshot')).toHaveCount(0);
    expect(violations).toEqual([]);
    // The page asked for the configuration before its scripts ran (once, with the stored token), and
    // the live page came from the payload kept in local storage: nothing downloaded.
    expect(await tv.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/device/v1/config')).length)).toBe(1);
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-downloads', '0');
    expect(await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv.payload')!) as { url: string }).url === (JSON.parse(localStorage.getItem('htv.tv')!) as { shown: { url: string } }).shown.url)).toBe(true);
  } finally {
    await context.close();
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});

test('a template given a focus order and published in the editor, sent to a hotel, reaches its browser TV within one heartbeat', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('Chain').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [
        textBlock('banner', { x: 160, y: 200, width: 1600, height: 200 }, { 'zh-CN': '朝阳外滩欢迎您', en: 'Sunrise Bund welcomes you' }, { background: undefined, font: { size: 72 } }),
        tile('first', 160, { 'zh-CN': '客房服务', en: 'Room service' }),
        tile('second', 750, { 'zh-CN': '周边', en: 'Nearby' }),
        tile('third', 1340, { 'zh-CN': '影视', en: 'Movies' }, { clickEvent: { action: 'openApp', packageName: 'com.hotel.movies' } }),
      ]),
    ]),
  });
  const installCode = await bundInstallCode(brand);

  // A browser TV of Sunrise Bund, authorized: it shows the brand's launcher and heartbeats.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  const tv = await context.newPage();
  try {
    // Its first heartbeat (before authorization too) answers the interval.
    const heartbeat = tv.waitForResponse((r) => r.url().endsWith('/api/device/v1/heartbeat'));
    const { mac } = await newTv(tv, installCode, 'C');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await expect(block(tv, 'welcome')).toHaveText('欢迎入住朝阳酒店');
    const interval = ((await (await heartbeat).json()) as { data: { interval: number } }).data.interval;
    expect(interval).toBeGreaterThan(0);

    // In the editor: the first tile's right move set by hand to the third, then published there.
    await openAs(page, DEMO.sunrise, `/themes/themes_template/${theme.id}`);
    const editor = activePage(page).getByTestId('theme-editor');
    await editor.getByTestId('focus-view').click();
    await selectBlock(editor, 'first');
    await editor.getByTestId('nav-pick-right').click();
    await editor.getByTestId('canvas-block-third').click();
    await expect(editor.locator('[data-testid="focus-arrow"][data-from="first"][data-direction="right"]')).toHaveAttribute('data-to', 'third');
    await editor.getByTestId('editor-publish').click();
    await expect.poll(async () => (await brand.get<{ status: string }>(`/admin/theme/${theme.id}`)).status).toBe('published');

    // Sent to the hotel from the template list's send dialog.
    await openAs(page, DEMO.sunrise, '/themes/themes_page');
    const row = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: name });
    await row.getByTestId('theme-send').click();
    const send = page.getByRole('dialog').filter({ has: page.getByTestId('send-submit') });
    await send.getByTestId('send-target').getByText('酒店', { exact: true }).click();
    await chooseOption(page, send.getByTestId('send-hotels'), '朝阳外滩酒店', '外滩');
    await send.getByTestId('send-submit').click();
    const sentAt = Date.now();
    await expect(send.getByTestId('send-failures')).toHaveText('0');

    // The TV draws it within one heartbeat interval of the send.
    await expect(block(tv, 'banner')).toHaveText('朝阳外滩欢迎您', { timeout: interval * 1000 });
    expect(Date.now() - sentAt).toBeLessThan(interval * 1000);
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-theme-id', String(theme.id));

    // The arrows follow the order set in the editor, Enter runs the block's action, L switches the language.
    await expect(block(tv, 'first')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('ArrowRight');
    await expect(block(tv, 'third')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv-notice')).toHaveText('正在打开应用 com.hotel.movies');
    await tv.keyboard.press('ArrowLeft');
    await expect(block(tv, 'second')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('l');
    await expect(block(tv, 'banner')).toHaveText('Sunrise Bund welcomes you');
    await expect(block(tv, 'second')).toHaveText('Nearby');
  } finally {
    await context.close();
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});

test('a browser TV without an install code asks for one and shows a wrong one’s error', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  const tv = await context.newPage();
  try {
    await tv.goto('/tv/?reset=1');
    await expect(tv.getByTestId('tv-setup')).toContainText("Enter the hotel's install code");
    await tv.getByTestId('tv-code').fill('1000001-00000000');
    await tv.getByTestId('tv-room').fill('101');
    await tv.getByTestId('tv-connect').click();
    await expect(tv.getByTestId('tv-error')).toBeVisible();
    await expect(tv.getByTestId('tv-setup')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a browser TV whose token is revoked registers again once, though several of its calls answer 401 at once', async ({ browser, request }) => {
  const brand = await Api.as(request, DEMO.sunrise);
  const context = await browser.newContext();
  const tv = await context.newPage();
  try {
    // Calls made with the token being revoked are held, then answered 401 together, as the server
    // answers a revoked token; later ones at once.
    let revoked: string | undefined;
    let answerAtOnce = false;
    const held: Route[] = [];
    const unregistered = (route: Route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: '-1', errkey: 'device.unregistered', errmsg: 'unregistered' }) });
    await tv.route('**/api/device/v1/**', (route) => {
      if (!revoked || route.request().headers().authorization !== `Bearer ${revoked}`) return route.continue();
      if (answerAtOnce) return unregistered(route);
      held.push(route);
    });
    // The TV's timers run on a clock the test can move: its next heartbeat is a minute away.
    await tv.clock.install();
    const { mac, token } = await newTv(tv, await bundInstallCode(brand), 'T401');
    const registrations: string[] = [];
    tv.on('request', (r) => void (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/register') && registrations.push(r.url())));
    revoked = token;
    // The long-poll waiting at the server answers the authorization's config command: the TV's
    // configuration call after it is held, then its next heartbeat.
    await brand.post('/terminals/authorize', { macs: [mac] });
    const heldPaths = () => held.map((route) => new URL(route.request().url()).pathname.replace(/^.*\//, '')).sort();
    await expect.poll(heldPaths, { timeout: 15_000 }).toContain('config');
    await tv.clock.fastForward(61_000);
    await expect.poll(heldPaths, { timeout: 15_000 }).toContain('heartbeat');
    const renewedHeartbeat = tv.waitForResponse((r) => r.url().endsWith('/api/device/v1/heartbeat') && r.request().headers().authorization !== `Bearer ${token}`, { timeout: 15_000 });
    answerAtOnce = true;
    await Promise.all(held.splice(0).map(unregistered));

    // One registration, whose token the TV keeps and heartbeats with: a second registration would
    // revoke the first's token, whose 401 would register again, and so on.
    const heartbeat = await renewedHeartbeat;
    expect(heartbeat.status()).toBe(200);
    const renewed = heartbeat.request().headers().authorization!.replace('Bearer ', '');
    await expect(tv.getByTestId('tv-unauthorized')).toBeHidden();
    expect(registrations).toHaveLength(1);
    expect(await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { token?: string }).token)).toBe(renewed);
  } finally {
    await context.close();
  }
});
