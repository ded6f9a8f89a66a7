import type { Text } from '../../i18n/lang.js';

/** Messages of the manufacturers' MAC search, the vendor (OEM) client's sign-in and the hotels' PMS link (spread into `messages`). */
export const oemMessages = {
  'oem.macSearchLimit': { 'zh-CN': '厂商MAC查询每次最多{max}个MAC', 'en-US': 'A manufacturer MAC search takes at most {max} MACs' },
  'oem.customerDisabled': { 'zh-CN': '该厂商已停用，其账号不能登录', 'en-US': 'The manufacturer is disabled; its accounts cannot sign in' },
  'oem.pmsVendorPlatformOnly': { 'zh-CN': '酒店的PMS只能由平台设置', 'en-US': "Only the platform sets a hotel's PMS vendor" },
} as const satisfies Record<string, Text>;
