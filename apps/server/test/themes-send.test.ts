import { and, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../../tools/simulator/lib.js';
import { resolveThemes } from '../src/areas/themes/resolve.js';
import { publishDueVersions } from '../src/areas/themes/service.js';
import { hotels, operationLogs, recordTables, themeSends, themeVersions } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { Client, listeningUrl, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { addMaterial } from './support/materials.js';

let t: TestApp;
let platform: Client;
let a: Tenant;
let b: Tenant;

const HOTEL_PERMISSIONS = ['theme.read', 'theme.create', 'theme.update', 'theme.publish', 'theme.lock', 'theme.send', 'themeVersion.read', 'terminal.read', 'terminal.authorize'];
const DAY = 86_400;

interface Theme {
  id: number;
  status: string;
  draftRevision: number;
  document: any;
  actions: string[];
}

async function createTheme(client: Client, body: Record<string, unknown> = {}): Promise<Theme> {
  const res = await client.post('/api/admin/theme', { name: 'Lobby', equipmentType: 'room', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await client.get(`/api/admin/theme/${res.body.data.id}`)).body.data as Theme;
}

async function publishedTheme(client: Client, body: Record<string, unknown> = {}): Promise<Theme> {
  const theme = await createTheme(client, body);
  const res = await client.post(`/api/admin/theme/${theme.id}/publish`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return theme;
}

const statusOf = async (client: Client, id: number) => (await client.get(`/api/admin/theme/${id}`)).body.data.status as string;
const send = (client: Client, id: number, body: Record<string, unknown>) => client.post(`/api/admin/theme/${id}/send`, { durationSeconds: DAY, ...body });

/** A TV of a hotel, authorized, with a scene mode. */
async function tvOf(tenant: Tenant, hotelId: number, sceneMode = 'hotel'): Promise<Tv> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, hotelId) });
  const terminals = recordTables.terminal!;
  await t.database.db.update(terminals).set({ sceneMode, authorization: 'authorized' }).where(eq(terminals.id, tv.terminalId));
  return tv;
}

/** Cancels every live send of the given themes (tests share one database: a send to all reaches every TV). */
async function cancelAll(themeIds: number[]) {
  if (themeIds.length) await t.database.db.update(themeSends).set({ cancelledAt: new Date() }).where(and(inArray(themeSends.themeId, themeIds)));
}

beforeAll(async () => {
  t = await testApp();
  platform = await createPlatformAdmin(t);
  a = await createTenant(t, HOTEL_PERMISSIONS);
  b = await createTenant(t, HOTEL_PERMISSIONS);
});

