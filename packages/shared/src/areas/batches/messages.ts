import type { Text } from '../../i18n/lang.js';

/** Messages of batch installation (spread into `messages`). */
export const batchesMessages = {
  'batches.hasTerminals': {
    'zh-CN': '该批次已有注册的终端，不能删除',
    'en-US': 'A batch machine with registered terminals cannot be deleted',
  },
  'batches.badAuthCode': { 'zh-CN': '批次授权码无效', 'en-US': 'The batch auth code is not valid' },
  'batches.needsInstallCode': { 'zh-CN': '使用批次授权码时须同时提供酒店安装码', 'en-US': "A batch auth code goes with the hotel's install code" },
  'batches.full': {
    'zh-CN': '该安装批次已达最大终端数（{max}台），本机未授权，请联系管理员',
    'en-US': 'The installation batch has reached its maximum of {max} terminals; this TV is not authorized, please contact the administrator',
  },
  'batches.brandLimit': {
    'zh-CN': '品牌的已授权终端数量已达上限，本机未授权，请联系管理员',
    'en-US': "The brand's limit of authorized terminals is reached; this TV is not authorized, please contact the administrator",
  },
  'batches.maxBelowRegistered': {
    'zh-CN': '最大终端数不能小于已注册终端数（{count}）',
    'en-US': 'The maximum cannot be below the registered terminals ({count})',
  },
} as const satisfies Record<string, Text>;
