import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, date, datetime, decimal, file, int, json, owner, ref, sortField, text } from '../../record/fields.js';
import { POSTING_STATES } from '../shop/records.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** Stream addresses: absolute http(s) (HLS .m3u8), or a stream this server serves itself (`/media/…`, the test streams). */
const STREAM_URL = { regex: /^(https?:\/\/[^\s<>"]+|\/media\/[A-Za-z0-9._/-]+)$/i, message: 'vod.streamUrl' };

/** A film's price: two decimals, free (0) up to 9,999.99. */
export const VOD_PRICE_MAX = 9_999.99;

/**
 * The platform's movie pool (`/vod_operation/movie/pool`): a film with its title in the content
 * languages (the English one falls back to the Chinese), poster, duration, price, free preview and
 * its media: an uploaded MP4 or a stream address (HLS). Disabled rather than deleted: orders keep
 * naming them.
 */
export const vodMovie = defineRecord({
  name: 'vodMovie',
  label: t('影片', 'Film'),
  scope: 'platform',
  userTypes: [1],
  titleField: 'title',
  titleFieldEn: 'titleEn',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { delete: false },
  columns: ['title', 'titleEn', 'posterId', 'durationMinutes', 'price', 'previewMinutes', 'rentalHours', 'active'],
  fields: {
    title: text({ label: t('片名', 'Title'), required: true, max: 100, search: true, sort: true }),
    titleEn: text({ label: t('英文片名', 'English title'), max: 200, search: true, help: t('不填时英文界面显示中文片名', 'Empty: the Chinese title shows in English too') }),
    posterId: file({ label: t('海报', 'Poster'), upload: 'vodPoster', required: true, list: true }),
    durationMinutes: int({ label: t('时长(分钟)', 'Duration (minutes)'), required: true, min: 1, max: 999 }),
    price: decimal({ label: t('价格', 'Price'), required: true, min: 0, max: VOD_PRICE_MAX, scale: 2, sort: true, help: t('0为免费', '0 is free') }),
    previewMinutes: int({ label: t('免费试看(分钟)', 'Free preview (minutes)'), min: 0, max: 30, default: 0 }),
    rentalHours: int({ label: t('租期(小时)', 'Rental time (hours)'), required: true, min: 1, max: 720, default: 48 }),
    mediaFileId: file({ label: t('影片文件', 'Film file'), upload: 'vodVideo', help: t('MP4；与播放地址二选一', 'MP4; or a stream address') }),
    streamUrl: text({ label: t('播放地址', 'Stream address'), max: 1000, pattern: STREAM_URL, list: false, help: t('HLS (m3u8) 地址；与影片文件二选一', 'An HLS (m3u8) address; or a film file') }),
    description: text({ label: t('简介', 'Synopsis'), max: 500, multiline: true, list: false }),
    active: bool({ label: t('状态', 'State'), default: true, filter: true, states: { on: t('上架', 'On sale'), off: t('下架', 'Withdrawn') } }),
  },
});

export const LIBRARY_CONFIG_STATES = { toConfigure: t('待配置', 'To configure'), configured: t('已配置', 'Configured') } as const;
export const LIBRARY_PUBLISH_STATES = { unpublished: t('未发布', 'Unpublished'), published: t('已发布', 'Published') } as const;

/** The fields the selected and the recommend library share (spec part 2: version, position, cover, count, configured movies). */
const libraryFields = () => ({
  versionId: text({ label: t('版本ID', 'Version id'), required: true, max: 40, search: true }),
  versionName: text({ label: t('版本名称', 'Version name'), required: true, max: 100, search: true, sort: true }),
  positionKey: text({ label: t('位置Key', 'Position key'), required: true, max: 40, pattern: { regex: /^[A-Za-z0-9_.-]+$/, message: 'vod.positionKey' }, filter: true }),
  positionName: text({ label: t('位置名称', 'Position name'), required: true, max: 50 }),
  positionNameEn: text({ label: t('位置英文名称', 'Position English name'), max: 100, list: false }),
  coverId: file({ label: t('封面', 'Cover'), upload: 'vodPoster', list: true }),
  movieIds: json({ label: t('已配置影片', 'Configured films'), list: false, help: t('影片池中的影片，按顺序', 'Films of the pool, in order') }),
  movieCount: int({ label: t('数量', 'Count'), readOnly: true }),
  configState: choice({ label: t('配置状态', 'Configuration'), options: LIBRARY_CONFIG_STATES, readOnly: true, default: 'toConfigure', filter: true }),
  publishState: choice({ label: t('发布状态', 'Publication'), options: LIBRARY_PUBLISH_STATES, readOnly: true, default: 'unpublished', filter: true }),
  sort: sortField(),
});

const publishActions = {
  field: 'publishState' as const,
  actions: {
    publish: { label: t('发布', 'Publish'), from: ['unpublished'], to: 'published' },
    unpublish: { label: t('取消发布', 'Unpublish'), from: ['published'], to: 'unpublished', confirm: t('取消发布后电视不再显示该片库，确定？', 'TVs stop showing this library once it is unpublished. Continue?') },
  },
};

const LIBRARY_COLUMNS = ['versionId', 'versionName', 'positionKey', 'positionName', 'coverId', 'movieCount', 'configState', 'publishState'] as const;

/** The selected library (`/vod_operation/choose/pool`): the rows of films a TV's VOD page shows, sent to TVs. */
export const vodChoose = defineRecord({
  name: 'vodChoose',
  label: t('精选库', 'Selected library'),
  scope: 'platform',
  userTypes: [1],
  titleField: 'versionName',
  defaultSort: { field: 'sort', order: 'desc' },
  states: publishActions,
  columns: [...LIBRARY_COLUMNS],
  fields: libraryFields(),
});

/** The recommend library (`/vod_operation/recommend`): the films a TV's VOD page features first, sent like the selected one. */
export const vodRecommend = defineRecord({
  name: 'vodRecommend',
  label: t('推荐库', 'Recommend library'),
  scope: 'platform',
  userTypes: [1],
  titleField: 'versionName',
  defaultSort: { field: 'sort', order: 'desc' },
  states: publishActions,
  columns: [...LIBRARY_COLUMNS],
  fields: libraryFields(),
});

/** Promotion slots (`/vod_operation/promotional_position`): posters along the top of the VOD page, each opening a film. */
export const vodPromotion = defineRecord({
  name: 'vodPromotion',
  label: t('推广位', 'Promotion slot'),
  scope: 'platform',
  userTypes: [1],
  titleField: 'name',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 50, search: true }),
    posterId: file({ label: t('推广海报', 'Poster'), upload: 'vodPoster', required: true, list: true }),
    movieId: ref({ label: t('影片', 'Film'), record: 'vodMovie', required: true, filter: true }),
    active: bool({ label: t('状态', 'State'), default: true, filter: true, states: { on: t('启用', 'Enabled'), off: t('停用', 'Disabled') } }),
    sort: sortField(),
  },
});

