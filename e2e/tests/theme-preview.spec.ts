import { expect, test, type Page } from '@playwright/test';
import { addMaterial, canvasPng } from '../support/media.js';
import { WEB } from '../support/auth.js';
import { Api, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, textBlock, themeDocument } from '../support/themes.js';

/**
 * The previews (docs/themes.md): the renderer the TVs use draws a brand's draft and its published
 * version outside the console, with the content language switchable and an on-screen remote.
 */

function documentOf(name: string, materialId: number) {
  return themeDocument(name, [
    fullPage('home', 'home', [
      { type: 'image', key: 'hero', x: 0, y: 0, width: 1920, height: 600, materialIds: [materialId] },
      textBlock('welcome', { x: 100, y: 650 }, { 'zh-CN': '欢迎入住', en: 'Welcome' }, { focusable: true, nav: { right: 'shop' }, clickEvent: { action: 'openPage', pageKey: 'info' } }),
      textBlock('spa', { x: 760, y: 650 }, { 'zh-CN': '水疗', en: 'Spa' }, { focusable: true }),
      textBlock('shop', { x: 1400, y: 650 }, { 'zh-CN': '商城', en: 'Shop' }, { focusable: true, clickEvent: { action: 'openArea', area: 'shop' } }),
      { type: 'clock', key: 'clock', x: 1600, y: 20, width: 300, height: 80, format: 'HH:mm' },
      { type: 'qrCode', key: 'wifi', x: 100, y: 850, width: 200, height: 200, content: 'WIFI:S:Hotel;T:WPA;P:secret;;' },
    ]),
    fullPage('info', 'detail', [textBlock('about', { x: 700, y: 400 }, { 'zh-CN': '酒店介绍', en: 'About the hotel' })]),
  ]);
}

const stage = (page: Page) => page.getByTestId('theme-stage');
const block = (page: Page, key: string) => stage(page).locator(`[data-block="${key}"]`);

test('a brand previews its draft and its version: texts per language, pictures, QR, the remote moves focus and opens pages', async ({ page, request }) => {
  const api = await Api.as(request, DEMO.sunrise);
  // A fresh sign-in also sets the session cookie that the pictures' own requests carry.
  await openAs(page, DEMO.sunrise, '/home', { fresh: true });
  const material = await addMaterial(request, api.token, unique('hero'), await canvasPng(page, 960, 300));
  const name = unique('Prev').slice(0, 20);
  const theme = await api.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await api.put(`/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document: documentOf(name, material.id) });

  await page.goto(`${WEB}/themes_template_preview/${theme.id}`);
  await expect(page.getByTestId('theme-preview')).toBeVisible();
  // Drawn at the stage's positions, scaled to the window.
  await expect(block(page, 'welcome')).toHaveText('欢迎入住');
  const hero = block(page, 'hero').locator('img');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
  await expect(block(page, 'wifi').locator('svg path')).toHaveAttribute('d', /^M/);
  await expect(block(page, 'clock')).toHaveText(/^\d{2}:\d{2}$/);
  const viewport = page.viewportSize()!;
  const box = (await block(page, 'shop').boundingBox())!;
  const scale = Math.min(viewport.width / 1920, viewport.height / 1080);
  expect(box.width).toBeCloseTo(400 * scale * 1, 0);

  // The first focusable block in reading order has the focus; the hand-set move goes right to the shop.
  await expect(block(page, 'welcome')).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(block(page, 'shop')).toHaveAttribute('data-focused', 'true');
  await expect(block(page, 'spa')).not.toHaveAttribute('data-focused', 'true');
  // Without a hand-set move the nearest block that way takes the focus.
  await page.getByTestId('remote-ArrowLeft').click();
  await expect(block(page, 'spa')).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('ArrowRight');
  // The shop's block opens the shop area (drawn from the preview's data); Back returns to the launcher.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('area-screen')).toHaveAttribute('data-area', 'shop');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('area-screen')).toHaveCount(0);
  await expect(block(page, 'shop')).toHaveAttribute('data-focused', 'true');

  // Enter on the welcome block opens the info page; Back returns.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(block(page, 'welcome')).toHaveAttribute('data-focused', 'true');
  await page.getByTestId('remote-Enter').click();
  await expect(block(page, 'about')).toHaveText('酒店介绍');
  await page.getByTestId('remote-Escape').click();
  await expect(block(page, 'welcome')).toBeVisible();

  // The content language switches the texts.
  await page.getByTestId('preview-lang').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'English' }).click();
  await expect(block(page, 'welcome')).toHaveText('Welcome');
  await expect(block(page, 'shop')).toHaveText('Shop');

  // The published version previews the same, frozen.
  const version = await api.post<{ id: number }>(`/admin/theme/${theme.id}/publish`);
  await page.goto(`${WEB}/themes_preview/${version.id}`);
  await expect(page.getByTestId('theme-preview')).toContainText('v1');
  await expect(block(page, 'welcome')).toHaveText('欢迎入住');

  // Another brand sees neither.
  await openAs(page, DEMO.bluebay, '/home', { fresh: true });
  await page.goto(`${WEB}/themes_template_preview/${theme.id}`);
  await expect(page.getByTestId('preview-missing')).toBeVisible();

  await api.post(`/admin/theme/${theme.id}/cancel-publish`);
  expect((await api.call('DELETE', `/admin/theme/${theme.id}`)).status).toBe(200);
});
