import { expect, test, type Page } from '@playwright/test';
import { png } from '../../apps/server/test/support/images.js';
import { startFleet } from '../../tools/simulator/lib.js';
import { ACCOUNTS, label } from '../support/auth.js';
import { baseUrl } from '../support/server.js';
import { activePage, Api, chooseOption, openAs, unique } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/** As the brand: creates a template from the list, lands in its tree editor and adds a page to its main layout. */
async function createInEditor(page: Page, name: string) {
  await openAs(page, ACCOUNTS.brand, '/themes/themes_page');
  await activePage(page).getByTestId('theme-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('theme-name').fill(name);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/themes\/themes_template\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const editor = activePage(page);
  const tree = editor.getByTestId('theme-tree');
  await tree.getByText('Main', { exact: true }).click();
  await editor.getByTestId('add-page').click();
  return { id, editor, tree };
}

/**
 * Templates (docs/themes.md): a brand creates a template, edits its draft in the tree editor (a page
 * and a text block with its text in two languages), publishes it, and finds the version listed. The
 * template is unpublished and deleted afterwards.
 */
test('a brand creates a template, edits it in the tree editor, publishes it and sees the version', async ({ page, request }) => {
  const name = unique('Tpl').slice(0, 20);
  const { id, editor, tree } = await createInEditor(page, name);
  await expect(tree.getByText('Page', { exact: true })).toBeVisible();
  await editor.getByTestId('add-container').click();
  await editor.getByTestId('palette-text').click();
  await expect(tree.getByText('text · text1')).toBeVisible();
  await editor.getByTestId('prop-text-zh-CN').fill('欢迎光临');
  await editor.getByTestId('prop-text-en').fill('Welcome');
  await editor.getByTestId('theme-save').click();
  // The draft may also have saved itself meanwhile (a moment after each change): its revision varies.
  await expect(editor.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  const api = await Api.as(request, ACCOUNTS.brand);
  const draft = () => api.get<{ draftRevision: number; document: { layouts: { pages: { containers: { blocks: { text: Record<string, string> }[] }[] }[] }[] } }>(`/admin/theme/${id}`);
  await expect.poll(async () => (await draft()).document.layouts[0]!.pages[1]!.containers[0]!.blocks[0]!.text).toEqual({ 'zh-CN': '欢迎光临', en: 'Welcome' });
  const saved = await draft();
  await expect(editor.getByText(new RegExp(`Draft revision ${saved.draftRevision}|草稿版本 ${saved.draftRevision}`))).toBeVisible();

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

/**
 * Sending (docs/themes.md "Sending", "Resolution", "What the TV receives"): the brand uploads a
 * picture into its material library, builds a template around it in the tree editor, publishes it and
 * sends it to its hotel Sunrise Bund from the send dialog. A simulated TV of that hotel, authorized,
 * learns the new template on its next heartbeat (it does not listen on the push channel), downloads
 * the version and its picture once, and the hotel's terminal detail explains why it shows it.
 */
test('a brand sends a template with a picture to a hotel; its TV downloads it once and the terminal detail explains it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = unique('Send').slice(0, 20);
  const brandApi = await Api.as(request, ACCOUNTS.brand);

  // A picture uploaded into the brand's material library.
  await openAs(page, ACCOUNTS.brand, '/material/material_page');
  await activePage(page).getByRole('button', { name: label('新建') }).click();
  const materialForm = page.getByRole('dialog');
  await materialForm.locator('#name').fill(name);
  await materialForm.locator('input[type=file]').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: png(64, 36) });
  await expect(materialForm.locator('.ant-upload-list-item-error')).toHaveCount(0);
  await expect(materialForm.getByTestId('record-form-submit')).toBeEnabled();
  await expect(async () => {
    await materialForm.getByTestId('record-form-submit').click();
    await expect(materialForm).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const materials = await brandApi.get<{ items: { id: number; name: string }[] }>(`/records/material?keyword=${encodeURIComponent(name)}`);
  const materialId = materials.items.find((m) => m.name === name)!.id;

  // The template, built in the tree editor: a page, a container and an image block showing the picture.
  const { id, editor, tree } = await createInEditor(page, name);
  await editor.getByTestId('add-container').click();
  await editor.getByTestId('palette-image').click();
  await expect(tree.getByText('image · image1')).toBeVisible();
  await chooseOption(page, editor.getByTestId('prop-materialIds'), name);
  await editor.getByTestId('theme-save').click();
  await expect(editor.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect
    .poll(async () => (await brandApi.get<{ document: { layouts: { pages: { containers: { blocks: { materialIds?: number[] }[] }[] }[] }[] } }>(`/admin/theme/${id}`)).document.layouts[0]!.pages[1]!.containers[0]!.blocks[0]!.materialIds)
    .toEqual([materialId]);

  // A TV of Sunrise Bund, authorized, polling by heartbeat only.
  const bund = (await brandApi.get<{ items: { id: number; publicId: string }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const { installCode } = await brandApi.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
  const fleet = await startFleet({ url: baseUrl(), count: 1, seed: `e2e-send-${name}`, installCode, roomPrefix: 'S', interval: 1, push: false });
  try {
    const tv = fleet.tvs[0]!;
    await brandApi.post('/terminals/authorize', { macs: [tv.mac] });
    await expect.poll(() => tv.authorization).toBe('authorized');
    // It shows the launcher the demo sends to every Sunrise hotel, downloaded once.
    await expect.poll(() => tv.theme?.themeId).toBeDefined();
    expect(tv.theme!.themeId).not.toBe(id);
    const [themesBefore, assetsBefore] = [tv.themeDownloads, tv.assetDownloads];

    // Publish, then send to the hotel from the send dialog; the dialog shows the result.
    await openAs(page, ACCOUNTS.brand, '/themes/themes_page');
    const row = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: name });
    await row.getByTestId('theme-publish').click();
    await page.getByRole('dialog').locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(row.getByTestId('theme-send')).toBeVisible();
    await row.getByTestId('theme-send').click();
    const send = page.getByRole('dialog').filter({ has: page.getByTestId('send-submit') });
    await send.getByTestId('send-target').getByText('酒店', { exact: true }).click();
    await chooseOption(page, send.getByTestId('send-hotels'), '朝阳外滩酒店', '外滩');
    await send.getByTestId('send-submit').click();
    await expect(send.getByTestId('send-successes')).toHaveText('1');
    await expect(send.getByTestId('send-failures')).toHaveText('0');
    await expect(send.getByTestId('live-sends')).toContainText('朝阳外滩酒店');
    await expect(row.getByTestId('theme-status')).toHaveText('已部分下发');
    await page.screenshot({ path: test.info().outputPath('send-dialog-zh.png') });

    // The TV learns it on a heartbeat, downloads the version and the picture once.
    await expect.poll(() => tv.theme?.themeId).toBe(id);
    expect(tv.theme!.version).toBe(1);
    expect(tv.theme!.assets.map((a) => a.materialId)).toEqual([materialId]);
    const beats = tv.heartbeats;
    await expect.poll(() => tv.heartbeats).toBeGreaterThan(beats + 2);
    expect(tv.themeDownloads).toBe(themesBefore + 1);
    expect(tv.assetDownloads).toBe(assetsBefore + 1);

    // The hotel's terminal detail: the template, the winning send and who sent it.
    await openAs(page, ACCOUNTS.hotel, '/ht/terminal');
    const terminals = activePage(page);
    await terminals.getByTestId('search-form').locator('#keyword').fill(tv.mac);
    await terminals.getByTestId('search-form').getByRole('button', { name: label('查询') }).click();
    await (await rowAction(terminals.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: tv.mac }), (scope) => scope.getByTestId('terminal-detail-open'))).click();
    const drawer = page.getByTestId('terminal-detail');
    await drawer.getByRole('tab', { name: '模板' }).click();
    await expect(drawer.getByTestId('terminal-theme-name')).toHaveText(`${name} · v1`);
    const winner = drawer.getByTestId('terminal-theme-candidates').locator('tbody tr').first();
    await expect(winner).toContainText('生效');
    await expect(winner).toContainText('酒店 · 朝阳外滩酒店');
    await expect(winner).toContainText('朝阳集团管理员');
    await page.screenshot({ path: test.info().outputPath('terminal-theme-zh.png') });

    // The hotel finds the brand's template on its own theme page, read-only, saying why it is there.
    await openAs(page, ACCOUNTS.hotel, '/themes/themes_page');
    const shown = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: name });
    await expect(shown.getByTestId('theme-shown-here')).toHaveText('本酒店电视正在显示 · 只读');
    await expect(shown.getByTestId('theme-edit')).toHaveCount(0);

    // Publishing the live template again asks first: where it is shown, the version shown beside the draft.
    const audience = await brandApi.get<{ terminals: number; hotels: number }>(`/admin/theme/${id}/audience`);
    expect(audience).toMatchObject({ hotels: 1, terminals: expect.any(Number) });
    await openAs(page, ACCOUNTS.brand, '/themes/themes_page');
    await row.getByTestId('theme-publish').click();
    const publish = page.getByRole('dialog').filter({ has: page.getByTestId('publish-audience') });
    await expect(publish.getByTestId('publish-audience')).toContainText(`${audience.terminals} 台电视`);
    await expect(publish.getByTestId('publish-audience')).toContainText('1 家酒店');
    await expect(publish.getByTestId('publish-live')).toContainText('v1');
    await expect(publish.getByTestId('publish-live').getByTestId('theme-stage')).toBeVisible();
    await expect(publish.getByTestId('publish-draft').getByTestId('theme-stage')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('publish-live-zh.png') });
    await publish.getByRole('button', { name: '取 消' }).or(publish.getByRole('button', { name: '取消' })).click();
    await expect(publish).toBeHidden();
  } finally {
    await fleet.stop();
    await brandApi.post(`/admin/theme/${id}/cancel-send`, {});
    await brandApi.post(`/admin/theme/${id}/cancel-publish`);
    await brandApi.call('DELETE', `/admin/theme/${id}`);
  }
});
