import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { TEST_STREAM_BASE } from './device.js';
import { channelLineup, channelProgrammes } from './schema.js';

/** Two committed test streams (apps/server/media/test-streams), a few seconds each, looping on the TV. */
const PATTERN = `${TEST_STREAM_BASE}/pattern/index.m3u8`;
const BARS = `${TEST_STREAM_BASE}/bars/index.m3u8`;

const PLATFORM = [
  { number: 1, name: '朝阳新闻', epgId: 'sunrise.news', type: '新闻', package: '基础包', streamUrl: PATTERN },
  { number: 2, name: '外滩风光', epgId: 'bund.views', type: '纪录', package: '基础包', streamUrl: BARS },
  { number: 10, name: '城市体育', epgId: 'city.sports', type: '体育', package: '体育包', streamUrl: PATTERN },
];

/** A day's schedule of each demo channel, repeated over the guide's window. */
const SCHEDULES: Record<string, [number, string][]> = {
  'sunrise.news': [[0, '夜间新闻'], [6, '朝闻天下'], [9, '财经早报'], [12, '午间新闻'], [14, '城市纪录'], [18, '晚间新闻'], [20, '新闻联播'], [22, '国际观察']],
  'bund.views': [[0, '外滩夜景'], [7, '清晨的黄浦江'], [10, '老建筑的故事'], [13, '城市漫步'], [16, '江畔人家'], [19, '灯光秀'], [21, '夜航']],
  'city.sports': [[0, '赛事重播'], [8, '晨练时间'], [11, '足球联赛'], [15, '篮球之夜'], [19, '体育新闻'], [21, '网球公开赛']],
  'hotel.info': [[0, '酒店服务介绍'], [12, '餐饮推荐'], [18, '周边景点']],
};

/** The schedules' programmes from yesterday to a week ahead, in local server time. */
function demoProgrammes(now = new Date()) {
  const rows: { epgId: string; startsAt: Date; endsAt: Date; title: string }[] = [];
  const first = new Date(now);
  first.setHours(0, 0, 0, 0);
  first.setDate(first.getDate() - 1);
  for (let day = 0; day < 8; day++) {
    for (const [epgId, slots] of Object.entries(SCHEDULES)) {
      slots.forEach(([hour, title], index) => {
        const start = new Date(first);
        start.setDate(first.getDate() + day);
        start.setHours(hour);
        const end = new Date(start);
        end.setHours(slots[index + 1]?.[0] ?? 24);
        rows.push({ epgId, startsAt: start, endsAt: end, title });
      });
    }
  }
  return rows;
}

/**
 * The demo's live TV: three platform channels playing the committed test streams, the demo hotel's own
 * information channel, its list (the platform's first two, then its own), and a week's guide.
 */
export async function seedDemoChannels(tx: Db, owner: { brandId: number; hotelId: number; adminId: number; hotelUserId: number }): Promise<void> {
  const platform = await tx
    .insert(recordTables.channel!)
    .values(PLATFORM.map((channel) => ({ ...channel, active: true, source: 'manual', createdBy: owner.adminId })))
    .returning({ id: recordTables.channel!.id });
  const [own] = await tx
    .insert(recordTables.hotelChannel!)
    .values({ name: '朝阳外滩酒店频道', number: 100, epgId: 'hotel.info', streamUrl: BARS, brandId: owner.brandId, hotelId: owner.hotelId, createdBy: owner.hotelUserId })
    .returning({ id: recordTables.hotelChannel!.id });
  await tx.insert(channelLineup).values([
    { brandId: owner.brandId, hotelId: owner.hotelId, channelId: platform[0]!.id, position: 1 },
    { brandId: owner.brandId, hotelId: owner.hotelId, channelId: platform[1]!.id, position: 2 },
    { brandId: owner.brandId, hotelId: owner.hotelId, hotelChannelId: own!.id, position: 3 },
  ]);
  const programmes = demoProgrammes();
  for (let i = 0; i < programmes.length; i += 500) await tx.insert(channelProgrammes).values(programmes.slice(i, i + 500));
}
