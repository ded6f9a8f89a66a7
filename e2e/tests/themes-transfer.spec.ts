import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ACCOUNTS } from '../support/auth.js';
import { activePage, Api, openAs, unique } from '../support/shell.js';

/**
 * Moving templates (docs/themes.md): a brand exports a template and imports the zip again, a hotel uses a
 * template of the market, and a hotel changes a tagged text of its brand's template in quick settings.
 * Every template made here is deleted afterwards.
 */

/** An 8x8 PNG: a material the library accepts by its content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4ISeHFTEMLQkAkL9BAbKfPiIAAAAASUVORK5CYII=', 'base64');

interface ThemeDoc {
  id: number;
  draftRevision: number;
  document: { theme: Record<string, unknown>; layouts: { pages: { containers: unknown[] }[] }[] };
}

async function addMaterial(request: APIRequestContext, api: Api, name: string): Promise<number> {
  const upload = await request.post('/api/files?rule=material', {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: { file: { name: `${name}.png`, mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const file = (await upload.json()) as { data: { id: string } };
  return (await api.post<{ id: number }>('/records/material', { name, fileId: file.data.id })).id;
}

/** A template with one container of blocks on its home page and the given theme fields, optionally published. */
async function template(api: Api, name: string, container: Record<string, unknown>, fields: Record<string, unknown>, publish: boolean): Promise<number> {
  const created = await api.post<{ id: number }>('/admin/theme', { name, equipmentType: 'room' });
  const theme = await api.get<ThemeDoc>(`/admin/theme/${created.id}`);
  const document = structuredClone(theme.document);
  document.theme = { ...document.theme, ...fields };
  document.layouts[0]!.pages[0]!.containers = [{ key: 'c1', name: 'Main', x: 0, y: 0, width: 1920, height: 1080, blocks: [], ...container }];
  await api.put(`/admin/theme/${created.id}/draft`, { revision: theme.draftRevision, document });
  if (publish) await api.post(`/admin/theme/${created.id}/publish`);
  return created.id;
}

async function removeTheme(api: Api, id: number) {
  await api.call('POST', `/admin/theme/${id}/cancel-publish`);
  expect((await api.call('DELETE', `/admin/theme/${id}`)).status).toBe(200);
}

const text = (key: string, words: string) => ({ type: 'text', key, x: 0, y: 0, width: 600, height: 100, text: { en: words } });

test('a brand exports a template and imports the zip as a new template', async ({ page, request }, info) => {
  const api = await Api.as(request, ACCOUNTS.brand);
  const name = unique('Exp').slice(0, 20);
  const picture = await addMaterial(request, api, unique('pic'));
  const id = await template(api, name, { blocks: [{ type: 'image', key: 'pic', x: 0, y: 0, width: 200, height: 200, materialIds: [picture] }] }, { previewMaterialIds: [picture] }, false);

  await openAs(page, ACCOUNTS.brand, '/themes/themes_page');
  const list = activePage(page);
  const rows = list.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(rows).toHaveCount(1);
  const download = page.waitForEvent('download');
  await rows.first().getByTestId('theme-export').click();
  const zipPath = info.outputPath('theme.zip');
  await (await download).saveAs(zipPath);
  expect((await readFile(zipPath)).subarray(0, 2).toString()).toBe('PK');

  await list.getByTestId('theme-import').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(zipPath);
  await expect(page.locator('.ant-message')).toContainText(new RegExp(`(Imported as|已导入为).*${name}`));
  await expect(rows).toHaveCount(2);

  const themes = await api.get<{ items: { id: number; name: string }[] }>(`/admin/theme?name=${encodeURIComponent(name)}&pagesize=10`);
  const imported = themes.items.find((item) => item.id !== id)!;
  const doc = await api.get<ThemeDoc>(`/admin/theme/${imported.id}`);
  // The brand already holds the picture's bytes: the import uses that material.
  expect(doc.document.theme.previewMaterialIds).toEqual([picture]);
  for (const theme of themes.items) await removeTheme(api, theme.id);
  expect((await api.call('DELETE', `/records/material/${picture}`)).status).toBe(200);
});

