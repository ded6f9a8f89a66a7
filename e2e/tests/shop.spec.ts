import { expect, test } from '@playwright/test';
import { Api, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';
import { png } from '../../apps/server/test/support/images.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * The shop (docs/shop.md): goods the hotel adds show on the browser TV's shop page; the guest orders
 * with the remote; the hotel's order list shows the order (live), confirms and delivers it; the TV
 * shows it delivered.
 */
test('a hotel’s goods show in the TV’s shop, the guest orders, the hotel delivers, the TV shows it delivered', async ({ browser, request, page: consolePage }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const name = unique('Goods').slice(0, 20);

  const picture = async () => {
    const upload = await request.post('/api/files?rule=shopPicture', { headers: { authorization: `Bearer ${hotel.token}` }, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: png(64, 64) } } });
    expect(upload.status(), await upload.text()).toBe(200);
    return ((await upload.json()).data as { id: string }).id;
  };
  // The demo's categories, or a new one when the hotel has room for it.
  const categories = await hotel.get<{ items: { id: number; name: string }[] }>('/records/shop-category?pagesize=20');
  const category = categories.items[0] ?? (await hotel.post<{ id: number; name: string }>('/records/shop-category', { name: '测试', pictureId: await picture(), qrCodeId: await picture() }));
  await hotel.post('/records/shop-goods', { name, categoryId: category.id, price: 12.5, pictureId: await picture() });

  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [
      fullPage('home', 'home', [
        { type: 'shop', key: 'shop', x: 160, y: 300, width: 480, height: 300, focusable: true, clickEvent: { action: 'openArea', area: 'shop' } },
        textBlock('other', { x: 800, y: 400 }, { 'zh-CN': '其他', en: 'Other' }, { focusable: true }),
      ]),
    ]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'S');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(tv.getByTestId('theme-stage').locator('[data-block="shop"]')).toHaveAttribute('data-focused', 'true');
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'shop');
    const page = tv.getByTestId('shop-page');

    // The category with the new goods (the newest first), chosen with the remote.
    const categoryIndex = await page.getByTestId('shop-category').evaluateAll((rows, wanted) => rows.findIndex((row) => row.textContent === wanted), category.name);
    for (let i = 0; i < categoryIndex; i++) await tv.keyboard.press('ArrowDown');
    const goods = page.locator(`[data-testid="shop-goods"][data-name="${name}"]`);
    await expect(goods).toBeVisible();
    await expect(goods).toContainText('12.50');
    await tv.keyboard.press('ArrowRight'); // to the goods: the newest is first
    await expect(goods).toHaveAttribute('data-selected', 'true');
    await tv.keyboard.press('Enter');
    await tv.keyboard.press('Enter'); // two of it
    await expect(page.getByTestId('shop-basket-line')).toHaveText(`${name} ×2¥25.00`);
    // To the basket: pay at delivery (no stay in this room), then Order.
    for (let i = 0; i < 3; i++) await tv.keyboard.press('ArrowRight');
    await expect(page).toHaveAttribute('data-column', 'basket');
    await expect(page.getByTestId('shop-control-pay-delivery')).toHaveAttribute('data-chosen', 'true');
    await tv.keyboard.press('ArrowDown');
    await tv.keyboard.press('Enter');
    await expect(page.getByTestId('shop-message')).toContainText('下单成功');
    const order = page.getByTestId('shop-order').first();
    await expect(order).toHaveAttribute('data-state', 'new');
    const number = await order.getAttribute('data-number');

    // The hotel's order list shows it; confirmed, then delivered.
    await openAs(consolePage, DEMO.bund, '/shop/orders');
    const row = consolePage.getByTestId('record-table').locator('tbody tr').filter({ hasText: number! });
    await expect(row).toContainText('25');
    await row.getByRole('button', { name: '确认' }).click();
    await expect(order).toHaveAttribute('data-state', 'confirmed');
    await row.getByRole('button', { name: '已送达' }).click();
    await consolePage.locator('.ant-popconfirm').getByRole('button', { name: /^\s*(确\s*定|OK)\s*$/ }).click();
    await expect(row).toContainText('已送达');
    // Pushed to the TV.
    await expect(order).toHaveAttribute('data-state', 'delivered');
    await expect(order).toContainText('已送达');
  } finally {
    await context.close();
  }
});
