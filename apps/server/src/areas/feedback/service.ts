import { DEFAULT_LANG, translate, type MessageKey } from '@htv/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import { SignedTokens } from '../../auth/signed-tokens.js';
import type { Db } from '../../db/client.js';
import { files, hotels, messageRecipients, recordTables, sentMessages, users } from '../../db/schema/index.js';
import { AppError, invalidFields, notFound } from '../../http/errors.js';
import { writeOpLog } from '../oplog/log.js';

/** What a guest's token binds: the terminal that showed the QR code, its hotel and room. */
export interface GuestToken {
  terminalId: number;
  hotelId: number;
}

/**
 * Signs and reads the guests' TV tokens (`<payload>.<HMAC>`, base64url) with a key of the server's own,
 * derived per purpose (feedback, the laundry), so one page's token opens no other.
 */
export class FeedbackTokens {
  private readonly tokens: SignedTokens;
  constructor(signingKey: string, purpose = 'feedback-token') {
    this.tokens = new SignedTokens(signingKey, purpose);
  }

  sign(token: GuestToken): string {
    return this.tokens.sign([token.terminalId, token.hotelId]);
  }

  read(token: string): GuestToken | null {
    const [terminalId, hotelId] = this.tokens.read(token) ?? [];
    return Number.isInteger(terminalId) && Number.isInteger(hotelId) ? { terminalId: terminalId as number, hotelId: hotelId as number } : null;
  }
}

/** Where a guest token's TV is now: valid while the terminal is still in the token's hotel. */
export async function guestPlace(db: Db, token: GuestToken | null, badToken: MessageKey = 'feedback.badToken'): Promise<{ brandId: number; hotelId: number; hotelName: string; roomNumber: string | null; terminalId: number }> {
  const t = recordTables.terminal!;
  const [row] = token
    ? await db
        .select({ brandId: t.brandId, hotelId: t.hotelId, roomNumber: t.roomNumber, hotelName: hotels.name })
        .from(t)
        .innerJoin(hotels, eq(hotels.id, t.hotelId))
        .where(and(eq(t.id, token.terminalId), eq(t.hotelId, token.hotelId)))
    : [];
  if (!row || !token) throw new AppError('validation', badToken);
  return { brandId: row.brandId as number, hotelId: row.hotelId as number, hotelName: row.hotelName as string, roomNumber: (row.roomNumber as string | null) ?? null, terminalId: token.terminalId };
}

export interface FeedbackInput {
  type: string;
  description: string;
  suggestion?: string;
  images?: string[];
  contact?: string;
}

/**
 * The images a feedback names must be feedback pictures (checked by content when uploaded: JPG or
 * PNG, at most 3 MB) of the sender's own uploads: the owner level, and for guests uploads without a user.
 */
async function checkImages(db: Db, ids: string[], owner: { brandId: number | null; hotelId: number | null }, uploadedBy: number | null) {
  if (!ids.length) return;
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        eq(files.rule, 'feedbackImage'),
        owner.brandId === null ? isNull(files.brandId) : eq(files.brandId, owner.brandId),
        owner.hotelId === null ? isNull(files.hotelId) : eq(files.hotelId, owner.hotelId),
        uploadedBy === null ? isNull(files.uploadedBy) : eq(files.uploadedBy, uploadedBy),
      ),
    );
  if (found.length !== new Set(ids).size) throw invalidFields({ images: { key: 'feedback.badImage' } });
}

/** Stores a feedback of a console user (brand or hotel) or a guest. */
export async function submitFeedback(
  db: Db,
  input: FeedbackInput,
  sender: { actor: Actor | null; brandId: number | null; hotelId: number | null; roomNumber: string | null; name: string; source: 'console' | 'guest' },
  ip: string,
) {
  const images = [...new Set(input.images ?? [])];
  await checkImages(db, images, { brandId: sender.brandId, hotelId: sender.hotelId }, sender.actor?.userId ?? null);
  const table = recordTables.feedback!;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(table)
      .values({
        brandId: sender.brandId,
        hotelId: sender.hotelId,
        type: input.type,
        description: input.description,
        suggestion: input.suggestion || null,
        images,
        contact: input.contact || null,
        source: sender.source,
        roomNumber: sender.roomNumber,
        senderName: sender.name.slice(0, 40),
        senderId: sender.actor?.userId ?? null,
        submittedAt: new Date().toISOString(),
        status: 'submitted',
        createdBy: sender.actor?.userId ?? null,
      })
      .returning();
    await writeOpLog(tx, sender.actor, { action: 'create', recordType: 'feedback', recordId: row!.id as number, after: { type: input.type, source: sender.source } }, ip);
    return { id: row!.id as number, status: 'submitted' };
  });
}

const CLOSE_STATES = { handle: 'handled', ignore: 'ignored' } as const;

/**
 * Handles or ignores a feedback with a note (from submitted or handling), and tells the sender in the
 * message center (in the product's default language): the console user who sent it, or for a guest's
 * feedback the users of the hotel.
 */
export async function closeFeedback(db: Db, actor: Actor, id: number, action: keyof typeof CLOSE_STATES, note: string, ip: string) {
  const table = recordTables.feedback!;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!row) throw notFound();
    if (row.status !== 'submitted' && row.status !== 'handling') throw new AppError('conflict', 'feedback.closed');
    const status = CLOSE_STATES[action];
    const [after] = await tx.update(table).set({ status, handlingNote: note, handledAt: new Date().toISOString(), updatedAt: new Date() }).where(eq(table.id, id)).returning();
    await writeOpLog(tx, actor, { action, recordType: 'feedback', recordId: id, before: { status: row.status }, after: { status, handlingNote: note } }, ip);
    const recipients = row.senderId
      ? [row.senderId as number]
      : row.hotelId
        ? (await tx.select({ id: users.id }).from(users).where(and(eq(users.userType, 3), eq(users.hotelId, row.hotelId as number), eq(users.enabled, true)))).map((u) => u.id)
        : [];
    if (recipients.length) {
      const key: MessageKey = action === 'handle' ? 'feedback.handledMessage' : 'feedback.ignoredMessage';
      const summary = String(row.description).slice(0, 40);
      const date = String(row.submittedAt).slice(0, 10);
      const content = translate(key, DEFAULT_LANG, { date, summary, note }).slice(0, 1000);
      const [message] = await tx
        .insert(sentMessages)
        .values({ content, senderId: actor.userId, senderName: actor.name, target: { user_ids: recipients, feedback_id: id } })
        .returning({ id: sentMessages.id });
      await tx.insert(messageRecipients).values(recipients.map((userId) => ({ messageId: message!.id, userId })));
      await tx.update(sentMessages).set({ recipientCount: recipients.length }).where(eq(sentMessages.id, message!.id));
    }
    return after;
  });
}
