import { expect, test } from '@playwright/test';
import { HttpPmsLink } from '../../tools/pms/lib.js';
import { rowAction } from '../support/rows.js';
import { activePage, Api, DEMO, openAs, unique } from '../support/shell.js';
import { bundInstallCode } from '../support/tv.js';

/**
 * A guest's stay on the browser TV, end to end (docs/pms.md, docs/wakeup.md, docs/publishing.md):
 * the PMS simulator (tools/pms, the HTTP interface) checks a guest in and the TV greets them by name in
 * their language; a wake-up set by the PMS falls due (the test moves the server's wake-up clock through
 * its test hook), rings with its music and words, OK answers it and the console's wake-up list shows
 * it answered; a guest message shows on the TV and, once opened, reads as read in the console; the
 * check-out takes the greeting and the message off the TV and gives it back the hotel's language.
 */
test('a guest’s stay: greeted by name, woken, a message read, and all gone at check-out', async ({ browser, request, page }) => {
  test.setTimeout(360_000);
  const platform = await Api.as(request, DEMO.admin);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const room = `S${unique('').slice(-6)}`.toUpperCase();
  await hotel.post('/records/room', { number: room });
  const guest = `Ms ${unique('Lin').slice(-8)}`;
  const reservation = unique('R');
  const eventId = (() => {
    let n = 0;
    return (type: string) => `${reservation}-${type}-${++n}`;
  })();

  // The Bund hotel's PMS speaks the HTTP interface for this stay (its demo vendor speaks FIAS).
  const bundId = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!.id;
  // A record's PUT takes its editable fields (what it reads back also carries computed ones).
  const computed = new Set(['id', 'publicId', 'managerUserId', 'createdAt', 'updatedAt', 'roomCount', 'terminalCount', 'managerName']);
  const bund = Object.fromEntries(Object.entries(await platform.get<Record<string, unknown>>(`/records/hotel/${bundId}`)).filter(([key]) => !computed.has(key) && !key.endsWith('Title')));
  const httpVendor = (await platform.get<{ items: { id: number; protocol: string; enabled: boolean }[] }>('/records/pms-vendor?pagesize=100')).items.find((v) => v.protocol === 'http' && v.enabled)!;
  await platform.put(`/records/hotel/${bundId}`, { ...bund, pmsVendorId: httpVendor.id });
  const { secret } = await hotel.get<{ secret: string }>('/pms/interface');
  const answers: { type: string; status: number; body?: unknown }[] = [];
  const pms = new HttpPmsLink(new URL(process.env.E2E_BASE_URL!).origin, '1000001', secret, (event, status, body) => void answers.push({ type: event.type, status, ...(status === 200 ? {} : { body }) }));
  const send = async (event: Parameters<HttpPmsLink['send']>[0]) => {
    await pms.send(event);
    expect(answers.at(-1), JSON.stringify(answers)).toEqual({ type: event.type, status: 200 });
  };

  // A welcome template sent to the TV greets its room's guest.
  const welcomeTheme = await platform.post<{ id: number }>('/admin/theme', { name: unique('Stay').slice(0, 20), equipmentType: 'room', kind: 'welcome' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    await platform.post(`/admin/theme/${welcomeTheme.id}/publish`, {});
    await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(await bundInstallCode(brand))}&room=${room}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    const { mac } = await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string });
    await brand.post('/terminals/authorize', { macs: [mac] });
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-phase', 'ready');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-content-lang', 'zh-CN');
    await platform.post(`/admin/theme/${welcomeTheme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    const welcome = tv.getByTestId('tv-welcome');
    await expect(welcome).toHaveAttribute('data-guest', '');

    // Check-in: the TV is pushed the stay and greets the guest by name, in English.
    await send({ id: eventId('ci'), type: 'checkIn', room, reservation, guest: { name: guest, language: 'en' } });
    await expect(welcome).toHaveAttribute('data-guest', guest);
    await expect(welcome.locator('[data-block="greeting"]')).toHaveText(`Welcome, ${guest}`);
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-content-lang', 'en');
    // OK goes on to the launcher (a key pressed: the page may play sound from now on).
    await tv.keyboard.press('Enter');
    await expect(welcome).toHaveCount(0);

    // The PMS sets a wake-up ten minutes ahead; the server's clock moves to it and the TV rings.
    const due = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000);
    const time = new Date(due.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);
    await send({ id: eventId('wr'), type: 'wakeUpSet', room, reservation, at: due.toISOString() });
    const moved = await request.post('/api/test/wakeup/clock', { data: { at: new Date(due.getTime() + 1_000).toISOString() } });
    expect(moved.status(), await moved.text()).toBe(200);
    const ring = tv.getByTestId('wakeup-ring');
    await expect(ring).toBeVisible();
    await expect(tv.getByTestId('wakeup-time')).toHaveText(time);
    await expect(tv.getByTestId('wakeup-words')).toContainText(guest);
    await expect(ring).toHaveAttribute('data-playing', 'true');
    expect(await tv.getByTestId('wakeup-audio').evaluate((audio) => (audio as HTMLAudioElement).currentTime)).toBeGreaterThan(0);
    await tv.keyboard.press('Enter');
    await expect(ring).toBeHidden();

    // The console's wake-up list: answered, with its history.
    await openAs(page, DEMO.bund, `/wakeup/index?roomNumber=${room}`);
    const callRow = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: room });
    await expect(callRow).toContainText('已应答');
    await (await rowAction(callRow, (scope) => scope.getByTestId('wakeup-history-open'))).click();
    await expect(page.getByTestId('wakeup-history')).toContainText('响铃中');
    await expect(page.getByTestId('wakeup-history')).toContainText('已应答');
    await page.keyboard.press('Escape');

    // A guest message to the room: pushed, the badge counts it, the prompt comes; OK opens it.
    const text = `Your parcel is at the front desk ${room}`;
    const message = await hotel.post<{ id: number }>('/records/guest-messages', { content: text, publishMethod: 'rooms', rooms: room });
    await hotel.post(`/records/guest-messages/${message.id}/actions/publish`);
    const badge = tv.getByTestId('guest-message-badge');
    await expect(badge).toHaveAttribute('data-count', '1');
    await expect(tv.getByTestId('guest-message-prompt')).toBeVisible();
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('guest-message-content')).toHaveText(text);
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('guest-message-reader')).toHaveCount(0);
    await expect(badge).toHaveCount(0);

    // The console's receipts say it was read in the room.
    // (Filtered to this message: the list's long demo messages would push the row's actions out of view.)
    await openAs(page, DEMO.bund, `/message_page?keyword=${room}`);
    const messageRow = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: text });
    await (await rowAction(messageRow, (scope) => scope.getByTestId('receipts-open'))).click();
    await expect(page.getByTestId('receipts-summary')).toContainText('1');
    await expect(page.locator(`[data-testid="receipt-read"][data-room="${room}"]`)).not.toHaveText(/未读|Not read/, { timeout: 30_000 });

    // Check-out: the greeting by name and the message leave the TV, which speaks the hotel's language again.
    await send({ id: eventId('co'), type: 'checkOut', room, reservation });
    await expect(welcome).toHaveAttribute('data-guest', '');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-content-lang', 'zh-CN');
    await expect(welcome.locator('[data-block="greeting"]')).not.toContainText(guest);
    await tv.keyboard.press('Enter');
    await expect(welcome).toHaveCount(0);
    await expect(badge).toHaveCount(0);
    await expect(tv.getByTestId('guest-message-prompt')).toHaveCount(0);
    const receipts = await hotel.get<{ withdrawnRooms: number }>(`/publishing/guest-messages/${message.id}/receipts`);
    expect(receipts.withdrawnRooms).toBe(1);
  } finally {
    pms.close();
    await request.post('/api/test/wakeup/clock', { data: { at: null } });
    await platform.put(`/records/hotel/${bundId}`, bund);
    await platform.call('POST', `/admin/theme/${welcomeTheme.id}/cancel-send`, {});
    await platform.call('DELETE', `/admin/theme/${welcomeTheme.id}`);
    await context.close();
  }
});
