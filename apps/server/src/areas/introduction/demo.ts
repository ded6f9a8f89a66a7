import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';

/** A 16:9 picture made at seed time: a gradient with a few shapes and a caption (nothing committed). */
function scene(from: string, to: string, caption: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="1040" cy="180" r="90" fill="#ffffff" fill-opacity=".25"/>
<rect x="640" y="380" width="520" height="240" rx="24" fill="#ffffff" fill-opacity=".12"/>
<text x="1160" y="680" font-family="sans-serif" font-size="36" fill="#ffffff" fill-opacity=".7" text-anchor="end">${caption}</text></svg>`;
}

const TYPES = [
  { key: 'about', name: '酒店概况', nameEn: 'About the hotel', nameTw: '酒店概況', nameJa: 'ホテル案内', nameKo: '호텔 소개', showDefault: true, sort: 30 },
  { key: 'facilities', name: '酒店设施', nameEn: 'Facilities', nameTw: '酒店設施', nameJa: '施設', nameKo: '시설', sort: 20 },
] as const;

const ITEMS = [
  {
    type: 'about',
    colours: ['#1d3557', '#457b9d'],
    title: '欢迎来到朝阳外滩酒店', titleEn: 'Welcome to Sunrise Bund', titleTw: '歡迎來到朝陽外灘酒店', titleJa: 'サンライズ外灘へようこそ', titleKo: '선라이즈 와이탄에 오신 것을 환영합니다',
    text: '酒店坐落于外滩，步行五分钟可达南京路。\n前台 24 小时为您服务，请拨 0。',
    textEn: 'The hotel stands on the Bund, a five-minute walk from Nanjing Road.\nThe front desk is at your service around the clock: dial 0.',
    textTw: '酒店坐落於外灘，步行五分鐘可達南京路。\n前台 24 小時為您服務，請撥 0。',
    textJa: 'ホテルは外灘に位置し、南京路まで徒歩5分です。\nフロントは24時間営業です（0番）。',
    textKo: '호텔은 와이탄에 있으며 난징루까지 걸어서 5분입니다.\n프런트는 24시간 운영합니다(0번).',
    qrUrl: 'https://example.com/sunrise-bund', sort: 2,
  },
  {
    type: 'about',
    colours: ['#2a9d8f', '#264653'],
    title: '入住须知', titleEn: 'During your stay', titleTw: '入住須知', titleJa: 'ご滞在中のご案内', titleKo: '투숙 안내',
    text: '退房时间为中午 12:00，如需延迟退房请联系前台。', textEn: 'Check-out is at 12:00 noon; ask the front desk for a late check-out.',
    sort: 1,
  },
  {
    type: 'facilities',
    colours: ['#0077b6', '#00b4d8'],
    title: '室内恒温泳池', titleEn: 'Indoor pool', titleTw: '室內恆溫泳池', titleJa: '屋内温水プール', titleKo: '실내 온수 수영장',
    text: '七楼 · 每日 6:30-22:00 · 凭房卡入场', textEn: '7th floor · daily 6:30-22:00 · with your room card',
    sort: 2,
  },
  {
    type: 'facilities',
    colours: ['#6a4c93', '#1982c4'],
    title: '健身中心', titleEn: 'Fitness centre', titleTw: '健身中心', titleJa: 'フィットネスセンター', titleKo: '피트니스 센터',
    text: '七楼 · 24 小时开放', textEn: '7th floor · open around the clock',
    sort: 1,
  },
] as const;

/**
 * The demo hotel's introductions: two types in five languages, four items over 16:9 pictures made
 * at seed time (one with a QR code), and a custom intro page of two floor plans.
 */
export async function seedDemoIntroductions(tx: Db, storage: Storage, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const picture = async (svg: string, rule: string, width: number, height: number) =>
    storeGeneratedFile(tx, storage, { data: await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer(), name: 'picture.jpg', mime: 'image/jpeg', rule, width, height, brandId, hotelId, uploadedBy: userId });
  const typeIds: Record<string, number> = {};
  for (const { key, ...type } of TYPES) {
    const [row] = await tx.insert(recordTables.introType!).values({ ...type, itemSeconds: 12, brandId, hotelId, createdBy: userId }).returning({ id: recordTables.introType!.id });
    typeIds[key] = row!.id;
  }
  for (const { type, colours, qrUrl, ...item } of ITEMS as readonly (typeof ITEMS[number] & { qrUrl?: string })[]) {
    const backgroundId = await picture(scene(colours[0], colours[1], item.titleEn), 'introImage', 1280, 720);
    await tx.insert(recordTables.introItem!).values({ ...item, typeId: typeIds[type]!, backgroundId, qrEnabled: !!qrUrl, qrUrl: qrUrl ?? null, brandId, hotelId, createdBy: userId });
  }
  const plans = [];
  for (const [floor, colour] of [['1F 大堂 Lobby', '#e76f51'], ['7F 泳池 Pool', '#2a9d8f']] as const) plans.push(await picture(scene(colour, '#14233d', floor), 'customIntroImage', 1280, 720));
  await tx.insert(recordTables.introCustom!).values({ name: '楼层导览', sliceCount: 2, groupCount: 1, images: plans, effectImageId: plans[0], sort: 1, brandId, hotelId, createdBy: userId });
}