test('a hotel uses a template of the market', async ({ page, request }) => {
  const platform = await Api.as(request, ACCOUNTS.platform);
  const hotel = await Api.as(request, ACCOUNTS.hotel);
  const name = unique('Mkt').slice(0, 20);
  const preview = await addMaterial(request, platform, unique('prev'));
  const id = await template(platform, name, { blocks: [text('hello', 'Market words')] }, { visibility: 'public', previewMaterialIds: [preview] }, true);

  await openAs(page, ACCOUNTS.hotel, '/template/shop');
  const market = activePage(page);
  const card = market.getByTestId('market-item').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/files\//);
  await card.getByTestId('market-use').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await expect(page.locator('.ant-message')).toContainText(new RegExp(`(Added to your templates|已添加到我的模板).*${name}`));

  const mine = await hotel.get<{ items: { id: number; name: string; hotelId: number | null }[] }>(`/admin/theme?name=${encodeURIComponent(name)}&pagesize=10`);
  const copy = mine.items.find((item) => item.id !== id && item.hotelId !== null)!;
  expect(copy).toBeTruthy();
  const doc = await hotel.get<ThemeDoc>(`/admin/theme/${copy.id}`);
  expect(JSON.stringify(doc.document.layouts)).toContain('Market words');
  await removeTheme(hotel, copy.id);
  await removeTheme(platform, id);
  expect((await platform.call('DELETE', `/records/material/${preview}`)).status).toBe(200);
});

test("a hotel changes a tagged text of its brand's template in quick settings, on the template's own stage", async ({ page, request }) => {
  const brand = await Api.as(request, ACCOUNTS.brand);
  const hotel = await Api.as(request, ACCOUNTS.hotel);
  const name = unique('Qs').slice(0, 20);
  const blocks = [{ ...text('greeting', 'Welcome'), attrTag: 'welcome' }, { ...text('footer', 'Reception 9'), y: 600 }];
  const id = await template(brand, name, { blocks }, { visibility: 'public' }, true);

  await openAs(page, ACCOUNTS.hotel, '/themes/themes_page');
  const row = activePage(page).locator('tbody tr.ant-table-row').filter({ hasText: name });
  await row.getByTestId('theme-quick-settings').click();
  await expect(page).toHaveURL(new RegExp(`/themes/themes_tag_setting/${id}$`));
  const settings = activePage(page);
  const greeting = settings.getByTestId('quick-block-greeting');
  await expect(greeting.getByTestId('prop-text-en')).toHaveValue('Welcome');
  // The renderer draws the page; only the tagged block is outlined and can be chosen.
  const stage = settings.getByTestId('quick-stage');
  await expect(stage.locator('[data-block="greeting"]')).toHaveText('Welcome');
  await expect(stage.locator('[data-block="footer"]')).toHaveText('Reception 9');
  await expect(stage.getByTestId('quick-box-footer')).toHaveCount(0);
  await stage.getByTestId('quick-box-greeting').click();
  await expect(greeting).toHaveAttribute('data-chosen', 'true');
  await expect(settings.getByTestId('quick-block-footer')).toHaveCount(0);
  await greeting.getByTestId('prop-text-en').fill('Welcome to the Bund');
  await expect(stage.locator('[data-block="greeting"]')).toHaveText('Welcome to the Bund');
  await settings.getByTestId('quick-save').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await expect(page.locator('.ant-message')).toContainText(/Saved to your hotel's template|已保存到本酒店的模板/);

  const list = await hotel.get<{ themeId: number; blocks: { key: string; attrs: { text: Record<string, string> } }[] }>(`/admin/container/get_list_by_tag?theme_id=${id}&attr_tag=welcome`);
  expect(list.blocks[0]!.attrs.text).toEqual({ en: 'Welcome to the Bund' });
  const brandDoc = await brand.get<ThemeDoc>(`/admin/theme/${id}`);
  expect(JSON.stringify(brandDoc.document.layouts)).toContain('"Welcome"');
  await removeTheme(hotel, list.themeId);
  await removeTheme(brand, id);
});
