import type { Text } from '../../i18n/lang.js';

/** Messages of brands, sub-brands, hotels, rooms, OEM customers, PMS vendors, tags and quotas (spread into `messages`). */
export const tenantsMessages = {
  // brands and quotas
  'tenants.codeChars': { 'zh-CN': '编码只能包含字母、数字、_ 和 -', 'en-US': 'A code has only letters, digits, _ and -' },
  'tenants.hotelQuotaExceeded': {
    'zh-CN': '该品牌的酒店数量已达上限（{limit}家），请联系平台管理员',
    'en-US': 'The brand has reached its limit of {limit} hotels; please contact the platform administrator',
  },
  'tenants.terminalQuotaExceeded': {
    'zh-CN': '该品牌的已授权终端数量已达上限（{limit}台），请联系平台管理员',
    'en-US': 'The brand has reached its limit of {limit} authorized terminals; please contact the platform administrator',
  },
  'tenants.limitBelowUsage': {
    'zh-CN': '上限不能小于当前数量（{count}）',
    'en-US': 'The limit cannot be below the current count ({count})',
  },
  'tenants.brandHasHotels': { 'zh-CN': '该品牌下还有酒店，不能删除', 'en-US': 'A brand that still has hotels cannot be deleted' },
  'tenants.brandHasAccounts': { 'zh-CN': '该品牌下还有账号，不能删除', 'en-US': 'A brand that still has accounts cannot be deleted' },

  // hotels
  'tenants.subBrandOtherBrand': { 'zh-CN': '所选子品牌不属于该品牌', 'en-US': 'The selected sub-brand belongs to another brand' },
  'tenants.ipWhitelistFormat': {
    'zh-CN': '每项须为IP地址或网段（如 203.0.113.10 或 10.0.0.0/24），多项用逗号或换行分隔',
    'en-US': 'Each entry is an IP address or subnet (e.g. 203.0.113.10 or 10.0.0.0/24), separated by commas or new lines',
  },
  'tenants.badIp': { 'zh-CN': '无效的IP地址或网段：{value}', 'en-US': 'Invalid IP address or subnet: {value}' },
  'tenants.apPasswordFormat': { 'zh-CN': 'AP密码为8-16位字母或数字', 'en-US': 'The AP password is 8-16 letters or digits' },
  'tenants.apPasswordRequired': {
    'zh-CN': '3.0及以上版本的酒店必须设置AP密码',
    'en-US': 'Hotels of version 3.0 and above need an AP password',
  },
  'tenants.hotelHasAccounts': { 'zh-CN': '该酒店下还有账号，不能删除', 'en-US': 'A hotel that still has accounts cannot be deleted' },
  'tenants.hotelHasTerminals': { 'zh-CN': '该酒店下还有终端，不能删除', 'en-US': 'A hotel that still has terminals cannot be deleted' },
  'tenants.hotelHasData': { 'zh-CN': '该酒店下还有{record}数据，不能删除', 'en-US': 'A hotel that still has {record} data cannot be deleted' },

  // hotel settings by key
  'tenants.unknownSettingKey': { 'zh-CN': '不支持的设置项：{key}', 'en-US': 'Unknown setting: {key}' },
  'tenants.settingNotWritable': { 'zh-CN': '无权修改该设置项', 'en-US': 'You may not change this setting' },

  // managers
  'tenants.managerNotInHotel': {
    'zh-CN': '所选账号不是该酒店的可用账号',
    'en-US': 'The selected account is not an enabled account of this hotel',
  },
  'tenants.managerDelete': {
    'zh-CN': '该账号是酒店负责人，请先转移负责人再删除',
    'en-US': 'This account is the hotel manager; transfer the manager role before deleting it',
  },
  'tenants.managerDisable': {
    'zh-CN': '酒店负责人不能禁用，请先转移负责人',
    'en-US': 'The hotel manager cannot be disabled; transfer the manager role first',
  },

  // rooms
  'tenants.roomNumberChars': {
    'zh-CN': '房间号只能包含字母、数字和 -',
    'en-US': 'A room number has only letters, digits and -',
  },
  'tenants.rangeOrder': { 'zh-CN': '结束值不能小于开始值', 'en-US': 'The end must not be less than the start' },
  'tenants.roomBulkCap': {
    'zh-CN': '每次最多创建{max}个房间（本次{count}个）',
    'en-US': 'At most {max} rooms can be created at once ({count} requested)',
  },
  'tenants.roomDuplicates': {
    'zh-CN': '{count}个房间号重复或已存在：{numbers}',
    'en-US': '{count} room numbers are repeated or already exist: {numbers}',
  },
  'tenants.roomBadRows': {
    'zh-CN': '以下行的房间号无效：{rows}',
    'en-US': 'These rows have an invalid room number: {rows}',
  },
  // the room import template (GET /api/hotels/:id/rooms/template)
  'tenants.roomTemplateFile': { 'zh-CN': '房间导入模板', 'en-US': 'Room import template' },
  'tenants.roomTemplateSheet': { 'zh-CN': '房间', 'en-US': 'Rooms' },
  'tenants.roomTemplateType': { 'zh-CN': '大床房', 'en-US': 'King room' },
  'tenants.roomTemplateRemark': { 'zh-CN': '示例：导入前请替换为实际房间', 'en-US': 'Example: replace with your rooms before importing' },

  // OEM customers, PMS vendors, tags
  'tenants.phoneFormat': { 'zh-CN': '请输入正确的电话号码', 'en-US': 'Please enter a valid phone number' },
  'tenants.keyChars': {
    'zh-CN': '标识只能包含字母、数字、_ 和 -',
    'en-US': 'A key has only letters, digits, _ and -',
  },
  'tenants.jsonObject': { 'zh-CN': '参数须为JSON对象', 'en-US': 'The parameters must be a JSON object' },
  'tenants.shareTotal': {
    'zh-CN': '品牌分成比例合计不能超过100%（当前合计{total}%）',
    'en-US': 'The brand percentages cannot exceed 100% in total ({total}%)',
  },
  'tenants.tagDuplicate': { 'zh-CN': '同类型下已存在该标签', 'en-US': 'A tag with this name already exists in this type' },
} as const satisfies Record<string, Text>;
