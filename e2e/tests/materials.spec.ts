import { expect, test } from '@playwright/test';
import { label } from '../support/auth.js';
import { canvasPng } from '../support/media.js';
import { activePage, Api, DEMO, openAs, unique } from '../support/shell.js';

/**
 * The material library (docs/materials.md) as the seeded hotel: a picture drawn by the browser itself
 * is uploaded with visible progress, its kind, pixel size and thumbnail come from the file, it is
 * found by folder and not among videos, and it is deleted after a confirmation.
 */

test('a hotel uploads a picture to its material library, finds it by folder and deletes it', async ({ page, request }) => {
  const name = unique('Lobby');
  const folder = unique('F');
  await openAs(page, DEMO.bund, '/material/material_page');
  const list = activePage(page);
  const png = await canvasPng(page, 640, 360);

  await list.getByRole('button', { name: label('新建') }).first().click();
  const form = page.getByTestId('record-form');
  await form.locator('#name').fill(name);
  await form.locator('#folder').fill(folder);
  // The upload answers late, so its progress is on screen while it runs.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/files?*', async (route) => {
    await held;
    await route.continue();
  });
  await form.locator('input[type=file]').setInputFiles({ name: 'lobby.png', mimeType: 'image/png', buffer: png });
  await expect(form.locator('.ant-upload-list-item-uploading')).toBeVisible();
  await expect(form.locator('.ant-upload-list-item-uploading .ant-progress')).toBeVisible();
  release();
  await expect(form.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
  await page.unroute('**/api/files?*');
  await page.getByTestId('record-form-submit').click();
  await expect(form).toBeHidden();

  const row = list.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('图片');
  await expect(row).toContainText(folder);

  // Kind, pixel size and the thumbnail come from the file, whatever the form sent.
  const api = await Api.as(request, DEMO.bund);
  const found = await api.get<{ items: { id: number; name: string; kind: string; width: number; height: number; thumbnailId: string }[] }>(
    `/records/material?keyword=${encodeURIComponent(folder)}`,
  );
  expect(found.items).toHaveLength(1);
  const material = found.items[0]!;
  expect(material).toMatchObject({ name, kind: 'image', width: 640, height: 360 });
  const thumbnail = await page.request.get(`/api/files/${material.thumbnailId}`, { headers: { authorization: `Bearer ${api.token}` } });
  expect(thumbnail.status()).toBe(200);
  expect(thumbnail.headers()['content-type']).toBe('image/webp');

  // Found by its folder, absent among the videos.
  const search = list.getByTestId('search-form');
  await search.locator('#keyword').fill(folder);
  await search.getByRole('button', { name: label('查询') }).click();
  await expect(list.getByTestId('record-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  const videos = await api.get<{ items: { name: string }[] }>(`/records/material?kind=video&keyword=${encodeURIComponent(folder)}`);
  expect(videos.items).toEqual([]);

  // Deleting asks first.
  await row.getByRole('button', { name: label('删除') }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /^\s*(确\s*定|OK)\s*$/ }).click();
  await expect(row).toHaveCount(0);
  expect((await api.call('GET', `/records/material/${material.id}`)).status).toBe(404);
});
