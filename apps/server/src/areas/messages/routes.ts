import { idSchema, pagingShape, PERMISSIONS, text, type FieldDef } from '@htv/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { messageRecipients, sentMessages } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { writeOpLog } from '../oplog/log.js';

/**
 * The message center (spec part 1 §4, §7). The platform sends a message to brand and hotel users;
 * each recipient has their own copy with a state: unread → read (has_read) → trash (remove_readed)
 * → read (restore). A user only ever reaches their own copies: another's msg_id is a 404.
 */
export const MESSAGE_MAX = 1000;
export type MessageState = 'unread' | 'read' | 'trash';

/** Each call: the states it accepts (the target state itself is accepted as a no-op) and where it leads. */
const TRANSITIONS: Record<string, { from: MessageState[]; to: MessageState }> = {
  has_read: { from: ['unread', 'read'], to: 'read' },
  remove_readed: { from: ['read', 'trash'], to: 'trash' },
  restore: { from: ['trash', 'read'], to: 'read' },
};

/** Lists of `init` hold the newest copies up to this many each. */
const LIST_LIMIT = 500;

const msgIds = z.union([idSchema, z.array(idSchema).min(1).max(500)]);
const stateBody = z.object({ msg_id: msgIds });
const contentQuery = z.object({ msg_id: idSchema });
const sendBody = z.object({
  content: z.string().trim().min(1).max(MESSAGE_MAX),
  brand_ids: z.array(idSchema).max(10_000).optional(),
  hotel_ids: z.array(idSchema).max(10_000).optional(),
  user_types: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).min(1).optional(),
});
const sentQuery = z.object(pagingShape());

const SEND_FIELDS: Record<string, FieldDef> = {
  content: text({ label: { 'zh-CN': '消息内容', 'en-US': 'Content' }, required: true, max: MESSAGE_MAX }),
  msg_id: { kind: 'int', required: true, schema: z.unknown(), label: { 'zh-CN': '消息', 'en-US': 'Message' } },
};

