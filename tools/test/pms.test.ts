import { pmsEvent } from '@htv/shared/areas/pms/protocol';
import { describe, expect, it } from 'vitest';
import { fiasRecordOf, HotelDay } from '../pms/lib.js';

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('the PMS simulator’s day', () => {
  it('sends only valid events and keeps every guest in a room of the hotel, one a room', () => {
    const rooms = Array.from({ length: 20 }, (_, i) => String(801 + i));
    const day = new HotelDay('1000001', rooms, { occupancy: 0.5, group: 'TG01', random: seeded(7) });
    const events = [...day.fill(), ...Array.from({ length: 500 }, () => day.next())];
    for (const event of events) expect(pmsEvent.safeParse(event).success, JSON.stringify(event)).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['checkIn', 'checkOut', 'roomMove', 'wakeUpSet', 'wakeUpClear', 'messageWaiting', 'guestChange']));
    const occupied = day.occupied();
    expect(new Set(occupied).size).toBe(occupied.length);
    for (const room of occupied) expect(rooms).toContain(room);
  });

  it('writes each event as its FIAS record', () => {
    expect(fiasRecordOf({ id: 'a', type: 'roomMove', room: '801', toRoom: '802', reservation: 'R1' })).toMatchObject({ type: 'GC', fields: { RN: '802', RO: '801', 'G#': 'R1' } });
    expect(fiasRecordOf({ id: 'b', type: 'checkIn', room: '801', guest: { name: 'Li', language: 'ja' }, arrival: '2026-11-28' })).toMatchObject({ type: 'GI', fields: { RN: '801', GN: 'Li', GL: 'JA', GA: '261128' } });
    expect(fiasRecordOf({ id: 'c', type: 'messageWaiting', room: '801', count: 0 }).type).toBe('XD');
  });
});
