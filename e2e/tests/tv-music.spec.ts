import { expect, test, type Page } from '@playwright/test';
import { tuneWav } from '../../apps/server/src/areas/music/tone.js';
import { label } from '../support/auth.js';
import { Api, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Music on the browser TV (docs/music.md): a hotel's album and song, opened from a launcher block,
 * played by a real `<audio>` element that keeps playing after Back to the launcher; the console's
 * song list and form play the file too.
 */

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);
const playedSeconds = (tv: Page) => tv.getByTestId('music-audio').evaluate((audio) => (audio as HTMLAudioElement).currentTime);

test('the browser TV plays a hotel’s song from its music block, and the music goes on back on the launcher', async ({ browser, request, page: consolePage }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const name = unique('Music').slice(0, 20);

  // The hotel's album and song (a 30-second tune made here).
  const song = tuneWav([[392, 1], [440, 1], [494, 1], [523, 1]], 7.5).data;
  const upload = await request.post('/api/files?rule=musicFile', { headers: { authorization: `Bearer ${hotel.token}` }, multipart: { file: { name: 'tune.wav', mimeType: 'audio/wav', buffer: song } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const fileId = ((await upload.json()).data as { id: string }).id;
  const album = await hotel.post<{ id: number }>('/records/music-album', { name: `专辑${name}`, nameEn: `Album ${name}`, sort: 999 });
  const added = await hotel.post<{ id: number; duration: number }>('/records/music-song', { name: `歌曲${name}`, singer: '测试', albumId: album.id, fileId });
  expect(added.duration).toBe(30);

  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [
        { type: 'music', key: 'music', x: 160, y: 300, width: 480, height: 400, focusable: true, clickEvent: { action: 'openArea', area: 'music' } },
        textBlock('other', { x: 800, y: 400 }, { 'zh-CN': '其他', en: 'Other' }, { focusable: true }),
      ]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'M');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(block(tv, 'music')).toHaveAttribute('data-focused', 'true');
    // The block is the area's: it shows the hotel's first album.
    await expect(tv.getByTestId('music-slot')).toContainText(`专辑${name}`);

    await tv.keyboard.press('Enter');
    const page = tv.getByTestId('music-page');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'music');
    await expect(page.locator('[data-testid="music-album"][data-focused="true"]')).toContainText(`专辑${name}`);
    await tv.keyboard.press('Enter'); // to the album's songs
    await expect(page.locator('[data-testid="music-song"][data-focused="true"]')).toContainText(`歌曲${name}`);
    await tv.keyboard.press('Enter'); // play
    await expect(page.getByTestId('music-player')).toHaveAttribute('data-state', 'playing');
    await expect(page.getByTestId('music-now')).toHaveText(`歌曲${name} · 测试`);
    await expect.poll(() => playedSeconds(tv)).toBeGreaterThan(1);

    // Back to the launcher: the song goes on, a small indicator says what plays.
    await tv.keyboard.press('Backspace');
    await expect(page).toHaveCount(0);
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', '');
    await expect(tv.getByTestId('music-indicator')).toContainText(`歌曲${name}`);
    await expect(tv.getByTestId('music-slot')).toHaveAttribute('data-state', 'playing');
    const before = await playedSeconds(tv);
    await expect.poll(() => playedSeconds(tv)).toBeGreaterThan(before + 1);
    await tv.keyboard.press('ArrowRight');
    await expect(block(tv, 'other')).toHaveAttribute('data-focused', 'true');
    expect(await tv.getByTestId('music-audio').evaluate((audio) => (audio as HTMLAudioElement).paused)).toBe(false);

    // The console's song list at /content/music plays the file in a small player, and so does the form.
    await openAs(consolePage, DEMO.bund, '/content/music');
    const row = consolePage.getByTestId('record-table').locator('tbody tr').filter({ hasText: `歌曲${name}` });
    await expect(row.getByTestId('cell-audio-fileId')).toHaveAttribute('src', `/api/files/${fileId}`);
    await row.getByRole('button', { name: label('编辑') }).click();
    await expect(consolePage.getByTestId('record-form').getByTestId('music-song-preview')).toHaveAttribute('src', `/api/files/${fileId}`);
  } finally {
    await context.close();
    await hotel.call('DELETE', `/records/music-song/${added.id}`);
    await hotel.call('DELETE', `/records/music-album/${album.id}`);
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});
