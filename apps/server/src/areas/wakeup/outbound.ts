import type { Db } from '../../db/client.js';
import { pmsOutbox } from '../../db/schema/index.js';
import { pmsHotelById } from '../pms/link.js';
import { configOf } from './config.js';

/**
 * A wake-up record to the hotel's PMS, protocol-neutral (docs/pms.md "Records to the PMS"): a call set
 * or cleared on the TV, and a ring's result. The room and the call's local date and minute.
 */
export interface WakeUpRecord {
  type: 'wakeUpSet' | 'wakeUpClear' | 'wakeUpAnswer';
  room: string;
  date: string;
  time: string;
  result?: 'answered' | 'notAnswered';
  at?: string;
  callId: number;
}

export function wakeUpRecord(type: WakeUpRecord['type'], call: Record<string, unknown>, extra: Partial<WakeUpRecord> = {}): WakeUpRecord {
  return { type, room: call.roomNumber as string, date: call.date as string, time: call.time as string, callId: call.id as number, ...extra };
}

/**
 * Queues a record for the hotel's PMS inside the caller's transaction, so it is sent exactly when the
 * change it reports is kept: a FIAS hotel's by the process holding its link, another's to the
 * wake-up callback URL when one is set (outbox.ts). A hotel with neither gets nothing.
 */
export async function tellPms(tx: Db, hotelId: number, record: WakeUpRecord): Promise<void> {
  const hotel = await pmsHotelById(tx, hotelId);
  const fias = hotel?.protocol === 'fias';
  if (!fias && !(await configOf(tx, hotelId)).callbackUrl) return;
  await tx.insert(pmsOutbox).values({ hotelId, record: { ...record, channel: fias ? 'fias' : 'callback' } });
}
