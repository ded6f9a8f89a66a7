import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs, rooms } from '../src/db/schema/index.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let platform: Client;

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, ['room.read', 'room.create', 'room.update', 'room.delete']);
  b = await createTenant(t, ['room.read', 'room.create']);
  platform = await createPlatformAdmin(t);
});

async function roomCount(hotelId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rooms).where(eq(rooms.hotelId, hotelId));
  return row!.n;
}

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('rooms');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function importExcel(client: Client, hotelId: number, data: Buffer, name = 'rooms.xlsx') {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', `/api/hotels/${hotelId}/rooms/import`, payload, headers);
}

describe('rooms (record)', () => {
  it('keeps numbers unique within a hotel (422 on the field), not across hotels', async () => {
    const [h1, h2] = a.hotelIds;
    expect((await a.hotel.post('/api/records/room', { number: '808', floor: '8', roomType: 'King' })).status).toBe(200);
    const dup = await a.hotel.post('/api/records/room', { number: '808' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ number: ['Room number already exists'] });
    const zh = await a.hotel.withLang('zh-CN').post('/api/records/room', { number: '808' });
    expect(zh.body.errors).toEqual({ number: ['房间号已存在'] });
    expect((await a.sibling.post('/api/records/room', { number: '808' })).status).toBe(200);
    expect((await a.brand.post('/api/records/room', { number: '808', hotelId: h2 })).status).toBe(422);
    expect((await a.brand.post('/api/records/room', { number: 'A-0808', hotelId: h1 })).status).toBe(200);
    const chars = await a.hotel.post('/api/records/room', { number: '8 08' });
    expect(chars.body.errors).toEqual({ number: ['A room number has only letters, digits and -'] });
    expect((await a.hotel.post('/api/records/room', { number: '1'.repeat(17) })).body.errors).toEqual({ number: ['Room number must be at most 16 characters'] });
  });

  it('keeps rooms inside their hotel and brand by path, query and body', async () => {
    const own = (await a.hotel.post('/api/records/room', { number: '909' })).body.data;
    expect((await a.sibling.get(`/api/records/room/${own.id}`)).status).toBe(404);
    expect((await a.sibling.put(`/api/records/room/${own.id}`, { number: '910' })).status).toBe(404);
    expect((await b.brand.delete(`/api/records/room/${own.id}`)).status).toBe(404);
    expect((await b.brand.get(`/api/records/room?hotelId=${a.hotelIds[0]}`)).body.data.total).toBe(0);
    // A body naming another brand's hotel: refused on the field, like a hotel that does not exist.
    const foreign = await b.brand.post('/api/records/room', { number: '911', hotelId: a.hotelIds[0] });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['hotelId']);
  });

  it('lets a brand edit a room of its hotel: new values saved, a number taken in the hotel refused, the room stays in its hotel', async () => {
    const [h1, h2] = a.hotelIds;
    const room = (await a.brand.post('/api/records/room', { number: '1201', floor: '12', hotelId: h1 })).body.data;
    await a.brand.post('/api/records/room', { number: '1202', hotelId: h1 });
    const edited = await a.brand.put(`/api/records/room/${room.id}`, { number: 'A-1205', floor: '12', building: 'A', roomType: 'Suite', remark: 'Sea view', hotelId: h2 });
    expect(edited.status).toBe(200);
    const [stored] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(stored).toMatchObject({ number: 'A-1205', floor: '12', building: 'A', roomType: 'Suite', remark: 'Sea view', hotelId: h1 });
    const listed = await a.brand.get(`/api/hotels/${h1}/rooms?keyword=A-1205`);
    expect(listed.body.data.items).toEqual([expect.objectContaining({ id: room.id, number: 'A-1205', roomType: 'Suite', authorization: 'unauthorized' })]);

    const taken = await a.brand.withLang('zh-CN').put(`/api/records/room/${room.id}`, { number: '1202' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ number: ['房间号已存在'] });
    const blank = await a.brand.put(`/api/records/room/${room.id}`, { number: '  ' });
    expect(blank.body.errors).toEqual({ number: ['Room number is required'] });
    const [unchanged] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(unchanged!.number).toBe('A-1205');
    // A hotel account without room.update cannot edit its own rooms.
    const other = (await b.hotel.post('/api/records/room', { number: '1201' })).body.data;
    expect((await b.hotel.put(`/api/records/room/${other.id}`, { number: '1203' })).status).toBe(403);
  });
});