export const VOD_TARGETS = { all: t('全部', 'All'), brand: t('品牌', 'Brand'), hotel: t('酒店', 'Hotel'), terminal: t('MAC地址', 'MAC address') } as const;
export type VodTarget = keyof typeof VOD_TARGETS;
export const VOD_SEND_MODES = { realtime: t('实时', 'Real-time'), timed: t('定时', 'Timed') } as const;
export const VOD_SEND_STATES = { pending: t('未下发', 'Not yet sent'), sent: t('已下发', 'Sent'), cancelled: t('已取消', 'Cancelled') } as const;

/**
 * Sending libraries to TVs (`/vod_operation/sends`): a selected and/or a recommend library to all,
 * a brand, a hotel or one MAC, at once or at a time ("not yet sent" until then). A TV shows, of each
 * kind, the library of the live send of the highest rank (MAC over hotel over brand over all), then
 * the latest (docs/vod.md).
 */
export const vodSend = defineRecord({
  name: 'vodSend',
  label: t('片库下发', 'Library send'),
  scope: 'platform',
  userTypes: [1],
  titleField: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { update: false, delete: false },
  indexes: [{ fields: ['state', 'startAt'] }],
  states: {
    field: 'state',
    actions: {
      cancel: { label: t('取消下发', 'Cancel'), from: ['pending', 'sent'], to: 'cancelled', confirm: t('确定取消该下发？', 'Cancel this send?') },
    },
  },
  columns: ['name', 'chooseId', 'recommendId', 'targetKind', 'targetBrandId', 'targetHotelId', 'mac', 'mode', 'startAt', 'state'],
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 50, search: true }),
    chooseId: ref({ label: t('精选库', 'Selected library'), record: 'vodChoose', filter: true }),
    recommendId: ref({ label: t('推荐库', 'Recommend library'), record: 'vodRecommend', filter: true }),
    targetKind: choice({ label: t('下发对象', 'Target'), options: VOD_TARGETS, required: true, filter: true }),
    targetBrandId: ref({ label: t('品牌', 'Brand'), record: 'brand', filter: true, requiredWhen: { field: 'targetKind', in: ['brand'], message: 'vod.targetRequired' } }),
    targetHotelId: ref({ label: t('酒店', 'Hotel'), record: 'hotel', filter: true, requiredWhen: { field: 'targetKind', in: ['hotel'], message: 'vod.targetRequired' } }),
    mac: text({ label: t('MAC地址', 'MAC address'), max: 17, pattern: { regex: /^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/, message: 'vod.mac' }, search: true, requiredWhen: { field: 'targetKind', in: ['terminal'], message: 'vod.targetRequired' } }),
    mode: choice({ label: t('下发方式', 'Mode'), options: VOD_SEND_MODES, required: true, default: 'realtime' }),
    startAt: datetime({ label: t('下发时间', 'Send time'), help: t('定时下发时必填', 'Required for a timed send'), requiredWhen: { field: 'mode', in: ['timed'], message: 'vod.startAtRequired' } }),
    state: choice({ label: t('状态', 'State'), options: VOD_SEND_STATES, readOnly: true, default: 'pending', filter: true }),
  },
});

