import { expect, test } from '@playwright/test';
import { activePage, Api, chooseOption, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { png } from '../../apps/server/test/support/images.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Video on demand (docs/vod.md): a film of the platform's pool, in a library sent to the hotel, shows
 * on the browser TV's VOD page (the hotel's send outranks the demo's send to all); its free preview
 * plays; buying it creates an order (pay at the desk: the room has no stay) that the platform's order
 * list shows; the hotel UI preview draws the hotel's page.
 */
test('a film sent to the hotel shows on the TV’s VOD page, its preview plays, buying it makes an order the platform sees', async ({ browser, request, page: consolePage }) => {
  test.setTimeout(150_000);
  const admin = await Api.as(request, DEMO.admin);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const title = unique('Film').slice(0, 20);

  const upload = await request.post('/api/files?rule=vodPoster', { headers: { authorization: `Bearer ${admin.token}` }, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: png(60, 90) } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const posterId = ((await upload.json()).data as { id: string }).id;
  const film = await admin.post<{ id: number }>('/records/vod-movie', { title, posterId, durationMinutes: 90, price: '9.90', previewMinutes: 1, rentalHours: 24, streamUrl: '/media/test-streams/pattern/index.m3u8' });
  const library = await admin.post<{ id: number }>('/records/vod-choose', { versionId: 'e2e', versionName: title, positionKey: 'e2e', positionName: title, movieIds: [film.id] });
  await admin.post(`/records/vod-choose/${library.id}/actions/publish`);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  await admin.post('/records/vod-send', { name: title, chooseId: library.id, targetKind: 'hotel', targetHotelId: bund.id, mode: 'realtime' });
  // The hotel takes payment at the desk when a room cannot be charged.
  const settings = await hotel.get<{ items: { id: number }[] }>('/records/vod-hotel-setting');
  if (settings.items[0]) await hotel.put(`/records/vod-hotel-setting/${settings.items[0].id}`, { unpaid: 'delivery' });
  else await hotel.post('/records/vod-hotel-setting', { unpaid: 'delivery' });

  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name: title, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(title, [
      fullPage('home', 'home', [
        { type: 'vod', key: 'vod', x: 160, y: 300, width: 480, height: 300, focusable: true, clickEvent: { action: 'openArea', area: 'vod' } },
        textBlock('other', { x: 800, y: 400 }, { 'zh-CN': '其他', en: 'Other' }, { focusable: true }),
      ]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'V');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(tv.getByTestId('theme-stage').locator('[data-block="vod"]')).toHaveAttribute('data-focused', 'true');
    await expect(tv.getByTestId('vod-slot')).toBeVisible();
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'vod');
    const page = tv.getByTestId('vod-page');

    // The hotel's library is the selected row (it outranks the demo's send to all); down to it, OK.
    const row = page.locator('[data-testid="vod-row"][data-row^="choose-"]');
    await expect(row.getByTestId('vod-poster')).toHaveCount(1);
    await expect(row.getByTestId('vod-poster')).toHaveAttribute('data-movie', String(film.id));
    await expect(row).toContainText(title);
    const rowIndex = await page.getByTestId('vod-row').evaluateAll((rows) => rows.findIndex((r) => r.getAttribute('data-row')!.startsWith('choose-')));
    for (let i = 0; i < rowIndex; i++) await tv.keyboard.press('ArrowDown');
    await expect(row.getByTestId('vod-poster')).toHaveAttribute('data-selected', 'true');
    await tv.keyboard.press('Enter');
    const filmPage = tv.getByTestId('vod-film');
    await expect(filmPage).toHaveAttribute('data-owned', 'false');
    await expect(tv.getByTestId('vod-film-title')).toHaveText(title);

    // The free preview plays (a minute at most), then Back to the film.
    await expect(tv.getByTestId('vod-control-preview')).toHaveAttribute('data-selected', 'true');
    await tv.keyboard.press('Enter');
    const player = tv.getByTestId('vod-player');
    await expect(player).toHaveAttribute('data-preview', 'true');
    await expect(player).toHaveAttribute('data-limit', '60');
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect.poll(() => tv.getByTestId('vod-video').evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(0.5);
    await tv.keyboard.press('Backspace');
    await expect(filmPage).toBeVisible();
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'vod');

    // Buying: pay at the desk; the film is the room's now.
    await tv.keyboard.press('ArrowRight');
    await expect(tv.getByTestId('vod-control-buy')).toHaveAttribute('data-selected', 'true');
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('vod-message')).toContainText('购买成功');
    const number = (await tv.getByTestId('vod-message').textContent())!.match(/\d{12}/)![0];
    await expect(filmPage).toHaveAttribute('data-owned', 'true');
    await expect(tv.getByTestId('vod-control-play')).toBeVisible();

    // The platform's order list shows it.
    await openAs(consolePage, DEMO.admin, '/vod/order');
    const orderRow = consolePage.getByTestId('record-table').locator('tbody tr').filter({ hasText: number });
    await expect(orderRow).toContainText(title);
    await expect(orderRow).toContainText('9.9');
    await expect(orderRow).toContainText('发货完成');

    // The hotel UI preview draws what the hotel's TVs resolve, with the TV's own page.
    await openAs(consolePage, DEMO.admin, '/vod_operation/hotel_template');
    await chooseOption(consolePage, activePage(consolePage).getByTestId('vod-hotel-select'), '朝阳外滩酒店', '外滩');
    await expect(consolePage.getByTestId('vod-hotel-summary')).toContainText(title);
    await consolePage.getByTestId('vod-hotel-open').click();
    const preview = consolePage.getByTestId('vod-hotel-preview');
    await expect(preview.locator(`[data-testid="vod-poster"][data-movie="${film.id}"]`)).toBeVisible();
    await consolePage.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);
  } finally {
    await context.close();
  }
});