describe('send and cancel send: states, permissions, log', () => {
  it('sends only from published or sent states, cancels only from sent ones, never while locked', async () => {
    const theme = await createTheme(a.brand);
    const fromUnpublished = await send(a.brand, theme.id, { target: 'hotel', hotelIds: [a.hotelIds[0]] });
    expect(fromUnpublished.status).toBe(409);
    expect(fromUnpublished.body.errmsg).toBe('The template is unpublished: it cannot be sent');
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    const notSent = await a.brand.post(`/api/admin/theme/${theme.id}/cancel-send`, {});
    expect(notSent.status).toBe(409);
    expect(notSent.body.errmsg).toBe('The template is published: it cannot be withdrawn');

    const sent = await send(a.brand, theme.id, { target: 'hotel', hotelIds: [a.hotelIds[0]] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ successes: 1, failures: 0, failedHotelIds: [] });
    expect(await statusOf(a.brand, theme.id)).toBe('sentPart');
    const listed = await a.brand.get(`/api/admin/theme?name=Lobby`);
    expect(listed.body.data.items.find((i: any) => i.id === theme.id).actions).toEqual(expect.arrayContaining(['send', 'cancelSend', 'publish', 'lock']));
    // A sent theme is published again (its TVs move to the new version), not unpublished.
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    expect(await statusOf(a.brand, theme.id)).toBe('sentPart');
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/cancel-publish`)).status).toBe(409);
    expect((await send(a.brand, theme.id, { target: 'hotel', hotelIds: [a.hotelIds[1]] })).status).toBe(200);

    expect((await a.brand.post(`/api/admin/theme/${theme.id}/lock`)).status).toBe(200);
    const lockedSend = await send(a.brand, theme.id, { target: 'hotel', hotelIds: [a.hotelIds[0]] });
    expect(lockedSend.status).toBe(409);
    expect(lockedSend.body.errkey).toBe('theme.locked');
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/cancel-send`, {})).body.errkey).toBe('theme.locked');
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/unlock`)).status).toBe(200);

    const sends = await a.brand.get(`/api/admin/theme/${theme.id}/sends`);
    expect(sends.body.data.map((s: any) => s.targetId).sort()).toEqual([...a.hotelIds].sort());
    const one = await a.brand.post(`/api/admin/theme/${theme.id}/cancel-send`, { sendIds: [sends.body.data[0].id] });
    expect(one.body.data).toEqual({ cancelled: 1 });
    expect(await statusOf(a.brand, theme.id)).toBe('sentPart');
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/cancel-send`, {})).body.data).toEqual({ cancelled: 1 });
    expect(await statusOf(a.brand, theme.id)).toBe('published');
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/cancel-send`, {})).status).toBe(409);
    expect((await a.brand.post(`/api/admin/theme/${theme.id}/cancel-publish`)).status).toBe(200);

    const logged = await t.database.db.select({ action: operationLogs.action }).from(operationLogs).where(and(eq(operationLogs.recordType, 'theme'), eq(operationLogs.recordId, String(theme.id))));
    const actions = logged.map((l) => l.action);
    expect(actions.filter((x) => x === 'theme_send')).toHaveLength(2);
    expect(actions.filter((x) => x === 'theme_cancel_send')).toHaveLength(2);
  });

  it('needs the send permission, a show duration and at least one target', async () => {
    const theme = await publishedTheme(a.hotel);
    const noDuration = await a.hotel.post(`/api/admin/theme/${theme.id}/send`, { target: 'hotel', hotelIds: [a.hotelIds[0]] });
    expect(noDuration.status).toBe(422);
    expect(Object.keys(noDuration.body.errors)).toEqual(['durationSeconds']);
    expect((await send(a.hotel, theme.id, { target: 'hotel', hotelIds: [a.hotelIds[0]], durationSeconds: 5 })).body.errors.durationSeconds).toEqual(['Show duration must be at least 60']);
    const noHotel = await send(a.hotel, theme.id, { target: 'hotel', hotelIds: [] });
    expect(noHotel.status).toBe(422);
    expect(noHotel.body.errors.hotelIds).toEqual(['Choose at least one target to send to']);
    const zh = await send(a.hotel.withLang('zh-CN'), theme.id, { target: 'hotel' });
    expect(zh.body.errors.hotelIds).toEqual(['请至少选择一个下发对象']);
    expect((await send(a.hotel, theme.id, { target: 'brand' })).body.errors.target).toEqual(['Your account cannot send to this kind of target']);
    expect((await send(a.brand, (await publishedTheme(a.brand)).id, { target: 'all' })).body.errors.target).toEqual(['Your account cannot send to this kind of target']);

    const withoutSend = await createTenant(t, HOTEL_PERMISSIONS.filter((p) => p !== 'theme.send'));
    const own = await publishedTheme(withoutSend.hotel);
    expect((await send(withoutSend.hotel, own.id, { target: 'hotel', hotelIds: [withoutSend.hotelIds[0]] })).status).toBe(403);
    expect((await withoutSend.hotel.post(`/api/admin/theme/${own.id}/cancel-send`, {})).status).toBe(403);
  });

  it('lets only one template be sent to all, also when two sends race', async () => {
    const [x, y] = [await publishedTheme(platform, { name: 'All X' }), await publishedTheme(platform, { name: 'All Y' })];
    const raced = await Promise.all([send(platform, x.id, { target: 'all' }), send(platform, y.id, { target: 'all' })]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = raced[0]!.status === 200 ? x : y;
    const loser = winner === x ? y : x;
    const refused = raced.find((r) => r.status === 409)!;
    expect(refused.body.errmsg).toBe(`The template "${winner === x ? 'All X' : 'All Y'}" is already sent to all; only one template may be sent to all, so cancel its send first`);
    expect(await statusOf(platform, winner.id)).toBe('sentAll');
    expect(await statusOf(platform, loser.id)).toBe('published');
    const live = await t.database.db.select().from(themeSends).where(and(eq(themeSends.targetKind, 'all')));
    expect(live.filter((s) => s.cancelledAt === null)).toHaveLength(1);
    expect((await platform.post(`/api/admin/theme/${winner.id}/cancel-send`, {})).status).toBe(200);
    expect(await statusOf(platform, winner.id)).toBe('published');
    expect((await send(platform, loser.id, { target: 'all' })).status).toBe(200);
    expect((await platform.post(`/api/admin/theme/${loser.id}/cancel-send`, {})).status).toBe(200);
    // A brand's template is never sent to all.
    const branded = await publishedTheme(a.brand);
    expect((await send(platform, branded.id, { target: 'all' })).body.errors.target).toEqual(['Only a platform template can be sent to all']);
  });

  it('closes expired sends and frees the place of the send to all', async () => {
    const theme = await publishedTheme(platform, { name: 'Short' });
    expect((await send(platform, theme.id, { target: 'all', durationSeconds: 60 })).status).toBe(200);
    await t.database.db.update(themeSends).set({ startAt: new Date(Date.now() - 120_000) }).where(eq(themeSends.themeId, theme.id));
    const other = await publishedTheme(platform, { name: 'Next' });
    expect((await send(platform, other.id, { target: 'all' })).status).toBe(200);
    expect(await statusOf(platform, theme.id)).toBe('published');
    await cancelAll([other.id]);
  });
});

describe('tenant rules of sending', () => {
  it("refuses another tenant's hotels, brands and MACs, and lets only the owner send", async () => {
    const theme = await publishedTheme(a.brand);
    expect((await send(a.brand, theme.id, { target: 'hotel', hotelIds: [a.hotelIds[0], b.hotelIds[0]] })).status).toBe(404);
    expect((await send(a.brand, theme.id, { target: 'brand', brandIds: [b.brandId] })).status).toBe(404);
    expect(await statusOf(a.brand, theme.id)).toBe('published');
    const foreignTv = await tvOf(b, b.hotelIds[0]);
    const ownTv = await tvOf(a, a.hotelIds[0]);
    expect((await send(a.brand, theme.id, { target: 'terminal', macs: [foreignTv.mac] })).body.errors.macs).toEqual(['None of these MACs is a terminal you can send to']);
    const mixed = await send(a.brand, theme.id, { target: 'terminal', macs: [ownTv.mac, foreignTv.mac.toLowerCase(), 'nonsense'] });
    expect(mixed.body.data).toMatchObject({ successes: 1, failures: 2, missingMacs: [foreignTv.mac, 'NONSENSE'] });

    // Up to 20,000 MACs in one send (a pasted list or one read from Excel); more is refused on the field.
    const many = Array.from({ length: 19_999 }, (_, i) => `F0${i.toString(16).toUpperCase().padStart(10, '0')}`);
    const big = await send(a.brand, theme.id, { target: 'terminal', macs: [ownTv.mac, ...many] });
    expect(big.body.data).toMatchObject({ successes: 1, failures: 19_999 });
    expect(big.body.data.missingMacs).toHaveLength(19_999);
    const tooMany = await send(a.brand, theme.id, { target: 'terminal', macs: [ownTv.mac, ...many, 'F0FFFFFFFFFF'] });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.errors)).toEqual(['macs']);
    expect(tooMany.body.errors.macs).toEqual(['MAC addresses allows at most 20000 items']);

    const hotelTheme = await publishedTheme(a.hotel);
    expect((await send(a.hotel, hotelTheme.id, { target: 'hotel', hotelIds: [a.hotelIds[1]] })).status).toBe(404);
    expect((await send(a.hotel, hotelTheme.id, { target: 'terminal', macs: [foreignTv.mac] })).status).toBe(422);
    // Other tenants' themes are unknown; shared ones are not theirs to send.
    expect((await send(b.brand, theme.id, { target: 'brand' })).status).toBe(404);
    expect((await b.brand.post(`/api/admin/theme/${theme.id}/cancel-send`, {})).status).toBe(404);
    expect((await b.brand.get(`/api/admin/theme/${theme.id}/sends`)).status).toBe(404);
    const shared = await publishedTheme(platform, { name: 'Shared' });
    const doc = (await platform.get(`/api/admin/theme/${shared.id}`)).body.data;
    const made = await platform.put(`/api/admin/theme/${shared.id}/draft`, { revision: doc.draftRevision, document: { ...doc.document, theme: { ...doc.document.theme, visibility: 'public' } } });
    expect(made.status).toBe(200);
    expect((await send(a.brand, shared.id, { target: 'brand' })).status).toBe(403);
    // The resolution of another tenant's terminal is unknown.
    expect((await a.brand.get(`/api/admin/theme/resolution?mac=${foreignTv.mac}`)).status).toBe(404);
    expect((await a.hotel.get(`/api/admin/theme/resolution?mac=${ownTv.mac}`)).status).toBe(200);
    expect((await a.sibling.get(`/api/admin/theme/resolution?mac=${ownTv.mac}`)).status).toBe(404);
    await cancelAll([theme.id, hotelTheme.id]);
  });

  it("reports hotels a send cannot reach: ones taking their own templates, ones outside the template's reach", async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const [h1, h2] = tenant.hotelIds;
    await t.database.db.update(hotels).set({ themeSource: 'hotel' }).where(eq(hotels.id, h2));
    const theme = await publishedTheme(tenant.brand);
    const res = await send(tenant.brand, theme.id, { target: 'hotel', hotelIds: [h1, h2] });
    expect(res.body.data).toEqual({ successes: 1, failures: 1, failedHotelIds: [h2], missingMacs: [], otherSceneMacs: [] });
    const brandWide = await send(tenant.brand, theme.id, { target: 'brand' });
    expect(brandWide.body.data).toMatchObject({ successes: 1, failures: 1, failedHotelIds: [h2] });
    // The hotel's own send reaches it; a brand's send of one hotel's template to the other does not.
    const own = await publishedTheme(tenant.sibling);
    expect((await send(tenant.sibling, own.id, { target: 'hotel', hotelIds: [h2] })).body.data).toMatchObject({ successes: 1, failures: 0 });
    const first = await publishedTheme(tenant.hotel);
    const crossed = await send(tenant.brand, first.id, { target: 'hotel', hotelIds: [h1, h2] });
    expect(crossed.body.data).toMatchObject({ successes: 1, failures: 1, failedHotelIds: [h2] });
    // A hotel's template is no brand's: sent to the brand it reaches no hotel, and nothing is written.
    const rowsBefore = (await tenant.brand.get(`/api/admin/theme/${first.id}/sends`)).body.data.length;
    const brandOfHotel = await send(tenant.brand, first.id, { target: 'brand' });
    expect(brandOfHotel.body.data).toMatchObject({ successes: 0, failures: 2, failedHotelIds: [h1, h2].sort((x, y) => x - y) });
    expect((await tenant.brand.get(`/api/admin/theme/${first.id}/sends`)).body.data).toHaveLength(rowsBefore);
    await cancelAll([theme.id, own.id, first.id]);
  });
});

describe('resolution', () => {
  it('decides per terminal: MAC over hotel over brand over all, the latest within a rank, by equipment type', async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const [h1, h2] = tenant.hotelIds;
    const tv = {
      room1: await tvOf(tenant, h1),
      mac: await tvOf(tenant, h1),
      room2: await tvOf(tenant, h2),
      office: await tvOf(tenant, h1, 'office'),
      consumer: await tvOf(tenant, h1, 'default'),
      elsewhere: await tvOf(b, b.hotelIds[1]),
    };
    const all = await publishedTheme(platform, { name: 'P all' });
    const brand = await publishedTheme(tenant.brand, { name: 'B brand' });
    const hotel = await publishedTheme(tenant.brand, { name: 'B hotel' });
    const mac = await publishedTheme(tenant.brand, { name: 'B mac' });
    const own = await publishedTheme(tenant.hotel, { name: 'H own' });
    const meeting = await publishedTheme(tenant.brand, { name: 'B meeting', equipmentType: 'meeting' });
    const ok = async (client: Client, id: number, body: Record<string, unknown>) => expect((await send(client, id, body)).status).toBe(200);
    await ok(platform, all.id, { target: 'all' });
    await ok(tenant.brand, brand.id, { target: 'brand' });
    await ok(tenant.brand, hotel.id, { target: 'hotel', hotelIds: [h1] });
    await ok(tenant.brand, mac.id, { target: 'terminal', macs: [tv.mac.mac] });
    await ok(tenant.hotel, own.id, { target: 'hotel', hotelIds: [h1] });
    await ok(tenant.brand, meeting.id, { target: 'brand' });

    const table: [keyof typeof tv, Theme | null, string[]][] = [
      ['room1', own, ['H own', 'B hotel', 'B brand', 'P all']],
      ['mac', mac, ['B mac', 'H own', 'B hotel', 'B brand', 'P all']],
      ['room2', brand, ['B brand', 'P all']],
      ['office', meeting, ['B meeting']],
      ['consumer', null, []],
      ['elsewhere', all, ['P all']],
    ];
    const resolved = await resolveThemes(t.database.db, Object.values(tv).map((x) => x.terminalId));
    for (const [name, expected, candidates] of table) {
      expect(resolved.get(tv[name].terminalId)?.themeId ?? null, name).toBe(expected?.id ?? null);
      const why = await (name === 'elsewhere' ? b.brand : tenant.brand).get(`/api/admin/theme/resolution?mac=${tv[name].mac}`);
      expect(why.status).toBe(200);
      expect(why.body.data.candidates.map((c: any) => c.themeName), name).toEqual(candidates);
      if (expected) expect(why.body.data.theme.id).toBe(expected.id);
    }
    const why = (await tenant.brand.get(`/api/admin/theme/resolution?mac=${tv.room1.mac}`)).body.data;
    expect(why.candidates[0]).toMatchObject({ winner: true, rank: 3, targetKind: 'hotel', targetId: h1, sentBy: tenant.users.hotel.loginName, version: 1 });
    expect(why.candidates[3]).toMatchObject({ winner: false, rank: 1, targetKind: 'all', targetName: null });

    // A hotel that takes its own templates only: sends from above no longer reach it.
    await t.database.db.update(hotels).set({ themeSource: 'hotel' }).where(eq(hotels.id, h2));
    expect((await resolveThemes(t.database.db, [tv.room2.terminalId])).size).toBe(0);
    // A cancelled MAC send gives way to the hotel rank.
    await tenant.brand.post(`/api/admin/theme/${mac.id}/cancel-send`, {});
    expect((await resolveThemes(t.database.db, [tv.mac.terminalId])).get(tv.mac.terminalId)?.themeId).toBe(own.id);
    // A send past its show duration counts no more, even before the periodic job closes it.
    await t.database.db.update(themeSends).set({ startAt: new Date(Date.now() - 2 * DAY * 1000) }).where(eq(themeSends.themeId, own.id));
    expect((await resolveThemes(t.database.db, [tv.room1.terminalId])).get(tv.room1.terminalId)?.themeId).toBe(hotel.id);
    await cancelAll([all.id, brand.id, hotel.id, own.id, meeting.id]);
  });
});

describe('where a theme is live', () => {
  it('counts the TVs of the caller’s reach whose winning send is the theme’s, their hotels and the version they show', async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const [h1, h2] = tenant.hotelIds;
    await tvOf(tenant, h1);
    const outranked = await tvOf(tenant, h1);
    await tvOf(tenant, h2);
    await tvOf(tenant, h2, 'office');
    const brandTheme = await publishedTheme(tenant.brand, { name: 'Audience' });
    const audience = async (client: Client, id = brandTheme.id) => {
      const res = await client.get(`/api/admin/theme/${id}/audience`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    expect(await audience(tenant.brand)).toEqual({ terminals: 0, hotels: 0, liveVersion: { id: expect.any(Number), number: 1 } });
    expect((await send(tenant.brand, brandTheme.id, { target: 'brand' })).status).toBe(200);
    const macTheme = await publishedTheme(tenant.brand, { name: 'Audience MAC' });
    expect((await send(tenant.brand, macTheme.id, { target: 'terminal', macs: [outranked.mac] })).status).toBe(200);
    // Three room TVs in two hotels are reached; one shows a MAC send instead, the office TV another equipment type.
    expect(await audience(tenant.brand)).toMatchObject({ terminals: 2, hotels: 2, liveVersion: { number: 1 } });
    expect(await audience(tenant.brand, macTheme.id)).toMatchObject({ terminals: 1, hotels: 1 });
    // The first hotel's own send outranks the brand's there.
    const own = await publishedTheme(tenant.hotel, { name: 'Audience own' });
    expect((await send(tenant.hotel, own.id, { target: 'hotel', hotelIds: [h1] })).status).toBe(200);
    expect(await audience(tenant.hotel, own.id)).toMatchObject({ terminals: 1, hotels: 1 });
    expect(await audience(tenant.brand)).toMatchObject({ terminals: 1, hotels: 1 });
    // Another brand cannot ask.
    expect((await b.brand.get(`/api/admin/theme/${brandTheme.id}/audience`)).status).toBe(404);
    expect((await b.hotel.get(`/api/admin/theme/${own.id}/audience`)).status).toBe(404);
    await cancelAll([brandTheme.id, macTheme.id, own.id]);
    expect(await audience(tenant.brand)).toMatchObject({ terminals: 0, hotels: 0 });
  });

  it('shows a hotel the brand’s private template its TVs show, read-only, and no other hotel', async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const [h1] = tenant.hotelIds;
    const hidden = await publishedTheme(tenant.brand, { name: 'Shown here' });
    const listed = async (client: Client) => ((await client.get('/api/admin/theme?name=Shown here')).body.data.items as { id: number; shownHere: boolean; editable: boolean; actions: string[] }[]).filter((i) => i.id === hidden.id);
    expect(await listed(tenant.hotel)).toEqual([]);
    expect((await tenant.hotel.get(`/api/admin/theme/${hidden.id}`)).status).toBe(404);
    expect((await send(tenant.brand, hidden.id, { target: 'hotel', hotelIds: [h1] })).status).toBe(200);
    expect(await listed(tenant.hotel)).toEqual([expect.objectContaining({ shownHere: true, editable: false, actions: [] })]);
    expect((await tenant.hotel.get(`/api/admin/theme/${hidden.id}`)).status).toBe(200);
    expect((await tenant.hotel.put(`/api/admin/theme/${hidden.id}/draft`, { revision: hidden.draftRevision, document: hidden.document })).status).toBe(403);
    // The other hotel of the brand and another brand's hotel see nothing of it.
    expect(await listed(tenant.sibling)).toEqual([]);
    expect((await b.hotel.get(`/api/admin/theme/${hidden.id}`)).status).toBe(404);
    // Sent to the brand, it reaches the sibling too; a hotel taking its own templates only is not reached.
    expect((await send(tenant.brand, hidden.id, { target: 'brand' })).status).toBe(200);
    expect(await listed(tenant.sibling)).toEqual([expect.objectContaining({ shownHere: true })]);
    await t.database.db.update(hotels).set({ themeSource: 'hotel' }).where(eq(hotels.id, tenant.hotelIds[1]));
    expect(await listed(tenant.sibling)).toEqual([]);
    await cancelAll([hidden.id]);
    expect(await listed(tenant.hotel)).toEqual([]);
  });
});

describe('what the TV receives', () => {
  it('names the version in its configuration and serves it at an immutable address with its assets', async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const material = await addMaterial(tenant.brand, 'Lobby');
    const theme = await createTheme(tenant.brand, { name: 'Pictured' });
    const doc = structuredClone(theme.document);
    doc.layouts[0].pages[0].containers = [{ key: 'c1', name: 'Main', x: 0, y: 0, width: 1920, height: 1080, blocks: [{ type: 'image', key: 'pic', x: 0, y: 0, width: 100, height: 100, materialIds: [material] }] }];
    expect((await tenant.brand.put(`/api/admin/theme/${theme.id}/draft`, { revision: theme.draftRevision, document: doc })).status).toBe(200);
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    const tv = await tvOf(tenant, tenant.hotelIds[0]);
    const unauthorized = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[0]) });
    // Online: the server holds it in memory.
    expect((await tv.device.post('/api/device/v1/heartbeat', {})).status).toBe(200);
    expect((await send(tenant.brand, theme.id, { target: 'hotel', hotelIds: [tenant.hotelIds[0]] })).status).toBe(200);

    // The TV is told at once on the push channel (the send named its hotel).
    const pushed = await tv.device.get('/api/device/v1/commands?wait=0');
    expect(pushed.body.data.commands.map((c: { type: string }) => c.type)).toContain('config');
    const config = await tv.device.get('/api/device/v1/config');
    const part = config.body.data.theme;
    expect(part).toMatchObject({ id: theme.id, name: 'Pictured', version: 1 });
    expect(part.url).toMatch(/^\/api\/device\/v1\/theme-versions\/\d+\/[0-9a-f]{64}$/);
    expect((await unauthorized.device.get('/api/device/v1/config')).body.data.theme).toBeNull();

    const first = await tv.device.get(part.url);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(first.headers.etag).toBe(part.etag);
    expect(`"${createHash('sha256').update(first.raw.rawPayload).digest('hex')}"`).toBe(part.etag);
    expect(first.body.document.layouts[0].pages[0].containers[0].blocks[0].materialIds).toEqual([material]);
    const [asset] = first.body.assets;
    expect(asset).toMatchObject({ materialId: material, mime: 'image/png' });
    const again = await tv.device.request('GET', part.url, undefined, { 'if-none-match': part.etag });
    expect(again.status).toBe(304);
    const file = await tv.device.get(asset.url);
    expect(file.status).toBe(200);
    expect(createHash('sha256').update(file.raw.rawPayload).digest('hex')).toBe(asset.sha256);
    expect(file.raw.rawPayload.length).toBe(asset.size);

    expect((await new Client(t.app).get(part.url)).status).toBe(401);
    expect((await tv.device.get(part.url.replace(/[0-9a-f]{64}$/, '0'.repeat(64)))).status).toBe(404);
    expect((await tv.device.get(asset.url.replace(/files\/.*$/, 'files/00000000-0000-0000-0000-000000000000'))).status).toBe(404);
    // A timed version not yet published never reaches TVs, even at its own address.
    const timed = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const [pending] = await t.database.db.select().from(themeVersions).where(eq(themeVersions.id, timed.body.data.id));
    expect((await tv.device.get(`/api/device/v1/theme-versions/${pending!.id}/${pending!.payloadSha256}`)).status).toBe(404);
    expect((await tv.device.get('/api/device/v1/config')).body.data.theme.version).toBe(1);
    // Cancelling the send changes the TV's stamp: its next configuration has no theme.
    const stamp = config.headers['x-config-stamp'];
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/cancel-send`, {})).status).toBe(200);
    const after = await tv.device.get('/api/device/v1/config');
    expect(after.headers['x-config-stamp']).not.toBe(stamp);
    expect(after.body.data.theme).toBeNull();
  });
});

