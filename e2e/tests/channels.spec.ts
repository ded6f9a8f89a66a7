import { expect, test, type Page } from '@playwright/test';
import { Api, DEMO, unique } from '../support/shell.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Live TV on the browser TV (docs/channels.md): two channels imported from an M3U playlist (the
 * committed test streams), shown first in the demo hotel's list, play from the launcher's Live TV
 * tile; ↑ changes the channel, the banner and the playing video following.
 */

const playedSeconds = (tv: Page) => tv.getByTestId('channels-video').evaluate((video) => (video as HTMLVideoElement).currentTime);

test('a channel imported from an M3U plays on the browser TV, and up changes it', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await Api.as(request, DEMO.admin);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const tag = unique('e2e');
  const names = [`测试一${tag}`, `测试二${tag}`];
  const m3u = [
    '#EXTM3U',
    `#EXTINF:-1 tvg-id="${tag}.1" tvg-chno="901" group-title="Test",${names[0]}`,
    `${baseURL}/media/test-streams/pattern/index.m3u8`,
    `#EXTINF:-1 tvg-id="${tag}.2" tvg-chno="902" group-title="Test",${names[1]}`,
    `${baseURL}/media/test-streams/bars/index.m3u8`,
  ].join('\n');
  const preview = await request.post('/api/admin/channels/import/preview', { headers: { authorization: `Bearer ${admin.token}` }, multipart: { file: { name: 'test.m3u', mimeType: 'audio/x-mpegurl', buffer: Buffer.from(m3u) } } });
  expect(preview.status(), await preview.text()).toBe(200);
  const { token, counts } = (await preview.json()).data as { token: string; counts: { added: number } };
  expect(counts.added).toBe(2);
  await admin.post('/admin/channels/import/apply', { token });

  // The hotel shows them first, before its demo channels.
  const before = (await hotel.get<{ items: { key: string; name: string; position: number | null }[] }>('/hotel/channels')).items;
  const keys = names.map((name) => before.find((row) => row.name === name)!.key);
  const shownBefore = before.filter((row) => row.position !== null).map((row) => row.key);
  await hotel.put('/hotel/channels/shown', { keys: [...shownBefore, ...keys] });
  await hotel.put('/hotel/channels/order', { keys: [...keys, ...shownBefore] });

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'L');
    await brand.post('/terminals/authorize', { macs: [mac] });
    // The demo launcher's Live TV tile (the first focus) opens the live-TV page.
    await expect(tv.getByTestId('theme-stage').locator('[data-block="liveTv"]')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'channels');
    const banner = tv.getByTestId('channels-banner');
    await expect(banner).toHaveAttribute('data-key', keys[0]!);
    await expect(banner).toHaveAttribute('data-number', '1');
    await expect(tv.getByTestId('channels-name')).toHaveText(names[0]!);
    await expect.poll(() => playedSeconds(tv), { timeout: 30_000 }).toBeGreaterThan(1);

    await tv.keyboard.press('ArrowUp');
    await expect(banner).toHaveAttribute('data-key', keys[1]!);
    await expect(tv.getByTestId('channels-name')).toHaveText(names[1]!);
    await expect.poll(() => playedSeconds(tv), { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(tv.getByTestId('channels-error')).toHaveCount(0);
  } finally {
    await context.close();
    await hotel.call('PUT', '/hotel/channels/shown', { keys: shownBefore });
  }
});
