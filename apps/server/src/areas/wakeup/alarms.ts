import { translate } from '@htv/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sentMessages } from '../../db/schema/index.js';
import { tellPms, wakeUpRecord } from './outbound.js';
import type { MovedCall, TickResult } from './scheduler.js';

/**
 * The front desk's alarm for a call not answered: a message to the hotel's users in the message
 * center, in both languages (the center has one text per message), with the PMS told in the same
 * transaction (a WA of a FIAS hotel, the callback of another).
 */
async function notAnswered(db: Db, call: MovedCall): Promise<void> {
  const params = { room: call.roomNumber, time: call.time, attempts: call.attempts };
  const content = (['zh-CN', 'en-US'] as const).map((lang) => `${translate('wakeup.alarmTitle', lang, params)}\n${translate('wakeup.alarmBody', lang, params)}`).join('\n\n');
  await db.transaction(async (tx) => {
    const target = { brand_ids: [], hotel_ids: [call.hotelId], user_types: [3] };
    const [message] = await tx.insert(sentMessages).values({ content: content.slice(0, 1000), senderId: null, senderName: 'wakeup', target }).returning({ id: sentMessages.id });
    const inserted = await tx.execute(sql`
      insert into message_recipients (message_id, user_id)
      select ${message!.id}, u.id from users u where u.enabled and u.user_type = 3 and u.hotel_id = ${call.hotelId}
      returning id`);
    await tx.update(sentMessages).set({ recipientCount: ((inserted as unknown as { rows: unknown[] }).rows ?? []).length }).where(eq(sentMessages.id, message!.id));
    await tellPms(tx, call.hotelId, wakeUpRecord('wakeUpAnswer', { ...call }, { result: 'notAnswered', at: new Date().toISOString() }));
  });
}

/** What a tick's outcomes set off beyond the calls themselves. */
export async function afterTick(db: Db, result: TickResult): Promise<void> {
  for (const call of result.notAnswered) await notAnswered(db, call);
}