export const VOD_ORDER_STATES = {
  pendingPayment: t('待支付', 'Pending payment'),
  pendingShipment: t('待发货(发货失败)', 'Pending shipment (delivery failed)'),
  shipmentComplete: t('发货完成', 'Shipment complete'),
  refunded: t('已退款', 'Refunded'),
} as const;
export type VodOrderState = keyof typeof VOD_ORDER_STATES;
export const VOD_PAYMENTS = { room: t('记入房账', 'Charged to the room'), delivery: t('到店付款', 'Pay at the desk'), free: t('免费', 'Free') } as const;
export type VodPayment = keyof typeof VOD_PAYMENTS;

/**
 * Films bought on a TV (`/vod/order`: the platform sees all, a hotel its own). Written by the server
 * (apps/server/src/areas/vod/orders.ts): pending payment → shipment complete (charged to the room, or
 * pay at the desk as the hotel chooses) or pending shipment when the charge could not be made;
 * `retry` charges again; `refund` ends a delivered order. Access lasts the film's rental time and ends
 * at check-out (`endsAt`).
 */
export const vodOrder = defineRecord({
  name: 'vodOrder',
  label: t('点播订单', 'VOD order'),
  scope: 'hotel',
  userTypes: [1, 3],
  titleField: 'number',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { create: false, update: false, delete: false },
  countCap: 100_000,
  indexes: [{ fields: ['hotelId', 'roomNumber'] }, { fields: ['terminalId', 'requestKey'], unique: true }, { fields: ['stayId'] }],
  states: {
    field: 'state',
    actions: {
      retry: { label: t('重新发货', 'Deliver again'), from: ['pendingShipment'], to: 'shipmentComplete' },
      refund: { label: t('退款', 'Refund'), from: ['shipmentComplete', 'pendingShipment'], to: 'refunded', confirm: t('确定退款？客人将不能再观看该影片。', 'Refund? The guest can no longer watch the film.') },
    },
  },
  columns: ['number', 'hotelId', 'roomNumber', 'terminalMac', 'movieTitle', 'amount', 'payment', 'state', 'posting', 'createdAt'],
  fields: {
    number: text({ label: t('订单号', 'Order number'), readOnly: true, max: 24, search: true }),
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel', filter: true }),
    roomNumber: text({ label: t('房间号', 'Room'), readOnly: true, max: 20, filter: true, filterMatch: 'exact', search: true }),
    terminalId: int({ label: t('终端', 'Terminal'), readOnly: true, list: false }),
    terminalMac: text({ label: t('终端MAC', 'Terminal MAC'), readOnly: true, max: 17, search: true }),
    stayId: int({ label: t('住店记录', 'Stay'), readOnly: true, list: false }),
    requestKey: text({ label: t('请求标识', 'Request key'), readOnly: true, max: 64, list: false }),
    movieId: ref({ label: t('影片', 'Film'), record: 'vodMovie', readOnly: true, filter: true }),
    movieTitle: text({ label: t('影片', 'Film'), readOnly: true, max: 100, search: true }),
    amount: decimal({ label: t('金额', 'Price'), readOnly: true, scale: 2, sort: true }),
    amountMinor: int({ label: t('金额(分)', 'Price (cents)'), readOnly: true, list: false }),
    payment: choice({ label: t('付款方式', 'Payment'), options: VOD_PAYMENTS, readOnly: true, filter: true }),
    state: choice({ label: t('状态', 'State'), options: VOD_ORDER_STATES, readOnly: true, default: 'pendingPayment', filter: true }),
    failure: text({ label: t('发货失败原因', 'Delivery failure'), readOnly: true, max: 200, list: false }),
    // The charge's posting to the PMS, copied from the ledger when it changes (docs/pms.md "Posting charges").
    posting: choice({ label: t('房账入账', 'PMS posting'), options: POSTING_STATES, readOnly: true, filter: true }),
    postingError: text({ label: t('入账失败原因', 'Posting failure'), readOnly: true, max: 200, list: false }),
    endsAt: datetime({ label: t('观看截止', 'Watchable until'), readOnly: true }),
    refundedAt: datetime({ label: t('退款时间', 'Refunded at'), readOnly: true }),
  },
});

