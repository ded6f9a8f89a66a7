import { expect, test, type Page } from '@playwright/test';
import { login, WEB } from '../support/auth.js';
import { activePage, Api, DEMO, unique } from '../support/shell.js';
import { rowAction } from '../support/rows.js';

/**
 * Feedback end to end (docs/feedback.md): a browser TV of the Bund hotel shows its feedback QR code
 * (the remote's F key), a guest opens it and sends feedback, the platform handles it with a note on
 * /fb/list, and the hotel (the guest's side in the console) finds the answer in its message center.
 */

const table = (page: Page) => activePage(page).getByTestId('record-table');

test('a guest sends feedback from the TV’s QR page, the platform handles it and the hotel gets the message', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const bund = (await brand.get<{ items: { id: number }[] }>('/records/hotel?publicId=1000001')).items[0]!;
  const { installCode } = await brand.get<{ installCode: string }>(`/terminals/hotel-settings?hotelId=${bund.id}`);
  const room = unique('R').slice(0, 10);
  const description = `电视遥控器失灵 ${unique('')}`;

  // The TV shows the QR code of the guest page.
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await tvContext.newPage();
  await tv.goto(`/tv/?reset=1&code=${encodeURIComponent(installCode)}&room=${room}`);
  await expect(tv.getByTestId('tv-unauthorized')).toBeVisible();
  await tv.keyboard.press('f');
  const qr = tv.getByTestId('tv-feedback-qr');
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const url = new URL((await qr.getAttribute('data-url'))!);
  // F again hides it; twice in a row shows it and hides it again.
  await tv.keyboard.press('f');
  await expect(qr).toHaveCount(0);
  await tv.keyboard.press('f');
  await tv.keyboard.press('f');
  await tv.waitForTimeout(1_000);
  await expect(qr).toHaveCount(0);
  await tvContext.close();

  // The guest's phone: the page names the hotel and room; the description is required.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const phone = await phoneContext.newPage();
  await phone.goto(`${url.pathname}${url.search}`);
  await expect(phone.getByTestId('feedback-place')).toContainText(room);
  await phone.getByTestId('feedback-submit').click();
  await expect(phone.getByText('问题描述不能为空')).toBeVisible();
  await phone.getByTestId('feedback-description').fill(description);
  await phone.getByTestId('feedback-contact').fill('13800000000');
  await phone.getByTestId('feedback-submit').click();
  await expect(phone.getByTestId('feedback-sent')).toBeVisible();
  await phoneContext.close();

  // The platform handles it with a note.
  await login(page, 'platform', { via: 'api' });
  await page.goto(`${WEB}/fb/list`);
  await expect(table(page)).toBeVisible({ timeout: 30_000 });
  const row = table(page).locator('tbody tr.ant-table-row').filter({ hasText: description });
  await expect(row).toContainText('待处理');
  await expect(row).toContainText(room);
  await (await rowAction(row, (scope) => scope.getByTestId('feedback-handle'))).click();
  const note = `已更换遥控器 ${unique('')}`;
  await page.getByTestId('feedback-note').fill(note);
  await page.getByTestId('feedback-note-ok').click();
  await expect(row).toContainText('已处理');
  await expect(row).toContainText(note);

  // The hotel's administrator reads the answer in the message center.
  const hotel = await Api.as(request, DEMO.bund);
  const messages = await hotel.get<{ unread: { content: string }[] }>('/message/init');
  expect(messages.unread.map((m) => m.content)).toContainEqual(expect.stringContaining(note));
});

test('without the TV’s code the guest page says where to find it, never sends a guest to the staff login', async ({ page, browser }) => {
  for (const path of ['/fb/index', '/fb/index?token=not-a-token']) {
    await page.goto(`${WEB}${path}`);
    await expect(page.getByTestId(path.includes('token') ? 'feedback-bad-token' : 'feedback-scan-tv')).toContainText('扫描电视上显示的二维码');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.locator('a[href*="login"], button:has-text("登录")')).toHaveCount(0);
  }
  // A phone in English reads it in English.
  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const guest = await phone.newPage();
    await guest.goto(new URL(`${WEB}/fb/index`, page.url()).toString());
    await expect(guest.getByTestId('feedback-scan-tv')).toContainText('scan the QR code it shows');
  } finally {
    await phone.close();
  }
});
