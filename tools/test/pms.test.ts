import { pmsEvent } from '@htv/shared/areas/pms/protocol';
import { describe, expect, it } from 'vitest';
import { encodeFias, FiasReader, fiasRecordOf, HotelDay, SimulatedFolios } from '../pms/lib.js';

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

describe('the PMS simulator’s folios', () => {
  const ps = (sequence: string, room: string, amount = '2500') => new Map([['P#', sequence], ['RN', room], ['TA', amount], ['G#', `G${room}`], ['CT', 'Shop 1']]);

  it('posts a PS once per sequence and answers PA OK, again OK for a sequence sent twice', () => {
    const folios = new SimulatedFolios();
    expect(folios.post(ps('11', '801'))).toMatchObject({ RN: '801', 'P#': '11', AS: 'OK' });
    expect(folios.post(ps('11', '801'))).toMatchObject({ AS: 'OK' });
    expect([...folios.postings.values()]).toEqual([{ sequence: '11', room: '801', reservation: 'G801', amountMinor: 2500, text: 'Shop 1' }]);
  });

  it('refuses a room’s postings when told, loses an answer when told', () => {
    const folios = new SimulatedFolios();
    folios.refuseRoom('802');
    expect(folios.post(ps('12', '802'))).toMatchObject({ AS: 'NP', CT: 'No post allowed' });
    expect(folios.postings.size).toBe(0);
    folios.allowRoom('802');
    folios.loseAnswers = 1;
    expect(folios.post(ps('12', '802'))).toBeNull();
    expect(folios.post(ps('12', '802'))).toMatchObject({ AS: 'OK' });
    expect(folios.postings.size).toBe(1);
  });

  it('reads records split across chunks', () => {
    const reader = new FiasReader();
    const bytes = Buffer.concat([encodeFias('PS', { RN: '801', 'P#': '3' }), encodeFias('LA')]);
    expect(reader.push(bytes.subarray(0, 7))).toEqual([]);
    const records = reader.push(bytes.subarray(7));
    expect(records.map((record) => [record.type, Object.fromEntries(record.fields)])).toEqual([
      ['PS', { RN: '801', 'P#': '3' }],
      ['LA', {}],
    ]);
  });
});
