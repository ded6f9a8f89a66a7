import type { Text } from '../../i18n/lang.js';
import type { UserType } from '../../record/define.js';
import { THEME_TRANSFER_LOG_ACTIONS } from '../themes/messages.js';
import { RELEASE_LOG_ACTIONS } from '../releases/messages.js';

/**
 * Permission strings. A role holds a list of them (`loginInfo.permissions`); a super role (platform
 * role 1, the brand master role 2, the hotel super role used by login-as) holds every permission of its
 * user type and is reported as `['*']`. The same strings guard the server's routes
 * (`config.auth.permission`) and decide which menu entries the web shows.
 *
 * Record screens use `<record.permission>.<action>` (`faq.read`, `role.update`, …); the keys below are
 * the permissions of custom routes. Screens not built yet use `<area>.read` in the route table.
 */
export const SUPER_PERMISSION = '*';

export const PERMISSIONS = {
  /** Enter a brand or hotel (platform), or one of the brand's hotels (brand). */
  loginAs: 'session.loginAs',
  /** Send messages to brand and hotel users (platform). */
  messageSend: 'message.send',
  /** Read the operation log of one's reach. */
  operationLogRead: 'operationLog.read',
  /** Move a hotel's manager flag to another of its accounts (platform, brand; a hotel's manager may always). */
  hotelManagerTransfer: 'hotel.transferManager',
  /** Hotel users: read and change the hotel's settings (`get|set_hotel_info_by_key`, general keys). */
  hotelInfoRead: 'hotelInfo.read',
  hotelInfoUpdate: 'hotelInfo.update',
  /** Read rollouts and terminals' upgrade actions of one's reach. */
  releaseRead: 'release.read',
  /** Create, start, pause, resume and cancel rollouts. */
  releasePublish: 'release.publish',
  /** Delete terminals' upgrade entries (`admin/upgrade_terminal/delete_batch`). */
  upgradeTerminalDelete: 'release.deleteTerminal',
  /** The terminal download-task lists (releases' downloads and boot files'). */
  downloadTaskRead: 'downloadTask.read',
  /** Hotel users: see and rotate the hotel's PMS secret and set its FIAS link (platform and brand: `hotel.update`). */
  pmsInterface: 'pmsInterface.manage',
} as const;

export const USER_TYPE_LIST = [1, 2, 3] as const satisfies readonly UserType[];

/** Names of the user types: the operation log's "chief admin, brand manager, hotel manager". */
export const USER_TYPE_NAMES: Record<UserType, Text> = {
  1: { 'zh-CN': '总管理员', 'en-US': 'Chief admin' },
  2: { 'zh-CN': '品牌管理员', 'en-US': 'Brand manager' },
  3: { 'zh-CN': '酒店管理员', 'en-US': 'Hotel manager' },
};

/** The same names keyed by string, for `int` fields with options and for selects. */
export const USER_TYPE_OPTIONS: Record<string, Text> = { '1': USER_TYPE_NAMES[1], '2': USER_TYPE_NAMES[2], '3': USER_TYPE_NAMES[3] };

/** Labels of the standard record actions in the permission tree. */
export const ACTION_TITLES: Record<string, Text> = {
  read: { 'zh-CN': '查看', 'en-US': 'View' },
  create: { 'zh-CN': '新增', 'en-US': 'Create' },
  update: { 'zh-CN': '编辑', 'en-US': 'Edit' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
};

/** Actions written to the operation log by the session and access code (record writes add create/update/delete and state actions). */
export const OPLOG_ACTIONS: Record<string, Text> = {
  login: { 'zh-CN': '登录', 'en-US': 'Log in' },
  logout: { 'zh-CN': '退出登录', 'en-US': 'Log out' },
  login_as: { 'zh-CN': '进入品牌/酒店', 'en-US': 'Enter brand or hotel' },
  back: { 'zh-CN': '返回上级账号', 'en-US': 'Return to own account' },
  project_switch: { 'zh-CN': '切换项目', 'en-US': 'Switch project' },
  password_change: { 'zh-CN': '修改密码', 'en-US': 'Change password' },
  password_reset_link: { 'zh-CN': '生成密码重置链接', 'en-US': 'Issue a password reset link' },
  password_reset: { 'zh-CN': '通过链接重置密码', 'en-US': 'Reset password by link' },
  role_permissions: { 'zh-CN': '分配权限', 'en-US': 'Assign permissions' },
  user_projects: { 'zh-CN': '分配项目', 'en-US': 'Assign projects' },
  message_send: { 'zh-CN': '发送消息', 'en-US': 'Send message' },
  hotel_manager_transfer: { 'zh-CN': '转移酒店负责人', 'en-US': 'Transfer hotel manager' },
  hotel_setting: { 'zh-CN': '修改酒店设置', 'en-US': 'Change hotel setting' },
  room_bulk_create: { 'zh-CN': '批量创建房间', 'en-US': 'Create rooms in bulk' },
  room_import: { 'zh-CN': '导入房间', 'en-US': 'Import rooms' },
  theme_publish: { 'zh-CN': '发布模板', 'en-US': 'Publish template' },
  theme_cancel_publish: { 'zh-CN': '取消发布模板', 'en-US': 'Cancel template publishing' },
  theme_lock: { 'zh-CN': '锁定模板', 'en-US': 'Lock template' },
  theme_unlock: { 'zh-CN': '解锁模板', 'en-US': 'Unlock template' },
  theme_version_cancel: { 'zh-CN': '取消定时发布', 'en-US': 'Cancel timed publishing' },
  ...THEME_TRANSFER_LOG_ACTIONS,
  ...RELEASE_LOG_ACTIONS,
  theme_send: { 'zh-CN': '下发模板', 'en-US': 'Send template' },
  pms_secret_rotate: { 'zh-CN': '更换PMS密钥', 'en-US': 'Rotate PMS secret' },
  pms_fias_update: { 'zh-CN': '修改FIAS连接', 'en-US': 'Change FIAS link' },
  theme_cancel_send: { 'zh-CN': '取消下发模板', 'en-US': 'Cancel template send' },
  create: { 'zh-CN': '新增', 'en-US': 'Create' },
  update: { 'zh-CN': '编辑', 'en-US': 'Edit' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
};

/**
 * Feature versions reported in the user info (`weather_ver`, …): which generation of a feature's
 * screens the console shows. `geetest_ver` 0 means the built-in drag captcha (no Geetest).
 */
export const FEATURE_VERSIONS = {
  weather_ver: 2,
  boots_ver: 2,
  channel_ver: 2,
  geetest_ver: 0,
  citys_ver: 2,
  terminals_log_ver: 2,
} as const;

/** Country of the installation reported as `country` in the user info (spec: defaults to China). */
export const SYSTEM_COUNTRY = 'CN';

/** A node of a user type's permission tree, as `GET /api/access/roles/:id/permissions` answers it. */
export interface PermissionTreeNode {
  id: number;
  key: string;
  title: string;
  titleEn: string | null;
  sort: number;
  hidden: boolean;
  icon: string | null;
  children: PermissionTreeNode[];
}
