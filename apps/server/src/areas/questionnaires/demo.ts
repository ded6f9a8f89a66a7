import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { demoHotelRooms } from '../publishing/demo.js';

/**
 * The demo hotel's questionnaires: one in the survey for every room, one pending release. No answer is
 * written here: the demo fleet's TVs in the hotel answer through the device API as they switch on
 * (`fleetAnswer` in seed/fleet.ts), and again for each new stay of their room, so the results fill up
 * and move while the demo runs.
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
  await tx
    .insert(o)
    .values([
      { ...base, questionnaireId: live!.id, text: '非常满意', textTw: '非常滿意', textEn: 'Very satisfied', sort: 30 },
      { ...base, questionnaireId: live!.id, text: '满意', textTw: '滿意', textEn: 'Satisfied', sort: 20 },
      { ...base, questionnaireId: live!.id, text: '一般', textTw: '一般', textEn: 'Fair', sort: 10 },
      { ...base, questionnaireId: live!.id, text: '不满意', textTw: '不滿意', textEn: 'Unsatisfied', sort: 0 },
      { ...base, questionnaireId: pending!.id, text: '中式点心', textTw: '中式點心', textEn: 'Dim sum', sort: 20 },
      { ...base, questionnaireId: pending!.id, text: '西式烘焙', textTw: '西式烘焙', textEn: 'Pastries', sort: 10 },
    ]);
}
