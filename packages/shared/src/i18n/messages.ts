import type { Text } from './lang.js';
import { devicesMessages } from '../areas/devices/messages.js';
import { authMessages } from './messages-auth.js';
import { tenantsMessages } from '../areas/tenants/messages.js';
import { oemMessages } from '../areas/oem/messages.js';
import { themeMessages } from '../areas/themes/messages.js';
import { themeTransferMessages } from '../areas/themes/messages.js';
import { tvAuthMessages } from '../areas/tvauth/messages.js';
import { batchesMessages } from '../areas/batches/messages.js';
import { licencesMessages } from '../areas/licences/messages.js';
import { tasksMessages } from '../areas/tasks/messages.js';
import { feedbackMessages } from '../areas/feedback/messages.js';
import { phoneMessages } from '../areas/phone/messages.js';
import { tvCodeMessages } from '../areas/tvcode/messages.js';
import { laundryMessages } from '../areas/laundry/messages.js';
import { rcuMessages } from '../areas/rcu/messages.js';
import { pictureFrameMessages } from '../areas/pictureframe/messages.js';
import { robotMessages } from '../areas/robot/messages.js';
import { dashboardMessages } from '../areas/dashboard/index.js';
import { materialMessages } from '../areas/material/messages.js';
import { bootMessages } from '../areas/boot/messages.js';
import { releaseMessages } from '../areas/releases/messages.js';
import { trackingMessages } from '../areas/tracking/index.js';
import { runlogMessages } from '../areas/runlogs/index.js';
import { statisticsMessages } from '../areas/statistics/index.js';
import { settlementMessages } from '../areas/settlement/index.js';
import { pmsMessages } from '../areas/pms/messages.js';
import { musicMessages } from '../areas/music/messages.js';
import { introductionMessages } from '../areas/introduction/messages.js';
import { weatherMessages } from '../areas/weather/messages.js';
import { exchangeMessages } from '../areas/exchange/messages.js';
import { wakeupMessages } from '../areas/wakeup/messages.js';
import { shopMessages } from '../areas/shop/messages.js';
import { publishingMessages } from '../areas/publishing/messages.js';
import { noticeMessages } from '../areas/notices/messages.js';
import { subtitleMessages } from '../areas/subtitles/messages.js';
import { hotelSurveyMessages } from '../areas/hotelsurvey/messages.js';
import { digitalWallMessages } from '../areas/digitalwall/messages.js';
import { voiceMessages } from '../areas/voice/messages.js';
import { channelsMessages } from '../areas/channels/messages.js';
import { questionnaireMessages } from '../areas/questionnaires/messages.js';
import { vodMessages } from '../areas/vod/messages.js';
import { libresourceMessages } from '../areas/libresource/messages.js';

/**
 * Messages the server sends and the web shows: errors of the catalogue and validation messages.
 * Keys are stable API; `{param}` placeholders are filled by `translate`.
 */
