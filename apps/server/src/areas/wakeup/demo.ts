import { DEFAULT_WAKE_WORDS } from '@htv/shared/areas/wakeup/device';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { wakeupEvents } from './schema.js';
import { localDateTime, localMoment } from './time.js';

const DAY = 86_400_000;
const OFFSET = '+08:00';

/**
 * The demo hotel's wake-up calls in each state, with their histories: yesterday's answered, not
 * answered and missed calls, a cancelled one, and the coming days' scheduled calls (one daily) and a
 * group's. The PMS simulator adds and clears calls through the day (docs/pms.md).
 */
export async function seedDemoWakeUps(tx: Db, owner: { brandId: number; hotelId: number }): Promise<void> {
  const rooms = recordTables.room!;
  const numbers = (await tx.select({ number: rooms.number }).from(rooms).where(eq(rooms.hotelId, owner.hotelId)).orderBy(asc(rooms.number)).limit(8)).map((r) => r.number as string);
  if (numbers.length < 6) return;
  const today = localDateTime(new Date(), OFFSET).date;
  const day = (offset: number) => localDateTime(new Date(Date.parse(`${today}T12:00:00${OFFSET}`) + offset * DAY), OFFSET).date;
  const groups = recordTables.wakeUpGroup!;
  const [group] = await tx.insert(groups).values({ ...owner, name: '会议团队', rooms: numbers.slice(4, 6).join(',') }).returning({ id: groups.id });
  type Seed = { room: string; date: string; time: string; state: string; history: [string, string, number][]; repeat?: string; days?: number; groupId?: number; source?: string };
  // history: [state, by, minutes after the call's minute]
  const seeds: Seed[] = [
    { room: numbers[0]!, date: day(-1), time: '06:30', state: 'answered', history: [['ringing', 'server', 0], ['snoozed', 'tv', 1], ['ringing', 'server', 6], ['answered', 'tv', 6]] },
    { room: numbers[1]!, date: day(-1), time: '07:00', state: 'notAnswered', source: 'pms', history: [['ringing', 'server', 0], ['scheduled', 'server', 1], ['ringing', 'server', 3], ['scheduled', 'server', 4], ['ringing', 'server', 6], ['scheduled', 'server', 7], ['ringing', 'server', 9], ['notAnswered', 'server', 10]] },
    { room: numbers[2]!, date: day(-1), time: '05:45', state: 'missed', history: [['missed', 'server', 25]] },
    { room: numbers[3]!, date: day(1), time: '08:00', state: 'cancelled', source: 'guest', history: [['cancelled', 'tv', -600]] },
    { room: numbers[0]!, date: day(1), time: '07:00', state: 'scheduled', repeat: 'daily', days: 3, history: [] },
    ...numbers.slice(4, 6).map((room) => ({ room, date: day(1), time: '06:15', state: 'scheduled', source: 'group', groupId: group!.id, history: [] as [string, string, number][] })),
  ];
  const calls = recordTables.wakeUpCall!;
  for (const seed of seeds) {
    const at = localMoment(seed.date, seed.time, OFFSET);
    const [row] = await tx
      .insert(calls)
      .values({
        ...owner,
        roomNumber: seed.room,
        date: seed.date,
        time: seed.time,
        repeat: seed.repeat ?? 'once',
        days: seed.days ?? 1,
        daysLeft: (seed.days ?? 1) - 1,
        wordsZh: DEFAULT_WAKE_WORDS.zh,
        wordsEn: DEFAULT_WAKE_WORDS.en,
        source: seed.source ?? 'console',
        groupId: seed.groupId ?? null,
        state: seed.state,
        dueAt: at.toISOString(),
        createdAt: new Date(at.getTime() - 12 * 3_600_000),
      })
      .returning({ id: calls.id });
    if (seed.history.length) {
      await tx.insert(wakeupEvents).values(seed.history.map(([state, by, minutes]) => ({ callId: row!.id, hotelId: owner.hotelId, state, by, at: new Date(at.getTime() + minutes * 60_000), note: state === 'scheduled' ? 'retry' : null })));
    }
  }
}