/** What a hotel chooses for films bought when the stay allows no charge to the room (one row a hotel). */
export const vodHotelSetting = defineRecord({
  name: 'vodHotelSetting',
  label: t('点播付款设置', 'VOD payment setting'),
  scope: 'hotel',
  userTypes: [3],
  titleField: 'unpaid',
  indexes: [{ fields: ['hotelId'], unique: true }],
  fields: {
    unpaid: choice({
      label: t('不能记入房账时', 'When the room cannot be charged'),
      options: { refuse: t('不允许购买', 'Refuse the purchase'), delivery: t('到店付款', 'Pay at the desk') },
      required: true,
      default: 'refuse',
    }),
  },
});

export const VOD_PROJECT_STATES = { normal: t('正常', 'Normal'), stopped: t('已停止', 'Stopped'), renewal: t('续约', 'Renewal') } as const;
export type VodProjectState = keyof typeof VOD_PROJECT_STATES;
export const VOD_SETTLEMENT_PERIODS = { month: t('自然月', 'Natural month'), quarter: t('季度', 'Quarter') } as const;
export const VOD_PARTY_KINDS = { brand: t('品牌', 'Brand'), hotel: t('酒店', 'Hotel'), provider: t('内容方', 'Content provider'), other: t('其他', 'Other') } as const;

/** A bank account number: 6 to 32 digits, in groups with single spaces if typed so (stored without them). */
const BANK_ACCOUNT = { regex: /^(\d ?){5,31}\d$/, message: 'vod.bankAccountFormat' };

/** Contract fields the split accounts and the projects share (spec part 2: contract no, dates, settlement period, rules). */
const contractFields = () => ({
  contractNo: text({ label: t('合同编号', 'Contract number'), required: true, max: 50, unique: true, search: true }),
  startDate: date({ label: t('开始日期', 'Start date'), required: true, sort: true }),
  endDate: date({ label: t('结束日期', 'End date'), required: true, sort: true }),
  settlementPeriod: choice({ label: t('结算周期', 'Settlement period'), options: VOD_SETTLEMENT_PERIODS, required: true, default: 'month', filter: true }),
  rules: text({ label: t('分账规则', 'Rules'), max: 1000, multiline: true, list: false }),
});

/** The bank account, entered twice on create and fixed after it (spec part 2 §5). */
const bankFields = () => ({
  bankName: text({ label: t('开户银行', 'Bank'), required: true, max: 100 }),
  accountHolder: text({ label: t('开户名', 'Account holder'), required: true, max: 100 }),
  bankAccount: text({ label: t('银行账号', 'Bank account'), required: true, max: 40, pattern: BANK_ACCOUNT, fixed: true, search: true, help: t('创建后不能修改', 'Cannot be changed once created') }),
  bankAccountConfirm: text({ label: t('确认银行账号', 'Confirm bank account'), max: 40, writeOnly: true, list: false, fixed: true, help: t('再次输入银行账号', 'Enter the bank account again') }),
});

const projectActions = {
  field: 'state' as const,
  actions: {
    stop: { label: t('停止', 'Stop'), from: ['normal', 'renewal'], to: 'stopped', confirm: t('停止后不再生成新的分账单，确定停止？', 'No new split bills are made once it is stopped. Stop it?') },
    renew: { label: t('续约', 'Renew'), from: ['normal', 'stopped'], to: 'renewal', confirm: t('确定标记为续约？', 'Mark it as being renewed?') },
    resume: { label: t('恢复正常', 'Resume'), from: ['stopped', 'renewal'], to: 'normal', confirm: t('确定恢复为正常状态？', 'Set it back to normal?') },
  },
};

