import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A real PNG of `width`×`height` (a green ground with a white square), drawn on a canvas of the page. */
export async function canvasPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2a7';
      context.fillRect(0, 0, w!, h!);
      context.fillStyle = '#fff';
      context.fillRect(w! / 4, h! / 4, w! / 2, h! / 2);
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Uploads a picture and saves it as a material of the token's level; answers the material. */
export async function addMaterial(request: APIRequestContext, token: string, name: string, png: Buffer): Promise<{ id: number; fileId: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const file = await request.post('/api/files?rule=material', { headers, multipart: { file: { name: `${name}.png`, mimeType: 'image/png', buffer: png } } });
  expect(file.status(), await file.text()).toBe(200);
  const fileId = ((await file.json()).data as { id: string }).id;
  const material = await request.post('/api/records/material', { headers, data: { name, fileId } });
  expect(material.status(), await material.text()).toBe(200);
  return (await material.json()).data as { id: number; fileId: string };
}
