import { JsonClient, macFor, VirtualTv, type TvEvent } from '@htv/tools/simulator';
import type { QuestionnaireOnTv } from '@htv/shared/areas/questionnaires/device';
import type { StayConfigPart } from '@htv/shared/areas/pms/protocol';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { hotelDeviceSettings, hotels, recordTables, rooms, terminalDailyStats } from '../db/schema/index.js';
import { terminalPresenceHours } from '../areas/dashboard/schema.js';
import { DEMO_BRANDS } from '../areas/tenants/demo.js';

/**
 * The demo's living fleet: virtual TVs of the command-line simulator (tools/simulator) that talk to
 * the server's own device API over HTTP, so the home page, the terminal lists, the logs and the
 * alarms move as they would with real TVs. See docs/demo.md.
 */

/** Seed of the fleet's MACs and SNs (tools/simulator): the same TVs on every start. */
const FLEET_SEED = 'demo-fleet';
/** Every `UNAUTHORIZED_EVERY`-th TV is left out of the authorization rule: it stays unauthorized. */
const UNAUTHORIZED_EVERY = 8;
/** Remark of the authorization rule that lets the fleet in (how the fleet finds its own rule). */
const RULE_REMARK = '演示电视 demo fleet';
/** What every fleet TV reports at registration (what the rule matches). */
const FLEET_DEVICE = { launcher: 'hotelos', clientType: 'android', vendor: 'Simulator', size: '55' } as const;
const HISTORY_DAYS = 7;
const MINUTE = 60_000;

/** TVs the demo runs by default (`DEMO_FLEET`, docs/demo.md): what the seed plans its fleet-facing data for. */
export const DEMO_FLEET_DEFAULT = 60;

/** The demo hotels, by public id (tenants/demo.ts numbers them 1000001, … in declaration order). */
const DEMO_HOTEL_IDS = DEMO_BRANDS.flatMap((brand) => brand.hotels).map((_, i) => String(1000001 + i));

export interface FleetTv {
  index: number;
  hotelId: number;
  brandId: number;
  installCode: string;
  roomNumber: string;
  authorized: boolean;
  /** Reports from an address outside its hotel's whitelist: a stolen-use alarm. */
  stolen: boolean;
}

/**
 * Who is where: the TVs are dealt over the demo hotels but the last, in the last rooms of each (the
 * seeded terminals fill the first ones); the last hotel gets one TV only, the stolen one, since every
 * TV of a hotel reports from the same address here. Reads the install codes from the database.
 */
export async function planFleet(db: Db, count: number): Promise<FleetTv[]> {
  const demoHotels = await db
    .select({ id: hotels.id, brandId: hotels.brandId, publicId: hotels.publicId, secret: hotels.installSecret })
    .from(hotels)
    .where(inArray(hotels.publicId, DEMO_HOTEL_IDS))
    .orderBy(asc(hotels.publicId));
  if (demoHotels.length < 2 || count < 2) return [];
  const home = demoHotels.slice(0, -1);
  const roomsOf = new Map<number, string[]>();
  for (const hotel of demoHotels) {
    const numbers = await db.select({ number: rooms.number }).from(rooms).where(eq(rooms.hotelId, hotel.id)).orderBy(desc(rooms.id)).limit(Math.ceil(count / home.length));
    roomsOf.set(hotel.id, numbers.map((room) => room.number));
  }
  return Array.from({ length: count }, (_, index) => {
    // The stolen TV comes first: its alarm is up within two heartbeats of the start.
    const stolen = index === 0;
    const hotel = stolen ? demoHotels.at(-1)! : home[(index - 1) % home.length]!;
    const room = roomsOf.get(hotel.id)![stolen ? 0 : Math.floor((index - 1) / home.length)] ?? `9${String(index).padStart(3, '0')}`;
    return {
      index,
      hotelId: hotel.id,
      brandId: hotel.brandId,
      installCode: `${hotel.publicId}-${hotel.secret}`,
      roomNumber: room,
      authorized: stolen || index % UNAUTHORIZED_EVERY !== UNAUTHORIZED_EVERY - 1,
      stolen,
    };
  });
}

/**
 * The MAC and room of the first `take` authorized fleet TVs of a hotel in the default fleet (the plan
 * is the same on every start: MACs derive from the fleet's seed), for seed data that names the fleet's
 * TVs (a hotel survey listing them). Empty when the hotel is not one the fleet covers.
 */
