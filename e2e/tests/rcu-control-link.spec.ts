import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { Api, DEMO, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Control-link materials (docs/rcu.md): the demo hotel adds a picture for the scene "curtains
 * opened"; on its browser TV the guest opens the curtain from the room-control page, the simulated
 * room reports it, and the picture covers the screen; the next key only ends it and the page is
 * where the guest left it.
 */
test('a control-link material shows on the room’s TV when the room control reports its scene', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const name = unique('Link').slice(0, 20);
  const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#f4a261' } }).png().toBuffer();
  const uploaded = await request.post('/api/files?rule=controlLinkMedia', { headers: { authorization: `Bearer ${hotel.token}` }, multipart: { file: { name: 'morning.png', mimeType: 'image/png', buffer: picture } } });
  expect(uploaded.status()).toBe(200);
  const media = ((await uploaded.json()).data as { id: string }).id;
  const material = await hotel.post<{ id: number }>('/records/control-link-materials', { title: `早安 ${name}`, scene: 'curtainsOpen', media, seconds: 60 });

  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [textBlock('room', { x: 160, y: 600, width: 480, height: 160 }, { 'zh-CN': '客房控制', en: 'Room' }, { focusable: true, clickEvent: { action: 'openArea', area: 'rcu' } })]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'C');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(tv.getByTestId('theme-stage').locator('[data-block="room"]')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'rcu');
    const curtain = tv.locator('[data-testid="rcu-device"][data-id="curtain"]');
    await expect(curtain).toHaveAttribute('data-on', 'false');
    await expect(tv.getByTestId('control-link')).toHaveCount(0);
    // Down to the curtain, OK opens it: the room reports it open and the scene's picture shows.
    await tv.keyboard.press('ArrowDown');
    await tv.keyboard.press('ArrowDown');
    await expect(curtain).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    await expect(curtain).toHaveAttribute('data-on', 'true');
    const shown = tv.getByTestId('control-link');
    await expect(shown).toHaveAttribute('data-scene', 'curtainsOpen');
    await expect(shown).toHaveAttribute('data-material', String(material.id));
    await expect(shown.locator('img')).toHaveJSProperty('complete', true);
    expect(await shown.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    // The next key ends it and is not acted on: the curtain stays open, the page stays.
    await tv.keyboard.press('Enter');
    await expect(shown).toHaveCount(0);
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'rcu');
    await expect(curtain).toHaveAttribute('data-on', 'true');
  } finally {
    await context.close();
    await hotel.call('DELETE', `/records/control-link-materials/${material.id}`);
  }
});
