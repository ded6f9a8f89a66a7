import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';
import { digitalWallConfigs } from './schema.js';

/** A 1920×1080 poster drawn at seed time: a colour field, a title and a line (nothing committed). */
const poster = (title: string, line: string, from: string, to: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1920" height="1080" fill="url(#g)"/><rect x="120" y="700" width="1680" height="4" fill="#ffffff" fill-opacity="0.5"/>
<text x="120" y="640" font-family="sans-serif" font-size="120" font-weight="700" fill="#ffffff">${title}</text>
<text x="120" y="820" font-family="sans-serif" font-size="56" fill="#ffffff">${line}</text></svg>`;

/**
 * The demo hotel's digital wall (docs/digitalwall.md): its lobby TVs (the seeded terminals without a
 * room) are public-area TVs (scene mode *information release*), and the wall plays three posters in
 * order, one of them only over breakfast; the settings are the defaults written out (enabled, looping,
 * every public-area TV), so the settings page shows a saved configuration.
 */
export async function seedDemoDigitalWall(tx: Db, storage: Storage, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const terminals = recordTables.terminal!;
  await tx.update(terminals).set({ sceneMode: 'infoRelease' }).where(and(eq(terminals.hotelId, hotelId), isNull(terminals.roomNumber)));
  const items = [
    { title: '欢迎入住外滩酒店', gesture: '欢迎', line: 'Welcome to the Sunrise Bund Hotel', colors: ['#0f2c4c', '#2f7fc1'], playCount: 2, playInterval: 8, sort: 30 },
    { title: '早餐 6:30-10:00', gesture: '早餐', line: 'Breakfast on the 2nd floor, 6:30-10:00', colors: ['#f5a623', '#c0392b'], playCount: 1, playInterval: 10, sort: 20, switchStart: '06:00', switchEnd: '10:30' },
    { title: '32楼观景台', gesture: '观景台', line: 'The Bund light show from the 32nd-floor terrace', colors: ['#1b1035', '#8a4fd1'], playCount: 1, playInterval: 12, sort: 10 },
  ];
  for (const [i, item] of items.entries()) {
    const data = await sharp(Buffer.from(poster(item.title, item.line, item.colors[0]!, item.colors[1]!))).jpeg({ quality: 80 }).toBuffer();
    const media = await storeGeneratedFile(tx, storage, { data, name: `digital-wall-${i}.jpg`, mime: 'image/jpeg', rule: 'digitalWallMedia', width: 1920, height: 1080, brandId, hotelId, uploadedBy: userId });
    await tx.insert(recordTables.digitalWallItem!).values({
      title: item.title,
      gestureTitle: item.gesture,
      media,
      playCount: item.playCount,
      playInterval: item.playInterval,
      sort: item.sort,
      switchStart: item.switchStart ?? null,
      switchEnd: item.switchEnd ?? null,
      enabled: true,
      brandId,
      hotelId,
      createdBy: userId,
    });
  }
  await tx.insert(digitalWallConfigs).values({ hotelId, brandId, enabled: true, loop: true, macs: null });
}
