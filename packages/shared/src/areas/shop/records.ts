import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { choice, datetime, decimal, file, files, int, json, ref, sortField, text } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** The spec's limits (part 2, shop): banners and categories of a hotel, goods per category on the TV. */
export const SHOP_LIMITS = { banners: 6, categories: 10, goodsPerCategoryOnTv: 9 } as const;

/** A goods' price: two decimals, from one cent up to what an order of 99 of it still fits. */
export const PRICE_MAX = 999_999.99;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: Text) =>
  text({ label, max: 5, pattern: { regex: HHMM, message: 'shop.timeFormat' }, help: t('HH:mm，酒店当地时间；不填为全天', 'HH:mm, the hotel’s local time; empty for all day') });

/** Banners at the top of the TV's shop (at most 6 a hotel): a cover and the pictures shown when it is opened. */
export const shopBanner = defineRecord({
  name: 'shopBanner',
  label: t('轮播图', 'Banner'),
  scope: 'hotel',
  userTypes: [3],
  titleField: 'title',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    title: text({ label: t('标题', 'Title'), required: true, max: 50, search: true, sort: true }),
    coverId: file({ label: t('封面', 'Cover'), upload: 'shopPicture', required: true, list: true }),
    detailIds: files({ label: t('详情图', 'Detail pictures'), upload: 'shopPicture', required: true, max: 9 }),
    sort: sortField(),
  },
});

/**
 * Categories of goods (at most 10 a hotel): a name, a picture and a QR code (the spec's; a picture the
 * hotel uploads, such as its ordering account's), and opening hours the goods inherit: outside them
 * the TV shows the goods but takes no order.
 */
export const shopCategory = defineRecord({
  name: 'shopCategory',
  label: t('商品分类', 'Category'),
  scope: 'hotel',
  userTypes: [3],
  titleField: 'name',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: t('分类名称', 'Name'), required: true, max: 20, search: true, sort: true }),
    nameEn: text({ label: t('英文名称', 'English name'), max: 50, search: true }),
    pictureId: file({ label: t('分类图片', 'Picture'), upload: 'shopPicture', required: true, list: true }),
    qrCodeId: file({ label: t('二维码', 'QR code'), upload: 'shopPicture', required: true, list: true }),
    opensAt: time(t('营业开始', 'Opens at')),
    closesAt: time(t('营业结束', 'Closes at')),
    sort: sortField(),
  },
});

/** Goods of a category; the TV shows the 9 newest of each. Prices are rounded to two decimals (exact numeric column). */
export const shopGoods = defineRecord({
  name: 'shopGoods',
  label: t('商品', 'Goods'),
  scope: 'hotel',
  userTypes: [3],
  titleField: 'name',
  titleFieldEn: 'nameEn',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    name: text({ label: t('商品名称', 'Name'), required: true, max: 50, search: true, sort: true }),
    nameEn: text({ label: t('英文名称', 'English name'), max: 100, search: true }),
    categoryId: ref({ label: t('分类', 'Category'), record: 'shopCategory', required: true, filter: true }),
    price: decimal({ label: t('价格', 'Price'), required: true, min: 0.01, max: PRICE_MAX, scale: 2, sort: true }),
    pictureId: file({ label: t('商品图片', 'Picture'), upload: 'shopPicture', required: true, list: true }),
    description: text({ label: t('描述', 'Description'), max: 500, multiline: true }),
    stock: int({ label: t('库存', 'Stock'), min: 0, max: 99_999, help: t('不填为不限', 'Empty for unlimited') }),
  },
});

export const ORDER_STATES = {
  new: t('新订单', 'New'),
  confirmed: t('已确认', 'Confirmed'),
  delivered: t('已送达', 'Delivered'),
  cancelled: t('已取消', 'Cancelled'),
} as const;
export type OrderState = keyof typeof ORDER_STATES;

export const PAYMENT_OPTIONS = {
  room: t('记入房账', 'Charged to the room'),
  delivery: t('送达时付款', 'Pay at delivery'),
} as const;
export type OrderPayment = keyof typeof PAYMENT_OPTIONS;

