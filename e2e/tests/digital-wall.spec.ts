import { expect, test } from '@playwright/test';
import { canvasPng } from '../support/media.js';
import { activePage, Api, DEMO, openAs, unique } from '../support/shell.js';
import { label } from '../support/auth.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * The digital wall (docs/digitalwall.md): an item the hotel adds in the console plays full screen on
 * its public-area browser TV (scene mode information release), pushed while the TV is on, and never
 * on a guest-room TV of the same hotel.
 */
test('a wall item added in the console plays on the public-area TV and not on the room TV', async ({ browser, request, page }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const title = unique('W').slice(0, 15);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const publicTv = await context.newPage();
  const roomTv = await context.newPage();
  try {
    const code = await bundInstallCode(brand);
    const pub = await newTv(publicTv, code, 'P');
    const room = await newTv(roomTv, code, 'R');
    await brand.post('/terminals/authorize', { macs: [pub.mac, room.mac] });
    // The public-area TV: its scene mode shows public-area templates (equipment type public).
    const terminal = (await brand.get<{ items: { id: number }[] }>(`/records/terminals?mac=${pub.mac}`)).items[0]!;
    await brand.put(`/records/terminals/${terminal.id}`, { sceneMode: 'infoRelease' });
    for (const tv of [publicTv, roomTv]) await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');

    await openAs(page, DEMO.bund, '/digital_wall/content');
    await activePage(page).getByRole('button', { name: label('新建') }).first().click();
    const form = page.getByTestId('record-form');
    await form.locator('#title').fill(title);
    await form.locator('#gestureTitle').fill('大堂');
    // First in the playlist (larger sorts first), ahead of the demo's posters: the wall starts again from the top when it changes.
    await form.locator('#sort').fill('999');
    await form.locator('#media input[type=file]').setInputFiles({ name: 'lobby.png', mimeType: 'image/png', buffer: await canvasPng(page, 640, 360) });
    await expect(form.locator('#media .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
    await page.getByTestId('record-form-submit').click();
    await expect(form).toBeHidden();
    await expect(activePage(page).getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: title })).toHaveCount(1);

    // Pushed to the public-area TV: full screen, its picture loaded through the signed address.
    const wall = publicTv.getByTestId('digital-wall');
    await expect(wall).toHaveAttribute('data-title', title, { timeout: 20_000 });
    await expect(wall.locator('img')).toHaveJSProperty('complete', true);
    expect(await wall.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    const box = await wall.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 720 });

    // The room TV of the same hotel never gets it.
    const config = await request.get('/api/device/v1/config', { headers: { authorization: `Bearer ${room.token}` } });
    expect((await config.json()).data.digitalWall).toBeUndefined();
    await expect(roomTv.getByTestId('digital-wall')).toHaveCount(0);

    // The wall's settings: switched off, the public TV goes back to its launcher at once.
    await openAs(page, DEMO.bund, '/digital_wall/config');
    const settings = page.getByTestId('digital-wall-config');
    await expect(settings.getByTestId('digital-wall-enabled')).toBeChecked();
    await settings.getByTestId('digital-wall-enabled').click();
    await settings.getByTestId('digital-wall-config-save').click();
    await expect(wall).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await hotel.call('PUT', '/digital-wall/config', { enabled: true, loop: true, macs: null });
    await context.close();
    const items = await hotel.get<{ items: { id: number; title: string }[] }>(`/records/digital-wall-items?keyword=${encodeURIComponent(title)}`);
    for (const item of items.items) await hotel.call('DELETE', `/records/digital-wall-items/${item.id}`);
  }
});
