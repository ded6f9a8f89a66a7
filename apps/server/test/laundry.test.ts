import { LaundrySimulator } from '@htv/tools/laundry';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLaundryProvider } from '../src/areas/laundry/providers.js';
import { BOOKINGS_PER_ROOM_DAY } from '../src/areas/laundry/service.js';
import { laundryBookings } from '../src/db/schema/index.js';
import { installCodeOf, registerTv, type Tv } from './devices-support.js';
import { Client, testApp, type TestApp } from './support/app.js';
import { createPlatformAdmin, createTenant, type Tenant } from './support/fixtures.js';

let t: TestApp;
let anonymous: Client;
let a: Tenant;
let b: Tenant;
let sim: LaundrySimulator;
const MACHINES = ['LX-1', 'LX-2', 'LX-3', 'LX-4', 'LX-5', 'LX-6'];
const machineIds = new Map<string, number>();

const RIGHTS = ['washingMachine.read', 'washingMachine.create', 'washingMachine.update', 'washingMachine.delete'];

/** A guest's laundry token from the room TV's QR code. */
async function guestToken(tenant: Tenant, room: string): Promise<{ tv: Tv; token: string }> {
  const tv = await registerTv(t, { installCode: await installCodeOf(t, tenant.hotelIds[0]), roomNumber: room });
  const qr = await tv.device.get('/api/device/v1/laundry/qr');
  expect(qr.status, JSON.stringify(qr.body)).toBe(200);
  const url = new URL(qr.body.data.url);
  expect(url.pathname).toBe('/new-frontend/h5_washing');
  return { tv, token: url.searchParams.get('token')! };
}
const view = (token: string) => anonymous.get(`/api/laundry/guest?token=${encodeURIComponent(token)}`);
const book = (token: string, machineId: number) => anonymous.post(`/api/laundry/guest/book?token=${encodeURIComponent(token)}`, { machineId });
const stateOf = async (number: string) => (await a.hotel.get(`/api/records/washing-machines?number=${number}`)).body.data.items.find((m: { number: string }) => m.number === number);
const settle = () => new Promise((r) => setTimeout(r, 150));

