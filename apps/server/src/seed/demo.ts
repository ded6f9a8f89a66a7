import { PERMISSIONS, records, type RecordDef } from '@htv/shared';
import { sql } from 'drizzle-orm';
import { seedPermissionTree, seedSystemRoles } from '../areas/access/system.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';
import { messageRecipients, recordTables, roles, sentMessages, userProjects, users } from '../db/schema/index.js';
import { seedDemoCatalogues, seedDemoManagers, seedDemoTenants } from '../areas/tenants/demo.js';
import { seedDemoTvAuth } from '../areas/tvauth/demo.js';
import { seedDemoTheme } from '../areas/themes/demo.js';
import { seedDemoMusic } from '../areas/music/demo.js';
import { seedDemoIntroductions } from '../areas/introduction/demo.js';
import { seedDemoWeather } from '../areas/weather/demo.js';
import { seedDemoExchange } from '../areas/exchange/demo.js';
import { seedDemoScreensaver } from '../areas/screensaver/demo.js';
import { seedDemoWakeUps } from '../areas/wakeup/demo.js';
import { seedDemoShop } from '../areas/shop/demo.js';
import { seedDemoLaundry } from '../areas/laundry/demo.js';
import { seedDemoGuestMessages } from '../areas/guestmessages/demo.js';
import { seedDemoNotices } from '../areas/notices/demo.js';
import { seedDemoSubtitles } from '../areas/subtitles/demo.js';
import { seedDemoImageMessages } from '../areas/imagemessages/demo.js';
import { seedDemoQuestionnaires } from '../areas/questionnaires/demo.js';
import { seedDemoVoice } from '../areas/voice/demo.js';
import { seedDemoChannels } from '../areas/channels/demo.js';
import { seedDemoVod } from '../areas/vod/demo.js';
import { seedDemoRcu } from '../areas/rcu/demo.js';
import { seedDemoRobot } from '../areas/robot/demo.js';
import { seedDemoHotelSurveys } from '../areas/hotelsurvey/demo.js';
import { seedDemoDigitalWall } from '../areas/digitalwall/demo.js';
import type { Storage } from '../files/storage.js';

/** Demo sign-ins printed at start-up; the seed runs only on an empty database. */
export const DEMO_ACCOUNTS = [
  { login: 'admin', password: 'admin123', userType: 1, note: 'platform administrator (super role 1)' },
  { login: 'ops', password: 'ops123', userType: 1, note: 'platform operator (role with some permissions)' },
  { login: 'sunrise', password: 'brand123', userType: 2, note: 'brand administrator (Sunrise Hotels)' },
  { login: 'bluebay', password: 'brand123', userType: 2, note: 'brand administrator (Blue Bay Resorts)' },
  { login: 'group.manager', password: 'brand123', userType: 2, note: 'brand operator of two brands (project selector)' },
  { login: 'sunrise.bund', password: 'hotel123', userType: 3, note: 'hotel administrator (Sunrise Bund)' },
  { login: 'sunrise.multi', password: 'hotel123', userType: 3, note: 'front-desk lead of two hotels (project selector)' },
  { login: 'sunrise.desk', password: 'hotel123', userType: 3, note: 'front desk of Sunrise Bund (second account; sunrise.bund is the manager)' },
] as const;

/** Password of the demo manufacturer (OEM) accounts oem.hismart and oem.kangyue (vendor client, not the console). */
export const DEMO_OEM_PASSWORD = 'oem12345';

/** Every permission string of the record engine for one user type. */
export function recordPermissions(userType: 1 | 2 | 3): string[] {
  return Object.values(records as Record<string, RecordDef>)
    .filter((def) => def.userTypes.includes(userType))
    .flatMap((def) => ['read', 'create', 'update', 'delete', ...Object.keys(def.states?.actions ?? {})].map((a) => `${def.permission}.${a}`))
    .filter((p, i, all) => all.indexOf(p) === i);
}

