import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';

/** A 1920×1080 picture drawn at seed time: a gradient with a title (nothing committed). */
const scene = (title: string, from: string, to: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1920" height="1080" fill="url(#g)"/><circle cx="1500" cy="300" r="180" fill="#ffffff" fill-opacity="0.2"/>
<text x="120" y="960" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff">${title}</text></svg>`;

/** The demo hotel's screensaver: three photos (its idle time stays the default, 10 minutes). */
export async function seedDemoScreensaver(tx: Db, storage: Storage, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const photos = [
    { title: '外滩夜景', colors: ['#14233d', '#8a4fd1'] },
    { title: '江畔日出', colors: ['#f5a623', '#d14f4f'] },
    { title: '花园露台', colors: ['#5fbf6a', '#1d5c8a'] },
  ];
  for (const [i, photo] of photos.entries()) {
    const data = await sharp(Buffer.from(scene(photo.title, photo.colors[0]!, photo.colors[1]!))).jpeg({ quality: 80 }).toBuffer();
    const file = await storeGeneratedFile(tx, storage, { data, name: `screensaver-${i}.jpg`, mime: 'image/jpeg', rule: 'screensaverPhoto', width: 1920, height: 1080, brandId, hotelId, uploadedBy: userId });
    await tx.insert(recordTables.screensaverPhoto!).values({ title: photo.title, pictureId: file, sort: 30 - i, brandId, hotelId, createdBy: userId });
  }
}
