import { beforeAll, describe, expect, it } from 'vitest';
import { configPartOf, hotelTv } from './devices-support.js';
import { testApp, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const RIGHTS = ['tvCode.read', 'tvCode.create', 'tvCode.update', 'tvCode.delete'];

beforeAll(async () => {
  t = await testApp();
  a = await createTenant(t, RIGHTS);
  b = await createTenant(t, RIGHTS);
});

describe('remote commands per TV model', () => {
  it('a hotel keeps one row per model with checked codes, and the TVs of that model get them', async () => {
    const created = await a.hotel.post('/api/records/tv-codes', { model: 'ht-55u', up: 'KEYCODE_DPAD_UP', ok: '23', power: '0x40BF12ED', note: 'Lobby TVs' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    // One row per model in a hotel; codes are checked.
    const twice = await a.hotel.post('/api/records/tv-codes', { model: 'ht-55u' });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.model).toHaveLength(1);
    const bad = await a.hotel.post('/api/records/tv-codes', { model: 'X1', up: 'rm -rf /' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.up).toEqual(['Use letters, digits and "_ : . -" only']);
    // The other hotel of the brand may use the same model name.
    expect((await a.sibling.post('/api/records/tv-codes', { model: 'HT-55U', up: '19' })).status).toBe(200);

    // An authorized TV reporting the model (any case) gets its hotel's codes; a TV of another hotel does not.
    const tv = await hotelTv(t, a.hotelIds[0]);
    expect(await configPartOf(tv, 'remoteCodes')).toEqual({ model: 'ht-55u', codes: { power: '0x40BF12ED', ok: '23', up: 'KEYCODE_DPAD_UP' } });
    const waiting = await hotelTv(t, a.hotelIds[0], false);
    expect(await configPartOf(waiting, 'remoteCodes')).toBeUndefined();
    const sibling = await hotelTv(t, a.hotelIds[1]);
    expect(await configPartOf(sibling, 'remoteCodes')).toEqual({ model: 'HT-55U', codes: { up: '19' } });
    const elsewhere = await hotelTv(t, b.hotelIds[0]);
    expect(await configPartOf(elsewhere, 'remoteCodes')).toBeUndefined();

    // A change reaches the TV.
    expect((await a.hotel.put(`/api/records/tv-codes/${id}`, { model: 'ht-55u', up: 'KEYCODE_19' })).status).toBe(200);
    expect((await configPartOf<{ codes: Record<string, string> }>(tv, 'remoteCodes'))!.codes.up).toBe('KEYCODE_19');
  });

  it('another tenant can neither see nor change a hotel’s rows', async () => {
    const created = await a.hotel.post('/api/records/tv-codes', { model: 'Private-1', home: '3' });
    const id = created.body.data.id;
    expect((await b.hotel.get(`/api/records/tv-codes/${id}`)).status).toBe(404);
    expect((await b.hotel.put(`/api/records/tv-codes/${id}`, { model: 'Private-1', home: '4' })).status).toBe(404);
    expect((await b.hotel.delete(`/api/records/tv-codes/${id}`)).status).toBe(404);
    expect((await a.sibling.get(`/api/records/tv-codes/${id}`)).status).toBe(404);
    const list = await b.brand.get('/api/records/tv-codes?pagesize=200');
    expect(list.body.data.items.map((r: { id: number }) => r.id)).not.toContain(id);
    const none = await createTenant(t, []);
    expect((await none.hotel.get('/api/records/tv-codes')).status).toBe(403);
  });
});