const FAQ_ALL = ['faq.read', 'faq.create', 'faq.update', 'faq.delete'];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with believable demo data (the demo's files in `storage`); returns false
 * when data already exists. The permission tree is filled from the route table whenever a user type
 * has none (also on existing databases).
 */
export async function seedDemo(db: Db, storage: Storage): Promise<boolean> {
  if (!(await isEmpty(db))) {
    await seedPermissionTree(db);
    return false;
  }
  const passwords = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) if (!passwords.has(account.password)) passwords.set(account.password, await hashPassword(account.password));
  const hash = (login: (typeof DEMO_ACCOUNTS)[number]['login']) => passwords.get(DEMO_ACCOUNTS.find((a) => a.login === login)!.password)!;

  await db.transaction(async (tx) => {
    // Fixed ids 1-4 are the system roles (1 platform super, 2 brand master, 3 hotel admin, 4 hotel super); others start at 11.
    await seedSystemRoles(tx);
    await seedPermissionTree(tx);

    // Brands, sub-brands, hotels (public ids 1000001…), rooms and terminals: apps/server/src/tenants/demo.ts.
    const { brandIds, hotelIds } = await seedDemoTenants(tx);
    const [sunrise, bluebay] = brandIds as [number, number];
    const [bund, westLake, riverside] = hotelIds[0] as [number, number, number];

    const [ops, brandOps, frontDesk] = await tx
      .insert(roles)
      .values([
        { userType: 1, name: '运营人员', permissions: ['brand.read', 'operationLog.read', PERMISSIONS.messageSend, PERMISSIONS.loginAs, ...FAQ_ALL] },
        { userType: 2, brandId: sunrise, name: '品牌运营', permissions: ['hotel.read', 'hotelAccount.read', 'operationLog.read', PERMISSIONS.loginAs, ...FAQ_ALL] },
        { userType: 3, brandId: sunrise, name: '前台主管', permissions: ['faq.read', 'faq.create', 'faq.update', 'operationLog.read', 'guestMessage.read'] },
      ])
      .returning({ id: roles.id });

    const created = await tx
      .insert(users)
      .values([
        { userType: 1, loginName: 'admin', name: '平台管理员', email: 'admin@example.com', passwordHash: hash('admin'), roleId: 1 },
        { userType: 1, loginName: 'ops', name: '平台运营', email: 'ops@example.com', passwordHash: hash('ops'), roleId: ops!.id },
        { userType: 2, loginName: 'sunrise', name: '朝阳集团管理员', email: 'it@sunrise.example.com', passwordHash: hash('sunrise'), roleId: 2, brandId: sunrise },
        { userType: 2, loginName: 'bluebay', name: '蓝湾管理员', email: 'it@bluebay.example.com', passwordHash: hash('bluebay'), roleId: 2, brandId: bluebay },
        { userType: 2, loginName: 'group.manager', name: '集团区域经理', email: 'region@sunrise.example.com', passwordHash: hash('group.manager'), roleId: brandOps!.id, brandId: sunrise },
        { userType: 3, loginName: 'sunrise.bund', name: '外滩店管理员', email: 'bund@sunrise.example.com', passwordHash: hash('sunrise.bund'), roleId: 3, brandId: sunrise, hotelId: bund },
        { userType: 3, loginName: 'sunrise.multi', name: '前台主管', email: 'frontdesk@sunrise.example.com', passwordHash: hash('sunrise.multi'), roleId: frontDesk!.id, brandId: sunrise, hotelId: westLake },
        { userType: 3, loginName: 'sunrise.desk', name: '外滩店前台', email: 'desk.bund@sunrise.example.com', passwordHash: hash('sunrise.desk'), roleId: frontDesk!.id, brandId: sunrise, hotelId: bund },
      ])
      .returning({ id: users.id, loginName: users.loginName });
    const userId = (login: string) => created.find((u) => u.loginName === login)!.id;
    await seedDemoManagers(tx, [
      [bund, userId('sunrise.bund')],
      [westLake, userId('sunrise.multi')],
    ]);
    await seedDemoCatalogues(tx, { brandIds, passwordHash: await hashPassword(DEMO_OEM_PASSWORD) });
    await seedDemoTvAuth(tx, bund);
    await tx.insert(userProjects).values([
      { userId: userId('group.manager'), brandId: bluebay },
      { userId: userId('sunrise.multi'), brandId: sunrise, hotelId: riverside },
    ]);

    const [welcome, upgrade] = await tx
      .insert(sentMessages)
      .values([
        { content: '欢迎使用酒店电视管理平台！如需帮助，请查看右上角的帮助文档。', senderId: userId('admin'), senderName: '平台管理员', target: { brand_ids: [], hotel_ids: [], user_types: [2, 3] }, recipientCount: 5 },
        { content: '平台将于本周六 02:00-04:00 进行系统升级，期间电视端服务不受影响。', senderId: userId('admin'), senderName: '平台管理员', target: { brand_ids: [sunrise], hotel_ids: [], user_types: [2, 3] }, recipientCount: 4 },
      ])
      .returning({ id: sentMessages.id });
    const everyone = ['sunrise', 'bluebay', 'group.manager', 'sunrise.bund', 'sunrise.multi'];
    await tx.insert(messageRecipients).values([
      ...everyone.map((login) => ({ messageId: welcome!.id, userId: userId(login), state: login === 'sunrise' ? 'read' : 'unread', readAt: login === 'sunrise' ? new Date() : null })),
      ...['sunrise', 'group.manager', 'sunrise.bund', 'sunrise.multi'].map((login) => ({ messageId: upgrade!.id, userId: userId(login) })),
    ]);

    const categories = recordTables.faqCategory!;
    const faq = recordTables.faq!;
    const [wifi, dining, stay] = await tx
      .insert(categories)
      .values([
        { name: '网络', nameEn: 'Internet', sort: 30, brandId: sunrise, hotelId: bund },
        { name: '餐饮', nameEn: 'Dining', sort: 20, brandId: sunrise, hotelId: bund },
        { name: '入住与退房', nameEn: 'Stay', sort: 10, brandId: sunrise, hotelId: bund },
      ])
      .returning({ id: categories.id });
    await tx.insert(faq).values([
      { title: '如何连接客房 Wi-Fi？', categoryId: wifi!.id, content: '在电视首页打开"酒店信息"即可看到 Wi-Fi 名称和密码。', hits: 128, brandId: sunrise, hotelId: bund },
      { title: '早餐时间和地点', categoryId: dining!.id, content: '早餐 6:30-10:00，在二楼西餐厅供应。', hits: 96, brandId: sunrise, hotelId: bund },
      { title: '可以延迟退房吗？', categoryId: stay!.id, content: '请致电前台 0，视当日房态可延迟至 14:00。', hits: 41, brandId: sunrise, hotelId: bund },
      { title: '电视如何投屏？', categoryId: wifi!.id, content: '手机与电视连接同一 Wi-Fi 后，在手机上选择"投屏"并选中本房间电视。', hits: 63, brandId: sunrise, hotelId: bund, enabled: false },
    ]);
    await seedDemoTheme(tx, sunrise, '朝阳集团管理员');
    await seedDemoMusic(tx, storage, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoIntroductions(tx, storage, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoWeather(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoExchange(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoScreensaver(tx, storage, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoWakeUps(tx, { brandId: sunrise, hotelId: bund });
    await seedDemoShop(tx, storage, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoLaundry(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoGuestMessages(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoNotices(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoSubtitles(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoImageMessages(tx, storage, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoQuestionnaires(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoVoice(tx, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
    await seedDemoChannels(tx, { brandId: sunrise, hotelId: bund, adminId: userId('admin'), hotelUserId: userId('sunrise.bund') });
    await seedDemoVod(tx, storage, userId('admin'), { brandId: sunrise, hotelId: bund });
    await seedDemoRcu(tx, { brandId: sunrise, hotelId: bund });
    await seedDemoRobot(tx, { brandId: sunrise, hotelId: bund });
    await seedDemoHotelSurveys(tx, { userId: userId('admin'), live: bund, done: westLake, planned: (hotelIds[1] as number[])[0]! });
    await seedDemoDigitalWall(tx, storage, { brandId: sunrise, hotelId: bund, userId: userId('sunrise.bund') });
  });
  return true;
}