export const messages = {
  // errors of the envelope
  'error.unauthenticated': { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your session has expired, please log in again' },
  'error.forbidden': { 'zh-CN': '403 无权访问', 'en-US': '403 No Access' },
  'error.notFound': { 'zh-CN': '数据不存在或无权访问', 'en-US': 'Not found or no access' },
  'error.routeNotFound': { 'zh-CN': '接口不存在', 'en-US': 'No such API' },
  'error.validation': { 'zh-CN': '提交的数据有误，请检查', 'en-US': 'Some fields are invalid, please check them' },
  'error.conflict': { 'zh-CN': '操作冲突', 'en-US': 'The operation conflicts with existing data' },
  'error.inUse': {
    'zh-CN': '{record}正在被{by}使用，不能删除',
    'en-US': 'This {record} is used by {by} and cannot be deleted',
  },
  'error.categoryHasTemplates': {
    'zh-CN': '该分类下存在模板，不能删除',
    'en-US': 'A category containing templates cannot be deleted',
  },
  'error.registeredTerminal': {
    'zh-CN': '已注册的终端不能删除',
    'en-US': 'A registered terminal cannot be deleted',
  },
  'error.badCredentials': { 'zh-CN': '用户名或密码错误', 'en-US': 'Incorrect user name or password' },
  'error.duplicate': { 'zh-CN': '{field}已存在', 'en-US': '{field} already exists' },
  'error.rateLimited': { 'zh-CN': '操作过于频繁，请稍后再试', 'en-US': 'Submitted frequently, please try again later' },
  'error.badRequest': { 'zh-CN': '请求格式错误', 'en-US': 'Malformed request' },
  'error.payloadTooLarge': { 'zh-CN': '上传内容过大', 'en-US': 'The upload is too large' },
  'error.internal': { 'zh-CN': '操作失败', 'en-US': 'Operation failed' },
  'error.invalidAction': {
    'zh-CN': '当前状态下不能执行此操作',
    'en-US': 'This action is not allowed in the current state',
  },
  'error.locked': { 'zh-CN': '{record}在当前状态下不能修改', 'en-US': '{record} cannot be changed in its current state' },
  'error.saveFailed': { 'zh-CN': '保存失败', 'en-US': 'Save failed' },
  'error.deleteFailed': { 'zh-CN': '删除失败', 'en-US': 'Delete failed' },
  'error.getDataFailed': { 'zh-CN': '获取数据失败，请刷新页面', 'en-US': 'get data failed, please refresh the page' },
  'error.network': { 'zh-CN': '网络错误，请检查网络连接', 'en-US': 'Network error, please check your connection' },

  // validation
  'validation.required': { 'zh-CN': '{field}不能为空', 'en-US': '{field} is required' },
  'validation.minLength': { 'zh-CN': '{field}至少{min}个字符', 'en-US': '{field} must be at least {min} characters' },
  'validation.maxLength': { 'zh-CN': '{field}最多{max}个字符', 'en-US': '{field} must be at most {max} characters' },
  'validation.lengthBetween': {
    'zh-CN': '{field}长度为{min}-{max}个字符',
    'en-US': '{field} must be {min}-{max} characters',
  },
  'validation.min': { 'zh-CN': '{field}不能小于{min}', 'en-US': '{field} must be at least {min}' },
  'validation.max': { 'zh-CN': '{field}不能大于{max}', 'en-US': '{field} must be at most {max}' },
  'validation.integer': { 'zh-CN': '{field}必须是整数', 'en-US': '{field} must be an integer' },
  'validation.number': { 'zh-CN': '{field}必须是数字', 'en-US': '{field} must be a number' },
  'validation.invalid': { 'zh-CN': '{field}格式不正确', 'en-US': '{field} is invalid' },
  'validation.email': { 'zh-CN': '请输入正确的邮箱', 'en-US': 'Please enter a valid e-mail address' },
  'validation.choice': { 'zh-CN': '请选择有效的{field}', 'en-US': 'Please choose a valid {field}' },
  'validation.maxItems': { 'zh-CN': '{field}最多{max}项', 'en-US': '{field} allows at most {max} items' },
  'validation.fixed': { 'zh-CN': '{field}创建后不能修改', 'en-US': '{field} cannot be changed once created' },
  'validation.unknownField': { 'zh-CN': '不支持的字段', 'en-US': 'Unknown field' },
  'validation.refNotFound': { 'zh-CN': '所选{field}不存在', 'en-US': 'The selected {field} does not exist' },
  'validation.hotelRequired': { 'zh-CN': '请选择酒店', 'en-US': 'Please choose a hotel' },
  'validation.brandRequired': { 'zh-CN': '请选择品牌', 'en-US': 'Please choose a brand' },
  'validation.hotelOutOfReach': { 'zh-CN': '所选酒店不存在或不在您的管理范围内', 'en-US': 'The chosen hotel does not exist or is outside your reach' },
  'validation.brandOutOfReach': { 'zh-CN': '所选品牌不存在或不在您的管理范围内', 'en-US': 'The chosen brand does not exist or is outside your reach' },

  // uploads
  'upload.required': { 'zh-CN': '请选择要上传的文件', 'en-US': 'Please choose a file to upload' },
  'upload.badType': {
    'zh-CN': '文件类型不支持，仅支持 {types}',
    'en-US': 'Unsupported file type, allowed: {types}',
  },
  'upload.tooLarge': { 'zh-CN': '请选择{max}以内的文件', 'en-US': 'Please select files within {max}' },
  'upload.imageTooLarge': { 'zh-CN': '请选择{max}以内的图片', 'en-US': 'Please select pictures within {max}' },
  'upload.badDimensions': { 'zh-CN': '请上传{sizes}像素的图片', 'en-US': 'please upload {sizes} px images' },
  'upload.badRatio': { 'zh-CN': '图片比例须为{ratio}', 'en-US': 'The image ratio must be {ratio}' },
  'upload.failed': { 'zh-CN': '图片上传出错', 'en-US': 'Error uploading pictures' },
  'upload.busy': {
    'zh-CN': '其他图片正在上传，请稍后再试',
    'en-US': 'Other pictures are uploaded. Please try again later.',
  },
  'upload.unknownRule': { 'zh-CN': '不支持的上传类型', 'en-US': 'Unknown upload rule' },
  'upload.quotaExceeded': {
    'zh-CN': '存储空间不足：已用{used}，上限{max}。请删除不用的文件或联系平台管理员',
    'en-US': 'Not enough storage: {used} of {max} used. Please remove unused files or contact the platform administrator',
  },
  'upload.badRef': {
    'zh-CN': '{field}中的文件无效，请重新上传',
    'en-US': 'A file of {field} is invalid, please upload it again',
  },
  'upload.badArchive': { 'zh-CN': '压缩文件已损坏或格式不受支持', 'en-US': 'The archive is damaged or in an unsupported format' },
  'upload.unsafeEntry': { 'zh-CN': '压缩文件含有不安全的路径：{name}', 'en-US': 'The archive holds an unsafe path: {name}' },
  'upload.tooManyEntries': { 'zh-CN': '压缩文件中的文件不能超过{max}个', 'en-US': 'The archive may hold at most {max} files' },
  'upload.unpackedTooLarge': { 'zh-CN': '解压后的内容须在{max}以内', 'en-US': 'Unpacked, the content must be within {max}' },
  'upload.overCompressed': { 'zh-CN': '压缩文件的压缩比不能超过{ratio}:1', 'en-US': 'The archive may be compressed at most {ratio}:1' },
  'upload.excelOnly': { 'zh-CN': '仅支持Excel上传', 'en-US': 'Only Excel upload is supported' },
  'upload.excelEmpty': { 'zh-CN': 'Excel中没有数据', 'en-US': 'The Excel file contains no data' },
  'upload.sheetTooLarge': { 'zh-CN': 'Excel表格最多{rows}行、{cells}个单元格', 'en-US': 'The Excel sheet may hold at most {rows} rows and {cells} cells' },
  ...authMessages,
  ...devicesMessages,
  ...tenantsMessages,
  ...oemMessages,
  ...tvAuthMessages,
  ...batchesMessages,
  ...licencesMessages,
  ...tasksMessages,
  ...feedbackMessages,
  ...phoneMessages,
  ...tvCodeMessages,
  ...laundryMessages,
  ...themeMessages,
  ...themeTransferMessages,
  ...dashboardMessages,
  ...materialMessages,
  ...bootMessages,
  ...releaseMessages,
  ...trackingMessages,
  ...runlogMessages,
  ...statisticsMessages,
  ...settlementMessages,
  ...pmsMessages,
  ...musicMessages,
  ...introductionMessages,
  ...weatherMessages,
  ...exchangeMessages,
  ...wakeupMessages,
  ...shopMessages,
  ...publishingMessages,
  ...noticeMessages,
  ...subtitleMessages,
  ...voiceMessages,
  ...channelsMessages,
  ...questionnaireMessages,
  ...vodMessages,
  ...libresourceMessages,
  ...rcuMessages,
  ...pictureFrameMessages,
  ...robotMessages,
  ...hotelSurveyMessages,
  ...digitalWallMessages,
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(messages, key);
}
