import { SHOP_LIMITS, type OrderPayment, type OrderState } from './records.js';

/**
 * The shop as a TV receives it (the `shop` configuration part, docs/shop.md): banners, categories with
 * their 9 newest goods, and this room's orders with their states. No schema: the TV carries no zod.
 */
export interface ShopConfigPart {
  banners: ShopBannerOnTv[];
  categories: ShopCategoryOnTv[];
  /** How this room may pay: `room` only while a stay is in house and allows charges. */
  payments: OrderPayment[];
  /** This room's orders of the current stay (or the last day without one), newest first. */
  orders: ShopOrderOnTv[];
  /** The currency's sign for prices. */
  currency: string;
}

export interface ShopBannerOnTv {
  id: number;
  title: string;
  cover: string;
  details: string[];
}

export interface ShopCategoryOnTv {
  id: number;
  name: string;
  nameEn: string | null;
  picture: string;
  qrCode: string;
  /** HH:mm, the hotel's local time; null: all day. */
  opensAt: string | null;
  closesAt: string | null;
  goods: ShopGoodsOnTv[];
}

export interface ShopGoodsOnTv {
  id: number;
  name: string;
  nameEn: string | null;
  /** Minor units (cents): exact. */
  priceMinor: number;
  picture: string;
  description: string | null;
  /** null: unlimited. */
  stock: number | null;
}

export interface ShopOrderOnTv {
  id: number;
  number: string;
  state: OrderState;
  payment: OrderPayment;
  amountMinor: number;
  summary: string;
  cancelReason: string | null;
  createdAt: string;
}

interface BannerRow {
  id: number;
  title: string;
  coverId: string;
  detailIds: string[] | null;
  sort?: number | null;
}
interface CategoryRow {
  id: number;
  name: string;
  nameEn?: string | null;
  pictureId: string;
  qrCodeId: string;
  opensAt?: string | null;
  closesAt?: string | null;
  sort?: number | null;
}
interface GoodsRow {
  id: number;
  name: string;
  nameEn?: string | null;
  categoryId: number;
  price: number | string;
  pictureId: string;
  description?: string | null;
  stock?: number | null;
  createdAt: string | Date;
}

/**
 * A price of two decimals (a number or the numeric column's text) in minor units, exactly: the
 * decimal text is read digit by digit, never multiplied as a float.
 */
export function toMinor(price: number | string): number {
  const text = typeof price === 'number' ? price.toFixed(2) : price;
  const match = /^(-?)(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text.trim());
  if (!match) throw new Error(`not a price: ${text}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Minor units as the two-decimal text shown to people ("12.50"). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const bySort = (a: { id: number; sort?: number | null }, b: { id: number; sort?: number | null }) => (b.sort ?? 0) - (a.sort ?? 0) || a.id - b.id;
const newest = (a: GoodsRow, b: GoodsRow) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id;

/**
 * The shop's catalogue from one hotel's rows: banners and categories by their sort, each category
 * with its 9 newest goods (spec part 2 §9); a category without goods is still shown (its QR code).
 * `urlOf` gives a picture's address (the server's signed device address, the console's for previews).
 */
export function shopCatalogue(banners: readonly BannerRow[], categories: readonly CategoryRow[], goods: readonly GoodsRow[], urlOf: (fileId: string) => string): Pick<ShopConfigPart, 'banners' | 'categories'> {
  const sortedGoods = [...goods].sort(newest);
  return {
    banners: [...banners].sort(bySort).map((b) => ({ id: b.id, title: b.title, cover: urlOf(b.coverId), details: (b.detailIds ?? []).map(urlOf) })),
    categories: [...categories].sort(bySort).map((c) => ({
      id: c.id,
      name: c.name,
      nameEn: c.nameEn || null,
      picture: urlOf(c.pictureId),
      qrCode: urlOf(c.qrCodeId),
      opensAt: c.opensAt || null,
      closesAt: c.closesAt || null,
      goods: sortedGoods
        .filter((g) => g.categoryId === c.id)
        .slice(0, SHOP_LIMITS.goodsPerCategoryOnTv)
        .map((g) => ({ id: g.id, name: g.name, nameEn: g.nameEn || null, priceMinor: toMinor(g.price), picture: urlOf(g.pictureId), description: g.description || null, stock: g.stock ?? null })),
    })),
  };
}

/** Whether `hhmm` (the hotel's local time) is within a category's hours; no hours: always. An overnight window (22:00–02:00) wraps. */
export function isOpen(category: { opensAt?: string | null; closesAt?: string | null }, hhmm: string): boolean {
  const from = category.opensAt || null;
  const to = category.closesAt || null;
  if (!from || !to) return true;
  return from <= to ? hhmm >= from && hhmm < to : hhmm >= from || hhmm < to;
}

/** What a TV sends to order: goods and quantities, the payment, and its own key of the request (a retry places nothing twice). */
export interface ShopOrderRequest {
  items: { goodsId: number; quantity: number }[];
  payment: OrderPayment;
  requestKey: string;
}

export const ORDER_MAX_LINES = 20;
export const ORDER_MAX_QUANTITY = 99;