const intArray = (ids: readonly number[]): SQL => (ids.length ? sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::int[]` : sql`'{}'::int[]`);

const item = {
  msg_id: sentMessages.id,
  content: sentMessages.content,
  create_time: sentMessages.createdAt,
  read_time: messageRecipients.readAt,
  state: messageRecipients.state,
};

/** Message copies with their text; callers always filter by the recipient. */
function copies(db: Db) {
  return db.select(item).from(messageRecipients).innerJoin(sentMessages, eq(sentMessages.id, messageRecipients.messageId)).$dynamic();
}

export async function unreadMessages(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageRecipients)
    .where(and(eq(messageRecipients.userId, userId), eq(messageRecipients.state, 'unread')));
  return row?.n ?? 0;
}

export function registerMessages(app: FastifyInstance, db: Db) {
  const tags = ['messages'];

  app.get('/api/message/count', { schema: { tags, summary: 'Unread messages of the caller' } }, async (request) => ok({ count: await unreadMessages(db, actorOf(request).userId) }));

  app.get('/api/message/init', { schema: { tags, summary: 'The caller’s unread, read (readed) and trash lists, newest first' } }, async (request) => {
    const userId = actorOf(request).userId;
    const list = (state: MessageState) =>
      copies(db)
        .where(and(eq(messageRecipients.userId, userId), eq(messageRecipients.state, state)))
        .orderBy(desc(sentMessages.createdAt), desc(sentMessages.id))
        .limit(LIST_LIMIT);
    const [unread, readed, trash] = await Promise.all([list('unread'), list('read'), list('trash')]);
    return ok({ unread, readed, trash, count: unread.length });
  });

  app.get('/api/message/content', { schema: { tags, querystring: contentQuery, summary: 'One message of the caller' } }, async (request) => {
    const userId = actorOf(request).userId;
    const { msg_id } = request.query as z.infer<typeof contentQuery>;
    const [found] = await copies(db)
      .where(and(eq(messageRecipients.userId, userId), eq(messageRecipients.messageId, msg_id)))
      .limit(1);
    if (!found) throw notFound();
    return ok(found);
  });

  for (const [call, transition] of Object.entries(TRANSITIONS)) {
    app.post(`/api/message/${call}`, { schema: { tags, body: stateBody, summary: `{msg_id} (one id or a list): ${transition.from.join('/')} → ${transition.to}` }, config: { fields: SEND_FIELDS } }, async (request) => {
      const actor = actorOf(request);
      const raw = (request.body as z.infer<typeof stateBody>).msg_id;
      const ids = [...new Set(Array.isArray(raw) ? raw : [raw])];
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: messageRecipients.id, state: messageRecipients.state })
          .from(messageRecipients)
          .where(and(eq(messageRecipients.userId, actor.userId), inArray(messageRecipients.messageId, ids)))
          .for('update');
        if (rows.length !== ids.length) throw notFound();
        if (rows.some((r) => !transition.from.includes(r.state as MessageState))) throw new AppError('conflict', 'error.invalidAction');
        const changing = rows.filter((r) => r.state !== transition.to).map((r) => r.id);
        if (changing.length) {
          await tx
            .update(messageRecipients)
            .set({ state: transition.to, updatedAt: new Date(), ...(transition.to === 'read' ? { readAt: sql`coalesce(${messageRecipients.readAt}, now())` } : {}) })
            .where(inArray(messageRecipients.id, changing));
        }
      });
      return ok({ count: await unreadMessages(db, actor.userId) });
    });
  }

  app.post(
    '/api/admin/message/send',
    {
      schema: { tags, body: sendBody, summary: 'Platform: send {content, brand_ids?, hotel_ids?, user_types?} to brand and hotel users' },
      config: { auth: { userTypes: [1], permission: PERMISSIONS.messageSend }, fields: SEND_FIELDS },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as z.infer<typeof sendBody>;
      const types = [...new Set(body.user_types ?? [2, 3])];
      const brandIds = body.brand_ids ?? [];
      const hotelIds = body.hotel_ids ?? [];
      const everyone = brandIds.length === 0 && hotelIds.length === 0;
      const target = { brand_ids: brandIds, hotel_ids: hotelIds, user_types: types };
      const result = await db.transaction(async (tx) => {
        const [message] = await tx.insert(sentMessages).values({ content: body.content, senderId: actor.userId, senderName: actor.name, target }).returning({ id: sentMessages.id });
        // Brand users of the brands (home or extra project); hotel users of the hotels, or of any hotel of the brands.
        const inserted = await tx.execute(sql`
          insert into message_recipients (message_id, user_id)
          select ${message!.id}, u.id from users u
          where u.enabled and u.user_type = any(${intArray(types)}) and (
            ${everyone ? sql`true` : sql`false`}
            or (u.user_type = 2 and (u.brand_id = any(${intArray(brandIds)})
                or exists (select 1 from user_projects p where p.user_id = u.id and p.hotel_id is null and p.brand_id = any(${intArray(brandIds)}))))
            or (u.user_type = 3 and (u.brand_id = any(${intArray(brandIds)}) or u.hotel_id = any(${intArray(hotelIds)})
                or exists (select 1 from user_projects p where p.user_id = u.id and p.hotel_id is not null
                  and (p.hotel_id = any(${intArray(hotelIds)}) or p.brand_id = any(${intArray(brandIds)})))))
          )
          returning id`);
        const recipients = ((inserted as unknown as { rows: unknown[] }).rows ?? []).length;
        if (recipients === 0) throw invalidFields({ content: { key: 'message.noRecipients' } });
        await tx.update(sentMessages).set({ recipientCount: recipients }).where(eq(sentMessages.id, message!.id));
        await writeOpLog(tx, actor, { action: 'message_send', recordType: 'message', recordId: message!.id, after: { ...target, recipients } }, request.ip);
        return { msg_id: message!.id, recipients };
      });
      return ok(result);
    },
  );

  app.get(
    '/api/admin/message/list',
    { schema: { tags, querystring: sentQuery, summary: 'Platform: messages sent, newest first, with read counts' }, config: { auth: { userTypes: [1], permission: PERMISSIONS.messageSend } } },
    async (request) => {
      const { page, pagesize } = request.query as z.infer<typeof sentQuery>;
      const [items, [count]] = await Promise.all([
        db
          .select({
            msg_id: sentMessages.id,
            content: sentMessages.content,
            create_time: sentMessages.createdAt,
            sender_name: sentMessages.senderName,
            target: sentMessages.target,
            recipients: sentMessages.recipientCount,
            read: sql<number>`(select count(*)::int from message_recipients r where r.message_id = messages.id and r.state <> 'unread')`,
          })
          .from(sentMessages)
          .orderBy(desc(sentMessages.id))
          .limit(pagesize)
          .offset((page - 1) * pagesize),
        db.select({ total: sql<number>`count(*)::int` }).from(sentMessages),
      ]);
      return ok({ items, total: count?.total ?? 0, page, pagesize });
    },
  );
}
