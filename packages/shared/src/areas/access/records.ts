import { LOGIN_NAME_CHARS, PASSWORD_CHARS, PASSWORD_MAX, PASSWORD_MIN } from './rules.js';
import { USER_TYPE_OPTIONS } from './permissions.js';
import { defineRecord, type UserType } from '../../record/define.js';
import { bool, email, int, owner, password, ref, sortField, text, ENABLED_STATES } from '../../record/fields.js';

/**
 * Roles, the permission tree and accounts (spec part 1 §6, /systems). These declarations are served
 * from the core tables `roles`, `permission_nodes` and `users` (their `table` names them); server
 * hooks in apps/server/src/access/ hash passwords, keep each account list to its user type and guard
 * system roles. Role permissions are assigned on their own screen (`/api/access/roles/:id/permissions`).
 */

/** Nodes of the permission tree: menu entries and the buttons under them, per user type. */
export const permissionNode = defineRecord({
  name: 'permissionNode',
  label: { 'zh-CN': '权限', 'en-US': 'Permission' },
  scope: 'platform',
  userTypes: [1],
  table: 'permission_nodes',
  path: 'permission-node',
  titleField: 'title',
  titleFieldEn: 'titleEn',
  defaultSort: { field: 'sort', order: 'desc' },
  fields: {
    userType: int({ label: { 'zh-CN': '用户类型', 'en-US': 'User type' }, required: true, options: USER_TYPE_OPTIONS, filter: true }),
    parentId: ref({
      label: { 'zh-CN': '上级', 'en-US': 'Parent' },
      record: 'permissionNode',
      filter: true,
      match: { userType: { field: 'userType' } },
      mismatch: 'access.parentType',
    }),
    title: text({ label: { 'zh-CN': '标题', 'en-US': 'Title' }, required: true, min: 2, max: 40, search: true }),
    titleEn: text({ label: { 'zh-CN': '英文标题', 'en-US': 'English title' }, max: 60, search: true }),
    route: text({
      label: { 'zh-CN': '路由', 'en-US': 'Route' },
      required: true,
      min: 2,
      max: 60,
      search: true,
      unique: true,
      help: { 'zh-CN': '权限标识，如 faq.read；菜单分组填写其路径', 'en-US': 'The permission string, e.g. faq.read; a menu group uses its path' },
    }),
    sort: sortField(99999),
    icon: text({ label: { 'zh-CN': '图标', 'en-US': 'Icon' }, max: 40, list: false }),
    hidden: bool({ label: { 'zh-CN': '菜单中隐藏', 'en-US': 'Hidden in menu' }, default: false }),
  },
});

/**
 * Roles: platform roles (type 1) and roles that brands define for their own accounts (types 2 and 3).
 * A role belongs to the level that created it; the system roles (platform super, brand master, hotel
 * admin, hotel super) belong to the platform and cannot be renamed or deleted by brands.
 */
export const role = defineRecord({
  name: 'role',
  label: { 'zh-CN': '角色', 'en-US': 'Role' },
  scope: 'tenant',
  userTypes: [1, 2],
  table: 'roles',
  titleField: 'name',
  fields: {
    name: text({ label: { 'zh-CN': '角色名称', 'en-US': 'Role name' }, required: true, min: 2, max: 20, search: true, sort: true }),
    userType: int({ label: { 'zh-CN': '用户类型', 'en-US': 'User type' }, required: true, options: USER_TYPE_OPTIONS, filter: true }),
    isSuper: bool({ label: { 'zh-CN': '超级角色', 'en-US': 'Super role' }, readOnly: true }),
  },
});

/** The fields of an account of `userType`: its role must be a role of that user type. */
const accountFields = (nameMin: number, userType: UserType) => ({
  loginName: text({
    label: { 'zh-CN': '登录名', 'en-US': 'Login name' },
    required: true as const,
    min: nameMin,
    max: 64,
    search: true,
    unique: true,
    pattern: { regex: LOGIN_NAME_CHARS, message: 'access.loginNameChars' },
  }),
  name: text({ label: { 'zh-CN': '姓名', 'en-US': 'Name' }, required: true as const, min: 2, max: 20, search: true, sort: true }),
  email: email({ label: { 'zh-CN': '邮箱', 'en-US': 'E-mail' }, search: true }),
  password: password({
    label: { 'zh-CN': '密码', 'en-US': 'Password' },
    min: PASSWORD_MIN,
    max: PASSWORD_MAX,
    pattern: { regex: PASSWORD_CHARS, message: 'access.passwordChars' },
    help: { 'zh-CN': '编辑时留空则不修改', 'en-US': 'Leave empty to keep the current password' },
  }),
  roleId: ref({ label: { 'zh-CN': '角色', 'en-US': 'Role' }, record: 'role', required: true as const, filter: true, match: { userType }, mismatch: 'access.roleUserType' }),
  enabled: bool({ label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true, filter: true, states: ENABLED_STATES }),
});

/** Platform accounts (/systems/supers): users of type 1. */
export const adminAccount = defineRecord({
  name: 'adminAccount',
  label: { 'zh-CN': '平台账号', 'en-US': 'Platform account' },
  scope: 'platform',
  userTypes: [1],
  table: 'users',
  titleField: 'name',
  fields: accountFields(2, 1),
});

/** Brand user passwords are 5-20 characters (spec §5 "brand user password 5-20"). */
export const BRAND_PASSWORD_MAX = 20;

/** Brand accounts (brand users, type 2): managed by the platform and by the brand itself. */
export const brandAccount = defineRecord({
  name: 'brandAccount',
  label: { 'zh-CN': '品牌账号', 'en-US': 'Brand account' },
  scope: 'brand',
  userTypes: [1, 2],
  table: 'users',
  titleField: 'name',
  fields: {
    ...accountFields(3, 2),
    password: password({
      label: { 'zh-CN': '密码', 'en-US': 'Password' },
      min: PASSWORD_MIN,
      max: BRAND_PASSWORD_MAX,
      pattern: { regex: PASSWORD_CHARS, message: 'access.passwordChars' },
      help: { 'zh-CN': '5-20位；编辑时留空则不修改', 'en-US': '5-20 characters; leave empty to keep the current password' },
    }),
    isAuthUser: bool({ label: { 'zh-CN': '接口授权用户', 'en-US': 'API auth user' }, default: false, help: { 'zh-CN': '仅平台可设置；授权用户不能修改密码', 'en-US': 'Set by the platform only; auth users cannot change their password' } }),
  },
});

/** Hotel accounts (branch users, type 3): managed by the platform and by the hotel's brand. */
export const hotelAccount = defineRecord({
  name: 'hotelAccount',
  label: { 'zh-CN': '酒店账号', 'en-US': 'Hotel account' },
  scope: 'hotel',
  userTypes: [1, 2],
  table: 'users',
  titleField: 'name',
  fields: {
    ...accountFields(3, 3),
    hotelId: owner({ label: { 'zh-CN': '酒店', 'en-US': 'Hotel' }, record: 'hotel', filter: true }),
    isAuthUser: bool({ label: { 'zh-CN': '接口授权用户', 'en-US': 'API auth user' }, default: false, help: { 'zh-CN': '仅平台可设置；授权用户不能修改密码', 'en-US': 'Set by the platform only; auth users cannot change their password' } }),
  },
});
