import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { label } from '../support/auth.js';
import { activePage, Api, chooseOption, DEMO, openAs, unique } from '../support/shell.js';
import { fullPage, themeDocument } from '../support/themes.js';
import { bundInstallCode, newTv } from '../support/tv.js';

/**
 * Introductions on the browser TV (docs/introduction.md): a hotel's type and item with a 16:9
 * picture, added in the console (a 4:3 picture cropped in the browser), opened from a launcher
 * tile, in the guest's content language.
 */

const block = (page: Page, key: string) => page.getByTestId('theme-stage').locator(`[data-block="${key}"]`);
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } }).png().toBuffer();

test('a hotel’s introduction added in the console opens on the browser TV from a launcher tile, in the guest’s language', async ({ browser, request, page }) => {
  test.setTimeout(120_000);
  const brand = await Api.as(request, DEMO.sunrise);
  const hotel = await Api.as(request, DEMO.bund);
  const name = unique('Intro').slice(0, 20);
  const type = await hotel.post<{ id: number }>('/records/intro-type', { name: `类型${name}`, nameEn: `Type ${name}`, showDefault: true, sort: 999 });
  let itemId: number | undefined;

  const theme = await brand.post<{ id: number; draftRevision: number }>('/admin/theme', { name, equipmentType: 'room' });
  await brand.put(`/admin/theme/${theme.id}/draft`, {
    revision: theme.draftRevision,
    document: themeDocument(name, [fullPage('home', 'home', [{ type: 'introduction', key: 'intro', x: 160, y: 300, width: 640, height: 360, focusable: true, clickEvent: { action: 'openArea', area: 'introduction' } }])]),
  });
  await brand.post(`/admin/theme/${theme.id}/publish`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  try {
    // The console: a 4:3 picture is offered its centred 16:9 part, which the server takes.
    await openAs(page, DEMO.bund, '/content/introduction');
    await activePage(page).getByRole('button', { name: label('新建') }).first().click();
    const form = page.getByTestId('record-form');
    await chooseOption(page, form.locator('#typeId'), `类型${name}`);
    await form.locator('#title').fill(`标题${name}`);
    await form.locator('#titleEn').fill(`Title ${name}`);
    await form.locator('#text').fill('中文介绍');
    await form.locator('#textEn').fill('English text');
    await form.locator('#backgroundId input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await picture(400, 300) });
    await expect(page.getByTestId('upload-crop-preview')).toBeVisible();
    await page.getByTestId('upload-crop-ok').click();
    await expect(form.locator('#backgroundId .ant-upload-list-item-done')).toHaveCount(1);
    await page.getByTestId('record-form-submit').click();
    await expect(form).toBeHidden();
    const items = await hotel.get<{ items: { id: number; title: string }[] }>(`/records/intro-item?pagesize=10&typeId=${type.id}`);
    itemId = items.items.find((row) => row.title === `标题${name}`)!.id;

    // The browser TV: the tile shows the type, OK opens the page on its item, L switches to English.
    const { mac } = await newTv(tv, await bundInstallCode(brand), 'I');
    await brand.post('/terminals/authorize', { macs: [mac] });
    await brand.post(`/admin/theme/${theme.id}/send`, { target: 'terminal', macs: [mac], durationSeconds: 3600 });
    await expect(block(tv, 'intro')).toHaveAttribute('data-focused', 'true');
    await expect(tv.getByTestId('intro-slot')).toContainText(`类型${name}`);
    await tv.keyboard.press('Enter');
    await expect(tv.getByTestId('tv')).toHaveAttribute('data-area', 'introduction');
    const intro = tv.getByTestId('intro-page');
    await expect(intro.locator('[data-testid="intro-entry"][data-selected="true"]')).toHaveText(`类型${name}`);
    await expect(intro.getByTestId('intro-title')).toHaveText(`标题${name}`);
    await expect(intro.getByTestId('intro-text')).toHaveText('中文介绍');
    expect(await intro.getByTestId('intro-background').evaluate((img) => (img as HTMLImageElement).naturalWidth / (img as HTMLImageElement).naturalHeight)).toBeCloseTo(16 / 9, 1);
    await tv.keyboard.press('l');
    await expect(intro.getByTestId('intro-title')).toHaveText(`Title ${name}`);
    await expect(intro.locator('[data-testid="intro-entry"][data-selected="true"]')).toHaveText(`Type ${name}`);

    await tv.keyboard.press('Backspace');
    await expect(intro).toHaveCount(0);
    await expect(block(tv, 'intro')).toHaveAttribute('data-focused', 'true');
  } finally {
    await context.close();
    if (itemId) await hotel.call('DELETE', `/records/intro-item/${itemId}`);
    await hotel.call('DELETE', `/records/intro-type/${type.id}`);
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-send`, {});
    await brand.call('POST', `/admin/theme/${theme.id}/cancel-publish`, {});
    await brand.call('DELETE', `/admin/theme/${theme.id}`);
  }
});
