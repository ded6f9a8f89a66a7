import { parseTests } from '@htv/shared/areas/voice/instruction';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { buildBrain } from './brain.js';
import { testSet } from './service.js';

/** The platform's intents every hotel's assistant knows (TV control). */
const PLATFORM_INTENTS = [
  { name: 'tv.volumeUp', title: '调高音量', examplesZh: '声音大一点\n调高音量\n大声点\n音量调大', examplesEn: 'turn the volume up\nlouder please\nvolume up\nI cannot hear it' },
  { name: 'tv.volumeDown', title: '调低音量', examplesZh: '声音小一点\n调低音量\n小声点\n音量调小', examplesEn: 'turn the volume down\nquieter please\nvolume down\nit is too loud' },
  { name: 'tv.openMusic', title: '打开音乐', examplesZh: '我想听音乐\n打开音乐\n放首歌', examplesEn: 'play some music\nopen music\nI want to listen to music' },
  { name: 'tv.openFaq', title: '常见问题', examplesZh: '打开常见问题\n我有问题要问', examplesEn: 'open the questions\nshow the faq\nI have a question' },
  // Room control (docs/rcu.md): the devices come from the sentence's slots.
  { name: 'room.curtains', title: '窗帘', slots: 'device,onoff', examplesZh: '打开窗帘\n关上窗帘\n拉开窗帘\n把窗帘关了', examplesEn: 'open the curtains\nclose the curtains\ndraw the curtains\nshut the blinds' },
  {
    name: 'room.aircon',
    title: '空调',
    slots: 'device,onoff,temperature',
    examplesZh: '空调调到22度\n把空调打开\n关掉空调\n温度调到二十五度\n空调开到26度',
    examplesEn: 'set the air conditioning to 22 degrees\nturn on the air conditioning\nturn off the aircon\nset the temperature to 24 degrees\nmake it 20 degrees',
  },
  { name: 'room.dnd', title: '请勿打扰', slots: 'device,onoff', examplesZh: '打开请勿打扰\n开启免打扰\n关闭免打扰\n取消请勿打扰', examplesEn: 'turn on do not disturb\nswitch do not disturb on\nturn off do not disturb\ncancel do not disturb' },
];

/** The demo hotel's own: what a guest asks for, and the room. */
const HOTEL_INTENTS = [
  {
    name: 'service.goods',
    title: '客房物品',
    slots: 'item,quantity',
    examplesZh: '给我拿两条毛巾\n我需要毛巾\n请送一瓶水\n再来两瓶矿泉水\n帮我拿条浴巾\n送一双拖鞋\n我要一把牙刷',
    examplesEn: 'two towels please\nbring me some towels\nI need more towels\ncan I have water\nplease send two bottles of water\na pair of slippers please\nI need a toothbrush',
  },
  { name: 'service.cleaning', title: '打扫房间', examplesZh: '请打扫房间\n帮我收拾一下房间\n需要打扫', examplesEn: 'please clean my room\nI need housekeeping\ncan someone tidy the room' },
  { name: 'room.lights', title: '灯光', slots: 'device,onoff', examplesZh: '关灯\n开灯\n把灯关了\n打开灯', examplesEn: 'turn off the lights\nturn on the lights\nlights off\nswitch the lamp on' },
];

const TESTS_ZH = '请给我两条毛巾 => service.goods\n送两瓶水 => service.goods\n声音大点 => tv.volumeUp\n把声音调小 => tv.volumeDown\n打扫一下房间 => service.cleaning\n把灯关掉 => room.lights\n早餐几点 => faq.';
const TESTS_EN = 'two towels please => service.goods\nsome water please => service.goods\nmake it louder => tv.volumeUp\nplease turn it down => tv.volumeDown\nplease clean the room => service.cleaning\nturn the lights off => room.lights';

/**
 * The demo's voice assistant (Sunrise Bund): the platform's TV intents, the hotel's published set
 * in Chinese and English with its test sentences run as a save runs them, instructions, the goods a
 * guest may ask for, and service calls in each state on the hotel's TVs.
 */
