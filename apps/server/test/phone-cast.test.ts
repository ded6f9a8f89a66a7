import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, phoneCasts, recordTables } from '../src/db/schema/index.js';
import { localDiskStorage } from '../src/files/storage.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { createRooms, HttpPms, usePmsVendor } from './pms-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';
import { mp4, multipartBody, png, zip } from './support/images.js';

let t: TestApp;
let anonymous: Client;
let a: Tenant;
let pms: HttpPms;

const HOTEL_RIGHTS = ['room.read', 'room.create', 'pmsInterface.manage', 'terminal.read'];
let eventNo = 0;
const event = (type: string, room: string, extra: Record<string, unknown> = {}) => ({ id: `cast-${Date.now()}-${++eventNo}`, type, room, reservation: `C${room}`, ...extra });

interface Command {
  type: string;
  data?: { cast?: { id: number; kind: string; url: string; qr?: string }; castStop?: number | null };
}
const commandsOf = async (tv: Tv) => (await tv.device.get('/api/device/v1/commands?wait=0')).body.data.commands as Command[];
const castsOf = async (tv: Tv) => (await commandsOf(tv)).filter((c) => c.data?.cast || c.data && 'castStop' in c.data);
/** The cast commands a TV is sent next (on PostgreSQL they come round the bus, a moment after the answer). */
async function castsArriving(tv: Tv): Promise<Command[]> {
  const arrived: Command[] = [];
  await expect.poll(async () => (arrived.push(...(await castsOf(tv))), arrived.length), { timeout: 5000 }).toBeGreaterThan(0);
  return arrived;
}