describe('bulk room creation', () => {
  it('creates floors 2-10 × rooms 01-30 with a prefix in one go', async () => {
    const hotelId = a.hotelIds[1];
    const res = await a.brand.post(`/api/hotels/${hotelId}/rooms/bulk`, { prefix: 'B', floorFrom: 2, floorTo: 10, roomFrom: 1, roomTo: 30, roomDigits: 2, building: 'B', roomType: 'Twin' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ created: 270, first: 'B201', last: 'B1030' });
    const list = await a.brand.get(`/api/hotels/${hotelId}/rooms?floor=10&pagesize=50`);
    expect(list.body.data.total).toBe(30);
    expect(list.body.data.items[0]).toMatchObject({ number: 'B1001', floor: '10', building: 'B', roomType: 'Twin', authorization: 'unauthorized' });
    const [log] = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.action, 'room_bulk_create'), eq(operationLogs.recordId, String(hotelId))));
    expect(log!.after).toMatchObject({ created: 270, hotelId });
  });

  it('creates nothing when a number is taken, and reports every duplicate', async () => {
    const tenant = await createTenant(t, ['room.read', 'room.create']);
    const hotelId = tenant.hotelIds[0];
    await tenant.hotel.post('/api/records/room', { number: '305' });
    await tenant.hotel.post('/api/records/room', { number: '412' });
    const res = await tenant.hotel.post(`/api/hotels/${hotelId}/rooms/bulk`, { floorFrom: 3, floorTo: 4, roomFrom: 1, roomTo: 20 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errkey: 'tenants.roomDuplicates', errmsg: '2 room numbers are repeated or already exist: 305, 412' });
    expect(res.body.errors.duplicates!.sort()).toEqual(['305', '412']);
    expect(await roomCount(hotelId)).toBe(2);
    const zh = await tenant.hotel.withLang('zh-CN').post(`/api/hotels/${hotelId}/rooms/bulk`, { floorFrom: 3, floorTo: 3, roomFrom: 5, roomTo: 5 });
    expect(zh.body.errmsg).toBe('1个房间号重复或已存在：305');
  });

  it('refuses more than 5000 rooms at once, a reversed range and bad bounds', async () => {
    const hotelId = a.hotelIds[0];
    const before = await roomCount(hotelId);
    const cap = await a.hotel.post(`/api/hotels/${hotelId}/rooms/bulk`, { floorFrom: 1, floorTo: 60, roomFrom: 1, roomTo: 99 });
    expect(cap.status).toBe(422);
    expect(cap.body).toMatchObject({ errkey: 'tenants.roomBulkCap', errmsg: 'At most 5000 rooms can be created at once (5940 requested)', errors: { roomTo: ['At most 5000 rooms can be created at once (5940 requested)'] } });
    // Exactly the cap is fine.
    const exact = await a.hotel.post(`/api/hotels/${hotelId}/rooms/bulk`, { prefix: 'X', floorFrom: 1, floorTo: 50, roomFrom: 0, roomTo: 99 });
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body.data.created).toBe(5000);
    expect(await roomCount(hotelId)).toBe(before + 5000);
    const reversed = await a.hotel.post(`/api/hotels/${hotelId}/rooms/bulk`, { floorFrom: 5, floorTo: 2, roomFrom: 1, roomTo: 2 });
    expect(reversed.body.errors).toEqual({ floorTo: ['The end must not be less than the start'] });
    const bounds = await a.hotel.post(`/api/hotels/${hotelId}/rooms/bulk`, { floorFrom: 0, floorTo: 201, roomFrom: 1, roomTo: 1000, prefix: 'a b' });
    expect(bounds.body.errors).toEqual({
      floorFrom: ['First floor must be at least 1'],
      floorTo: ['Last floor must be at most 200'],
      roomTo: ['Last room must be at most 999'],
      prefix: ['A room number has only letters, digits and -'],
    });
    expect((await a.hotel.post(`/api/hotels/${hotelId}/rooms/bulk`, {})).body.errors).toMatchObject({ floorFrom: ['First floor is required'] });
  });

  it('answers 404 for a hotel outside the caller’s reach, and 403 without room.create', async () => {
    const range = { floorFrom: 1, floorTo: 1, roomFrom: 1, roomTo: 2 };
    expect((await b.brand.post(`/api/hotels/${a.hotelIds[0]}/rooms/bulk`, range)).status).toBe(404);
    expect((await a.sibling.post(`/api/hotels/${a.hotelIds[0]}/rooms/bulk`, range)).status).toBe(404);
    const reader = await createTenant(t, ['room.read']);
    expect((await reader.hotel.post(`/api/hotels/${reader.hotelIds[0]}/rooms/bulk`, range)).status).toBe(403);
  });
});

