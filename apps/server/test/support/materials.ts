import { expect } from 'vitest';
import type { Client } from './app.js';
import { multipartBody, png } from './images.js';

/** Uploads a picture and saves it as a material of the client's level; answers the material's id. */
export async function addMaterial(client: Client, name: string): Promise<number> {
  const { payload, headers } = multipartBody({ name: `${name}.png`, data: png(64, 64) });
  const file = await client.request('POST', '/api/files?rule=material', payload, headers);
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const res = await client.post('/api/records/material', { name, fileId: file.body.data.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
