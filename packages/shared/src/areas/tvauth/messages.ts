import type { Text } from '../../i18n/lang.js';

/**
 * Why a TV-auth attempt did not pass (the `reason` of a tvAuthLog row, and the answer's errkey as
 * `tvAuth.<reason>`), in the order the server checks them.
 */
export const TV_AUTH_REASONS = {
  projectUnknown: { 'zh-CN': '授权项目不存在或已停用', 'en-US': 'The authorization project does not exist or is disabled' },
  notRegistered: { 'zh-CN': '终端尚未注册，请先开机联网', 'en-US': 'The TV is not registered yet; switch it on and connect it first' },
  terminalDisabled: { 'zh-CN': '终端已被禁用，请联系管理员', 'en-US': 'The TV has been disabled; contact the administrator' },
  launcherMismatch: { 'zh-CN': '终端Launcher与项目不一致', 'en-US': "The TV's launcher differs from the project's" },
  modelNotAllowed: { 'zh-CN': '项目不包含该终端型号', 'en-US': "The TV's model is not part of the project" },
  quotaUsed: { 'zh-CN': '该型号的授权数量已用完', 'en-US': 'All authorizations of this model are used up' },
  locationRequired: { 'zh-CN': '该项目需要定位，请允许获取位置后重试', 'en-US': 'This project needs your location; allow it and try again' },
  tooFar: { 'zh-CN': '当前位置距离项目地址太远', 'en-US': "You are too far from the project's address" },
} as const satisfies Record<string, Text>;

export type TvAuthReason = keyof typeof TV_AUTH_REASONS;

/** Messages of TV-auth projects (spread into `messages`). */
export const tvAuthMessages = {
  ...(Object.fromEntries(Object.entries(TV_AUTH_REASONS).map(([reason, text]) => [`tvAuth.${reason}`, text])) as {
    [K in TvAuthReason as `tvAuth.${K}`]: (typeof TV_AUTH_REASONS)[K];
  }),
  'tvAuth.coordinatesRequired': { 'zh-CN': '匹配位置时必须填写经纬度', 'en-US': 'Longitude and latitude are required when the location is matched' },
  'tvAuth.modelDuplicate': { 'zh-CN': '该项目已有此型号', 'en-US': 'The project already has this model' },
  'tvAuth.rateLimited': { 'zh-CN': '失败次数过多，请稍后再试', 'en-US': 'Too many failed attempts, please try again later' },
} as const satisfies Record<string, Text>;
