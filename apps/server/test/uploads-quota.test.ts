import { eq, inArray, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { brands, files } from '../src/db/schema/index.js';
import { localDiskStorage, storageKeyFor } from '../src/files/storage.js';
import { sweepOrphanUploads } from '../src/files/sweep.js';
import { Client, testApp, type ApiResponse, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, mp4, png } from './support/images.js';

const KB = 1024;
const HOUR = 60 * 60 * 1000;
const FAQ_PERMISSIONS = ['faq.read', 'faq.create', 'faq.update', 'faq.delete'];

let t: TestApp;

function upload(client: Client, rule: string, data: Buffer, name = 'clip.mp4'): Promise<ApiResponse<any>> {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/files?rule=${rule}`, payload, headers);
}

const onDisk = (id: string) => existsSync(join(t.config.dataDir, 'files', storageKeyFor(id)));

beforeAll(async () => {
  t = await testApp();
});

describe('storage quota', () => {
  let small: FastifyInstance;
  let a: Tenant;
  /** The tenant's clients on an app whose quota is 1 MB per tenant. */
  let hotel: Client;
  let brand: Client;

  beforeAll(async () => {
    small = await buildApp({ config: { ...t.config, uploadQuotaMb: 1 }, database: t.database });
    await small.ready();
    a = await createTenant(t, []);
    hotel = new Client(small, a.hotel.token);
    brand = new Client(small, a.brand.token);
  });
  afterAll(() => small.close());

  it('refuses an upload past the quota with a 422 on the file field, in both languages, keeping nothing', async () => {
    expect((await upload(hotel, 'faqVideo', mp4(600 * KB))).status).toBe(200);
    const before = await t.database.db.select({ id: files.id }).from(files).where(eq(files.hotelId, a.hotelIds[0]));

    const en = await upload(hotel, 'faqVideo', mp4(500 * KB));
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({ code: '-1', errkey: 'error.validation' });
    expect(en.body.errors.file).toEqual(['Not enough storage: 600K of 1M used. Please remove unused files or contact the platform administrator']);
    const zh = await upload(hotel.withLang('zh-CN'), 'faqVideo', mp4(500 * KB));
    expect(zh.status).toBe(422);
    expect(zh.body.errors.file).toEqual(['存储空间不足：已用600K，上限1M。请删除不用的文件或联系平台管理员']);

    const after = await t.database.db.select({ id: files.id }).from(files).where(eq(files.hotelId, a.hotelIds[0]));
    expect(after).toHaveLength(before.length);
    // Only the accepted file is on disk.
    expect(after.every((row) => onDisk(row.id))).toBe(true);

    // A smaller file still fits; each level has its own quota (the brand's own files are not the hotel's).
    expect((await upload(hotel, 'faqVideo', mp4(300 * KB))).status).toBe(200);
    expect((await upload(brand, 'faqVideo', mp4(900 * KB))).status).toBe(200);
  });

  it("uses the brand's own quota for the brand and each of its hotels when the platform sets one", async () => {
    const other = await createTenant(t, []);
    // The default of this app (1 MB) would refuse 1.5 MB; the brand's 2 MB admits it, at either level.
    await t.database.db.update(brands).set({ uploadQuotaMb: 2 }).where(eq(brands.id, other.brandId));
    expect((await upload(new Client(small, other.hotel.token), 'faqVideo', mp4(1536 * KB))).status).toBe(200);
    expect((await upload(new Client(small, other.brand.token), 'faqVideo', mp4(1536 * KB))).status).toBe(200);
    const refused = await upload(new Client(small, other.hotel.token), 'faqVideo', mp4(600 * KB));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.file).toEqual(['Not enough storage: 1.5M of 2M used. Please remove unused files or contact the platform administrator']);
  });

  it('counts parallel uploads of one tenant one after another', async () => {
    const hotelOfB = (await createTenant(t, [])).hotel;
    const client = new Client(small, hotelOfB.token);
    const results = await Promise.all([0, 1, 2].map(() => upload(client, 'faqVideo', mp4(400 * KB))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 422]);
    const ids = results.filter((r) => r.status === 200).map((r) => r.body.data.id as string);
    const [{ bytes }] = (await t.database.db
      .select({ bytes: sql<string>`sum(${files.size})` })
      .from(files)
      .where(inArray(files.id, ids))) as [{ bytes: string }];
    expect(Number(bytes)).toBeLessThanOrEqual(1024 * KB);
  });
});

describe('unreferenced uploads', () => {
  let a: Tenant;

  beforeAll(async () => {
    a = await createTenant(t, FAQ_PERMISSIONS);
  });

  async function uploadedImage(): Promise<string> {
    const res = await upload(a.hotel, 'faqImage', png(40, 30), 'a.png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  }

  const age = (ids: string[], hours: number) =>
    t.database.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - hours * HOUR) })
      .where(inArray(files.id, ids));

  it('removes an orphan older than the grace period (row and bytes) and keeps referenced and young ones', async () => {
    const [orphan, inField, inRichText, young] = [await uploadedImage(), await uploadedImage(), await uploadedImage(), await uploadedImage()];
    const category = await a.hotel.post('/api/records/faq-category', { name: `sweep-${Date.now()}` });
    const faq = await a.hotel.post('/api/records/faq', {
      title: 'Pool',
      categoryId: category.body.data.id,
      content: `<p>Open daily</p><img src="/api/files/${inRichText}">`,
      images: [inField],
    });
    expect(faq.status, JSON.stringify(faq.body)).toBe(200);
    await age([orphan, inField, inRichText], 25);
    await age([young], 23);

    const removed = await sweepOrphanUploads(t.database.db, localDiskStorage(t.config.dataDir), 24 * HOUR);
    expect(removed).toBeGreaterThanOrEqual(1);

    const left = new Set((await t.database.db.select({ id: files.id }).from(files).where(inArray(files.id, [orphan, inField, inRichText, young]))).map((r) => r.id));
    expect([...left].sort()).toEqual([inField, inRichText, young].sort());
    expect(onDisk(orphan)).toBe(false);
    expect([inField, inRichText, young].every(onDisk)).toBe(true);
    expect((await a.hotel.get(`/api/files/${orphan}`)).status).toBe(404);
    expect((await a.hotel.get(`/api/files/${inField}`)).status).toBe(200);

    // Once the row lets go of its files, they are orphans too.
    await a.hotel.delete(`/api/records/faq/${faq.body.data.id}`);
    await sweepOrphanUploads(t.database.db, localDiskStorage(t.config.dataDir), 24 * HOUR);
    const rest = await t.database.db.select({ id: files.id }).from(files).where(inArray(files.id, [inField, inRichText, young]));
    expect(rest.map((r) => r.id)).toEqual([young]);
    expect(onDisk(inField) || onDisk(inRichText)).toBe(false);
  });
});
