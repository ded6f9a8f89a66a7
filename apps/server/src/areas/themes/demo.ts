import { themeDocument } from '@htv/shared/areas/themes/index';
import type { Db } from '../../db/client.js';
import { themes, themeSends, themeVersions } from './schema.js';

const tile = (key: string, x: number, zh: string, en: string, color: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  key,
  x,
  y: 640,
  width: 380,
  height: 220,
  text: { 'zh-CN': zh, en },
  background: color,
  align: 'center',
  radius: 24,
  focusable: true,
  animation: 'fade',
  font: { size: 48, bold: true },
  ...extra,
});

const frame = (key: string, blocks: unknown[]) => ({ key: `${key}Frame`, name: 'Frame', x: 0, y: 0, width: 1920, height: 1080, blocks });

const detail = (key: string, name: string, zh: string, en: string) => ({
  key,
  type: 'detail',
  name,
  containers: [
    frame(key, [
      { type: 'text', key: `${key}Title`, x: 160, y: 120, width: 1600, height: 140, text: { 'zh-CN': name, en: key === 'dining' ? 'Dining' : 'About the hotel' }, font: { size: 72, bold: true } },
      { type: 'text', key: `${key}Body`, x: 160, y: 320, width: 1600, height: 500, text: { 'zh-CN': zh, en }, font: { size: 44 } },
      { type: 'text', key: `${key}Back`, x: 160, y: 900, width: 1600, height: 80, text: { 'zh-CN': '按返回键回到首页', en: 'Press Back to return home' }, color: '#9fb3d1', font: { size: 32 } },
    ]),
  ],
});

/** The demo's room launcher: a welcome, the time, four tiles, the music and the films under the remote, the dining page behind one of them. */
const DEMO_DOCUMENT = themeDocument.parse({
  theme: { name: '朝阳客房主页', color: '#f5a623', languages: ['zh-CN', 'en'], interfaceTypes: ['main'], equipmentType: 'room' },
  layouts: [
    {
      key: 'main',
      name: 'Main',
      type: 'main',
      pages: [
        {
          key: 'home',
          type: 'home',
          name: '首页',
          containers: [
            frame('home', [
              { type: 'text', key: 'welcome', x: 120, y: 180, width: 1300, height: 160, text: { 'zh-CN': '欢迎入住朝阳酒店', en: 'Welcome to Sunrise Hotels' }, font: { size: 84, bold: true }, animation: 'slide' },
              { type: 'text', key: 'greeting', x: 120, y: 350, width: 1300, height: 80, text: { 'zh-CN': '愿您在这里度过美好的时光', en: 'We wish you a pleasant stay' }, color: '#c9d6ea', font: { size: 40 } },
              { type: 'clock', key: 'clock', x: 1480, y: 120, width: 320, height: 120, format: 'HH:mm', align: 'right', font: { size: 88, bold: true } },
              { type: 'clock', key: 'date', x: 1380, y: 240, width: 420, height: 60, format: 'yyyy-MM-dd HH:mm', align: 'right', color: '#c9d6ea', font: { size: 30 } },
              { type: 'weather', key: 'weather', x: 1380, y: 310, width: 420, height: 60, align: 'right', color: '#c9d6ea', font: { size: 30 } },
              tile('liveTv', 120, '电视直播', 'Live TV', '#2f6fdb', { clickEvent: { action: 'openArea', area: 'channels' } }),
              tile('diningTile', 540, '餐饮服务', 'Dining', '#d9822b', { clickEvent: { action: 'openPage', pageKey: 'dining' } }),
              tile('hotelTile', 960, '酒店介绍', 'The hotel', '#3a9a6b', { clickEvent: { action: 'openArea', area: 'introduction' } }),
              tile('shopTile', 1380, '客房商城', 'Shop', '#8a4fd1', { clickEvent: { action: 'openArea', area: 'shop' } }),
              // Below the tiles: the first block in reading order (Live TV) keeps the first focus.
              { type: 'music', key: 'music', x: 120, y: 900, width: 640, height: 150, title: { 'zh-CN': '音乐', en: 'Music' }, radius: 24, focusable: true, font: { size: 34 }, clickEvent: { action: 'openArea', area: 'music' } },
              { type: 'vod', key: 'vod', x: 800, y: 900, width: 300, height: 150, title: { 'zh-CN': '影视点播', en: 'Movies' }, radius: 24, focusable: true, font: { size: 34 }, clickEvent: { action: 'openArea', area: 'vod' } },
              { type: 'qrCode', key: 'wifi', x: 1640, y: 900, width: 160, height: 160, content: 'WIFI:S:Sunrise-Guest;T:WPA;P:welcome2026;;' },
              { type: 'text', key: 'wifiHint', x: 1120, y: 940, width: 500, height: 80, text: { 'zh-CN': '扫码连接客房 Wi-Fi', en: 'Scan to join the Wi-Fi' }, align: 'right', color: '#c9d6ea', font: { size: 32 } },
            ]),
          ],
        },
        detail('dining', '餐饮服务', '早餐 6:30-10:00 · 二楼西餐厅\n午餐 11:30-14:00 · 晚餐 17:30-21:30\n客房送餐 24 小时，请拨 8', 'Breakfast 6:30-10:00 · Western restaurant, 2nd floor\nLunch 11:30-14:00 · Dinner 17:30-21:30\nRoom service around the clock: dial 8'),
      ],
    },
  ],
});

/**
 * The demo brand's room template, published and sent to the brand, so every Sunrise hotel's TV (the
 * demo fleet's, and a browser TV set up with a demo install code) shows a launcher from the first
 * start. Private: the brand edits it, its hotels see it on their TVs.
 */
export async function seedDemoTheme(tx: Db, brandId: number, by: string): Promise<void> {
  const [theme] = await tx
    .insert(themes)
    .values({ name: DEMO_DOCUMENT.theme.name, equipmentType: 'room', visibility: 'private', status: 'sentPart', brandId, draft: DEMO_DOCUMENT, draftSavedBy: by })
    .returning({ id: themes.id });
  await tx.insert(themeVersions).values({ themeId: theme!.id, number: 1, document: DEMO_DOCUMENT, state: 'published', publishedAt: new Date(), publishedBy: by });
  await tx.insert(themeSends).values({ themeId: theme!.id, targetKind: 'brand', targetId: brandId, durationSeconds: 365 * 86_400, brandId, sentBy: by });
}
