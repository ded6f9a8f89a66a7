import type { Text } from '../../i18n/lang.js';

/** Messages of the shop area (spread into `messages`). */
export const shopMessages = {
  'shop.bannerLimit': { 'zh-CN': '最多只能添加{limit}张轮播图', 'en-US': 'At most {limit} banners can be added' },
  'shop.categoryLimit': { 'zh-CN': '最多只能添加{limit}个商品分类', 'en-US': 'At most {limit} categories can be added' },
  'shop.timeFormat': { 'zh-CN': '时间格式为HH:mm', 'en-US': 'Times are written HH:mm' },
  'shop.goodsUnknown': { 'zh-CN': '所选商品已下架', 'en-US': 'A chosen item is no longer sold' },
  'shop.outOfStock': { 'zh-CN': '商品“{name}”库存不足（剩余{stock}件）', 'en-US': 'Not enough “{name}” in stock ({stock} left)' },
  'shop.closed': { 'zh-CN': '“{name}”的营业时间为{from}至{to}', 'en-US': '“{name}” takes orders from {from} to {to}' },
  'shop.noRoom': { 'zh-CN': '该电视未绑定房间，无法下单', 'en-US': 'This TV is in no room; it cannot order' },
  'shop.noStayForRoomCharge': { 'zh-CN': '房间当前没有在住客人，不能记入房账，请选择送达时付款', 'en-US': 'No guest is checked in to this room, so nothing can be charged to it; choose pay at delivery' },
  'shop.noPost': { 'zh-CN': '该住店记录不允许记入房账，请选择送达时付款', 'en-US': 'This stay does not allow charges to the room; choose pay at delivery' },
  'shop.ordersLimited': { 'zh-CN': '下单过于频繁，请稍后再试', 'en-US': 'Too many orders; please try again shortly' },
  'shop.badPhoneToken': { 'zh-CN': '二维码已失效，请在客房电视的商城中重新扫码', 'en-US': 'This code has expired; scan the code in the TV’s shop again' },
  'shop.cancelReasonRequired': { 'zh-CN': '请填写取消原因', 'en-US': 'Give a reason for cancelling' },
  'shop.receiptOpenOrders': { 'zh-CN': '未完成的商城订单{count}笔（已取消）', 'en-US': '{count} open shop orders (cancelled)' },
  'shop.checkOutReason': { 'zh-CN': '客人已退房', 'en-US': 'The guest checked out' },
} as const satisfies Record<string, Text>;