export async function fleetTvsOf(db: Db, hotelId: number, take: number): Promise<{ mac: string; roomNumber: string }[]> {
  const plan = await planFleet(db, DEMO_FLEET_DEFAULT);
  return plan
    .filter((tv) => tv.hotelId === hotelId && tv.authorized && !tv.stolen)
    .slice(0, take)
    .map((tv) => ({ mac: macFor(FLEET_SEED, tv.index), roomNumber: tv.roomNumber }));
}

/**
 * What the fleet needs from the database, on every start and idempotently: an authorization rule
 * listing the MACs of its authorized TVs, and `address` (where its requests come from) on the
 * whitelists of its hotels, except the stolen TV's. Runs before the device runtime caches rules and
 * whitelists.
 */
export async function prepareFleet(db: Db, plan: FleetTv[], address: string): Promise<void> {
  const rules = recordTables.terminalAuthRule!;
  const macList = plan.filter((tv) => tv.authorized).map((tv) => macFor(FLEET_SEED, tv.index)).join('|');
  const [existing] = await db.select({ id: rules.id }).from(rules).where(eq(rules.remark, RULE_REMARK));
  const rule = { ...FLEET_DEVICE, sizes: FLEET_DEVICE.size, macList, entries: macList.split('|').length, enabled: true };
  if (existing) await db.update(rules).set(rule).where(eq(rules.id, existing.id));
  else {
    const now = new Date();
    await db.insert(rules).values({ ...rule, remark: RULE_REMARK, validFrom: now, validTo: new Date(now.getFullYear() + 10, 0, 1) });
  }
  const trusted = [...new Set(plan.filter((tv) => !tv.stolen).map((tv) => tv.hotelId))];
  if (trusted.length)
    await db
      .update(hotelDeviceSettings)
      .set({ ipWhitelist: sql`array_append(${hotelDeviceSettings.ipWhitelist}, ${address})` })
      .where(and(inArray(hotelDeviceSettings.hotelId, trusted), sql`not (${address} = any(${hotelDeviceSettings.ipWhitelist}))`));
}

/** Share of TVs on at an hour of the day: most in the evening, fewest before dawn. */
export function onShare(hour: number): number {
  return 0.55 + 0.4 * Math.max(0, Math.cos(((hour - 21) / 24) * 2 * Math.PI));
}

/**
 * A week of past days for the charts (first start only): registrations and active terminals per day
 * and presence per hour, for every demo hotel, in the shape the device runtime and the dashboard's
 * snapshot job write them.
 */
export async function seedFleetHistory(db: Db, plan: FleetTv[], statsUtcOffsetMin: number, now = Date.now()): Promise<void> {
  const terminals = recordTables.terminal!;
  const counts = await db
    .select({ hotelId: terminals.hotelId, brandId: terminals.brandId, total: sql<number>`count(*)::int`, unauthorized: sql<number>`count(*) filter (where ${terminals.authorization} = 'unauthorized')::int` })
    .from(terminals)
    .where(inArray(terminals.hotelId, [...new Set(plan.map((tv) => tv.hotelId))]))
    .groupBy(terminals.hotelId, terminals.brandId);
  const fleetOf = (hotelId: number) => plan.filter((tv) => tv.hotelId === hotelId);
  const day = (daysAgo: number) => new Date(now + statsUtcOffsetMin * MINUTE - daysAgo * 24 * 60 * MINUTE).toISOString().slice(0, 10);
  const daily: (typeof terminalDailyStats.$inferInsert)[] = [];
  const hours: (typeof terminalPresenceHours.$inferInsert)[] = [];
  const thisHour = Math.floor(now / (60 * MINUTE)) * 60 * MINUTE;
  for (const hotel of counts) {
    const fleet = fleetOf(hotel.hotelId!);
    const hotelId = hotel.hotelId!;
    const brandId = hotel.brandId ?? 0;
    for (let daysAgo = 1; daysAgo <= HISTORY_DAYS; daysAgo++) {
      // A few installations a day, and most of the hotel's fleet heard every day.
      const registered = (hotelId * 7 + daysAgo * 3) % 4;
      daily.push({ day: day(daysAgo), brandId, hotelId, registered, active: Math.round(fleet.length * (0.7 + ((hotelId * 5 + daysAgo * 7) % 10) * 0.03)) });
    }
    for (let hoursAgo = 1; hoursAgo <= HISTORY_DAYS * 24; hoursAgo++) {
      const at = new Date(thisHour - hoursAgo * 60 * MINUTE);
      const localHour = new Date(at.getTime() + statsUtcOffsetMin * MINUTE).getUTCHours();
      hours.push({ at, brandId, hotelId, total: hotel.total + fleet.length, online: Math.round(fleet.length * onShare(localHour)), unauthorized: hotel.unauthorized + fleet.filter((tv) => !tv.authorized).length });
    }
  }
  if (daily.length) await db.insert(terminalDailyStats).values(daily).onConflictDoNothing();
  if (hours.length) await db.insert(terminalPresenceHours).values(hours).onConflictDoNothing();
}