/**
 * Where a charge to the room stands with the hotel's PMS (docs/pms.md "Posting charges"): kept in the
 * ledger (no PMS link posts it), sent and awaiting the PMS's answer, posted to the folio, or failed
 * (refused by the PMS or not reachable; the reason shows and the hotel may retry).
 */
export const POSTING_STATES = {
  ledger: t('仅记账', 'Ledger only'),
  pending: t('入账中', 'Posting'),
  posted: t('已入账', 'Posted'),
  failed: t('入账失败', 'Posting failed'),
} as const;
export type PostingState = keyof typeof POSTING_STATES;

/**
 * Guests' orders (apps/server/src/areas/shop/orders.ts writes them; the console confirms, delivers or
 * cancels): new → confirmed → delivered, or cancelled with a reason from new or confirmed.
 * `amountMinor` is the total in minor units (cents), `items` the goods as ordered (name and unit price
 * then, so a later price change does not rewrite an order).
 */
export const shopOrder = defineRecord({
  name: 'shopOrder',
  label: t('商城订单', 'Shop order'),
  scope: 'hotel',
  userTypes: [3],
  titleField: 'number',
  path: 'shop-orders',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { create: false, update: false, delete: false },
  countCap: 100_000,
  // The TV's own key of an order: a retried request finds the order it already placed.
  indexes: [{ fields: ['hotelId', 'state'] }, { fields: ['hotelId', 'createdAt'] }, { fields: ['terminalId', 'requestKey'], unique: true }, { fields: ['stayId'] }],
  states: {
    field: 'state',
    actions: {
      confirm: { label: t('确认', 'Confirm'), from: ['new'], to: 'confirmed' },
      deliver: { label: t('已送达', 'Delivered'), from: ['confirmed'], to: 'delivered', confirm: t('确认该订单已送达？', 'Mark this order as delivered?') },
      cancel: { label: t('取消', 'Cancel'), from: ['new', 'confirmed'], to: 'cancelled' },
    },
  },
  columns: ['number', 'roomNumber', 'summary', 'amount', 'payment', 'state', 'posting', 'createdAt'],
  fields: {
    number: text({ label: t('订单号', 'Order number'), readOnly: true, max: 24, search: true }),
    roomNumber: text({ label: t('房间号', 'Room'), readOnly: true, max: 20, filter: true, filterMatch: 'exact', search: true }),
    stayId: int({ label: t('住店记录', 'Stay'), readOnly: true, list: false }),
    terminalId: int({ label: t('终端', 'Terminal'), readOnly: true, list: false }),
    requestKey: text({ label: t('请求标识', 'Request key'), readOnly: true, max: 64, list: false }),
    summary: text({ label: t('商品', 'Goods'), readOnly: true, max: 500 }),
    items: json({ label: t('明细', 'Items'), readOnly: true }),
    amount: decimal({ label: t('金额', 'Amount'), readOnly: true, scale: 2, sort: true }),
    amountMinor: int({ label: t('金额(分)', 'Amount (cents)'), readOnly: true, list: false }),
    payment: choice({ label: t('付款方式', 'Payment'), options: PAYMENT_OPTIONS, readOnly: true, filter: true }),
    state: choice({ label: t('状态', 'State'), options: ORDER_STATES, readOnly: true, default: 'new', filter: true }),
    source: choice({ label: t('来源', 'Source'), options: { tv: t('电视', 'TV'), phone: t('手机', 'Phone') }, readOnly: true, default: 'tv' }),
    cancelReason: text({ label: t('取消原因', 'Cancel reason'), readOnly: true, max: 200 }),
    // The charge's posting to the PMS, copied from the ledger when it changes (filterable here).
    posting: choice({ label: t('房账入账', 'PMS posting'), options: POSTING_STATES, readOnly: true, filter: true }),
    postingError: text({ label: t('入账失败原因', 'Posting failure'), readOnly: true, max: 200 }),
    confirmedAt: datetime({ label: t('确认时间', 'Confirmed at'), readOnly: true }),
    deliveredAt: datetime({ label: t('送达时间', 'Delivered at'), readOnly: true }),
    cancelledAt: datetime({ label: t('取消时间', 'Cancelled at'), readOnly: true }),
  },
});
