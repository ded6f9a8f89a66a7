import { records, type RecordDef } from '@htv/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';
import { brands, hotels, recordTables, roles, users } from '../db/schema/index.js';

/** Demo sign-ins printed at start-up; the seed runs only on an empty database. */
export const DEMO_ACCOUNTS = [
  { login: 'admin', password: 'admin123', userType: 1, note: 'platform administrator' },
  { login: 'sunrise', password: 'brand123', userType: 2, note: 'brand administrator (Sunrise Hotels)' },
  { login: 'sunrise.bund', password: 'hotel123', userType: 3, note: 'hotel administrator (Sunrise Bund)' },
] as const;

/** Every permission string of the record engine for one user type. */
export function recordPermissions(userType: 1 | 2 | 3): string[] {
  return Object.values(records as Record<string, RecordDef>)
    .filter((def) => def.userTypes.includes(userType))
    .flatMap((def) => ['read', 'create', 'update', 'delete', ...Object.keys(def.states?.actions ?? {})].map((a) => `${def.permission}.${a}`))
    .filter((p, i, all) => all.indexOf(p) === i);
}

const BRANDS = [
  { code: 'SUNRISE', name: '朝阳酒店集团', hotels: ['朝阳外滩酒店', '朝阳西湖酒店', '朝阳滨江酒店'] },
  { code: 'BLUEBAY', name: '蓝湾度假酒店', hotels: ['蓝湾三亚度假酒店', '蓝湾青岛酒店', '蓝湾厦门酒店'] },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Fills an empty database with believable demo data; returns false when data already exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await db.transaction(async (tx) => {
    // Fixed ids 1-3 are the system roles the spec names (1 platform super, 2 brand master).
    await tx.insert(roles).values([
      { id: 1, userType: 1, name: '超级管理员', isSuper: true },
      { id: 2, userType: 2, name: '品牌管理员', isSuper: true },
      { id: 3, userType: 3, name: '酒店管理员', permissions: recordPermissions(3) },
    ]);
    await tx.execute(sql`select setval(pg_get_serial_sequence('roles', 'id'), 10)`);
    const [admin, brand, hotel] = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
    let publicId = 1000001;
    const hotelIds: number[][] = [];
    for (const b of BRANDS) {
      const [row] = await tx.insert(brands).values({ code: b.code, name: b.name }).returning({ id: brands.id });
      const created = await tx
        .insert(hotels)
        .values(b.hotels.map((name) => ({ brandId: row!.id, name, publicId: String(publicId++) })))
        .returning({ id: hotels.id });
      hotelIds.push(created.map((h) => h.id));
    }
    const sunrise = 1;
    const bund = hotelIds[0]![0]!;
    await tx.insert(users).values([
      { userType: 1, loginName: 'admin', name: '平台管理员', email: 'admin@example.com', passwordHash: admin!, roleId: 1 },
      { userType: 2, loginName: 'sunrise', name: '朝阳集团管理员', email: 'it@sunrise.example.com', passwordHash: brand!, roleId: 2, brandId: sunrise },
      { userType: 3, loginName: 'sunrise.bund', name: '外滩店管理员', email: 'bund@sunrise.example.com', passwordHash: hotel!, roleId: 3, brandId: sunrise, hotelId: bund },
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
  });
  return true;
}