describe('new versions of a sent template', () => {
  it('reach its TVs when a timed version comes due, and the theme stays sent', async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const tv = await tvOf(tenant, tenant.hotelIds[0]);
    const theme = await publishedTheme(tenant.brand, { name: 'Timed' });
    expect((await send(tenant.brand, theme.id, { target: 'hotel', hotelIds: [tenant.hotelIds[0]] })).status).toBe(200);
    const before = await tv.device.get('/api/device/v1/config');
    expect(before.body.data.theme.version).toBe(1);
    const timed = await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.database.db.update(themeVersions).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(themeVersions.id, timed.body.data.id));
    await publishDueVersions(t.database.db);
    const after = await tv.device.get('/api/device/v1/config');
    expect(after.headers['x-config-stamp']).not.toBe(before.headers['x-config-stamp']);
    expect(after.body.data.theme.version).toBe(2);
    expect(await statusOf(tenant.brand, theme.id)).toBe('sentPart');
    await cancelAll([theme.id]);
  });
});

describe('the simulator', () => {
  let fleet: Fleet | undefined;
  afterAll(async () => fleet?.stop());

  it('learns a new version on its next heartbeat and downloads each version once', async () => {
    const tenant = await createTenant(t, HOTEL_PERMISSIONS);
    const url = await listeningUrl(t);
    fleet = await startFleet({ url, count: 1, seed: `send-${Date.now()}`, installCode: await installCodeOf(t, tenant.hotelIds[0]), interval: 1, push: false });
    const tv = fleet.tvs[0]!;
    expect((await tenant.hotel.post('/api/terminals/authorize', { macs: [tv.mac] })).status).toBe(200);
    const until = async (check: () => boolean) => {
      const end = Date.now() + 8000;
      while (!check()) {
        if (Date.now() > end) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => tv.authorization === 'authorized');
    const theme = await publishedTheme(tenant.brand, { name: 'Simulated' });
    expect((await send(tenant.brand, theme.id, { target: 'hotel', hotelIds: [tenant.hotelIds[0]] })).status).toBe(200);
    await until(() => tv.theme?.version === 1);
    expect(tv.themeDownloads).toBe(1);
    expect((await tenant.brand.post(`/api/admin/theme/${theme.id}/publish`, {})).status).toBe(200);
    const beats = tv.heartbeats;
    await until(() => tv.theme?.version === 2);
    // Learnt from the first heartbeat after the change (a heartbeat already in flight may come before it).
    expect(tv.heartbeats).toBeLessThanOrEqual(beats + 2);
    const beatsAfter = tv.heartbeats;
    await until(() => tv.heartbeats >= beatsAfter + 2);
    expect(tv.themeDownloads).toBe(2);
    await cancelAll([theme.id]);
  });
});