describe('room import from Excel', () => {
  it('creates the rows of a sheet with a header, through multipart or an uploaded file', async () => {
    const tenant = await createTenant(t, ['room.read', 'room.create']);
    const hotelId = tenant.hotelIds[0];
    const sheet = await workbook([
      ['房间号', '楼层', '楼栋', '房型', '备注'],
      ['1201', 12, 'A', '大床房', null],
      ['1202', 12, 'A', '双床房', '靠电梯'],
      ['A-1203', '12', null, null, null],
    ]);
    const res = await importExcel(tenant.hotel, hotelId, sheet);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ created: 3, first: '1201', last: 'A-1203' });
    const list = await tenant.hotel.get(`/api/hotels/${hotelId}/rooms`);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ number: '1201', floor: '12', building: 'A', roomType: '大床房', remark: null }),
      expect.objectContaining({ number: '1202', roomType: '双床房', remark: '靠电梯' }),
      expect.objectContaining({ number: 'A-1203', floor: '12', building: null }),
    ]);

    // Without a header the columns are number, floor, building, room type, remark.
    const plain = await workbook([
      ['1301', '13'],
      ['1302', '13'],
    ]);
    const body = multipartBody({ name: 'r.xlsx', data: plain });
    const stored = await tenant.brand.request('POST', '/api/files?rule=spreadsheet', body.payload, body.headers);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const viaFile = await tenant.brand.post(`/api/hotels/${hotelId}/rooms/import`, { fileId: stored.body.data.id });
    expect(viaFile.status, JSON.stringify(viaFile.body)).toBe(200);
    expect(viaFile.body.data.created).toBe(2);
    expect(await roomCount(hotelId)).toBe(5);
  });

  it('reports duplicates, bad rows and files that are not Excel, creating nothing', async () => {
    const tenant = await createTenant(t, ['room.read', 'room.create']);
    const hotelId = tenant.hotelIds[0];
    await tenant.hotel.post('/api/records/room', { number: '501' });
    const dup = await importExcel(tenant.hotel, hotelId, await workbook([['Room number'], ['501'], ['502'], ['502'], ['503']]));
    expect(dup.status).toBe(422);
    expect(dup.body.errors.duplicates!.sort()).toEqual(['501', '502']);
    const bad = await importExcel(tenant.hotel, hotelId, await workbook([['601'], ['6 02'], ['x'.repeat(17)], ['603']]));
    expect(bad.body.errors).toEqual({ file: ['These rows have an invalid room number: 2, 3'] });
    const text = await importExcel(tenant.hotel, hotelId, Buffer.from('number\n701\n'), 'rooms.csv');
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ file: ['Only Excel upload is supported'] });
    const zh = await importExcel(tenant.hotel.withLang('zh-CN'), hotelId, png(4, 4), 'rooms.xlsx');
    expect(zh.body.errors).toEqual({ file: ['仅支持Excel上传'] });
    const empty = await importExcel(tenant.hotel, hotelId, await workbook([]));
    expect(empty.body.errors).toEqual({ file: ['The Excel file contains no data'] });
    // An uploaded file of another rule is not a spreadsheet.
    const image = multipartBody({ name: 'p.png', data: png(8, 8) });
    const picture = await tenant.hotel.request('POST', '/api/files?rule=faqImage', image.payload, image.headers);
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    expect((await tenant.hotel.post(`/api/hotels/${hotelId}/rooms/import`, { fileId: picture.body.data.id })).body.errors).toEqual({ fileId: ['Only Excel upload is supported'] });
    expect((await tenant.hotel.post(`/api/hotels/${hotelId}/rooms/import`, { fileId: '00000000-0000-4000-8000-000000000000' })).body.errors).toEqual({ fileId: ['A file of File is invalid, please upload it again'] });
    expect(await roomCount(hotelId)).toBe(1);
  });

  it('serves a template with the header row in the request language that the importer takes back', async () => {
    const tenant = await createTenant(t, ['room.read', 'room.create']);
    const [h1, h2] = tenant.hotelIds;
    const cells = async (bytes: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as never);
      const sheet = book.worksheets[0]!;
      return [1, 2].map((r) => (sheet.getRow(r).values as unknown[]).slice(1));
    };

    const en = await tenant.hotel.get(`/api/hotels/${h1}/rooms/template`);
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(en.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Room import template.xlsx')}`);
    expect(await cells(en.raw.rawPayload)).toEqual([
      ['Room number', 'Floor', 'Building', 'Room type', 'Remark'],
      ['0801', '8', 'A', 'King room', 'Example: replace with your rooms before importing'],
    ]);
    const zh = await tenant.brand.withLang('zh-CN').get(`/api/hotels/${h2}/rooms/template`);
    expect(zh.headers['content-disposition']).toContain(encodeURIComponent('房间导入模板.xlsx'));
    expect((await cells(zh.raw.rawPayload))[0]).toEqual(['房间号', '楼层', '楼栋', '房型', '备注']);

    // Either language's template imports its example row as it is.
    expect((await importExcel(tenant.hotel, h1, en.raw.rawPayload)).body.data).toEqual({ created: 1, first: '0801', last: '0801' });
    expect((await importExcel(tenant.brand, h2, zh.raw.rawPayload)).body.data).toEqual({ created: 1, first: '0801', last: '0801' });
    const rooms = await tenant.brand.get(`/api/hotels/${h2}/rooms`);
    expect(rooms.body.data.items).toEqual([expect.objectContaining({ number: '0801', floor: '8', building: 'A', roomType: '大床房', remark: '示例：导入前请替换为实际房间' })]);
  });

  it('keeps the template to the caller’s hotels and to writers of rooms', async () => {
    const tenant = await createTenant(t, ['room.read', 'room.create']);
    expect((await platform.get(`/api/hotels/${tenant.hotelIds[0]}/rooms/template`)).status).toBe(200);
    expect((await b.brand.get(`/api/hotels/${tenant.hotelIds[0]}/rooms/template`)).status).toBe(404);
    expect((await tenant.sibling.get(`/api/hotels/${tenant.hotelIds[0]}/rooms/template`)).status).toBe(404);
    expect((await tenant.hotel.get('/api/hotels/999999999/rooms/template')).status).toBe(404);
    const reader = await createTenant(t, ['room.read']);
    expect((await reader.hotel.get(`/api/hotels/${reader.hotelIds[0]}/rooms/template`)).status).toBe(403);
  });

  it('caps a sheet at 5000 rooms and keeps other tenants out', async () => {
    const tenant = await createTenant(t, ['room.read', 'room.create']);
    const rows = Array.from({ length: 5001 }, (_, i) => [`R${i + 1}`]);
    const big = await importExcel(tenant.hotel, tenant.hotelIds[0], await workbook(rows));
    expect(big.status).toBe(422);
    expect(big.body.errkey).toBe('tenants.roomBulkCap');
    const sheet = await workbook([['101']]);
    expect((await importExcel(b.brand, tenant.hotelIds[0], sheet)).status).toBe(404);
    expect((await importExcel(tenant.sibling, tenant.hotelIds[0], sheet)).status).toBe(404);
    expect((await importExcel(platform, tenant.hotelIds[0], sheet)).status).toBe(200);
  });
});
