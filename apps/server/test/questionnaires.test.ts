import type { ImageMessagesPart } from '@htv/shared/areas/imagemessages/device';
import type { QuestionnairesPart } from '@htv/shared/areas/questionnaires/device';
import { translate } from '@htv/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordTables } from '../src/db/schema/index.js';
import { configPartOf, installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { testApp, type ApiResponse, type Client, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const rights = (record: string, actions: string[]) => actions.map((action) => `${record}.${action}`);
const CRUD = ['read', 'create', 'update', 'delete'];
const HOTEL_RIGHTS = [
  ...rights('imageMessage', [...CRUD, 'publish', 'cancelPublish']),
  ...rights('questionnaire', [...CRUD, 'publish', 'finish']),
  ...rights('questionnaireOption', CRUD),
  'room.read',
  'room.create',
  'pmsLog.read',
  'pmsInterface.manage',
];

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;
let tv701: Tv;
let tv701b: Tv;
let tv702: Tv;
let bTv: Tv;

async function roomTv(hotelId: number, roomNumber: string): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId), roomNumber });
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  return tv;
}

async function created(client: Client, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post(`/api/records/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const act = (client: Client, path: string, id: number, action: string) => client.post(`/api/records/${path}/${id}/actions/${action}`, {});

async function picture(client: Client, rule = 'imageMessagePicture', data = png(40, 40)): Promise<ApiResponse<{ id: string }>> {
  const { payload, headers } = multipartBody({ name: 'p.png', data });
  return (await client.request('POST', `/api/files?rule=${rule}`, payload, headers)) as ApiResponse<{ id: string }>;
}

const question = (en: string) => ({ question: `${en}（简）`, questionTw: `${en}（繁）`, questionEn: en });
const option = (questionnaireId: number, en: string, sort = 0) => ({ questionnaireId, text: `${en}简`, textTw: `${en}繁`, textEn: en, sort });

/** A questionnaire with two or more options, released to `target`. */
async function released(client: Client, en: string, target: Record<string, unknown>, answers = ['Good', 'Fair', 'Poor']) {
  const q = await created(client, 'questionnaires', { ...question(en), ...target });
  const opts = [];
  for (const [i, text] of answers.entries()) opts.push(await created(client, 'questionnaire-options', option(q.id, text, 10 - i)));
  const res = await act(client, 'questionnaires', q.id, 'publish');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { q: res.body.data, opts };
}

const questionnairesOn = async (tv: Tv) => (await configPartOf<QuestionnairesPart | null>(tv, 'questionnaires'))?.questionnaires ?? [];
const messagesOn = async (tv: Tv) => (await configPartOf<ImageMessagesPart | null>(tv, 'imageMessages'))?.messages ?? [];
const answer = (tv: Tv, questionnaireId: number, optionId: number) => tv.device.post('/api/device/v1/questionnaires/answers', { questionnaireId, optionId });
const results = (client: Client, id: number) => client.get<any>(`/api/questionnaires/${id}/results`);

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, HOTEL_RIGHTS);
  b = await createTenant(t, HOTEL_RIGHTS);
  await createRooms(a.hotel, ['701', '702']);
  await createRooms(a.sibling, ['701']);
  await createRooms(b.hotel, ['701']);
  [tv701, tv701b, tv702] = [await roomTv(a.hotelIds[0], '701'), await roomTv(a.hotelIds[0], '701'), await roomTv(a.hotelIds[0], '702')];
  bTv = await roomTv(b.hotelIds[0], '701');
}, 240_000);

describe('image-text messages', () => {
  it('hold a title, at most 1,000 characters of text and pictures checked by their content', async () => {
    const none = await a.hotel.post('/api/records/image-messages', { publishMethod: 'all', content: 'Hi' });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['title']);
    const long = await a.hotel.post('/api/records/image-messages', { title: 'Spa', content: 'x'.repeat(1001), publishMethod: 'all' });
    expect(long.status).toBe(422);
    expect(long.body.errors.content).toBeDefined();
    expect((await a.hotel.post('/api/records/image-messages', { title: 'Spa', content: 'x'.repeat(1000), publishMethod: 'all' })).status).toBe(200);
    // A text file named .png is not a picture.
    const { payload, headers } = multipartBody({ name: 'fake.png', data: Buffer.from('not a picture at all') });
    const fake = await a.hotel.request('POST', '/api/files?rule=imageMessagePicture', payload, headers);
    expect(fake.status).toBe(422);
    const noRoom = await a.hotel.post('/api/records/image-messages', { title: 'Spa', publishMethod: 'rooms' });
    expect(noRoom.body.errors.rooms).toEqual([translate('publishing.roomsRequired', 'en-US')]);
  });

  it('are published to rooms with their pictures, read receipts counted per room', async () => {
    const [icon, qr, image] = [(await picture(a.hotel, 'imageMessageIcon')).body.data.id, (await picture(a.hotel)).body.data.id, (await picture(a.hotel)).body.data.id];
    const row = await created(a.hotel, 'image-messages', { title: 'Spa week', subtitle: '20% off', content: 'Book at the front desk.', iconId: icon, qrCodeId: qr, imageIds: [image], publishMethod: 'rooms', rooms: '701' });
    expect(row.publishState).toBe('unpublished');
    expect(await messagesOn(tv701)).toEqual([]);
    expect((await act(a.hotel, 'image-messages', row.id, 'publish')).body.data.publishState).toBe('byRoom');
    const [shown] = await messagesOn(tv701);
    expect(shown).toMatchObject({ id: row.id, title: 'Spa week', subtitle: '20% off', content: 'Book at the front desk.', read: false, images: [expect.stringMatching(/^\/api\/device\/v1\/image-messages-files\//)] });
    const fetched = await t.app.inject({ method: 'GET', url: shown!.images[0]! });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    // Another TV cannot use this TV's address.
    const [, , , , , , fileId, signature] = shown!.qrCode!.split('/');
    expect((await t.app.inject({ method: 'GET', url: `/api/device/v1/image-messages-files/${bTv.terminalId}/${fileId}/${signature}` })).statusCode).toBe(404);
    expect(await messagesOn(tv702)).toEqual([]);
    expect((await tv701.device.post('/api/device/v1/publishing/receipts', { kind: 'imageMessage', ids: [row.id], state: 'delivered' })).body.data.recorded).toBe(1);
    expect((await tv701b.device.post('/api/device/v1/publishing/receipts', { kind: 'imageMessage', ids: [row.id], state: 'read' })).body.data.recorded).toBe(1);
    // Another room's TV reading it changes nothing.
    expect((await tv702.device.post('/api/device/v1/publishing/receipts', { kind: 'imageMessage', ids: [row.id], state: 'read' })).body.data.recorded).toBe(0);
    const receipts = await a.hotel.get<any>(`/api/publishing/image-messages/${row.id}/receipts`);
    expect(receipts.body.data).toMatchObject({ targetRooms: 1, deliveredRooms: 1, readRooms: 1 });
    expect((await messagesOn(tv701))[0]!.read).toBe(true);
  });

  it('are isolated between tenants: rows, actions, receipts, pictures and parts', async () => {
    const row = await created(a.hotel, 'image-messages', { title: 'Ours', publishMethod: 'all' });
    expect((await b.hotel.get(`/api/records/image-messages/${row.id}`)).status).toBe(404);
    expect((await b.hotel.put(`/api/records/image-messages/${row.id}`, { title: 'Theirs', publishMethod: 'all' })).status).toBe(404);
    expect((await act(b.hotel, 'image-messages', row.id, 'publish')).status).toBe(404);
    expect((await a.sibling.get(`/api/records/image-messages/${row.id}`)).status).toBe(404);
    expect((await b.hotel.get(`/api/publishing/image-messages/${row.id}/receipts`)).status).toBe(404);
    const foreign = (await picture(b.hotel)).body.data.id;
    expect((await a.hotel.post('/api/records/image-messages', { title: 'x', imageIds: [foreign], publishMethod: 'all' })).status).not.toBe(200);
    await act(a.hotel, 'image-messages', row.id, 'publish');
    expect((await messagesOn(bTv)).map((m) => m.id)).not.toContain(row.id);
    expect((await bTv.device.post('/api/device/v1/publishing/receipts', { kind: 'imageMessage', ids: [row.id], state: 'read' })).body.data.recorded).toBe(0);
    expect((await b.brand.get(`/api/records/image-messages?pageSize=100`)).body.data.items.map((r: { id: number }) => r.id)).not.toContain(row.id);
  });
});

describe('questionnaires: the rules', () => {
  it('need the question and each option in simplified Chinese, traditional Chinese and English', async () => {
    const missing = await a.hotel.post('/api/records/questionnaires', { question: '满意吗', publishMethod: 'all' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['questionEn', 'questionTw']);
    const q = await created(a.hotel, 'questionnaires', { ...question('Are you satisfied?'), publishMethod: 'all' });
    expect(q.publishState).toBe('unpublished');
    const noTw = await a.hotel.post('/api/records/questionnaire-options', { questionnaireId: q.id, text: '好', textEn: 'Good' });
    expect(noTw.status).toBe(422);
    expect(Object.keys(noTw.body.errors)).toEqual(['textTw']);
    // Released with at least two options.
    await created(a.hotel, 'questionnaire-options', option(q.id, 'Good'));
    const one = await act(a.hotel, 'questionnaires', q.id, 'publish');
    expect(one.status).toBe(409);
    expect(one.body.errmsg).toBe(translate('questionnaires.optionsRequired', 'en-US', { min: 2 }));
  });

  it('go pending release → in the survey → finished, and neither step is undone', async () => {
    const { q, opts } = await released(a.hotel, 'Breakfast?', { publishMethod: 'all' });
    expect(q.publishState).toBe('surveying');
    // In the survey: no second release, no edit of the question or its options, no delete.
    expect((await act(a.hotel, 'questionnaires', q.id, 'publish')).status).toBe(409);
    const edit = await a.hotel.put(`/api/records/questionnaires/${q.id}`, { ...question('Changed'), publishMethod: 'all' });
    expect(edit.status).toBe(409);
    expect(JSON.stringify(edit.body)).toContain(translate('questionnaires.released', 'en-US'));
    expect((await a.hotel.put(`/api/records/questionnaire-options/${opts[0]!.id}`, option(q.id, 'Changed'))).status).toBe(409);
    expect((await a.hotel.post('/api/records/questionnaire-options', option(q.id, 'More'))).status).toBe(409);
    expect((await a.hotel.delete(`/api/records/questionnaire-options/${opts[0]!.id}`)).status).toBe(409);
    expect((await a.hotel.delete(`/api/records/questionnaires/${q.id}`)).status).toBe(409);
    const finished = await act(a.hotel, 'questionnaires', q.id, 'finish');
    expect(finished.body.data.publishState).toBe('finished');
    // Finished is final: no release, no finish again, no edit.
    for (const action of ['publish', 'finish']) {
      const refused = await act(a.hotel, 'questionnaires', q.id, action);
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain(translate('error.invalidAction', 'en-US'));
    }
    expect((await a.hotel.put(`/api/records/questionnaires/${q.id}`, { ...question('Changed'), publishMethod: 'all' })).status).toBe(409);
    expect((await questionnairesOn(tv701)).map((x) => x.id)).not.toContain(q.id);
    // A pending questionnaire cannot be finished.
    const pending = await created(a.hotel, 'questionnaires', { ...question('Later'), publishMethod: 'all' });
    expect((await act(a.hotel, 'questionnaires', pending.id, 'finish')).status).toBe(409);
    // A finished one is deleted with its options.
    for (const o of opts) expect((await a.hotel.delete(`/api/records/questionnaire-options/${o.id}`)).status).toBe(200);
    expect((await a.hotel.delete(`/api/records/questionnaires/${q.id}`)).status).toBe(200);
  });

  it('have at most 10 options', async () => {
    const q = await created(a.hotel, 'questionnaires', { ...question('Many?'), publishMethod: 'all' });
    for (let i = 0; i < 10; i++) await created(a.hotel, 'questionnaire-options', option(q.id, `O${i}`));
    const eleventh = await a.hotel.post('/api/records/questionnaire-options', option(q.id, 'O10'));
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.errors.questionnaireId).toEqual([translate('questionnaires.optionsLimit', 'en-US', { max: 10 })]);
  });

  it('a scheduled release waits for its time', async () => {
    const q = await created(a.hotel, 'questionnaires', { ...question('Tomorrow?'), publishMethod: 'all', publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    await created(a.hotel, 'questionnaire-options', option(q.id, 'Yes'));
    await created(a.hotel, 'questionnaire-options', option(q.id, 'No'));
    expect((await act(a.hotel, 'questionnaires', q.id, 'publish')).body.data.publishState).toBe('scheduled');
    expect((await questionnairesOn(tv701)).map((x) => x.id)).not.toContain(q.id);
    expect((await act(a.hotel, 'questionnaires', q.id, 'finish')).body.data.publishState).toBe('finished');
  });
});

describe('questionnaires on the TV', () => {
  let pms: HttpPms;
  let n = 0;
  const nextId = (label: string) => `${label}-${Date.now()}-${++n}`;

  beforeAll(async () => {
    await usePmsVendor(t, platform, a.hotelIds[0], 'http');
    pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
  });

  it('are answered once per stay; a new guest answers again; the console sees counts and percentages', async () => {
    const { q, opts } = await released(a.hotel, 'How was your stay?', { publishMethod: 'rooms', rooms: '701' });
    const [good, fair] = [opts[0]!, opts[1]!];
    const [shown] = (await questionnairesOn(tv701)).filter((x) => x.id === q.id);
    expect(shown).toMatchObject({ id: q.id, answered: null, question: { 'zh-CN': 'How was your stay?（简）', 'zh-TW': 'How was your stay?（繁）', en: 'How was your stay?' } });
    expect(shown!.options.map((o) => o.text.en)).toEqual(['Good', 'Fair', 'Poor']);
    expect((await questionnairesOn(tv702)).map((x) => x.id)).not.toContain(q.id);
    expect((await pms.send({ id: nextId('ci'), type: 'checkIn', room: '701', reservation: 'R701', guest: { name: 'Wang Fang' } })).status).toBe(200);
    expect((await answer(tv701, q.id, good.id)).status).toBe(200);
    // The same stay, from the room's other TV or again: refused.
    const again = await answer(tv701b, q.id, fair.id);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(translate('questionnaires.answered', 'en-US'));
    expect((await questionnairesOn(tv701b)).find((x) => x.id === q.id)!.answered).toBe(good.id);
    // Another room's TV, an option of another questionnaire, another hotel's TV.
    expect((await answer(tv702, q.id, good.id)).status).toBe(409);
    const other = await released(a.hotel, 'Other', { publishMethod: 'all' });
    expect((await answer(tv701, q.id, other.opts[0]!.id)).status).toBe(422);
    expect((await answer(bTv, q.id, good.id)).status).toBe(409);
    let res = (await results(a.hotel, q.id)).body.data;
    expect(res.total).toBe(1);
    expect(res.options.map((o: { textEn: string; count: number; percent: number }) => [o.textEn, o.count, o.percent])).toEqual([['Good', 1, 100], ['Fair', 0, 0], ['Poor', 0, 0]]);
    // Answering is the read receipt.
    expect((await a.hotel.get<any>(`/api/publishing/questionnaires/${q.id}/receipts`)).body.data).toMatchObject({ targetRooms: 1, readRooms: 1 });
    // Check-out: the room answers again (the empty room once), and a new guest again.
    expect((await pms.send({ id: nextId('co'), type: 'checkOut', room: '701', reservation: 'R701' })).status).toBe(200);
    expect((await questionnairesOn(tv701)).find((x) => x.id === q.id)!.answered).toBeNull();
    expect((await pms.send({ id: nextId('ci'), type: 'checkIn', room: '701', reservation: 'R701b', guest: { name: 'Li Lei' } })).status).toBe(200);
    expect((await answer(tv701b, q.id, fair.id)).status).toBe(200);
    expect((await answer(tv701, q.id, fair.id)).status).toBe(409);
    res = (await results(a.hotel, q.id)).body.data;
    expect(res.options.map((o: { count: number; percent: number }) => [o.count, o.percent])).toEqual([[1, 50], [1, 50], [0, 0]]);
    const exported = await a.hotel.get(`/api/questionnaires/${q.id}/results/export`);
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
    // Finished: no more answers, gone from the TV.
    await act(a.hotel, 'questionnaires', q.id, 'finish');
    expect((await questionnairesOn(tv701)).map((x) => x.id)).not.toContain(q.id);
    await pms.send({ id: nextId('co'), type: 'checkOut', room: '701', reservation: 'R701b' });
    const late = await answer(tv701, q.id, good.id);
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain(translate('questionnaires.notInSurvey', 'en-US'));
  });

  it('are rate-limited per terminal', async () => {
    const tv = await roomTv(a.hotelIds[0], '702');
    for (let i = 0; i < 10; i++) expect((await answer(tv, 2_000_000_000, 1)).status).toBe(409);
    const limited = await answer(tv, 2_000_000_000, 1);
    expect(limited.status).toBe(429);
    expect(limited.body.errkey).toBe('questionnaires.answersLimited');
  });

  it('are isolated between tenants: records, options, actions, results and answers', async () => {
    const { q, opts } = await released(a.hotel, 'Isolated', { publishMethod: 'all' });
    for (const client of [b.hotel, b.brand, a.sibling]) {
      expect((await client.get(`/api/records/questionnaires/${q.id}`)).status).toBe(404);
      expect((await client.get(`/api/records/questionnaire-options/${opts[0]!.id}`)).status).toBe(404);
      expect((await act(client, 'questionnaires', q.id, 'finish')).status).toBe(404);
      expect((await results(client, q.id)).status).toBe(404);
      expect((await client.get(`/api/questionnaires/${q.id}/results/export`)).status).toBe(404);
      expect((await client.get(`/api/publishing/questionnaires/${q.id}/receipts`)).status).toBe(404);
      expect((await client.delete(`/api/records/questionnaire-options/${opts[0]!.id}`)).status).toBe(404);
    }
    // No option on another tenant's questionnaire, nor on a sibling hotel's through the brand.
    const pending = await created(a.hotel, 'questionnaires', { ...question('Pending'), publishMethod: 'all' });
    expect((await b.hotel.post('/api/records/questionnaire-options', option(pending.id, 'Sneaky'))).status).toBe(404);
    const viaBrand = await a.brand.post('/api/records/questionnaire-options', { ...option(pending.id, 'Sneaky'), hotelId: a.hotelIds[1] });
    expect(viaBrand.status).toBe(422);
    expect((await a.brand.post('/api/records/questionnaire-options', { ...option(pending.id, 'Fine'), hotelId: a.hotelIds[0] })).status).toBe(200);
    // The sibling hotel's TV in a room of the same number does not get it.
    const siblingTv = await roomTv(a.hotelIds[1], '701');
    expect((await questionnairesOn(siblingTv)).map((x) => x.id)).not.toContain(q.id);
    expect((await answer(siblingTv, q.id, opts[0]!.id)).status).toBe(409);
    expect((await answer(bTv, q.id, opts[0]!.id)).status).toBe(409);
  });
});
