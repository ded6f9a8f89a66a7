import { expect, test } from '@playwright/test';
import { Api, DEMO, openAs, unique } from '../support/shell.js';
import { bundInstallCode } from '../support/tv.js';

/**
 * Publishing to rooms on the browser TV (docs/publishing.md): a notice to the room's tour group pops
 * up and OK dismisses it; a scrolling subtitle to the room scrolls there, one to another room does
 * not reach it. (A guest message reaching its room, read there and shown read in the console is part
 * of the guest's stay, e2e/tests/stay.spec.ts.)
 */
test('a notice to the room’s tour group pops up on its browser TV; a subtitle scrolls only on the room it names', async ({ browser, request, page: consolePage }) => {
  test.setTimeout(150_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const room = unique('G').replace(/[^A-Za-z0-9]/g, '').slice(0, 10);
  const otherRoom = unique('H').replace(/[^A-Za-z0-9]/g, '').slice(0, 10);
  await hotel.post('/records/room', { number: room });
  await hotel.post('/records/room', { number: otherRoom });
  const group = await hotel.post<{ id: number }>('/records/tour-groups', { code: unique('TG').replace(/[^A-Za-z0-9-]/g, '').slice(0, 20), name: 'E2E tour', rooms: room });
  // The console's guest messages page lists the hotel's messages.
  await openAs(consolePage, DEMO.bund, '/message_page');

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(await bundInstallCode(brand))}&room=${room}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    const { mac } = await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string });
    await brand.post('/terminals/authorize', { macs: [mac] });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
    // A room of its own: nothing waits for it yet (the demo's messages name the demo's rooms).
    await expect(tv.getByTestId('guest-message-badge')).toHaveCount(0);

    // A notice to the tour group the room is in pops up on its TV; OK dismisses it.
    const notice = await hotel.post<{ id: number }>('/records/message-notices', { content: `今晚泳池22:00关闭 ${room}`, contentEn: `Pool closes at 22:00 ${room}`, publishMethod: 'group', tourGroupId: group.id });
    await hotel.post(`/records/message-notices/${notice.id}/actions/publish`);
    await expect(tv.getByTestId('notice-popup-text')).toContainText(room);
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('notice-popup')).toHaveCount(0);

    // A subtitle to another room never reaches this TV; one to this room scrolls along its bottom.
    const subtitle = (content: string, rooms: string) => ({ content, contentEn: content, startDate: '2026-01-01', endDate: '2099-12-31', startTime: '00:00', endTime: '23:59', publishMethod: 'rooms', rooms });
    const elsewhere = await hotel.post<{ id: number }>('/records/subtitles', subtitle(`Only ${otherRoom}`, otherRoom));
    await hotel.post(`/records/subtitles/${elsewhere.id}/actions/publish`);
    const mine = await hotel.post<{ id: number }>('/records/subtitles', subtitle(`Breakfast until 10:30 in ${room}`, room));
    await hotel.post(`/records/subtitles/${mine.id}/actions/publish`);
    await expect(tv.locator(`[data-testid="subtitle-ticker"][data-id="${mine.id}"]`)).toBeVisible();
    await expect(tv.getByTestId('subtitle-text')).toContainText(room);
    // What the TV holds: its own room's subtitle, not the other room's.
    const held = await tv.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('htv.tv')!) as { token: string };
      const res = await fetch('/api/device/v1/config', { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()).data.subtitles?.subtitles ?? []).map((s: { id: number }) => s.id) as number[];
    });
    expect(held).toContain(mine.id);
    expect(held).not.toContain(elsewhere.id);
  } finally {
    await context.close();
  }
});