const CONFIRM_SAVE = t('银行账号保存后不能修改，请确认信息无误后保存。', 'The bank account cannot be changed once saved. Save it?');

/**
 * Split accounts (`/vod/account` *分账账户管理*): the parties that receive a share of VOD revenue —
 * their contract, agreed percentage and bank account (entered twice, fixed once created).
 */
export const vodAccount = defineRecord({
  name: 'vodAccount',
  label: t('分账账户', 'Split account'),
  scope: 'platform',
  userTypes: [1],
  titleField: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { delete: false },
  states: projectActions,
  confirmSave: CONFIRM_SAVE,
  columns: ['name', 'partyKind', 'contractNo', 'percent', 'settlementPeriod', 'startDate', 'endDate', 'bankName', 'bankAccount', 'state'],
  groups: [
    { key: 'party', label: t('分账方', 'Party'), fields: ['name', 'partyKind', 'percent'] },
    { key: 'contract', label: t('合同', 'Contract'), fields: ['contractNo', 'startDate', 'endDate', 'settlementPeriod', 'rules'] },
    { key: 'bank', label: t('银行账户', 'Bank account'), fields: ['bankName', 'accountHolder', 'bankAccount', 'bankAccountConfirm'] },
  ],
  fields: {
    name: text({ label: t('账户名称', 'Name'), required: true, max: 50, search: true, sort: true }),
    partyKind: choice({ label: t('分账方类型', 'Party'), options: VOD_PARTY_KINDS, required: true, default: 'brand', filter: true }),
    percent: decimal({ label: t('分成比例(%)', 'Share (%)'), required: true, min: 0, max: 100, scale: 2, help: t('项目未另行约定时使用的比例', 'Used by projects that state no other') }),
    ...contractFields(),
    ...bankFields(),
    state: choice({ label: t('状态', 'State'), options: VOD_PROJECT_STATES, readOnly: true, default: 'normal', filter: true }),
  },
});

/**
 * VOD projects (`/vod/rules` *点播项目管理*): a contract covering a brand's hotels (or one of them),
 * its settlement period, rules, the split between the parties (split accounts, at most 100% in all;
 * the platform keeps the rest) and the project's bank account (entered twice, fixed once created).
 */
export const vodProject = defineRecord({
  name: 'vodProject',
  label: t('点播项目', 'VOD project'),
  scope: 'platform',
  userTypes: [1],
  titleField: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { delete: false },
  states: projectActions,
  confirmSave: CONFIRM_SAVE,
  columns: ['name', 'contractNo', 'targetBrandId', 'targetHotelId', 'settlementPeriod', 'startDate', 'endDate', 'sharesPercent', 'platformPercent', 'state'],
  groups: [
    { key: 'project', label: t('项目', 'Project'), fields: ['name', 'targetBrandId', 'targetHotelId'] },
    { key: 'contract', label: t('合同', 'Contract'), fields: ['contractNo', 'startDate', 'endDate', 'settlementPeriod', 'rules'] },
    { key: 'split', label: t('分账比例', 'Split'), fields: ['shares'] },
    { key: 'bank', label: t('银行账户', 'Bank account'), fields: ['bankName', 'accountHolder', 'bankAccount', 'bankAccountConfirm'] },
  ],
  fields: {
    name: text({ label: t('项目名称', 'Project name'), required: true, max: 50, search: true, sort: true }),
    targetBrandId: ref({ label: t('品牌', 'Brand'), record: 'brand', required: true, filter: true }),
    targetHotelId: ref({ label: t('酒店', 'Hotel'), record: 'hotel', filter: true, help: t('不选时为品牌下全部酒店', 'Empty: every hotel of the brand') }),
    ...contractFields(),
    shares: json({
      label: t('分成', 'Shares'),
      help: t('分账账户及比例，如 [{"accountId": 1, "percent": 30}]；不填比例时用账户的比例；合计不超过100%，其余归平台', 'Split accounts and percentages, e.g. [{"accountId": 1, "percent": 30}]; without a percentage the account’s own; at most 100% in all, the rest is the platform’s'),
    }),
    sharesPercent: decimal({ label: t('分账方合计(%)', 'Parties (%)'), readOnly: true, scale: 2 }),
    platformPercent: decimal({ label: t('平台(%)', 'Platform (%)'), readOnly: true, scale: 2 }),
    ...bankFields(),
    state: choice({ label: t('状态', 'State'), options: VOD_PROJECT_STATES, readOnly: true, default: 'normal', filter: true }),
  },
});

