import type { Text } from '../../i18n/lang.js';

/** Why a terminal's licence does not let it run (the `state` of the `licence` configuration part). */
export const LICENCE_STATES = {
  valid: { 'zh-CN': '许可证有效', 'en-US': 'The licence is valid' },
  expired: { 'zh-CN': '酒店许可证已过期，请联系管理员续期', 'en-US': "The hotel's licence has expired; please contact the administrator to renew it" },
  notYetValid: { 'zh-CN': '酒店许可证尚未生效', 'en-US': "The hotel's licence is not in effect yet" },
  disabled: { 'zh-CN': '酒店许可证已停用，请联系管理员', 'en-US': "The hotel's licence is disabled; please contact the administrator" },
  overLimit: {
    'zh-CN': '酒店终端数已超出许可证上限（{limit}台），本机无法使用，请联系管理员',
    'en-US': "The hotel's terminals exceed its licence limit of {limit}; this TV cannot be used, please contact the administrator",
  },
} as const satisfies Record<string, Text>;

export type LicenceState = keyof typeof LICENCE_STATES;

/** Messages of licences (spread into `messages`). */
export const licencesMessages = {
  ...(Object.fromEntries(Object.entries(LICENCE_STATES).map(([state, text]) => [`licences.${state}`, text])) as {
    [K in LicenceState as `licences.${K}`]: (typeof LICENCE_STATES)[K];
  }),
  'licences.dateOrder': { 'zh-CN': '到期日期不能早于生效日期', 'en-US': 'The expiry date cannot be before the effective date' },
} as const satisfies Record<string, Text>;
