import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';
import { TEST_STREAM_BASE } from '../channels/device.js';
import { generateBills } from './bills.js';

/** A poster drawn at seed time (2:3, nothing committed). */
const poster = (title: string, from: string, to: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="480">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="320" height="480" fill="url(#g)"/><circle cx="160" cy="190" r="90" fill="#ffffff" fill-opacity="0.2"/>
<text x="24" y="430" font-family="sans-serif" font-size="34" font-weight="700" fill="#ffffff">${title}</text></svg>`;

const FILMS = [
  { title: '外滩晨光', titleEn: 'Morning on the Bund', price: '12.00', durationMinutes: 96, previewMinutes: 1, stream: 'pattern', colors: ['#f5a623', '#7a1f1f'] },
  { title: '江畔夜航', titleEn: 'Night Boat', price: '0.00', durationMinutes: 88, previewMinutes: 0, stream: 'bars', colors: ['#1d5c8a', '#14233d'] },
  { title: '城市速度', titleEn: 'City Speed', price: '18.50', durationMinutes: 112, previewMinutes: 2, stream: 'pattern', colors: ['#5fbf6a', '#1f3d22'] },
] as const;

/**
 * The demo's VOD: three films playing the committed test streams (apps/server/media/test-streams),
 * a selected and a recommend library (published) sent to all, and a promotion slot, so the demo
 * launcher's VOD tile opens them; two split accounts and a monthly project over the demo brand, a
 * dozen orders of the demo hotel last month, and that month's split bill (a budget).
 */
export async function seedDemoVod(tx: Db, storage: Storage, adminId: number, owner: { brandId: number; hotelId: number }, now = new Date()): Promise<void> {
  const picture = async (svg: string, name: string, width: number, height: number) =>
    storeGeneratedFile(tx, storage, { data: await sharp(Buffer.from(svg)).png().toBuffer(), name, mime: 'image/png', rule: 'vodPoster', width, height, brandId: null, hotelId: null, uploadedBy: adminId });
  const ids: number[] = [];
  for (const [i, film] of FILMS.entries()) {
    const posterId = await picture(poster(film.title, film.colors[0], film.colors[1]), `film-${i}.png`, 320, 480);
    const [row] = await tx
      .insert(recordTables.vodMovie!)
      .values({ title: film.title, titleEn: film.titleEn, posterId, durationMinutes: film.durationMinutes, price: Number(film.price), previewMinutes: film.previewMinutes, rentalHours: 48, streamUrl: `${TEST_STREAM_BASE}/${film.stream}/index.m3u8`, active: true, createdBy: adminId })
      .returning({ id: recordTables.vodMovie!.id });
    ids.push(row!.id);
  }
  const library = { versionId: 'demo-1', versionName: '演示版本', movieCount: ids.length, configState: 'configured', publishState: 'published', createdBy: adminId };
  const [choose] = await tx
    .insert(recordTables.vodChoose!)
    .values({ ...library, positionKey: 'home.all', positionName: '全部影片', positionNameEn: 'All films', movieIds: ids })
    .returning({ id: recordTables.vodChoose!.id });
  const [recommend] = await tx
    .insert(recordTables.vodRecommend!)
    .values({ ...library, positionKey: 'home.top', positionName: '热门推荐', positionNameEn: 'Popular', movieIds: [ids[2]!, ids[0]!], movieCount: 2 })
    .returning({ id: recordTables.vodRecommend!.id });
  const promo = await picture(poster('本周新片', '#8a4fd1', '#2a1450'), 'promo.png', 320, 480);
  await tx.insert(recordTables.vodPromotion!).values({ name: '本周新片', posterId: promo, movieId: ids[2]!, active: true, sort: 10, createdBy: adminId });
  await tx.insert(recordTables.vodSend!).values({ name: '演示片库', chooseId: choose!.id, recommendId: recommend!.id, targetKind: 'all', mode: 'realtime', startAt: new Date().toISOString(), state: 'sent', createdBy: adminId });
  await seedDemoSplit(tx, adminId, owner, ids, now);
}

/** China time, the settlement clock's default. */
const DEMO_OFFSET_MIN = 480;

async function seedDemoSplit(tx: Db, adminId: number, owner: { brandId: number; hotelId: number }, filmIds: number[], now: Date): Promise<void> {
  const local = new Date(now.getTime() + DEMO_OFFSET_MIN * 60_000);
  const year = local.getUTCFullYear();
  const lastMonth = new Date(Date.UTC(year, local.getUTCMonth() - 1, 1));
  const period = lastMonth.toISOString().slice(0, 7);
  const contract = { startDate: `${year - 1}-01-01`, endDate: `${year + 1}-12-31`, settlementPeriod: 'month', createdBy: adminId };
  const a = recordTables.vodAccount!;
  const [brandAccount, provider] = await tx
    .insert(a)
    .values([
      { name: '朝阳集团', partyKind: 'brand', percent: '30.00', contractNo: 'VOD-A-0001', bankName: '招商银行上海分行', accountHolder: '朝阳酒店集团有限公司', bankAccount: '6214830212345678', rules: '按自然月结算，次月10日前转账', ...contract },
      { name: '星光影业', partyKind: 'provider', percent: '25.00', contractNo: 'VOD-A-0002', bankName: '中国银行北京分行', accountHolder: '星光影业有限公司', bankAccount: '6217850100002233', ...contract },
    ])
    .returning({ id: a.id });
  await tx.insert(recordTables.vodProject!).values({
    name: '朝阳集团点播分成',
    targetBrandId: owner.brandId,
    contractNo: 'VOD-P-0001',
    rules: '酒店点播收入按月分账：品牌30%，片方25%，其余归平台',
    shares: [
      { accountId: brandAccount!.id, percent: 30 },
      { accountId: provider!.id, percent: 25 },
    ],
    sharesPercent: '55.00',
    platformPercent: '45.00',
    bankName: '工商银行上海分行',
    accountHolder: '朝阳酒店集团有限公司',
    bankAccount: '6222021001112223',
    ...contract,
  });
  const films = await tx.select({ id: recordTables.vodMovie!.id, title: recordTables.vodMovie!.title, price: recordTables.vodMovie!.price }).from(recordTables.vodMovie!);
  const paid = films.filter((film) => filmIds.includes(film.id as number) && Number(film.price) > 0);
  const orders = Array.from({ length: 12 }, (_, i) => {
    const film = paid[i % paid.length]!;
    const minor = Math.round(Number(film.price) * 100);
    const at = new Date(lastMonth.getTime() + (1 + i * 2) * 24 * 3_600_000 + 12 * 3_600_000 - DEMO_OFFSET_MIN * 60_000);
    return {
      brandId: owner.brandId,
      hotelId: owner.hotelId,
      number: `${period.replace('-', '')}9${String(i).padStart(5, '0')}`,
      roomNumber: String(8101 + i),
      movieId: film.id,
      movieTitle: film.title,
      amount: (minor / 100).toFixed(2),
      amountMinor: minor,
      payment: 'room',
      state: i === 5 ? 'refunded' : 'shipmentComplete',
      endsAt: new Date(at.getTime() + 48 * 3_600_000).toISOString(),
      refundedAt: i === 5 ? new Date(at.getTime() + 3_600_000).toISOString() : null,
      createdAt: at,
    };
  });
  await tx.insert(recordTables.vodOrder!).values(orders);
  await generateBills(tx, null, period, DEMO_OFFSET_MIN, now);
}

