import { MAC_LIST_PATTERN, MAX_MAC_SEARCH, SN_LIST_PATTERN } from './protocol.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, datetime, int, text, ENABLED_STATES, ONLINE_STATES } from '../../record/fields.js';

const SCENE_MODE_OPTIONS = {
  default: { 'zh-CN': '默认（消费者界面）', 'en-US': 'Default (consumer UI)' },
  hotel: { 'zh-CN': '酒店', 'en-US': 'Hotel' },
  office: { 'zh-CN': '办公', 'en-US': 'Office' },
  infoRelease: { 'zh-CN': '信息发布', 'en-US': 'Information release' },
} as const;

const AUTHORIZATION_OPTIONS = {
  unauthorized: { 'zh-CN': '未授权', 'en-US': 'Unauthorized' },
  authorized: { 'zh-CN': '已授权', 'en-US': 'Authorized' },
  disabled: { 'zh-CN': '已禁用', 'en-US': 'Disabled' },
} as const;

/**
 * TV terminals. Rows are created by the device API when a TV registers (never by hand); the fields the
 * TV reports are read-only here. A terminal without a hotel (no install code, or unbound) belongs to
 * the platform; an assigned one carries its hotel and brand. `online` is kept by heartbeats and an
 * offline sweep; `authorization` changes through the state actions (and authorization rules at
 * registration). Custom routes in apps/server/src/devices add the disable tip, batch actions, unbind,
 * MAC search, heartbeat and boot logs.
 */
