import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A real PNG (or, with `type`, a JPEG) of `width`×`height` (a green ground with a white square), drawn on a canvas of the page. */
export async function canvasPng(page: Page, width: number, height: number, type: 'image/png' | 'image/jpeg' = 'image/png'): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h, mime]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w as number;
      canvas.height = h as number;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2a7';
      context.fillRect(0, 0, w as number, h as number);
      context.fillStyle = '#fff';
      context.fillRect((w as number) / 4, (h as number) / 4, (w as number) / 2, (h as number) / 2);
      return canvas.toDataURL(mime as string);
    },
    [width, height, type] as const,
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
