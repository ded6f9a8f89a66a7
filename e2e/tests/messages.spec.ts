import { expect, test, type Page } from '@playwright/test';
import { activePage, Api, chooseOption, DEMO, openAs, unique } from '../support/shell.js';

/**
 * The message center (spec part 1 §4, §7): the platform sends from its "send message" screen; the
 * hotel reads (has_read), deletes (remove_readed, to the trash) and restores; the header badge
 * follows the unread count.
 */

const badgeCount = async (page: Page) => Number(await page.getByTestId('message-bell').getAttribute('data-count'));
const list = (page: Page, name: 'unread' | 'readed' | 'trash') => activePage(page).getByTestId(`message-list-${name}`);
const rowOf = (page: Page, name: 'unread' | 'readed' | 'trash', text: string) => list(page, name).locator('tbody tr.ant-table-row').filter({ hasText: text });

test('the platform sends a message to a hotel; the hotel reads it, deletes it and restores it', async ({ page, browser }) => {
  const content = unique('E2E 消息 ');

  // The platform's send form: hotel users of one hotel.
  await openAs(page, DEMO.admin, '/message/send');
  const form = activePage(page).getByTestId('message-send-form');
  await form.locator('#content').fill(content);
  await form.getByRole('checkbox', { name: '品牌管理员' }).uncheck();
  await chooseOption(page, form.locator('#hotel_ids'), '朝阳外滩酒店', '外滩');
  await page.keyboard.press('Escape');
  await form.getByTestId('message-send-submit').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: /已发送给 \d+ 位接收人/ })).toBeVisible();
  await expect(activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: content })).toHaveCount(1);

  // The hotel administrator, in a browser of their own.
  const context = await browser.newContext();
  const hotel = await context.newPage();
  try {
    await openAs(hotel, DEMO.bund);
    const before = await badgeCount(hotel);
    expect(before).toBeGreaterThan(0);

    await hotel.getByTestId('message-bell').click();
    await expect(hotel).toHaveURL(/\/message\/center$/);
    await expect(rowOf(hotel, 'unread', content)).toHaveCount(1);

    // Reading it opens the content and moves it to the read list; the badge drops by one.
    await rowOf(hotel, 'unread', content).getByTestId('message-open').click();
    const dialog = hotel.getByRole('dialog');
    await expect(dialog.getByTestId('message-content')).toHaveText(content);
    await expect.poll(() => badgeCount(hotel)).toBe(before - 1);
    await dialog.locator('.ant-modal-footer').getByRole('button').click();
    await expect(rowOf(hotel, 'unread', content)).toHaveCount(0);

    await hotel.getByRole('tab', { name: '已读消息' }).click();
    await expect(rowOf(hotel, 'readed', content)).toHaveCount(1);
    await rowOf(hotel, 'readed', content).getByTestId('message-remove').click();
    await expect(rowOf(hotel, 'readed', content)).toHaveCount(0);

    await hotel.getByRole('tab', { name: '回收站' }).click();
    await expect(rowOf(hotel, 'trash', content)).toHaveCount(1);
    await rowOf(hotel, 'trash', content).getByTestId('message-restore').click();
    await expect(rowOf(hotel, 'trash', content)).toHaveCount(0);
    await hotel.getByRole('tab', { name: '已读消息' }).click();
    await expect(rowOf(hotel, 'readed', content)).toHaveCount(1);
    await expect.poll(() => badgeCount(hotel)).toBe(before - 1);
  } finally {
    await context.close();
  }
});

test('mark read from the list and mark all as read update the badge', async ({ page, request }) => {
  const admin = await Api.as(request, DEMO.admin);
  const hotelId = await admin.optionId('hotel', '朝阳外滩酒店');
  const first = unique('E2E 批量一 ');
  const second = unique('E2E 批量二 ');
  for (const content of [first, second]) await admin.post('/admin/message/send', { content, hotel_ids: [hotelId], user_types: [3] });

  await openAs(page, DEMO.bund, '/message/center');
  await expect(rowOf(page, 'unread', first)).toHaveCount(1);
  const before = await badgeCount(page);
  await rowOf(page, 'unread', first).getByTestId('message-mark-read').click();
  await expect(rowOf(page, 'unread', first)).toHaveCount(0);
  await expect.poll(() => badgeCount(page)).toBe(before - 1);

  await activePage(page).getByTestId('message-mark-all-read').click();
  await expect(rowOf(page, 'unread', second)).toHaveCount(0);
  await expect.poll(() => badgeCount(page)).toBe(0);
  await expect(list(page, 'unread')).toContainText('暂无消息');
});