export const terminal = defineRecord({
  name: 'terminal',
  label: { 'zh-CN': '终端', 'en-US': 'Terminal' },
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'terminal',
  path: 'terminals',
  table: 'terminals',
  titleField: 'mac',
  // A fleet can hold millions of rows: lists count at most 2,000 matches (100 pages of 20), which
  // keeps a count of a broad filter to a few thousand row visits.
  countCap: 2_000,
  // mac: unique over the whole fleet. (hotelId, id): a hotel's list in id order. (authorization,
  // online): the home counts as an index-only scan (it also serves the authorization filter).
  indexes: [
    { fields: ['mac'], unique: true },
    { fields: ['hotelId', 'id'] },
    { fields: ['authorization', 'online'] },
    // The keyword search (MAC substrings and the other searched fields) across a whole fleet.
    ...(['mac', 'sn', 'roomNumber', 'launcher', 'vendor'] as const).map((field) => ({ fields: [field], trigram: true })),
  ],
  // What support asks first: where the TV is, whether it is alive and allowed, what it runs, which
  // model at which address; group, scene mode and registration time wait in the column settings, so
  // the key columns fit a 1440-pixel screen without scrolling (docs/devices.md).
  columns: ['roomNumber', 'online', 'authorization', 'hotelId', 'softwareVersion', 'model', 'ip'],
  fields: {
    mac: text({ label: { 'zh-CN': 'MAC地址', 'en-US': 'MAC' }, readOnly: true, required: true, max: 12, filter: true, filterMatch: 'exact', search: true, sort: true }),
    wifiMac: text({ label: { 'zh-CN': '无线MAC', 'en-US': 'Wi-Fi MAC' }, readOnly: true, max: 12 }),
    sn: text({ label: { 'zh-CN': 'SN', 'en-US': 'SN' }, readOnly: true, required: true, max: 26, search: true }),
    group: text({ label: { 'zh-CN': '分组', 'en-US': 'Group' }, max: 40, filter: true }),
    softwareVersion: text({ label: { 'zh-CN': '软件版本', 'en-US': 'Software version' }, readOnly: true, max: 40, filter: true, filterMatch: 'exact' }),
    // Country, overseas, OTA and launcher concern the platform's fleet management, not a brand or hotel.
    otaVersion: text({ label: { 'zh-CN': 'OTA版本', 'en-US': 'OTA version' }, readOnly: true, max: 40, filter: true, filterMatch: 'exact', userTypes: [1] }),
    controlVersion: text({ label: { 'zh-CN': '中控版本', 'en-US': 'Control version' }, readOnly: true, max: 40, filter: true, filterMatch: 'exact' }),
    launcher: text({ label: { 'zh-CN': 'Launcher', 'en-US': 'Launcher' }, readOnly: true, max: 20, filter: true, filterMatch: 'exact', userTypes: [1] }),
    clientType: text({ label: { 'zh-CN': '客户端类型', 'en-US': 'Client type' }, readOnly: true, max: 20, filter: true, filterMatch: 'exact' }),
    model: text({ label: { 'zh-CN': '型号', 'en-US': 'Model' }, readOnly: true, max: 40 }),
    size: text({ label: { 'zh-CN': '尺寸', 'en-US': 'Size' }, readOnly: true, max: 20 }),
    vendor: text({ label: { 'zh-CN': '厂商', 'en-US': 'Vendor' }, readOnly: true, max: 40 }),
    region: text({ label: { 'zh-CN': '地区', 'en-US': 'Region' }, readOnly: true, max: 40 }),
    city: text({ label: { 'zh-CN': '城市', 'en-US': 'City' }, readOnly: true, max: 40 }),
    country: text({ label: { 'zh-CN': '国家', 'en-US': 'Country' }, readOnly: true, max: 2, filter: true, filterMatch: 'exact', userTypes: [1] }),
    // Set at registration: a country is reported and it is not the home market.
    overseas: bool({ label: { 'zh-CN': '海外终端', 'en-US': 'Overseas' }, readOnly: true, filter: true, list: false, userTypes: [1] }),
    sceneMode: choice({ label: { 'zh-CN': '场景模式', 'en-US': 'Scene mode' }, options: SCENE_MODE_OPTIONS, default: 'hotel', filter: true }),
    roomNumber: text({ label: { 'zh-CN': '房间号', 'en-US': 'Room number' }, max: 16, search: true, sort: true }),
    ip: text({ label: { 'zh-CN': 'IP', 'en-US': 'IP' }, readOnly: true, max: 45 }),
    publicIp: text({ label: { 'zh-CN': '公网IP', 'en-US': 'Public IP' }, readOnly: true, max: 45, list: false }),
    runState: text({ label: { 'zh-CN': '运行状态', 'en-US': 'Run state' }, readOnly: true, max: 20, list: false }),
    online: bool({ label: { 'zh-CN': '在线状态', 'en-US': 'Online status' }, readOnly: true, filter: true, states: ONLINE_STATES }),
    authorization: choice({
      label: { 'zh-CN': '授权状态', 'en-US': 'Authorization' },
      options: AUTHORIZATION_OPTIONS,
      default: 'unauthorized',
      readOnly: true,
      filter: true,
    }),
    disabledTip: text({ label: { 'zh-CN': '禁用提示', 'en-US': 'Disabled tip' }, readOnly: true, max: 200 }),
    tags: text({ label: { 'zh-CN': '标签', 'en-US': 'Tags' }, max: 200, filter: true, help: { 'zh-CN': '多个标签用逗号分隔', 'en-US': 'Separate tags with commas' } }),
    guest: text({ label: { 'zh-CN': '住客', 'en-US': 'Guest' }, max: 40 }),
    registered: bool({ label: { 'zh-CN': '已注册', 'en-US': 'Registered' }, readOnly: true, default: true, list: false }),
    registeredAt: datetime({ label: { 'zh-CN': '注册时间', 'en-US': 'Registered at' }, readOnly: true, sort: true }),
    authorizedAt: datetime({ label: { 'zh-CN': '授权时间', 'en-US': 'Authorized at' }, readOnly: true, list: false }),
    lastBootAt: datetime({ label: { 'zh-CN': '最近开机', 'en-US': 'Last boot' }, readOnly: true, list: false }),
  },
  states: {
    field: 'authorization',
    actions: {
      authorize: { label: { 'zh-CN': '授权', 'en-US': 'Authorize' }, from: ['unauthorized'], to: 'authorized' },
      disable: {
        label: { 'zh-CN': '禁用', 'en-US': 'Disable' },
        from: ['unauthorized', 'authorized'],
        to: 'disabled',
        confirm: { 'zh-CN': '确定禁用该终端吗？电视将显示禁用提示。', 'en-US': 'Disable this terminal? The TV will show the disabled tip.' },
      },
      recover: { label: { 'zh-CN': '恢复', 'en-US': 'Recover' }, from: ['disabled'], to: 'authorized' },
    },
  },
});

