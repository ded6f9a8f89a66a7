import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publishReceipts, recordTables } from '../../db/schema/index.js';
import { demoHotelRooms } from '../publishing/demo.js';
import { questionnaireAnswers } from './schema.js';
import { stayKeyOf } from './service.js';

/**
 * The demo hotel's questionnaires: one in the survey for every room with the answers of its TVs' rooms
 * (one a room, as the guests' remotes would give), one pending release.
 */
export async function seedDemoQuestionnaires(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const base = { brandId, hotelId, createdBy: userId };
  const q = recordTables.questionnaire!;
  const o = recordTables.questionnaireOption!;
  const [live, pending] = await tx
    .insert(q)
    .values([
      { ...base, question: '您对本次入住满意吗？', questionTw: '您對本次入住滿意嗎？', questionEn: 'How satisfied are you with your stay?', publishMethod: 'rooms', rooms: await demoHotelRooms(tx, hotelId), publishState: 'surveying', publishedAt: new Date(Date.now() - 26 * 3_600_000).toISOString() },
      { ...base, question: '您希望早餐增加哪类菜品？', questionTw: '您希望早餐增加哪類菜品？', questionEn: 'What would you like more of at breakfast?', publishMethod: 'all', publishState: 'unpublished' },
    ])
    .returning({ id: q.id });
  const options = await tx
    .insert(o)
    .values([
      { ...base, questionnaireId: live!.id, text: '非常满意', textTw: '非常滿意', textEn: 'Very satisfied', sort: 30 },
      { ...base, questionnaireId: live!.id, text: '满意', textTw: '滿意', textEn: 'Satisfied', sort: 20 },
      { ...base, questionnaireId: live!.id, text: '一般', textTw: '一般', textEn: 'Fair', sort: 10 },
      { ...base, questionnaireId: live!.id, text: '不满意', textTw: '不滿意', textEn: 'Unsatisfied', sort: 0 },
      { ...base, questionnaireId: pending!.id, text: '中式点心', textTw: '中式點心', textEn: 'Dim sum', sort: 20 },
      { ...base, questionnaireId: pending!.id, text: '西式烘焙', textTw: '西式烘焙', textEn: 'Pastries', sort: 10 },
    ])
    .returning({ id: o.id, questionnaireId: o.questionnaireId });
  const choices = options.filter((option) => option.questionnaireId === live!.id).map((option) => option.id);
  const terminals = recordTables.terminal!;
  const tvs = await tx
    .select({ id: terminals.id, mac: terminals.mac, roomNumber: terminals.roomNumber })
    .from(terminals)
    .where(and(eq(terminals.hotelId, hotelId), eq(terminals.authorization, 'authorized'), isNotNull(terminals.roomNumber)))
    .orderBy(terminals.roomNumber);
  // One TV a room answers, every third room left unanswered; the choices lean to satisfied.
  const rooms = new Map<string, (typeof tvs)[number]>();
  for (const tv of tvs) if (!rooms.has(tv.roomNumber as string)) rooms.set(tv.roomNumber as string, tv);
  const spread = [0, 1, 0, 1, 2, 1, 0, 3, 1, 0];
  let i = 0;
  for (const [roomNumber, tv] of rooms) {
    if (i++ % 3 === 2) continue;
    const optionId = choices[spread[i % spread.length]!]!;
    const answeredAt = new Date(Date.now() - (i % 20) * 3_600_000);
    await tx.insert(questionnaireAnswers).values({ questionnaireId: live!.id, optionId, brandId, hotelId, roomNumber, stayKey: await stayKeyOf(tx, hotelId, roomNumber), terminalId: tv.id, answeredAt });
    await tx.insert(publishReceipts).values({ kind: 'questionnaire', itemId: live!.id, brandId, hotelId, terminalId: tv.id, mac: tv.mac as string, roomNumber, deliveredAt: answeredAt, readAt: answeredAt });
  }
}
