import { expect, test } from '@playwright/test';
import { activePage, Api, DEMO, openAs, unique } from '../support/shell.js';
import { selectBlock } from '../support/themes.js';

/**
 * Welcome templates (docs/themes.md "Welcome templates", docs/tv.md): made at /skin/list, edited with
 * the theme editor at /skin/edit, published and sent like any template; a browser TV shows the welcome
 * before its launcher, greeting the room's guest by name (or with the fallback), and OK goes on.
 */

type Doc = { layouts: { pages: { containers: { blocks: { key: string; text?: Record<string, string> }[] }[] }[] }[] };

test('a welcome template is edited, published and sent; the browser TV greets the guest by name, then shows the launcher after OK', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const platform = await Api.as(request, DEMO.admin);
  const brand = await Api.as(request, DEMO.sunrise);
  const name = unique('Wel').slice(0, 20);

  // /skin/list makes a welcome template and opens it in the editor at /skin/edit, menu collapsed.
  await openAs(page, DEMO.admin, '/skin/list');
  const list = activePage(page);
  await expect(list.getByText(/{guest}/)).toBeVisible();
  await list.getByTestId('theme-create').click();
  await page.getByTestId('theme-name').fill(name);
  await page.locator('.ant-modal:visible .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/skin\/edit\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  try {
    const editor = activePage(page).getByTestId('theme-editor');
    await expect(editor.getByTestId('edit-layer')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');
    await expect(editor.getByTestId('theme-stage').locator('[data-block="greeting"]')).toHaveText('{guest}，欢迎入住');

    // The greeting is edited in the property form; the draft saves itself; publish from the editor.
    await selectBlock(editor, 'greeting');
    await editor.getByTestId('prop-text-en').fill('Good evening, {guest}');
    const english = async () => {
      const { document } = await platform.get<{ document: Doc }>(`/admin/theme/${id}`);
      return document.layouts[0]!.pages[0]!.containers[0]!.blocks.find((b) => b.key === 'greeting')?.text?.en;
    };
    await expect.poll(english).toBe('Good evening, {guest}');
    await editor.getByTestId('editor-publish').click();
    await expect.poll(async () => (await platform.get<{ status: string }>(`/admin/theme/${id}`)).status).toBe('published');

    // A browser TV of the Bund hotel, authorized: the demo's launcher shows (no welcome is sent yet).
    const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
    const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
    const tv = await context.newPage();
    await tv.goto(`/tv/?reset=1&lang=en&code=${encodeURIComponent(installCode)}&room=${unique('W').slice(0, 12)}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    const mac = await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string }).mac);
    await brand.post('/terminals/authorize', { macs: [mac] });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
    await expect(tv.getByTestId('tv')).not.toHaveAttribute('data-theme-id', '');
    const launcher = await tv.getByTestId('tv').getAttribute('data-theme-id');

    // Sent to this TV: the welcome shows at once, with the fallback greeting while no guest is known.
    await platform.post(`/admin/theme/${id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    const welcome = tv.getByTestId('tv-welcome');
    await expect(welcome.locator('[data-block="greeting"]')).toHaveText('Good evening, dear guest');

    // The guest checks in (the terminal's guest, as the console or a PMS sets it): the TV greets them.
    const terminal = (await brand.get<{ items: { id: number }[] }>(`/records/terminals?mac=${mac}`)).items[0]!;
    await brand.put(`/records/terminals/${terminal.id}`, { guest: 'Ms Chen' });
    await expect(welcome).toHaveAttribute('data-guest', 'Ms Chen');
    await expect(welcome.locator('[data-block="greeting"]')).toHaveText('Good evening, Ms Chen');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-welcome', 'shown');

    // OK goes on to the launcher, under the remote.
    await tv.keyboard.press('Enter');
    await expect(welcome).toHaveCount(0);
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-welcome', '');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-theme-id', launcher!);
    await expect(tv.getByTestId('theme-stage')).toBeVisible();
    await context.close();
  } finally {
    await platform.call('POST', `/admin/theme/${id}/cancel-send`, {});
    await platform.call('DELETE', `/admin/theme/${id}`);
  }
});