/**
 * Rules that authorize a registering TV automatically: every condition must match (launcher, client
 * type, vendor, one of the sizes, and the MAC in the MAC list or the SN in the SN list) within the
 * validity period. Lists are `|`-separated; Excel files fill them through the upload route.
 */
export const terminalAuthRule = defineRecord({
  name: 'terminalAuthRule',
  label: { 'zh-CN': '授权规则', 'en-US': 'Authorization rule' },
  scope: 'platform',
  userTypes: [1],
  permission: 'terminalAuthRule',
  path: 'terminal-auth-rules',
  table: 'terminal_auth_rules',
  titleField: 'launcher',
  columns: ['clientType', 'vendor', 'sizes', 'enabled', 'validFrom', 'validTo', 'matched'],
  fields: {
    launcher: text({ label: { 'zh-CN': 'Launcher', 'en-US': 'Launcher' }, required: true, min: 1, max: 20, filter: true, search: true }),
    clientType: text({ label: { 'zh-CN': '客户端类型', 'en-US': 'Client type' }, required: true, min: 2, max: 20, filter: true }),
    vendor: text({ label: { 'zh-CN': '厂商', 'en-US': 'Vendor' }, required: true, max: 40, filter: true, search: true }),
    sizes: text({
      label: { 'zh-CN': '尺寸', 'en-US': 'Sizes' },
      required: true,
      max: 200,
      help: { 'zh-CN': '多个尺寸用 | 分隔', 'en-US': 'Separate sizes with |' },
    }),
    macList: text({
      label: { 'zh-CN': 'MAC列表', 'en-US': 'MAC list' },
      max: MAX_MAC_SEARCH * 13,
      multiline: true,
      list: false,
      pattern: { regex: MAC_LIST_PATTERN, message: 'terminal.macListFormat' },
      help: { 'zh-CN': '每个MAC为12位字母或数字，用 | 分隔；也可上传Excel', 'en-US': 'MACs of 12 letters or digits separated by |; or upload an Excel file' },
    }),
    snList: text({
      label: { 'zh-CN': 'SN列表', 'en-US': 'SN list' },
      max: MAX_MAC_SEARCH * 27,
      multiline: true,
      list: false,
      pattern: { regex: SN_LIST_PATTERN, message: 'terminal.snListFormat' },
      help: { 'zh-CN': '每个SN为13-26位字母或数字，用 | 分隔；也可上传Excel', 'en-US': 'SNs of 13-26 letters or digits separated by |; or upload an Excel file' },
    }),
    validFrom: datetime({ label: { 'zh-CN': '开始时间', 'en-US': 'Valid from' }, required: true, sort: true }),
    validTo: datetime({ label: { 'zh-CN': '结束时间', 'en-US': 'Valid to' }, required: true, sort: true }),
    enabled: bool({ label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true, filter: true, states: ENABLED_STATES }),
    remark: text({ label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 100 }),
    entries: int({ label: { 'zh-CN': '条目数', 'en-US': 'Entries' }, readOnly: true, default: 0 }),
    matched: int({ label: { 'zh-CN': '已授权终端', 'en-US': 'Terminals authorized' }, readOnly: true, default: 0 }),
  },
});