/** A bound phone: casts with its token. */
class Phone {
  token = '';
  async bind(tv: Tv) {
    const pair = await tv.device.get('/api/device/v1/phone/pair');
    const code = new URL(pair.body.data.url).searchParams.get('code')!;
    const res = await anonymous.request('POST', '/api/phone/bind', { code }, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    this.token = res.body.data.token;
    return this;
  }
  cast(kind: string, data: Buffer, name = 'photo.png', type = 'image/png') {
    const { payload, headers } = multipartBody({ name, type, data });
    return anonymous.request('POST', `/api/phone/cast?kind=${kind}`, payload, { ...headers, 'x-phone-token': this.token });
  }
  castUrl(url: unknown) {
    return anonymous.request('POST', '/api/phone/cast/url', { url }, { 'x-phone-token': this.token });
  }
}

let room = 700;
async function guestTv(): Promise<{ tv: Tv; room: string }> {
  const number = String(++room);
  await createRooms(a.hotel, [number]);
  const tv = await registerTv(t, { installCode: await installCodeOf(t, a.hotelIds[0]), roomNumber: number });
  // Cast files are served to authorized TVs only (like every file of the hotel a TV reads).
  await t.database.db.update(recordTables.terminal!).set({ authorization: 'authorized' }).where(eq(recordTables.terminal!.id, tv.terminalId));
  expect((await pms.send(event('checkIn', number, { guest: { name: 'Han Meimei' } }))).status).toBe(200);
  return { tv, room: number };
}

beforeAll(async () => {
  t = await testApp();
  const platform = await createPlatformAdmin(t);
  anonymous = new Client(t.app);
  a = await createTenant(t, HOTEL_RIGHTS);
  await usePmsVendor(t, platform, a.hotelIds[0], 'http');
  pms = await HttpPms.of(t, a.hotel, a.hotelIds[0]);
});

describe('casting from a bound phone', () => {
  it('a picture reaches only the bound TV, which reads it by its signed address; another TV’s address or a changed id finds nothing', async () => {
    const mine = await guestTv();
    const other = await guestTv();
    const phone = await new Phone().bind(mine.tv);
    await commandsOf(mine.tv);
    await commandsOf(other.tv);
    const sent = await phone.cast('image', png(64, 48));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [command] = await castsOf(mine.tv);
    expect(command!.data!.cast).toMatchObject({ id: sent.body.data.id, kind: 'image' });
    expect(await castsOf(other.tv)).toEqual([]);
    const address = command!.data!.cast!.url;
    expect(address).toMatch(/^\/api\/device\/v1\/cast-files\/\d+\/[0-9a-f-]{36}\/[\w-]+$/);
    const bytes = await t.app.inject({ method: 'GET', url: address });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    // The same file under the other TV's id (the signature names the TV), or a made-up signature: 404.
    const [, , , , , terminal, fileId] = address.split('/');
    expect((await t.app.inject({ method: 'GET', url: address.replace(`/${terminal}/`, `/${other.tv.terminalId}/`) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/device/v1/cast-files/${terminal}/${fileId}/AAAAAAAAAAAAAAAAAAAAAAAA` })).statusCode).toBe(404);
    // The console cannot upload under the cast rules.
    const { payload, headers } = multipartBody({ name: 'x.png', type: 'image/png', data: png(4, 4) });
    const consoleUpload = await a.hotel.request('POST', '/api/files?rule=castImage', payload, headers);
    expect(consoleUpload.status).toBe(422);
    // Stopping: the TV is told, and the file's address no longer answers.
    const stop = await anonymous.request('DELETE', '/api/phone/cast', undefined, { 'x-phone-token': phone.token });
    expect(stop.body.data).toEqual({ stopped: true });
    expect((await castsOf(mine.tv)).map((c) => c.data)).toEqual([{ castStop: sent.body.data.id }]);
    expect((await t.app.inject({ method: 'GET', url: address })).statusCode).toBe(404);
  });

  it('a video plays from its address; files are judged by content, not by name or type', async () => {
    const { tv } = await guestTv();
    const phone = await new Phone().bind(tv);
    await commandsOf(tv);
    const video = await phone.cast('video', mp4(4096), 'clip.mp4', 'video/mp4');
    expect(video.status, JSON.stringify(video.body)).toBe(200);
    expect((await castsArriving(tv))[0]!.data!.cast!.kind).toBe('video');
    // A zip named .png and sent as a picture, a picture sent as a video, an empty file, an unknown kind.
    const fake = await phone.cast('image', zip({ 'a.txt': 'hello' }), 'photo.png', 'image/png');
    expect(fake.status).toBe(422);
    expect(fake.body.errors!.file![0]).toMatch(/jpeg|png/);
    expect((await phone.cast('video', png(8, 8), 'clip.mp4', 'video/mp4')).status).toBe(422);
    expect((await phone.cast('image', Buffer.alloc(0))).status).toBe(422);
    expect((await phone.cast('document', png(8, 8))).status).toBe(422);
    expect(await castsOf(tv)).toEqual([]);
  });

  it('web addresses: http(s) only, no credentials; the TV gets the address and its QR code', async () => {
    const { tv } = await guestTv();
    const phone = await new Phone().bind(tv);
    await commandsOf(tv);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi', 'https://user:pw@example.com/', 'ftp://example.com', 'not a url', `https://example.com/${'a'.repeat(2000)}`, 42]) {
      const res = await phone.castUrl(bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors.url).toHaveLength(1);
    }
    const ok = await phone.castUrl('https://example.com/menu?table=3');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [command] = await castsArriving(tv);
    expect(command!.data!.cast).toMatchObject({ kind: 'url', url: 'https://example.com/menu?table=3' });
    expect(command!.data!.cast!.qr).toMatch(/^data:image\/png;base64,/);
  });

  it('an unbound or ended phone casts nothing, and a phone casting too often is throttled', async () => {
    const { tv } = await guestTv();
    const stranger = new Phone();
    stranger.token = 'B'.repeat(22);
    expect((await stranger.castUrl('https://example.com/')).status).toBe(401);
    expect((await stranger.cast('image', png(8, 8))).status).toBe(401);
    const phone = await new Phone().bind(tv);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await phone.castUrl(`https://example.com/${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await phone.castUrl('https://example.com/again');
    expect(refused.status).toBe(429);
    expect(refused.body.errkey).toBe('phone.rateLimited');
  });

  it('check-out removes the stay’s cast files (rows and bytes) and lists them on the receipt', async () => {
    const { tv, room: number } = await guestTv();
    const phone = await new Phone().bind(tv);
    const first = await phone.cast('image', png(32, 32));
    const second = await phone.cast('video', mp4(2048), 'clip.mp4', 'video/mp4');
    expect([first.status, second.status]).toEqual([200, 200]);
    const rows = await t.database.db.select({ fileId: phoneCasts.fileId }).from(phoneCasts).where(eq(phoneCasts.terminalId, tv.terminalId));
    const fileIds = rows.map((r) => r.fileId!);
    expect(fileIds).toHaveLength(2);
    const stored = await t.database.db.select({ key: files.storageKey }).from(files).where(eq(files.id, fileIds[0]!));
    const storage = localDiskStorage(t.config.dataDir);
    expect(await storage.exists(stored[0]!.key)).toBe(true);

    await commandsOf(tv);
    const out = await pms.send(event('checkOut', number));
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    // The TV takes the shown cast off its screen (on PostgreSQL the command comes round the bus).
    expect((await castsArriving(tv)).map((c) => c.data)).toEqual([{ castStop: null }]);
    for (const id of fileIds) expect(await t.database.db.select().from(files).where(eq(files.id, id))).toEqual([]);
    await expect.poll(() => storage.exists(stored[0]!.key), { timeout: 3000 }).toBe(false);
    const stays = await a.hotel.get(`/api/records/stays?roomNumber=${number}&state=checkedOut`);
    expect(JSON.stringify(stays.body.data.items[0])).toContain('phone.receiptCasts');
    expect((await phone.castUrl('https://example.com/')).status).toBe(401);
  });
});
