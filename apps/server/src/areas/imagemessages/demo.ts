import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';
import { demoHotelRooms } from '../publishing/demo.js';

/** A picture drawn at seed time: a gradient with a label (nothing committed). */
const drawn = (label: string, from: string, to: string, width: number, height: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/><text x="28" y="${height - 32}" font-family="sans-serif" font-size="${Math.round(height / 7)}" font-weight="700" fill="#ffffff">${label}</text></svg>`;

/** The demo hotel's image-text message: the spa's offer to every room, with an icon, two pictures and a QR image. */
export async function seedDemoImageMessages(tx: Db, storage: Storage, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const store = async (data: Buffer, name: string, rule: 'imageMessagePicture' | 'imageMessageIcon', width: number, height: number) =>
    storeGeneratedFile(tx, storage, { data, name, mime: 'image/png', rule, width, height, brandId, hotelId, uploadedBy: userId });
  const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
  const icon = await store(await png(drawn('SPA', '#5fbf6a', '#2a7a33', 128, 128)), 'spa-icon.png', 'imageMessageIcon', 128, 128);
  const pool = await store(await png(drawn('Spa', '#4fa3d1', '#1d5c8a', 640, 360)), 'spa-1.png', 'imageMessagePicture', 640, 360);
  const tea = await store(await png(drawn('Tea', '#f5a623', '#d16b1f', 640, 360)), 'spa-2.png', 'imageMessagePicture', 640, 360);
  const qr = await store(await QRCode.toBuffer('https://example.com/sunrise-bund/spa', { width: 240, margin: 1 }), 'spa-qr.png', 'imageMessagePicture', 240, 240);
  await tx.insert(recordTables.imageMessage!).values({
    brandId,
    hotelId,
    createdBy: userId,
    title: '水疗中心住客专享 Spa offer for guests',
    subtitle: '本周按摩八折 20% off massages this week',
    content: '凭房卡预约即享八折，营业时间 10:00-22:00，位于五楼。\nShow your room card when you book: 20% off, open 10:00-22:00 on the 5th floor.',
    iconId: icon,
    qrCodeId: qr,
    imageIds: [pool, tea],
    publishMethod: 'rooms',
    rooms: await demoHotelRooms(tx, hotelId),
    publishState: 'byRoom',
    publishedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  });
}
