import { formatMinor } from '@htv/shared/areas/shop/device';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';
import { orderNumber } from './orders.js';

/** A picture drawn at seed time: a gradient card with an emoji-free glyph and a label (nothing committed). */
const card = (label: string, from: string, to: string, width = 480, height = 320) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.22}" fill="#ffffff" fill-opacity="0.25"/>
<text x="32" y="${height - 40}" font-family="sans-serif" font-size="${Math.round(height / 7)}" font-weight="700" fill="#ffffff">${label}</text></svg>`;

const GOODS: { category: number; name: string; nameEn: string; price: string; stock: number | null; colors: [string, string] }[] = [
  { category: 0, name: '矿泉水', nameEn: 'Mineral water', price: '6.00', stock: 200, colors: ['#4fa3d1', '#1d5c8a'] },
  { category: 0, name: '鲜榨橙汁', nameEn: 'Fresh orange juice', price: '28.00', stock: null, colors: ['#f5a623', '#d16b1f'] },
  { category: 0, name: '精品咖啡', nameEn: 'Coffee', price: '32.50', stock: null, colors: ['#8a5a3c', '#3d2414'] },
  { category: 1, name: '牛肉面', nameEn: 'Beef noodles', price: '48.00', stock: 30, colors: ['#d14f4f', '#7a1f1f'] },
  { category: 1, name: '水果拼盘', nameEn: 'Fruit platter', price: '58.00', stock: 20, colors: ['#5fbf6a', '#2a7a33'] },
  { category: 2, name: '牙刷套装', nameEn: 'Toothbrush kit', price: '9.90', stock: 100, colors: ['#8a4fd1', '#4a1f8a'] },
  { category: 2, name: '手机充电线', nameEn: 'Phone charging cable', price: '35.00', stock: 15, colors: ['#555555', '#222222'] },
];

/**
 * The demo hotel's shop: two banners, three categories (snacks with opening hours), seven goods with
 * pictures drawn at seed time, and orders of a few rooms in every state, so the console's order list
 * and the TVs' "my orders" are alive.
 */
export async function seedDemoShop(tx: Db, storage: Storage, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const own = { brandId, hotelId, createdBy: userId };
  const picture = async (svg: string, name: string, width: number, height: number) =>
    storeGeneratedFile(tx, storage, { data: await sharp(Buffer.from(svg)).png().toBuffer(), name, mime: 'image/png', rule: 'shopPicture', width, height, brandId, hotelId, uploadedBy: userId });
  const qr = async (text: string) =>
    storeGeneratedFile(tx, storage, { data: await QRCode.toBuffer(text, { width: 240, margin: 1 }), name: 'qr.png', mime: 'image/png', rule: 'shopPicture', width: 240, height: 240, brandId, hotelId, uploadedBy: userId });

  const banners = [
    { title: '欢迎入住，饮品八折', colors: ['#f5a623', '#8a4fd1'] },
    { title: '深夜食堂 22:00 前下单', colors: ['#1d5c8a', '#14233d'] },
  ];
  for (const [i, banner] of banners.entries()) {
    const cover = await picture(card(banner.title, banner.colors[0]!, banner.colors[1]!, 1280, 320), `banner-${i}.png`, 1280, 320);
    const detail = await picture(card(banner.title, banner.colors[1]!, banner.colors[0]!, 960, 540), `banner-${i}-detail.png`, 960, 540);
    await tx.insert(recordTables.shopBanner!).values({ ...own, title: banner.title, coverId: cover, detailIds: [detail], sort: 10 - i });
  }
  const categoryRows = [
    { name: '饮品', nameEn: 'Drinks', opensAt: null, closesAt: null, colors: ['#4fa3d1', '#1d5c8a'] },
    { name: '客房送餐', nameEn: 'Room service', opensAt: '07:00', closesAt: '23:00', colors: ['#d14f4f', '#7a1f1f'] },
    { name: '生活用品', nameEn: 'Essentials', opensAt: null, closesAt: null, colors: ['#8a4fd1', '#4a1f8a'] },
  ];
  const categoryIds: number[] = [];
  for (const [i, category] of categoryRows.entries()) {
    const [row] = await tx
      .insert(recordTables.shopCategory!)
      .values({
        ...own,
        name: category.name,
        nameEn: category.nameEn,
        pictureId: await picture(card(category.nameEn, category.colors[0]!, category.colors[1]!, 320, 320), `category-${i}.png`, 320, 320),
        qrCodeId: await qr(`https://shop.sunrise.example.com/bund/${i + 1}`),
        opensAt: category.opensAt,
        closesAt: category.closesAt,
        sort: 30 - i * 10,
      })
      .returning({ id: recordTables.shopCategory!.id });
    categoryIds.push(row!.id);
  }
  const goods: { id: number; name: string; priceMinor: number }[] = [];
  for (const [i, item] of GOODS.entries()) {
    const [row] = await tx
      .insert(recordTables.shopGoods!)
      .values({ ...own, name: item.name, nameEn: item.nameEn, categoryId: categoryIds[item.category]!, price: Number(item.price), stock: item.stock, pictureId: await picture(card(item.nameEn, item.colors[0], item.colors[1], 320, 320), `goods-${i}.png`, 320, 320), description: `${item.name} / ${item.nameEn}` })
      .returning({ id: recordTables.shopGoods!.id });
    goods.push({ id: row!.id, name: item.name, priceMinor: Math.round(Number(item.price) * 100) });
  }

  const orders: { room: string; lines: [number, number][]; state: string; payment: string; minutesAgo: number; cancelReason?: string }[] = [
    { room: '801', lines: [[0, 2], [2, 1]], state: 'new', payment: 'delivery', minutesAgo: 3 },
    { room: '612', lines: [[3, 1]], state: 'confirmed', payment: 'delivery', minutesAgo: 25 },
    { room: '305', lines: [[4, 1], [1, 2]], state: 'delivered', payment: 'delivery', minutesAgo: 180 },
    { room: '508', lines: [[6, 1]], state: 'cancelled', payment: 'delivery', minutesAgo: 300, cancelReason: '库存不足 / Out of stock' },
  ];
  const o = recordTables.shopOrder!;
  for (const order of orders) {
    const items = order.lines.map(([index, quantity]) => ({ goodsId: goods[index]!.id, name: goods[index]!.name, nameEn: GOODS[index]!.nameEn, priceMinor: goods[index]!.priceMinor, quantity }));
    const amountMinor = items.reduce((sum, item) => sum + item.priceMinor * item.quantity, 0);
    const at = new Date(Date.now() - order.minutesAgo * 60_000);
    const [row] = await tx
      .insert(o)
      .values({
        brandId,
        hotelId,
        number: '',
        roomNumber: order.room,
        summary: items.map((item) => `${item.name} ×${item.quantity}`).join('，'),
        items,
        amount: formatMinor(amountMinor),
        amountMinor,
        payment: order.payment,
        state: order.state,
        cancelReason: order.cancelReason ?? null,
        confirmedAt: order.state === 'new' ? null : at.toISOString(),
        deliveredAt: order.state === 'delivered' ? new Date(at.getTime() + 20 * 60_000).toISOString() : null,
        cancelledAt: order.state === 'cancelled' ? at.toISOString() : null,
        createdAt: at,
      })
      .returning({ id: o.id });
    await tx.update(o).set({ number: orderNumber(row!.id, at) }).where(eq(o.id, row!.id));
  }
}
