/** Messages of releases (spread into `messages`). */
export const releaseMessages = {
  'app.packageFormat': { 'zh-CN': '包名格式不正确', 'en-US': 'Not a valid package name' },
  'app.corePlatforms': { 'zh-CN': '核心平台只能是T972、T920、M838P、T963，用逗号分隔', 'en-US': 'Core platforms are T972, T920, M838P or T963, separated by commas' },
  'app.packageMismatch': { 'zh-CN': '上传失败，包名不一致（{found}，应为{expected}）', 'en-US': 'Upload failed: the package name differs ({found}, expected {expected})' },
  'app.packageInfoFailed': { 'zh-CN': '获取包信息失败', 'en-US': 'Get package info failed' },
  'app.confirmUpgrade': { 'zh-CN': '上传的版本（{found}）高于当前版本（{current}），确认升级？', 'en-US': 'The uploaded version ({found}) is higher than the current one ({current}): confirm the upgrade?' },
  'app.confirmDowngrade': { 'zh-CN': '上传的版本（{found}）低于当前版本（{current}），确认降级？', 'en-US': 'The uploaded version ({found}) is lower than the current one ({current}): confirm the downgrade?' },
  'app.duplicateMd5': { 'zh-CN': '上传失败，该文件（MD5 {md5}）已存在', 'en-US': 'Upload failed: this file (MD5 {md5}) already exists' },
  'app.notOwner': { 'zh-CN': '只能修改本级的应用', 'en-US': 'Only apps of your own level can be changed' },
  'app.trialNotAll': { 'zh-CN': '部分试用的应用不能提供给全部酒店，请选择品牌或酒店', 'en-US': 'A partial-trial app cannot be offered to every hotel: choose brands or hotels' },
  'release.packageMissing': { 'zh-CN': '升级包不存在', 'en-US': 'The package does not exist' },
  'release.wrongState': { 'zh-CN': '发布当前状态为「{state}」，不能{action}', 'en-US': 'The rollout is {state}: it cannot be {action}' },
  'release.targetRequired': { 'zh-CN': '请至少选择一个发布对象', 'en-US': 'Choose at least one target' },
  'release.targetKind': { 'zh-CN': '当前账号不能按此方式发布', 'en-US': 'Your account cannot release to this kind of target' },
  'release.trialNotAll': { 'zh-CN': '部分试用不能发布到全部终端', 'en-US': 'A partial trial cannot go to all terminals' },
  'release.noTerminals': { 'zh-CN': '没有符合条件的终端', 'en-US': 'No terminal matches these targets' },
  'release.wavesTooMany': { 'zh-CN': '分批比例之和不能超过100%', 'en-US': 'The waves’ shares cannot add up to more than 100%' },
  'release.windowIncomplete': { 'zh-CN': '维护时段的开始和结束时间须同时填写', 'en-US': 'Fill both the start and the end of the maintenance window' },
  'release.windowSoftOnly': { 'zh-CN': '只有提示安装使用维护时段（强制安装立即安装，仅下载随时下载）', 'en-US': 'Only soft installs keep a maintenance window (forced ones install at once, download-only ones download at any time)' },
  'release.actionInFlight': { 'zh-CN': '终端正在安装，不能删除', 'en-US': 'The terminal is installing: the entry cannot be deleted' },
} as const;

/** Operation-log actions of releases. */
export const RELEASE_LOG_ACTIONS = {
  rollout_create: { 'zh-CN': '创建发布', 'en-US': 'Create rollout' },
  rollout_start: { 'zh-CN': '开始发布', 'en-US': 'Start rollout' },
  rollout_pause: { 'zh-CN': '暂停发布', 'en-US': 'Pause rollout' },
  rollout_resume: { 'zh-CN': '继续发布', 'en-US': 'Resume rollout' },
  rollout_cancel: { 'zh-CN': '取消发布', 'en-US': 'Cancel rollout' },
  app_offer: { 'zh-CN': '设置应用提供范围', 'en-US': 'Set where an app is offered' },
  upgrade_terminal_delete: { 'zh-CN': '删除终端升级', 'en-US': 'Delete terminal upgrades' },
} as const;
