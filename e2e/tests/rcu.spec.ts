import type { RcuRoomState } from '@htv/shared/areas/rcu/device';
import { expect, test } from '@playwright/test';
import { Api, DEMO, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Room control (docs/rcu.md) on the browser TV of the demo hotel, whose rooms are rooms of the
 * simulated gateway: the guest types "turn off the lights" into the voice box; the simulated room's
 * lights are off (read through the console's room view), and the TV's room-control page shows them off.
 * Do-not-disturb set by voice holds a notice's popup back until it is cleared.
 */
test('a voice command turns the simulated room’s lights off and the TV’s room-control page shows it; do-not-disturb holds popups', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const name = unique('Rcu').slice(0, 20);
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
    const room = await tv.evaluate(() => (JSON.parse(localStorage.getItem('htv.tv')!) as { roomNumber: string }).roomNumber);
    const lights = async () => (await hotel.get<RcuRoomState>(`/rcu/rooms/${encodeURIComponent(room)}/devices`)).devices.filter((d) => d.type === 'light');
    // A new simulated room has its main light on.
    expect((await lights()).some((d) => d.on)).toBe(true);

    await tv.keyboard.press('v');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'voice');
    const input = tv.getByTestId('voice-input');
    await input.fill('turn off the lights');
    await input.press('Enter');
    await expect(tv.getByTestId('voice-answer')).toHaveAttribute('data-action', 'room');
    await expect(tv.getByTestId('voice-say')).toContainText('OK, the lights are off');
    await expect.poll(async () => (await lights()).map((d) => d.on)).toEqual([false, false]);

    // Back to the launcher, then the room-control page: the lights read off from the gateway.
    await tv.keyboard.press('Escape');
    await expect(tv.getByTestId('tv')).not.toHaveAttribute('data-area', 'voice');
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'rcu');
    const main = tv.locator('[data-testid="rcu-device"][data-id="light-main"]');
    await expect(main).toHaveAttribute('data-on', 'false');
    await expect(main.getByTestId('rcu-state')).toHaveText(/^(关|Off)$/); // in the template's content language
    // OK switches the focused device (the main light) back on; the page shows the gateway's state after.
    await tv.keyboard.press('Enter');
    await expect(main).toHaveAttribute('data-on', 'true');
    expect((await lights()).find((d) => d.id === 'light-main')!.on).toBe(true);

    // Do-not-disturb on (by voice): the sign shows and a notice to the room waits; off: it pops up.
    await tv.keyboard.press('Escape');
    await tv.keyboard.press('v');
    await input.fill('turn on do not disturb');
    await input.press('Enter');
    await expect(tv.getByTestId('voice-say')).toContainText('do not disturb is on');
    await expect(tv.getByTestId('rcu-dnd')).toBeVisible();
    await hotel.post('/records/room', { number: room }); // notices go to the hotel's rooms
    const notice = await hotel.post<{ id: number }>('/records/message-notices', { content: `客房通知 ${room}`, contentEn: `Room notice ${room}`, publishMethod: 'rooms', rooms: room });
    await hotel.post(`/records/message-notices/${notice.id}/actions/publish`);
    await tv.waitForTimeout(4_000); // the notice reaches the TV on the push channel within this
    await expect(tv.getByTestId('notice-popup')).toHaveCount(0);
    await input.fill('turn off do not disturb');
    await input.press('Enter');
    await expect(tv.getByTestId('rcu-dnd')).toHaveCount(0);
    await expect(tv.getByTestId('notice-popup-text')).toContainText(room);
  } finally {
    await context.close();
  }
});