export const VOD_BILL_STAGES = {
  budget: t('预算', 'Budget'),
  settlement: t('结算', 'Settlement'),
  reconciled: t('财务已对账', 'Reconciled by finance'),
  transferred: t('已转账', 'Transferred'),
} as const;
export type VodBillStage = keyof typeof VOD_BILL_STAGES;

/**
 * Split bills (`/vod/bill` *分账管理*; a hotel's *点播账单*): one per project, hotel and period, computed
 * from the period's delivered orders with the project's split (apps/server/src/areas/vod/bills.ts).
 * Stages: budget → settlement → reconciled by finance → transferred, each a confirmed action of the
 * platform recording who and when; nothing is edited, and a bill past the budget is never computed again.
 */
export const vodBill = defineRecord({
  name: 'vodBill',
  label: t('分账单', 'Split bill'),
  scope: 'hotel',
  userTypes: [1, 3],
  titleField: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { create: false, update: false, delete: false },
  countCap: 100_000,
  indexes: [{ fields: ['projectId', 'hotelId', 'period'], unique: true }, { fields: ['period'] }],
  states: {
    field: 'stage',
    actions: {
      settle: { label: t('结算', 'Settle'), from: ['budget'], to: 'settlement', userTypes: [1], confirm: t('结算后金额不再重新计算，确定结算？', 'The amounts are not computed again once settled. Settle?') },
      reconcile: { label: t('财务对账', 'Reconcile'), from: ['settlement'], to: 'reconciled', userTypes: [1], confirm: t('确认财务已对账？', 'Confirm that finance has reconciled this bill?') },
      transfer: { label: t('确认转账', 'Mark transferred'), from: ['reconciled'], to: 'transferred', userTypes: [1], confirm: t('确认已转账？转账后账单不能再修改。', 'Confirm the transfer? The bill cannot change after it.') },
    },
  },
  columns: ['name', 'hotelId', 'projectId', 'period', 'orderCount', 'ordersAmount', 'sharedAmount', 'platformAmount', 'stage', 'createdAt'],
  fields: {
    name: text({ label: t('账单', 'Bill'), readOnly: true, max: 120, search: true }),
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel', filter: true }),
    projectId: ref({ label: t('点播项目', 'VOD project'), record: 'vodProject', readOnly: true, filter: true }),
    period: text({ label: t('结算周期', 'Period'), readOnly: true, max: 7, filter: true, filterMatch: 'exact', sort: true }),
    periodStart: date({ label: t('开始日期', 'From'), readOnly: true, list: false }),
    periodEnd: date({ label: t('结束日期', 'To'), readOnly: true, list: false }),
    orderCount: int({ label: t('订单数', 'Orders'), readOnly: true }),
    ordersAmount: decimal({ label: t('订单金额', 'Orders total'), readOnly: true, scale: 2, sort: true }),
    sharedAmount: decimal({ label: t('分账方金额', 'Parties'), readOnly: true, scale: 2 }),
    platformAmount: decimal({ label: t('平台金额', 'Platform'), readOnly: true, scale: 2 }),
    totalMinor: int({ label: t('订单金额(分)', 'Orders total (cents)'), readOnly: true, list: false }),
    platformMinor: int({ label: t('平台金额(分)', 'Platform (cents)'), readOnly: true, list: false }),
    lines: json({ label: t('分账明细', 'Lines'), readOnly: true }),
    summary: text({ label: t('分账明细', 'Split'), readOnly: true, max: 2000 }),
    stage: choice({ label: t('阶段', 'Stage'), options: VOD_BILL_STAGES, readOnly: true, default: 'budget', filter: true }),
    computedAt: datetime({ label: t('计算时间', 'Computed at'), readOnly: true, list: false }),
    settledBy: text({ label: t('结算人', 'Settled by'), readOnly: true, max: 100, list: false }),
    settledAt: datetime({ label: t('结算时间', 'Settled at'), readOnly: true, list: false }),
    reconciledBy: text({ label: t('对账人', 'Reconciled by'), readOnly: true, max: 100, list: false }),
    reconciledAt: datetime({ label: t('对账时间', 'Reconciled at'), readOnly: true, list: false }),
    transferredBy: text({ label: t('转账确认人', 'Transferred by'), readOnly: true, max: 100, list: false }),
    transferredAt: datetime({ label: t('转账时间', 'Transferred at'), readOnly: true, list: false }),
  },
});