beforeAll(async () => {
  t = await testApp();
  await createPlatformAdmin(t);
  anonymous = new Client(t.app);
  a = await createTenant(t, RIGHTS);
  b = await createTenant(t, RIGHTS);
  for (const [i, id] of MACHINES.entries()) {
    const res = await a.hotel.post('/api/records/washing-machines', { number: `W${i + 1}`, thirdPartyId: id, type: 'washer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.state).toBe('offline');
    machineIds.set(id, res.body.data.id);
  }
  sim = new LaundrySimulator({ machines: MACHINES, cycleMs: 60_000, unloadMs: 60_000 });
  await connectLaundryProvider(t.database.db, a.hotelIds[0], sim, console);
});

afterAll(() => sim?.stop());

describe('washing machines', () => {
  it('take their states from the provider; the hotel’s list shows them and another hotel sees none', async () => {
    expect((await stateOf('W1')).state).toBe('free');
    sim.force('LX-6', 'error');
    await settle();
    expect((await stateOf('W6')).state).toBe('error');
    const theirs = await b.hotel.get('/api/records/washing-machines');
    expect(theirs.body.data.items).toEqual([]);
    expect((await b.hotel.get(`/api/records/washing-machines/${machineIds.get('LX-1')}`)).status).toBe(404);
    expect((await b.hotel.put(`/api/records/washing-machines/${machineIds.get('LX-1')}`, { number: 'X1', thirdPartyId: 'LX-1', type: 'dryer' })).status).toBe(404);
    expect((await b.hotel.delete(`/api/records/washing-machines/${machineIds.get('LX-1')}`)).status).toBe(404);
    // The state is the provider's, not the hotel's to set.
    await a.hotel.put(`/api/records/washing-machines/${machineIds.get('LX-1')}`, { number: 'W1', thirdPartyId: 'LX-1', type: 'washer', state: 'inUse' });
    expect((await stateOf('W1')).state).toBe('free');
  });
});

describe('the guest’s laundry page', () => {
  it('lists the free machines of the token’s hotel only; a forged token is refused in both languages', async () => {
    const { token } = await guestToken(a, '701');
    const page = await view(token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.roomNumber).toBe('701');
    const numbers = page.body.data.machines.map((m: { number: string }) => m.number);
    expect(numbers).not.toContain('W6');
    expect(numbers).toContain('W1');
    const forged = await view(`${token.slice(0, -3)}abc`);
    expect(forged.status).toBe(422);
    expect(forged.body.errkey).toBe('laundry.badToken');
    // A feedback token of the same TV opens no laundry page.
    const { tv } = await guestToken(a, '701');
    const feedback = new URL((await tv.device.get('/api/device/v1/feedback-qr')).body.data.url).searchParams.get('token')!;
    expect((await view(feedback)).status).toBe(422);
  });

  it('books and starts a machine for the room; the TV’s part shows the wash; finished then unloaded frees it', async () => {
    const { tv, token } = await guestToken(a, '702');
    const res = await book(token, machineIds.get('LX-1')!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stateOf('W1'))).toMatchObject({ state: 'inUse', roomNumber: '702' });
    const part = (await tv.device.get('/api/device/v1/config')).body.data.laundry;
    expect(part.washes).toEqual([expect.objectContaining({ number: 'W1', state: 'running' })]);
    sim.finish('LX-1');
    await settle();
    expect((await stateOf('W1')).state).toBe('locked');
    const booking = await anonymous.get(`/api/laundry/guest/bookings/${res.body.data.bookingId}?token=${encodeURIComponent(token)}`);
    expect(booking.body.data.state).toBe('finished');
    const unloaded = await anonymous.post(`/api/laundry/guest/bookings/${res.body.data.bookingId}/unloaded?token=${encodeURIComponent(token)}`);
    expect(unloaded.body.data.released).toBe(true);
    await settle();
    expect((await stateOf('W1')).state).toBe('free');
    expect((await tv.device.get('/api/device/v1/config')).body.data.laundry.washes).toEqual([]);
  });

  it('two guests booking the last free machine at once: one gets it, the other a clear message', async () => {
    for (const id of ['LX-2', 'LX-3', 'LX-4']) sim.force(id, 'offline');
    await settle();
    const one = await guestToken(a, '703');
    const two = await guestToken(a, '704');
    const results = await Promise.all([book(one.token, machineIds.get('LX-5')!), book(two.token, machineIds.get('LX-5')!)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.errmsg).toBe('This machine was just taken or cannot be used now; choose another one');
    for (const id of ['LX-2', 'LX-3', 'LX-4']) sim.force(id, 'free');
    await settle();
  });

  it('broken or offline machines cannot be booked; another hotel’s machine is as if it did not exist', async () => {
    const { token } = await guestToken(a, '705');
    expect((await book(token, machineIds.get('LX-6')!)).status).toBe(409);
    sim.force('LX-4', 'offline');
    await settle();
    expect((await book(token, machineIds.get('LX-4')!)).status).toBe(409);
    const theirs = await guestToken(b, '705');
    expect((await book(theirs.token, machineIds.get('LX-2')!)).status).toBe(409);
    expect((await stateOf('W2')).state).toBe('free');
  });

  it('limits a room’s bookings a day, and another room cannot read a booking by its number', async () => {
    const { token } = await guestToken(a, '706');
    const ids: number[] = [];
    for (const id of ['LX-2', 'LX-3']) {
      const res = await book(token, machineIds.get(id)!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.data.bookingId);
    }
    await t.database.db.insert(laundryBookings).values({ brandId: a.brandId, hotelId: a.hotelIds[0], machineId: machineIds.get('LX-6')!, terminalId: 1, roomNumber: '706', state: 'done' });
    sim.force('LX-4', 'free');
    await settle();
    const over = await book(token, machineIds.get('LX-4')!);
    expect(over.status).toBe(409);
    expect(over.body.errmsg).toBe(`A room can book the laundry ${BOOKINGS_PER_ROOM_DAY} times a day`);
    const other = await guestToken(a, '707');
    expect((await anonymous.get(`/api/laundry/guest/bookings/${ids[0]}?token=${encodeURIComponent(other.token)}`)).status).toBe(404);
    const rows = await t.database.db.select().from(laundryBookings).where(eq(laundryBookings.roomNumber, '706'));
    expect(rows).toHaveLength(3);
  });

  it('throttles a guest address', async () => {
    const { token } = await guestToken(a, '708');
    let last = 0;
    for (let i = 0; i < 125; i++) {
      const raw = await t.app.inject({ method: 'GET', url: `/api/laundry/guest?token=${encodeURIComponent(token)}`, remoteAddress: '10.66.0.1' });
      last = raw.statusCode;
    }
    expect(last).toBe(429);
  });
});
