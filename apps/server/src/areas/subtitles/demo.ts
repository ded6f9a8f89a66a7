import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';

/** The demo hotel's subtitle: live for every room all day, for a year from the seed. */
export async function seedDemoSubtitles(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await tx.insert(recordTables.subtitle!).values({
    brandId,
    hotelId,
    createdBy: userId,
    content: '欢迎入住朝阳外滩酒店 · 早餐 6:30-10:00 二楼西餐厅 · 泳池开放至 22:00',
    contentTw: '歡迎入住朝陽外灘酒店 · 早餐 6:30-10:00 二樓西餐廳 · 泳池開放至 22:00',
    contentEn: 'Welcome to the Sunrise Bund Hotel · Breakfast 6:30-10:00 on the 2nd floor · The pool is open until 22:00',
    startDate: day(-1),
    endDate: day(365),
    startTime: '00:00',
    endTime: '23:59',
    fontSize: 32,
    fontColor: '#FFFFFF',
    backgroundColor: '#14233D',
    speed: 'moderate',
    enabled: true,
    publishMethod: 'all',
    publishState: 'allPublished',
    publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
  });
}
