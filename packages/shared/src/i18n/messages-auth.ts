import type { Text } from './lang.js';

/**
 * Messages of sign-in, sessions, captcha, password change, roles and accounts, and the message center
 * (spec part 1 §5, §8). Spread into `messages` (messages.ts).
 */
export const authMessages = {
  // login form (§5)
  'auth.loginNameRequired': { 'zh-CN': '请输入用户名', 'en-US': 'Please enter the user name' },
  'auth.loginNameFormat': {
    'zh-CN': '用户名须以字母或数字开头，只能包含字母、数字和 _ @ .，长度3-64位',
    'en-US': 'The user name starts with a letter or digit and has 3-64 letters, digits, _ @ or .',
  },
  'auth.passwordRequired': { 'zh-CN': '请输入密码', 'en-US': 'Please enter the password' },
  'auth.passwordFormat': {
    'zh-CN': '密码须以字母或数字开头，只能包含字母、数字和 _ ! % # $ .，长度5-32位',
    'en-US': 'The password starts with a letter or digit and has 5-32 letters, digits, _ ! % # $ or .',
  },
  'auth.captchaRequired': { 'zh-CN': '请先拖动验证码到正确位置', 'en-US': 'Please drag the captcha to the right position first' },
  'auth.captchaFailed': { 'zh-CN': '验证未通过，请重新拖动', 'en-US': 'Verification failed, please try again' },
  'auth.captchaExpired': { 'zh-CN': '验证码已失效，请刷新后重试', 'en-US': 'The captcha has expired, please refresh it' },
  'auth.tooManyAttempts': {
    'zh-CN': '登录失败次数过多，请{minutes}分钟后再试',
    'en-US': 'Too many failed sign-ins, please try again in {minutes} minutes',
  },
  'auth.captchaTooMany': { 'zh-CN': '验证码请求过于频繁，请稍后再试', 'en-US': 'Too many captcha requests, please try again later' },
  'auth.accountDisabled': { 'zh-CN': '该账号已被禁用', 'en-US': 'This account is disabled' },

  // change password (§5)
  'auth.oldPasswordRequired': { 'zh-CN': '请输入原密码', 'en-US': 'Please enter the old password' },
  'auth.oldPasswordWrong': { 'zh-CN': '原密码不正确', 'en-US': 'The old password is incorrect' },
  'auth.newPasswordRequired': { 'zh-CN': '请输入新密码', 'en-US': 'Please enter the new password' },
  'auth.confirmRequired': { 'zh-CN': '请再次输入新密码', 'en-US': 'Please enter the new password again' },
  'auth.confirmMin': { 'zh-CN': '确认密码至少5位', 'en-US': 'The confirmation must be at least 5 characters' },
  'auth.confirmMismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords do not match' },
  'auth.authUserNoPasswordChange': { 'zh-CN': '授权用户不能修改密码', 'en-US': 'API auth users cannot change their password' },
  'auth.passwordChangeRequired': { 'zh-CN': '请先修改初始密码', 'en-US': 'Please change your initial password first' },
  'auth.passwordUnchanged': { 'zh-CN': '新密码不能与原密码相同', 'en-US': 'The new password must differ from the old one' },
  'auth.enteredSessionNoPasswordChange': {
    'zh-CN': '请返回自己的账号后再修改密码',
    'en-US': 'Return to your own account to change your password',
  },

  // login-as and projects
  'auth.noParentSession': { 'zh-CN': '没有可返回的账号', 'en-US': 'There is no account to return to' },

  // roles, permissions and accounts (§6)
  'access.loginNameChars': {
    'zh-CN': '登录名须以字母或数字开头，只能包含字母、数字和 _ @ .',
    'en-US': 'The login name starts with a letter or digit and has only letters, digits, _ @ or .',
  },
  'access.passwordChars': {
    'zh-CN': '密码须以字母或数字开头，只能包含字母、数字和 _ ! % # $ .',
    'en-US': 'The password starts with a letter or digit and has only letters, digits, _ ! % # $ or .',
  },
  'access.passwordRequired': { 'zh-CN': '请设置密码', 'en-US': 'Please set a password' },
  'access.roleUserType': { 'zh-CN': '所选角色不属于该用户类型', 'en-US': 'The selected role is for another user type' },
  'access.roleNotAssignable': { 'zh-CN': '不能分配超出自己权限的角色', 'en-US': 'You cannot assign a role with more rights than your own' },
  'access.userTypeNotAllowed': { 'zh-CN': '不能创建该用户类型的角色', 'en-US': 'You cannot create roles of this user type' },
  'access.userTypeFixed': { 'zh-CN': '用户类型创建后不能修改', 'en-US': 'The user type cannot be changed after creation' },
  'access.systemRole': { 'zh-CN': '系统角色不能修改或删除', 'en-US': 'System roles cannot be changed or deleted' },
  'access.superRolePermissions': {
    'zh-CN': '超级角色拥有全部权限，无需分配',
    'en-US': 'A super role holds every permission; nothing to assign',
  },
  'access.unknownPermission': { 'zh-CN': '未知的权限：{key}', 'en-US': 'Unknown permission: {key}' },
  'access.permissionNotHeld': { 'zh-CN': '不能分配自己没有的权限：{key}', 'en-US': 'You cannot grant a permission you do not hold: {key}' },
  'access.parentType': { 'zh-CN': '上级必须属于同一用户类型', 'en-US': 'The parent must be of the same user type' },
  'access.parentCycle': { 'zh-CN': '不能选择自身或下级作为上级', 'en-US': 'A node cannot be placed under itself or its descendants' },
  'access.cannotDeleteSelf': { 'zh-CN': '不能删除自己的账号', 'en-US': 'You cannot delete your own account' },
  'access.cannotDisableSelf': { 'zh-CN': '不能禁用自己的账号', 'en-US': 'You cannot disable your own account' },
  'access.lastSuperAdmin': {
    'zh-CN': '至少需要保留一个启用的超级管理员',
    'en-US': 'At least one enabled super administrator must remain',
  },
  // names of the system roles (roles.key), shown in the request language; other roles keep their stored name
  'role.system.platform.super': { 'zh-CN': '超级管理员', 'en-US': 'Super administrator' },
  'role.system.brand.master': { 'zh-CN': '品牌管理员', 'en-US': 'Brand administrator' },
  'role.system.hotel.admin': { 'zh-CN': '酒店管理员', 'en-US': 'Hotel administrator' },
  'role.system.hotel.super': { 'zh-CN': '酒店超级管理员', 'en-US': 'Hotel super administrator' },
  'access.projectUserType': { 'zh-CN': '只有品牌和酒店账号可以分配项目', 'en-US': 'Only brand and hotel accounts have projects' },

  // message center (§4, §9)
  'message.noRecipients': { 'zh-CN': '没有符合条件的接收人', 'en-US': 'No recipients match' },

  // forgotten passwords (docs/auth.md)
  'auth.resetInvalid': { 'zh-CN': '重置链接无效、已使用或已过期，请向管理员重新获取', 'en-US': 'This reset link is not valid, was already used or has expired; ask your administrator for a new one' },
  'auth.resetBrandMax': { 'zh-CN': '品牌账号的密码为5-20位', 'en-US': 'A brand account’s password has 5-20 characters' },
  'auth.resetNotForAuthUser': { 'zh-CN': '接口授权用户不能重置密码', 'en-US': 'API auth users cannot reset their password' },
  'auth.resetDisabled': { 'zh-CN': '该账号已停用', 'en-US': 'This account is disabled' },
  'auth.resetRequested': {
    'zh-CN': '已提交。如果该账号存在，其管理员会收到通知，并向您发送一次性的重置链接',
    'en-US': 'Sent. If the account exists, its administrators are notified and will give you a one-time reset link',
  },
  'auth.resetRequestMessage': {
    'zh-CN': '账号 {login}（{name}）申请重置密码：请在账号列表中为其生成重置链接',
    'en-US': 'Account {login} ({name}) asks for a password reset: issue a reset link from the account list',
  },
} as const satisfies Record<string, Text>;
