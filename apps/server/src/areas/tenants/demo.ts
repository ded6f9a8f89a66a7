import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, hotelDeviceSettings, hotels, oemUsers, recordTables, rooms, subBrands } from '../../db/schema/index.js';

/**
 * Demo tenancy data for the seed (apps/server/src/seed/demo.ts): brands with sub-brands and quotas,
 * hotels with every field, rooms, a few terminals per hotel (so the counts of the brand-level hotel
 * list mean something), OEM customers with accounts, launchers and brand shares, PMS manufacturers and
 * vendors, tags. Hotel public ids are 1000001, 1000002, … in the order below.
 */

interface DemoHotel {
  name: string;
  nameEn: string;
  sub: string;
  city: string;
  address: string;
  industry?: string;
  systemVersion: string;
  whitelist: string[];
  apPassword?: string;
  floors: [number, number];
  roomsPerFloor: number;
  building?: string;
  aiVoice?: boolean;
  pm25?: boolean;
  pictureFrame?: boolean;
  reviewRequired?: boolean;
  /** Terminals to seed: in rooms (authorized share) and in public areas. */
  terminals: { rooms: number; authorized: number; lobby: number };
}

interface DemoBrand {
  code: string;
  name: string;
  type: string;
  defaultResource: string;
  flags: Partial<Record<'brandCustomer' | 'qualityTesting' | 'salesExperience' | 'standardResources', boolean>>;
  remarks: string;
  hotelLimit: number | null;
  terminalLimit: number | null;
  subBrands: { name: string; nameEn: string; sort: number }[];
  hotels: DemoHotel[];
}


/** The province each demo city's terminals report (the online map groups terminals by it). */
const DEMO_PROVINCES: Record<string, string> = { 上海: '上海市', 杭州: '浙江省', 南京: '江苏省', 三亚: '海南省', 青岛: '山东省', 厦门: '福建省' };

export const DEMO_BRANDS: DemoBrand[] = [
  {
    code: 'SUNRISE',
    name: '朝阳酒店集团',
    type: 'chain',
    defaultResource: 'standard',
    flags: { brandCustomer: true, standardResources: true },
    remarks: '华东地区中高端连锁酒店集团，2019年起全面部署智能电视',
    hotelLimit: 20,
    terminalLimit: 5000,
    subBrands: [
      { name: '朝阳臻选', nameEn: 'Sunrise Select', sort: 20 },
      { name: '朝阳商旅', nameEn: 'Sunrise Business', sort: 10 },
    ],
    hotels: [
      { name: '朝阳外滩酒店', nameEn: 'Sunrise Bund Hotel', sub: '朝阳臻选', city: '上海', address: '上海市黄浦区中山东一路88号', systemVersion: '3.5', whitelist: ['203.0.113.0/28', '198.51.100.20'], apPassword: 'Bund2024ap', floors: [2, 9], roomsPerFloor: 12, aiVoice: true, pm25: true, pictureFrame: true, terminals: { rooms: 60, authorized: 52, lobby: 3 } },
      { name: '朝阳西湖酒店', nameEn: 'Sunrise West Lake Hotel', sub: '朝阳臻选', city: '杭州', address: '浙江省杭州市西湖区北山街28号', systemVersion: '3.0', whitelist: ['203.0.113.32/28'], apPassword: 'WestLake88', floors: [2, 6], roomsPerFloor: 10, pm25: true, reviewRequired: true, terminals: { rooms: 30, authorized: 22, lobby: 2 } },
      { name: '朝阳滨江酒店', nameEn: 'Sunrise Riverside Hotel', sub: '朝阳商旅', city: '南京', address: '江苏省南京市鼓楼区滨江大道66号', systemVersion: '3.0', whitelist: ['198.51.100.64/27', '198.51.100.99'], apPassword: 'Riverside01', floors: [3, 12], roomsPerFloor: 12, terminals: { rooms: 24, authorized: 24, lobby: 1 } },
    ],
  },
  {
    code: 'BLUEBAY',
    name: '蓝湾度假酒店',
    type: 'chain',
    defaultResource: 'brand',
    flags: { brandCustomer: true, salesExperience: true },
    remarks: '滨海度假酒店品牌，主打亲子与会议度假',
    hotelLimit: 10,
    terminalLimit: 2000,
    subBrands: [
      { name: '蓝湾度假', nameEn: 'Blue Bay Resorts', sort: 20 },
      { name: '蓝湾城市', nameEn: 'Blue Bay City', sort: 10 },
    ],
    hotels: [
      { name: '蓝湾三亚度假酒店', nameEn: 'Blue Bay Sanya Resort', sub: '蓝湾度假', city: '三亚', address: '海南省三亚市海棠湾海棠北路9号', industry: 'resort', systemVersion: '4.0', whitelist: ['192.0.2.0/26'], apPassword: 'Sanya2025', floors: [1, 5], roomsPerFloor: 16, building: 'A', aiVoice: true, pictureFrame: true, terminals: { rooms: 40, authorized: 36, lobby: 4 } },
      { name: '蓝湾青岛酒店', nameEn: 'Blue Bay Qingdao Hotel', sub: '蓝湾城市', city: '青岛', address: '山东省青岛市市南区香港中路18号', systemVersion: '3.0', whitelist: ['192.0.2.64/27'], apPassword: 'Qingdao888', floors: [2, 8], roomsPerFloor: 10, terminals: { rooms: 20, authorized: 12, lobby: 1 } },
      { name: '蓝湾厦门酒店', nameEn: 'Blue Bay Xiamen Hotel', sub: '蓝湾度假', city: '厦门', address: '福建省厦门市思明区环岛路2号', systemVersion: '2.0', whitelist: ['192.0.2.128/25'], floors: [2, 5], roomsPerFloor: 12, terminals: { rooms: 10, authorized: 4, lobby: 0 } },
    ],
  },
  {
    code: 'HISMART',
    name: '海智电视',
    type: 'manufacturer',
    defaultResource: 'blank',
    flags: { qualityTesting: true, salesExperience: true },
    remarks: '电视厂商质检与销售体验专用品牌',
    hotelLimit: 3,
    terminalLimit: 200,
    subBrands: [{ name: '海智体验店', nameEn: 'HiSmart Showrooms', sort: 0 }],
    hotels: [
      { name: '海智青岛质检中心', nameEn: 'HiSmart Qingdao QA Center', sub: '海智体验店', city: '青岛', address: '山东省青岛市黄岛区海智路1号', industry: 'office', systemVersion: '4.0', whitelist: ['203.0.113.128/25'], apPassword: 'QAcenter2025', floors: [1, 2], roomsPerFloor: 20, terminals: { rooms: 30, authorized: 30, lobby: 0 } },
    ],
  },
];