export async function seedDemoVoice(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  await tx.insert(recordTables.aiIntent!).values(PLATFORM_INTENTS.map((intent) => ({ ...intent, enabled: true })));
  await tx.insert(recordTables.aiGoods!).values([
    { name: '毛巾', nameEn: 'towel', synonyms: 'towels,浴巾,bath towel', maxQuantity: 4, enabled: true, brandId, hotelId, createdBy: userId },
    { name: '矿泉水', nameEn: 'water', synonyms: '水,bottled water', maxQuantity: 6, enabled: true, brandId, hotelId, createdBy: userId },
    { name: '拖鞋', nameEn: 'slippers', synonyms: 'slipper', maxQuantity: 2, enabled: true, brandId, hotelId, createdBy: userId },
    { name: '牙刷', nameEn: 'toothbrush', synonyms: 'toothbrushes', maxQuantity: 2, enabled: true, brandId, hotelId, createdBy: userId },
  ]);
  const sets = recordTables.aiIntentSet!;
  const [set] = await tx.insert(sets).values({ name: '客房服务 Room service', testsEn: TESTS_EN, status: 'draft', brandId, hotelId, createdBy: userId }).returning({ id: sets.id });
  await tx.insert(recordTables.aiIntent!).values(HOTEL_INTENTS.map((intent) => ({ ...intent, setId: set!.id, enabled: true, brandId, hotelId, createdBy: userId })));
  await tx.insert(recordTables.aiInstruction!).values([
    { name: '调高音量', content: JSON.stringify({ intent: 'tv.volumeUp', do: 'volume', step: 10, say: { zh: '好的，音量调大了', en: 'OK, louder' } }), enabled: true, brandId, hotelId, createdBy: userId },
    { name: '调低音量', content: JSON.stringify({ intent: 'tv.volumeDown', do: 'volume', step: -10, say: { zh: '好的，音量调小了', en: 'OK, quieter' } }), enabled: true, brandId, hotelId, createdBy: userId },
    { name: '打开音乐', content: JSON.stringify({ intent: 'tv.openMusic', do: 'openArea', area: 'music' }), enabled: true, brandId, hotelId, createdBy: userId },
    { name: '常见问题', content: JSON.stringify({ intent: 'tv.openFaq', do: 'openArea', area: 'faq' }), enabled: true, brandId, hotelId, createdBy: userId },
    { name: '灯光', content: JSON.stringify({ intent: 'room.lights', do: 'room', device: 'light' }), enabled: true, brandId, hotelId, createdBy: userId },
  ]);
  // The breakfast question of the demo FAQ: its test names the FAQ entry's intent.
  const faq = recordTables.faq!;
  const [breakfast] = await tx.select({ id: faq.id }).from(faq).where(and(eq(faq.hotelId, hotelId), eq(faq.title, '早餐时间和地点'))).limit(1);
  const testsZh = breakfast ? TESTS_ZH.replace('faq.', `faq.${breakfast.id}`) : TESTS_ZH.split('\n').slice(0, -1).join('\n');
  const result = await testSet(await buildBrain(tx, hotelId, { setId: set!.id }), { zh: parseTests(testsZh), en: parseTests(TESTS_EN) });
  await tx
    .update(sets)
    .set({ testsZh, accuracy: result?.accuracy ?? null, failures: result?.failures ?? [], testedAt: new Date().toISOString(), status: 'published' })
    .where(eq(sets.id, set!.id));

  // Calls in each state on four of the hotel's rooms.
  const t = recordTables.terminal!;
  const rooms = await tx
    .select({ id: t.id, mac: t.mac, roomNumber: t.roomNumber })
    .from(t)
    .where(and(eq(t.hotelId, hotelId), eq(t.authorization, 'authorized'), isNotNull(t.roomNumber)))
    .orderBy(asc(t.id))
    .limit(5);
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const calls = [
    { content: '毛巾 × 2 — 请给我两条毛巾', intent: 'service.goods', status: 'pending', calledAt: minutesAgo(3), score: null, escalated: false },
    { content: 'water × 2 — two bottles of water please', intent: 'service.goods', status: 'pending', calledAt: minutesAgo(25), score: null, escalated: true },
    { content: '请打扫房间', intent: 'service.cleaning', status: 'processing', calledAt: minutesAgo(12), score: null, escalated: false },
    { content: 'slippers × 1 — a pair of slippers please', intent: 'service.goods', status: 'completed', calledAt: minutesAgo(90), score: 5, escalated: false },
    { content: '牙刷 × 1 — 我要一把牙刷', intent: 'service.goods', status: 'ignored', calledAt: minutesAgo(200), score: null, escalated: false },
  ];
  if (!rooms.length) return;
  await tx.insert(recordTables.aiServiceCall!).values(
    calls.map((call, i) => {
      const room = rooms[i % rooms.length]!;
      return { ...call, roomNumber: room.roomNumber, mac: room.mac, terminalId: room.id, brandId, hotelId };
    }),
  );
}
