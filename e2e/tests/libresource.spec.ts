import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { activePage, Api, chooseOption, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Resource libraries (docs/libresource.md): the brand copies a hotel's introductions into a library
 * in the console and sends a version of it to the hotel; the hotel's browser TV shows the version's
 * introduction, no longer in the hotel's own rows.
 */

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);

test('a library version sent to a hotel reaches its browser TV’s introduction page', async ({ browser, request, page }) => {
  test.setTimeout(150_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const name = unique('Lib').slice(0, 20);
  const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#264653' } }).png().toBuffer();
  const uploaded = await request.post('/api/files?rule=introImage', { headers: { authorization: `Bearer ${hotel.token}` }, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: picture } } });
  expect(uploaded.status()).toBe(200);
  const upload = (await uploaded.json()).data as { id: string };
  const type = await hotel.post<{ id: number }>('/records/intro-type', { name: `库类型${name}`, showDefault: true, sort: 999 });
  const item = await hotel.post<{ id: number }>('/records/intro-item', { typeId: type.id, title: `库标题${name}`, text: '资源库内容', backgroundId: upload.id });
  let versionId: number | undefined;

  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [fullPage('home', 'home', [{ type: 'introduction', key: 'intro', x: 160, y: 300, width: 640, height: 360, focusable: true, clickEvent: { action: 'openArea', area: 'introduction' } }])]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    // The console: a library copied from the hotel 1000001.
    await openAs(page, DEMO.sunrise, '/libresource/lists');
    await activePage(page).getByTestId('library-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#title').fill(`库${name}`);
    await dialog.locator('#sourceHotelId').fill('1000001');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(activePage(page).getByRole('row').filter({ hasText: `库${name}` })).toBeVisible();

    // The hotel's own item is removed: what the TV shows next comes from the version.
    await hotel.call('DELETE', `/records/intro-item/${item.id}`);
    await hotel.call('DELETE', `/records/intro-type/${type.id}`);

    // The version, sent to the hotel in the console at once.
    await openAs(page, DEMO.sunrise, '/libresource/version');
    await activePage(page).getByTestId('version-add').click();
    const send = page.getByRole('dialog');
    await chooseOption(page, send.locator('#libraryId'), `库${name}`);
    await send.getByRole('radio').nth(1).check();
    await chooseOption(page, send.locator('#hotelIds'), '朝阳外滩酒店', '外滩');
    await send.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(send).toBeHidden();
    const versions = await brand.get<{ items: { id: number; libraryTitle: string; state: string }[] }>('/libresource/versions?pagesize=5');
    const sent = versions.items.find((v) => v.libraryTitle === `库${name}`)!;
    versionId = sent.id;
    expect(sent.state).toBe('published');

    // The browser TV of the hotel: the introduction page shows the version's item.
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'L');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(block(tv, 'intro')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    const intro = tv.getByTestId('intro-page');
    await expect(intro.getByTestId('intro-title')).toHaveText(`库标题${name}`);
  } finally {
    await context.close();
    if (versionId) await brand.call('POST', `/libresource/versions/${versionId}/cancel`, {});
    await hotel.call('DELETE', `/records/intro-item/${item.id}`);
    await hotel.call('DELETE', `/records/intro-type/${type.id}`);
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});