const ROOM_TYPES = ['大床房', '双床房', '大床房', '双床房', '套房'];

/** Brands, sub-brands, hotels (with whitelists, settings and rooms) and terminals. Returns ids in declaration order. */
export async function seedDemoTenants(tx: Db): Promise<{ brandIds: number[]; hotelIds: number[][] }> {
  const brandIds: number[] = [];
  const hotelIds: number[][] = [];
  let publicId = 1000001;
  let macSerial = 0;
  const terminals = recordTables.terminal!;
  const now = Date.now();
  const day = 24 * 3600 * 1000;
  for (const b of DEMO_BRANDS) {
    const [brand] = await tx
      .insert(brands)
      .values({ code: b.code, name: b.name, type: b.type, defaultResource: b.defaultResource, ...b.flags, remarks: b.remarks, hotelLimit: b.hotelLimit, terminalLimit: b.terminalLimit })
      .returning({ id: brands.id });
    const subs = await tx
      .insert(subBrands)
      .values(b.subBrands.map((s) => ({ brandId: brand!.id, ...s })))
      .returning({ id: subBrands.id, name: subBrands.name });
    const ids: number[] = [];
    for (const h of b.hotels) {
      const [hotel] = await tx
        .insert(hotels)
        .values({
          publicId: String(publicId++),
          brandId: brand!.id,
          subBrandId: subs.find((s) => s.name === h.sub)!.id,
          name: h.name,
          nameEn: h.nameEn,
          industry: h.industry ?? 'hotel',
          systemVersion: h.systemVersion,
          city: h.city,
          address: h.address,
          apSsid: h.apPassword ? `${h.nameEn.replace(/[^A-Za-z]/g, '').slice(0, 20)}-AP` : null,
          apPassword: h.apPassword ?? null,
          themeSource: 'brand',
          introSource: h.reviewRequired ? 'hotel' : 'brand',
          reviewRequired: h.reviewRequired ?? false,
          pictureFrame: h.pictureFrame ?? false,
          pictureFrameInterval: 15,
          pm25: h.pm25 ?? false,
          aiVoice: h.aiVoice ?? false,
          rcuConfig: h.aiVoice ? { protocol: 'modbus-tcp', host: '10.20.0.5', port: 502, scenes: { welcome: 1, sleep: 2, away: 3 } } : null,
          settings: {
            welcome_text: `欢迎入住${h.name}`,
            service_phone: '4008-200-300',
            check_out_time: '12:00',
            extended_language: h.industry === 'resort' ? ['en', 'ru', 'ko'] : ['en'],
            wifi_ssid: `${h.nameEn.replace(/[^A-Za-z]/g, '').slice(0, 20)}-Guest`,
          },
        })
        .returning({ id: hotels.id });
      ids.push(hotel!.id);
      await tx.insert(hotelDeviceSettings).values({ hotelId: hotel!.id, ipWhitelist: h.whitelist });

      const roomRows: (typeof rooms.$inferInsert)[] = [];
      for (let floor = h.floors[0]; floor <= h.floors[1]; floor++) {
        for (let n = 1; n <= h.roomsPerFloor; n++) {
          const number = `${h.building ? `${h.building}-` : ''}${floor}${String(n).padStart(2, '0')}`;
          roomRows.push({ brandId: brand!.id, hotelId: hotel!.id, number, floor: String(floor), building: h.building ?? null, roomType: ROOM_TYPES[n % ROOM_TYPES.length]! });
        }
      }
      await tx.insert(rooms).values(roomRows);

      const terminalRows: Record<string, unknown>[] = [];
      const place = (roomNumber: string | null, authorized: boolean, index: number) => {
        const serial = ++macSerial;
        const registeredAt = new Date(now - (90 - (index % 60)) * day);
        terminalRows.push({
          mac: `DM${String(serial).padStart(10, '0')}`,
          sn: `DEMOSN${String(serial).padStart(10, '0')}`,
          softwareVersion: '3.2.1',
          otaVersion: '20250601',
          controlVersion: '1.4.0',
          launcher: 'hotelos',
          clientType: 'tv',
          model: 'HT-55E7',
          size: '55',
          vendor: 'HiSmart',
          region: DEMO_PROVINCES[h.city] ?? null,
          city: h.city,
          sceneMode: 'hotel',
          roomNumber,
          online: false,
          authorization: authorized ? 'authorized' : 'unauthorized',
          registered: true,
          registeredAt: registeredAt.toISOString(),
          authorizedAt: authorized ? new Date(registeredAt.getTime() + day).toISOString() : null,
          brandId: brand!.id,
          hotelId: hotel!.id,
        });
      };
      for (let i = 0; i < h.terminals.rooms; i++) place(roomRows[i % roomRows.length]!.number as string, i < h.terminals.authorized, i);
      for (let i = 0; i < h.terminals.lobby; i++) place(null, true, i);
      if (terminalRows.length) await tx.insert(terminals).values(terminalRows);
    }
    brandIds.push(brand!.id);
    hotelIds.push(ids);
  }
  return { brandIds, hotelIds };
}