/** Share of a room's stays whose guest answers a questionnaire that pops up. */
export const ANSWER_SHARE = 0.75;
/** How the demo guests lean, by the options' order (the larger sort first): mostly the first two. */
const ANSWER_WEIGHTS = [5, 4, 2, 1];

/** A number in [0, 1) fixed by its parts (the same guest decides the same way on every start). */
const draw = (...parts: (string | number)[]) => createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) / 2 ** 32;

/**
 * The demo guest's answer to a questionnaire on a fleet TV (the simulator's `answer`): three stays in
 * four answer, leaning to the first options; the room's stay (the `stay` part, or none) and the TV
 * decide, so a TV switched on again decides as before and a new guest decides afresh.
 */
export function fleetAnswer(questionnaire: QuestionnaireOnTv, tv: Pick<VirtualTv, 'mac' | 'config'>): number | null {
  const stay = (tv.config as { stay?: StayConfigPart | null } | undefined)?.stay?.id ?? 0;
  if (draw(tv.mac, questionnaire.id, stay, 'answers') >= ANSWER_SHARE || !questionnaire.options.length) return null;
  const weights = questionnaire.options.map((_, i) => ANSWER_WEIGHTS[i] ?? 1);
  let pick = draw(tv.mac, questionnaire.id, stay, 'option') * weights.reduce((a, b) => a + b, 0);
  for (const [i, option] of questionnaire.options.entries()) {
    pick -= weights[i]!;
    if (pick < 0) return option.id;
  }
  return questionnaire.options.at(-1)!.id;
}

export interface RunningFleet {
  stop(): Promise<void>;
}

/**
 * Runs the planned TVs against the device API at `url`: each is switched on or off for a random
 * 10-40 minutes at a time, on with the share of the hour (`onShare`); a TV switched on registers
 * once (then keeps its token), boots, fetches its configuration and heartbeats at the server's
 * interval.
 */
export function runFleet(plan: FleetTv[], url: string, log: FastifyBaseLogger, statsUtcOffsetMin: number): RunningFleet {
  const client = new JsonClient(url, { maxSockets: plan.length * 2 });
  const onEvent = (tv: VirtualTv, event: TvEvent) => {
    if (event.type === 'error') log.debug({ mac: tv.mac, message: event.message }, 'demo TV');
  };
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  const tvs = plan.map((planned) => {
    // As the browser TV: delivered receipts of what is published to the room, and the guest answers questionnaires.
    const tv = new VirtualTv({ url, seed: FLEET_SEED, index: planned.index, installCode: planned.installCode, roomNumber: planned.roomNumber, device: { ...FLEET_DEVICE }, client, onEvent, receipts: true, answer: fleetAnswer });
    let on = false;
    const flip = async (first: boolean) => {
      if (stopping) return;
      const localHour = new Date(Date.now() + statsUtcOffsetMin * MINUTE).getUTCHours();
      // At start nine TVs in ten are on, the stolen one (index 0) among them: the newcomer sees a
      // live fleet and its alarm. After, the hour decides.
      const wantOn = first ? planned.index % 10 !== 9 : Math.random() < onShare(localHour);
      if (wantOn !== on) {
        on = wantOn;
        try {
          if (on) await tv.start();
          else await tv.switchOff();
        } catch (error) {
          on = false;
          log.warn({ err: error, mac: tv.mac }, 'demo TV could not start');
        }
      }
      if (stopping) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void flip(false);
      }, (10 + Math.random() * 30) * MINUTE);
      timer.unref();
      timers.add(timer);
    };
    return { tv, flip };
  });
  // Started a few at a time: registration holds the embedded database for a moment each.
  void (async () => {
    for (const { flip } of tvs) {
      if (stopping) break;
      await flip(true);
    }
  })();
  return {
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled(tvs.map(({ tv }) => tv.switchOff()));
      client.close();
    },
  };
}
