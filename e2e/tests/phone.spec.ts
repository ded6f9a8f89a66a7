import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { login, WEB } from '../support/auth.js';
import { Api, DEMO, unique } from '../support/shell.js';

/**
 * The guest's phone as a remote (docs/phone.md): a phone-sized page beside the browser TV binds by the
 * TV's pairing QR code, its keys move the TV's focus and open a page, and after check-out the phone's
 * remote is refused. The Sunrise West Lake hotel (1000002) is used: its PMS speaks signed HTTP.
 */

const tile = (key: string, x: number, texts: Record<string, string>, clickEvent: unknown) =>
  textBlock(key, { x, y: 600, width: 480, height: 160 }, texts, { focusable: true, clickEvent });
/** An 8x8 PNG the phone casts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4ISeHFTEMLQkAkL9BAbKfPiIAAAAASUVORK5CYII=', 'base64');
const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);

/** Sends one PMS event of the hotel, signed with its secret (docs/pms.md, "HTTP interface"). */
async function pmsEvent(request: APIRequestContext, secret: string, event: Record<string, unknown>) {
  const body = JSON.stringify({ id: unique('ev'), ...event });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await request.post('/api/pms/v1/hotels/1000002/events', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-pms-timestamp': timestamp, 'x-pms-signature': createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex') },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a phone binds by the TV’s QR code, moves its focus, opens a page and casts a picture; after check-out its remote is refused', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const westLake = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000002')).items[0]!;
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${westLake.id}`);
  const { secret } = await brand.get<{ secret: string }>(`/pms/interface?hotel_id=${westLake.id}`);
  const room = unique('P').slice(0, 10);
  await brand.post('/records/room', { number: room, hotelId: westLake.id });
  await pmsEvent(request, secret, { type: 'checkIn', room, reservation: `R${room}`, guest: { name: 'Phone Guest', language: 'en' } });

  const name = unique('Phone').slice(0, 20);
  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [
        tile('spa', 160, { 'zh-CN': '水疗', en: 'Spa' }, { action: 'openApp', packageName: 'com.example.spa' }),
        tile('faq', 720, { 'zh-CN': '常见问题', en: 'Questions' }, { action: 'openArea', area: 'faq' }),
      ]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true });
  try {
    const tv = await tvContext.newPage();
    await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${room}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    const { mac } = await tv.evaluate(() => JSON.parse(localStorage.getItem('htv.tv')!) as { mac: string });
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(block(tv, 'spa')).toHaveAttribute('data-focused', 'true', { timeout: 30_000 });

    // P shows the pairing QR code: a short-lived single-use code in the address.
    await tv.keyboard.press('p');
    const qr = tv.getByTestId('tv-pairing-qr');
    await expect(qr).toBeVisible();
    const url = new URL((await qr.getAttribute('data-url'))!);
    expect(url.pathname).toBe('/new-frontend/h5_bind_tv');
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The phone opens it: the room is named; binding hides the TV's code.
    const phone = await phoneContext.newPage();
    await phone.goto(`${url.pathname}${url.search}`);
    await expect(phone.getByTestId('phone-place')).toContainText(room);
    await phone.getByTestId('phone-bind').click();
    await expect(tv.getByTestId('tv-notice')).toHaveText('Phone connected: it is now a remote');
    await expect(qr).toHaveCount(0);
    await expect(phone.getByTestId('phone-remote')).toContainText(room);

    // The same code again: already used.
    const reused = await phoneContext.newPage();
    await reused.goto(`${url.pathname}${url.search}`);
    await expect(reused.getByTestId('phone-bad-code')).toContainText('already been used');
    await reused.close();

    // The phone's keys move the TV's focus and open the FAQ page; Back closes it.
    await phone.getByTestId('remote-right').click();
    await expect(block(tv, 'faq')).toHaveAttribute('data-focused', 'true');
    await phone.getByTestId('remote-ok').click();
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'faq');
    await phone.getByTestId('remote-home').click();
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', '');

    // Casting (docs/phone.md): a picture shows full-screen on the TV; a file that is not one is refused by
    // its content; Stop casting takes it off; Back on the TV closes a cast web page.
    await phone.getByTestId('open-cast').click();
    await expect(phone.getByTestId('phone-cast')).toContainText(room);
    await phone.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await expect(phone.getByTestId('cast-done')).toBeVisible();
    const cast = tv.getByTestId('tv-cast-image');
    await expect(cast).toBeVisible();
    await expect.poll(() => cast.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    await phone.locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all, just text') });
    await expect(phone.getByTestId('phone-problem')).toContainText('jpeg');
    await phone.getByTestId('cast-stop').click();
    await expect(tv.getByTestId('tv-cast')).toHaveCount(0);
    await phone.getByTestId('cast-url').fill('https://example.com/menu');
    await phone.getByTestId('cast-url-send').click();
    await expect(tv.getByTestId('tv-cast-url')).toHaveText('https://example.com/menu');
    await expect(tv.getByTestId('tv-cast-frame')).toHaveAttribute('sandbox', 'allow-scripts');
    await tv.keyboard.press('Escape');
    await expect(tv.getByTestId('tv-cast')).toHaveCount(0);
    await phone.getByRole('link', { name: 'Remote' }).click();
    await expect(phone.getByTestId('phone-remote')).toContainText(room);

    // Check-out ends the binding: the next key is refused and the phone says so.
    await pmsEvent(request, secret, { type: 'checkOut', room, reservation: `R${room}` });
    await phone.getByTestId('remote-left').click();
    await expect(phone.getByTestId('phone-ended')).toContainText('no longer paired');
    await expect(block(tv, 'faq')).toHaveAttribute('data-focused', 'true');
  } finally {
    await tvContext.close();
    await phoneContext.close();
  }
});

test('a guest books a washing machine on the phone page and the hotel’s machine list shows it in use', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
  const room = unique('L').slice(0, 10);
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
  try {
    const tv = await tvContext.newPage();
    await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${room}`);
    await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
    await tv.keyboard.press('w');
    const url = new URL((await tv.getByTestId('tv-laundry-qr').getAttribute('data-url'))!);

    // The phone lists the free machines of the Bund hotel (the simulator runs them) and books one.
    const phone = await phoneContext.newPage();
    await phone.goto(`${url.pathname}${url.search}`);
    await expect(phone.getByTestId('washing-place')).toContainText(room);
    const machine = phone.getByTestId('washing-machine').first();
    const number = (await machine.getAttribute('data-number'))!;
    await machine.getByRole('button').click();
    await phone.getByTestId('washing-start').click();
    await expect(phone.getByTestId('washing-running')).toContainText('洗涤中');

    // The hotel's machine list shows it in use by the room.
    const hotel = await Api.as(request, DEMO.bund);
    const listed = await hotel.get<{ items: { number: string; state: string; roomNumber: string | null }[] }>(`/records/washing-machines?number=${number}`);
    expect(listed.items.find((m) => m.number === number)).toMatchObject({ state: 'inUse', roomNumber: room });
    await login(page, DEMO.bund, { via: 'api' });
    await page.goto(`${WEB}/hotelwashing/machines`);
    await expect(page.getByTestId('record-table')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('laundry-live')).toBeVisible();
    const row = page.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: number });
    await expect(row).toContainText('使用中');
    await expect(row).toContainText(room);
  } finally {
    await tvContext.close();
    await phoneContext.close();
  }
});