/** Hotel managers: `managers` maps hotel ids to the account that manages them. */
export async function seedDemoManagers(tx: Db, managers: [hotelId: number, userId: number][]): Promise<void> {
  for (const [hotelId, userId] of managers) await tx.update(hotels).set({ managerUserId: userId }).where(eq(hotels.id, hotelId));
}

/** OEM customers with accounts, launchers and brand shares; PMS manufacturers and vendors; tags. */
export async function seedDemoCatalogues(tx: Db, opts: { brandIds: number[]; passwordHash: string }): Promise<void> {
  const customers = recordTables.oemCustomer!;
  const launchers = recordTables.oemLauncher!;
  const shares = recordTables.oemBrandShare!;
  const [hismart, konka, tcl] = (await tx
    .insert(customers)
    .values([
      { name: '海智电视', pinyinKey: 'haizhi', company: '海智电子科技有限公司', phone: '0532-88886666', contactEmail: 'oem@hismart.example.com', remark: '战略合作厂商' },
      { name: '康悦显示', pinyinKey: 'kangyue', company: '康悦显示技术有限公司', phone: '0755-26601234', contactEmail: 'biz@kangyue.example.com', remark: '华南区域' },
      { name: '天辰科技', pinyinKey: 'tianchen', company: '天辰智能科技股份有限公司', phone: '13800138000', contactEmail: 'hotel@tianchen.example.com', remark: '酒店专供机型' },
    ])
    .returning({ id: customers.id })) as { id: number }[] as [{ id: number }, { id: number }, { id: number }];
  await tx.insert(oemUsers).values([
    { oemCustomerId: hismart.id, loginName: 'oem.hismart', name: '海智对接人', phone: '13900001111', email: 'oem@hismart.example.com', passwordHash: opts.passwordHash },
    { oemCustomerId: konka.id, loginName: 'oem.kangyue', name: '康悦商务', phone: '13900002222', email: 'biz@kangyue.example.com', passwordHash: opts.passwordHash },
    { oemCustomerId: tcl.id, loginName: 'oem.tianchen', name: '天辰运营', email: 'hotel@tianchen.example.com', passwordHash: opts.passwordHash, enabled: false },
  ]);
  await tx.insert(launchers).values([
    { oemCustomerId: hismart.id, launcher: 'hotelos', packageName: 'com.hismart.hotel.launcher', version: '3.2.1', remark: '酒店模式桌面' },
    { oemCustomerId: hismart.id, launcher: 'hotelos-lite', packageName: 'com.hismart.hotel.lite', version: '2.8.0', remark: '低配机型' },
    { oemCustomerId: konka.id, launcher: 'ky-hotel', packageName: 'com.kangyue.hotel', version: '1.9.3' },
    { oemCustomerId: tcl.id, launcher: 'tc-stay', packageName: 'com.tianchen.stay', version: '5.0.2' },
  ]);
  const [sunrise, bluebay, hismartBrand] = opts.brandIds as [number, number, number];
  await tx.insert(shares).values([
    { oemCustomerId: hismart.id, shareBrandId: sunrise, percent: 40, remark: '2025年度' },
    { oemCustomerId: hismart.id, shareBrandId: bluebay, percent: 35, remark: '2025年度' },
    { oemCustomerId: hismart.id, shareBrandId: hismartBrand, percent: 25, remark: '质检品牌' },
    { oemCustomerId: konka.id, shareBrandId: bluebay, percent: 60, remark: '华南项目' },
  ]);

  const manufacturers = recordTables.pmsManufacturer!;
  const vendors = recordTables.pmsVendor!;
  const [shiji, foxhis, lvyun] = (await tx
    .insert(manufacturers)
    .values([
      { name: '石基信息', contact: '王工', phone: '010-59297000', email: 'pms@shiji.example.com', remark: 'Opera / 西软' },
      { name: '西软科技', contact: '李工', phone: '0571-88231234', email: 'support@foxhis.example.com' },
      { name: '绿云软件', contact: '陈工', phone: '0571-86761234', email: 'api@lvyun.example.com' },
    ])
    .returning({ id: manufacturers.id })) as [{ id: number }, { id: number }, { id: number }];
  const [opera, , lvyunIhotel] = (await tx
    .insert(vendors)
    .values([
      { name: 'Opera PMS', key: 'opera', manufacturerId: shiji.id, protocol: 'fias', params: { host: '', port: 5010, charset: 'utf-8' }, remark: 'FIAS 接口' },
      { name: '西软 X5', key: 'foxhis_x5', manufacturerId: foxhis.id, params: { endpoint: 'https://pms.example.com/x5', appKey: '', timeout: 10 } },
      { name: '绿云 iHotel', key: 'lvyun_ihotel', manufacturerId: lvyun.id, params: { endpoint: 'https://open.example.com/ihotel', hotelGroupCode: '', pollSeconds: 60 } },
      { name: '自建PMS', key: 'custom_http', params: { endpoint: '', method: 'POST' }, enabled: false, remark: '酒店自研系统通用HTTP接口' },
    ])
    .returning({ id: vendors.id })) as [{ id: number }, { id: number }, { id: number }];
  // The hotels' PMS: 朝阳外滩酒店 and 蓝湾三亚度假酒店 on Opera, 朝阳西湖酒店 on 绿云.
  await tx.update(hotels).set({ pmsVendorId: opera.id }).where(inArray(hotels.publicId, ['1000001', '1000004']));
  await tx.update(hotels).set({ pmsVendorId: lvyunIhotel.id }).where(eq(hotels.publicId, '1000002'));

  const tags = recordTables.tag!;
  await tx.insert(tags).values([
    { nameZh: '商务', nameEn: 'Business', type: 'hotel', searchable: true, sort: 30 },
    { nameZh: '度假', nameEn: 'Resort', type: 'hotel', searchable: true, sort: 20 },
    { nameZh: '亲子', nameEn: 'Family', type: 'hotel', searchable: true, sort: 10 },
    { nameZh: '会议', nameEn: 'Meetings', type: 'hotel', searchable: false, sort: 5 },
    { nameZh: '海景房', nameEn: 'Sea view', type: 'room', searchable: true, sort: 20 },
    { nameZh: '无烟房', nameEn: 'Non-smoking', type: 'room', searchable: true, sort: 10 },
    { nameZh: '大堂', nameEn: 'Lobby', type: 'terminal', searchable: true, sort: 20 },
    { nameZh: '会议室', nameEn: 'Meeting room', type: 'terminal', searchable: true, sort: 10 },
    { nameZh: '餐饮推荐', nameEn: 'Dining', type: 'content', searchable: false, sort: 10 },
  ]);
}
