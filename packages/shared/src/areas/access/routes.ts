import type { Text } from '../../i18n/lang.js';
import type { UserType } from '../../record/define.js';
import { records, type RecordName } from '../index.js';
import { ACTION_TITLES, PERMISSIONS } from './permissions.js';

/**
 * The route tables of the three user types (spec part 1 §2, part 2 §2) as data: the web builds its
 * router and side menu from them, the server seeds the permission tree from them, and their permission
 * strings are the ones the server's routes check. Paths are below the web base (/new-frontend).
 */
export interface RouteAction {
  /** Permission string of a button on the screen. */
  key: string;
  title: Text;
}

export interface RouteEntry {
  /** Path below the base; `:name` segments for detail pages. A group's path prefixes its children. */
  path: string;
  title: Text;
  /**
   * Permission that opens the route. Absent on groups (shown when a child is) and on routes every
   * signed-in user of the type may open (`noVerify`).
   */
  permission?: string;
  /** antd icon component name, e.g. `SettingOutlined` (top-level entries). */
  icon?: string;
  /** Not listed in the menu (detail and setting pages). */
  hidden?: boolean;
  /** Path of the group entry this one sits in. */
  parent?: string;
  /** A group: a menu folder without a page of its own. */
  group?: boolean;
  /** The screen is the generated list of this record; its permission is `<record.permission>.read`. */
  record?: RecordName;
  /**
   * A record page showing a fixed part of the record's rows: list filters (query parameters of the
   * record's list) always sent and not offered in the search form.
   */
  filters?: Readonly<Record<string, string>>;
  /** The columns such a page shows by default, in place of the record's `columns`. */
  columns?: readonly string[];
  /** Permissions of buttons on the screen besides a record's own actions. */
  actions?: readonly RouteAction[];
  /** Every signed-in user of the type may open it (the spec's no_verified). */
  noVerify?: boolean;
  /** Rendered outside the main layout (full-page previews). */
  bare?: boolean;
  /** The menu entry opens an external page; the value names it (its URL is configuration). */
  external?: string;
}

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

function group(path: string, zh: string, en: string, icon: string): RouteEntry {
  return { path, title: t(zh, en), icon, group: true };
}

type PageOptions = Omit<RouteEntry, 'path' | 'title' | 'permission' | 'record'>;

function page(path: string, zh: string, en: string, permission: string | { record: RecordName } | null, opts: PageOptions = {}): RouteEntry {
  const parent = opts.parent ?? parentOf(path);
  const base: RouteEntry = { path, title: t(zh, en), ...opts, ...(parent ? { parent } : {}) };
  if (permission === null) return { ...base, noVerify: true };
  if (typeof permission === 'string') return { ...base, permission };
  return { ...base, record: permission.record, permission: `${records[permission.record].permission}.read` };
}

/** Children name their group by path; a path's group is set explicitly where the prefix is not one. */
const groupPaths = new Set<string>();
function parentOf(path: string): string | undefined {
  const first = `/${path.split('/')[1]}`;
  return first !== path && groupPaths.has(first) ? first : undefined;
}
function groups(...entries: RouteEntry[]): RouteEntry[] {
  for (const entry of entries) if (entry.group) groupPaths.add(entry.path);
  return entries;
}

const LOGIN_AS_BRAND: RouteAction = { key: PERMISSIONS.loginAs, title: t('进入品牌/酒店', 'Enter brand or hotel') };
const LOGIN_AS_HOTEL: RouteAction = { key: PERMISSIONS.loginAs, title: t('进入酒店', 'Enter hotel') };
const TRANSFER_MANAGER: RouteAction = { key: PERMISSIONS.hotelManagerTransfer, title: t('转移负责人', 'Transfer manager') };
/** Room buttons on the custom per-hotel room pages (the generated room list adds them itself). */
const ROOM_ACTIONS: RouteAction[] = (['create', 'update', 'delete'] as const).map((action) => ({ key: `room.${action}`, title: ACTION_TITLES[action]! }));
/** Buttons of the release screens: publish (create, pause, resume, cancel rollouts). */
const RELEASE_PUBLISH: RouteAction = { key: PERMISSIONS.releasePublish, title: t('发布/暂停/取消', 'Publish / pause / cancel') };
const UPGRADE_DELETE: RouteAction = { key: PERMISSIONS.upgradeTerminalDelete, title: t('删除终端升级', 'Delete terminal upgrades') };
const ROLLOUT_PAGE = (): RouteEntry => page('/releases/rollout/:id', '发布详情', 'Rollout', PERMISSIONS.releaseRead, { hidden: true, actions: [RELEASE_PUBLISH] });
const PMS_INTERFACE: RouteAction = { key: PERMISSIONS.pmsInterface, title: t('PMS接口设置', 'PMS interface') };
const HOTEL_INFO_UPDATE: RouteAction = { key: PERMISSIONS.hotelInfoUpdate, title: t('修改', 'Edit') };
/** The state buttons of the live call-service page (its own screen, not the generated list). */
const CALL_ACTIONS: RouteAction[] = (['process', 'complete', 'ignore'] as const).map((action) => ({ key: `aiCallService.${action}`, title: records.aiServiceCall.states!.actions[action]!.label }));
const HOME = (): RouteEntry => page('/home', '首页', 'Home', null, { icon: 'HomeOutlined' });
const MESSAGE_CENTER = (): RouteEntry => page('/message/center', '消息中心', 'Message center', null, { icon: 'BellOutlined', hidden: true });
const OPERATION_LOG = (): RouteEntry => page('/operation/action/log', '操作日志', 'Operation log', PERMISSIONS.operationLogRead, { icon: 'FileSearchOutlined' });
const FAQ = (): RouteEntry[] => [
  page('/faq/list', '问题列表', 'Question list', { record: 'faq' }, { icon: 'QuestionCircleOutlined' }),
  page('/faq/category', '问题分类', 'Question categories', { record: 'faqCategory' }, { icon: 'TagsOutlined' }),
];
/** Buttons of the template lists: the lifecycle actions (THEME_ACTIONS) and the writes. */
const THEME_BUTTONS: RouteAction[] = [
  { key: 'theme.create', title: ACTION_TITLES.create! },
  { key: 'theme.delete', title: ACTION_TITLES.delete! },
  { key: 'theme.publish', title: { 'zh-CN': '发布/取消发布', 'en-US': 'Publish / cancel' } },
  { key: 'theme.lock', title: { 'zh-CN': '锁定/解锁', 'en-US': 'Lock / unlock' } },
  { key: 'theme.send', title: { 'zh-CN': '下发/取消下发', 'en-US': 'Send / cancel send' } },
];
const THEME_PAGES = (): RouteEntry[] => [
  page('/themes/themes_tag_setting/:tid', '快捷设置', 'Quick settings', 'theme.update', { hidden: true }),
  page('/themes/themes_template/:id', '设置模板', 'Set template', 'theme.update', { hidden: true }),
  page('/themes/themes_layout/:themeid', '管理界面', 'Manage interface', 'theme.update', { hidden: true }),
];
const PREVIEWS = (): RouteEntry[] => [
  page('/themes_template_preview/:id', '模板预览', 'Template preview', 'theme.read', { hidden: true, bare: true }),
  page('/themes_preview/:id', '主题预览', 'Theme preview', 'theme.read', { hidden: true, bare: true }),
];
const DOWNLOAD_TASKS = (): RouteEntry[] => [
  page('/task_info/task_info_list', '下载任务', 'Download tasks', PERMISSIONS.downloadTaskRead),
  page('/task_info/task_error_list', '失败任务', 'Failed tasks', PERMISSIONS.downloadTaskRead),
];

/** Platform administrator (type 1). */
const platformRoutes: RouteEntry[] = groups(
  group('/brand', '品牌管理', 'Brands', 'ShopOutlined'),
  group('/user', '权限管理', 'Permissions', 'TeamOutlined'),
  group('/themes', '模板管理', 'Templates', 'LayoutOutlined'),
  group('/vod', '点播管理', 'VOD', 'VideoCameraOutlined'),
  group('/vod_operation', '点播运营', 'VOD operation', 'FireOutlined'),
  group('/skin', '欢迎模板', 'Welcome templates', 'SkinOutlined'),
  group('/customer_manage', '厂商管理', 'Manufacturers', 'ApartmentOutlined'),
  group('/terminal_manage', '终端管理', 'Terminals', 'DesktopOutlined'),
  group('/terminal_control', '授权管理', 'Authorization', 'SafetyCertificateOutlined'),
  group('/ai', 'AI管理', 'AI', 'RobotOutlined'),
  group('/task', '任务系统', 'Task system', 'ScheduleOutlined'),
  group('/newdata', '数据统计', 'Statistics', 'BarChartOutlined'),
  group('/systems', '系统管理', 'System', 'SettingOutlined'),
  group('/operation', '日志管理', 'Logs', 'FileSearchOutlined'),
  group('/pms', 'PMS管理', 'PMS', 'ClusterOutlined'),
  group('/runlog', '运行日志', 'Run logs', 'ProfileOutlined'),
  group('/settlement', '结算统计', 'Settlement', 'AccountBookOutlined'),
  group('/task_info', '终端下载任务', 'Terminal download tasks', 'CloudDownloadOutlined'),
);
platformRoutes.unshift(HOME());
platformRoutes.push(
  page('/brand/list', '品牌管理', 'Brand management', { record: 'brand' }, { actions: [LOGIN_AS_BRAND] }),
  page('/brand/hotels/:id', '品牌酒店列表', 'Hotels of the brand', 'brand.read', { hidden: true }),
  page('/brand/hotel_list', '酒店管理', 'Hotel management', { record: 'hotel' }, { actions: [LOGIN_AS_BRAND, TRANSFER_MANAGER] }),
  page('/brand/sub_brands', '子品牌管理', 'Sub-brands', { record: 'subBrand' }),
  page('/brand/rooms/:hotel_id', '房间列表', 'Rooms', 'room.read', { hidden: true, actions: ROOM_ACTIONS }),
  page('/user/list', '品牌权限', 'Brand permissions', { record: 'brandAccount' }),
  page('/user/hotel', '权限列表', 'Permission list', { record: 'hotelAccount' }),
  page('/all_app/list', '应用列表', 'App list', { record: 'app' }, { icon: 'AppstoreOutlined', actions: [RELEASE_PUBLISH] }),
  page('/material/material_page', '素材列表', 'Material list', { record: 'material' }, { icon: 'PictureOutlined' }),
  // The boot-logo library and, beside it, the boot policies (the platform's own is every TV's default).
  page('/start_logo/index', '开机素材列表', 'Boot material list', 'startLogo.read', {
    icon: 'PlayCircleOutlined',
    actions: (['read', 'create', 'update', 'delete'] as const).map((action) => ({ key: `bootConfig.${action}`, title: t(`开机策略${ACTION_TITLES[action]!['zh-CN']}`, `${ACTION_TITLES[action]!['en-US']} boot policies`) })),
  }),
  page('/themes/themes_page', '模板列表', 'Template list', 'theme.read', { actions: THEME_BUTTONS }),
  page('/themes/themes_type', '模板分类', 'Template categories', { record: 'themeType' }),
  ...THEME_PAGES(),
  ...PREVIEWS(),
  page('/vod/rules', '点播项目管理', 'VOD project management', { record: 'vodProject' }),
  page('/vod/bill', '分账管理', 'Split-bill management', { record: 'vodBill' }, { actions: [{ key: 'vodBill.generate', title: t('生成分账单', 'Generate split bills') }] }),
  page('/vod/order', '订单管理', 'Order management', { record: 'vodOrder' }),
  page('/vod/account', '分账账户管理', 'Split account management', { record: 'vodAccount' }),
  page('/vod_operation/recommend', '推荐库', 'Recommend library', { record: 'vodRecommend' }),
  page('/vod_operation/choose/pool', '精选库', 'Selected library', { record: 'vodChoose' }),
  page('/vod_operation/sends', '片库下发', 'Library sends', { record: 'vodSend' }),
  page('/vod_operation/movie/pool', '影片池', 'Movie pool', { record: 'vodMovie' }),
  page('/vod_operation/hotel_template', '酒店UI预览', 'Hotel UI preview', 'vodHotelTemplate.read'),
  page('/vod_operation/promotional_position', '推广位', 'Promotion slots', { record: 'vodPromotion' }),
  page('/vod_platform', '点播管理平台', 'VOD platform', 'vodPlatform.open', { icon: 'LinkOutlined', external: 'vod_platform' }),
  page('/operation_platform', '基础运营平台', 'Operation platform', 'operationPlatform.open', { icon: 'LinkOutlined', external: 'operation_platform' }),
  // Welcome templates are themes of the welcome kind (docs/themes.md): the same calls and permissions.
  page('/skin/list', '欢迎模板', 'Welcome templates', 'theme.read', { actions: THEME_BUTTONS }),
  page('/skin/edit', '编辑欢迎模板', 'Edit welcome template', 'theme.update', { hidden: true }),
  page('/batchmachine/list', '装机管理', 'Installation management', { record: 'batchMachine' }, { icon: 'ToolOutlined' }),
  page('/customer_manage/customer', '厂商列表', 'Manufacturer list', { record: 'oemCustomer' }),
  page('/customer_manage/user', '厂商账号', 'Manufacturer accounts', { record: 'oemUser' }),
  page('/customer_manage/launcher', '厂商Launcher', 'Manufacturer launcher', { record: 'oemLauncher' }),
  page('/customer_manage/brand_share', '品牌分成', 'Brand shares', { record: 'oemBrandShare' }),
  page('/terminal_manage/terminal', '终端列表', 'Terminal list', { record: 'terminal' }),
  page('/terminal_manage/heartbeats/:mac', '终端心跳日志', 'Terminal heartbeat log', 'terminal.read', { hidden: true }),
  page('/terminal_manage/ota', 'OTA包管理', 'OTA package management', { record: 'otaPackage' }, { actions: [RELEASE_PUBLISH] }),
  page('/terminal_manage/rollouts', '升级发布', 'Rollouts', PERMISSIONS.releaseRead, { actions: [RELEASE_PUBLISH] }),
  ROLLOUT_PAGE(),
  // The terminal list narrowed to overseas terminals: the same rows, reach and permission (terminal.read).
  page('/terminal_manage/hw_terminal', '海外终端管理', 'Overseas terminal management', { record: 'terminal' }, {
    filters: { overseas: 'true' },
    columns: ['roomNumber', 'country', 'online', 'authorization', 'hotelId', 'softwareVersion', 'ip', 'registeredAt'],
  }),
  page('/hotel_survey/manage', '调研管理', 'Survey management', { record: 'hotelSurvey' }, { icon: 'FormOutlined' }),
  page('/terminal_control/machine', '授权管理', 'Authorization rules', { record: 'terminalAuthRule' }),
  page('/terminal_control/tv_auth', '授权管理(新)', 'TV-auth projects', { record: 'tvAuthProject' }),
  page('/terminal_control/tv_auth/models', '授权项目型号', 'TV-auth project models', { record: 'tvAuthProjectModel' }, { hidden: true }),
  page('/terminal_control/tv_auth/logs', '授权日志', 'TV-auth logs', { record: 'tvAuthLog' }, { hidden: true }),
  page('/terminal_control/launcher', '盗用监控', 'Stolen-use monitoring', 'launcherMonitor.read'),
  page('/terminal_control/illegalwarning', '告警终端', 'Alarm terminals', 'illegalWarning.read'),
  page('/terminal_control/upgrade', '控制升级', 'Control upgrade', { record: 'controlUpgrade' }, { actions: [RELEASE_PUBLISH, UPGRADE_DELETE] }),
  page('/ai/manage', '信息管理', 'Information management', { record: 'aiInfo' }),
  // The review queue: the hotels' AI information waiting for the platform (the same rows as /ai/manage).
  page('/ai/check', '信息审核', 'Information review', { record: 'aiInfo' }, { filters: { reviewStatus: 'inReview' }, columns: ['question', 'answerZh', 'hotelId', 'reviewStatus'] }),
  page('/ai/config_check', '配置审核', 'Configuration review', 'aiConfigCheck.read'),
  page('/ai/intent_slots', '意图槽位', 'Intent slots', { record: 'aiIntent' }),
  page('/ai/project_config', 'AI项目配置查询', 'AI project configuration', 'aiProjectConfig.read'),
  page('/conhide/boots', '内容隐藏开机策略', 'Content-hiding boot strategy', { record: 'contentHideRule' }, { icon: 'EyeInvisibleOutlined' }),
  page('/license', '许可证管理', 'License management', { record: 'licence' }, { icon: 'KeyOutlined' }),
  page('/channel/list', '频道管理', 'Channel management', { record: 'channel' }, { icon: 'UnorderedListOutlined', actions: [{ key: 'channel.import', title: t('导入M3U与节目单', 'Import M3U and programme guides') }] }),
  page('/task/item', '任务项', 'Task items', { record: 'taskItem' }),
  page('/task/list', '任务列表', 'Task list', 'task.read', { actions: [{ key: 'task.create', title: t('新建任务', 'Create task') }] }),
  page('/newdata/terminal_share', '终端占比', 'Terminal share', 'statistics.read'),
  page('/newdata/terminal_map', '终端在线地图', 'Terminal online map', 'statistics.read'),
  page('/newdata/by_customer', '厂商终端数据', 'Terminal data by manufacturer', 'statistics.read'),
  page('/newdata/by_brand', '品牌终端数据', 'Terminal data by brand', 'statistics.read'),
  page('/systems/supers', '账号管理', 'Account management', { record: 'adminAccount' }),
  page('/systems/groups', '角色管理', 'Role management', { record: 'role' }),
  page('/systems/permissions', '权限管理', 'Permission management', { record: 'permissionNode' }),
  page('/operation/action/log', '操作日志', 'Operation log', PERMISSIONS.operationLogRead),
  page('/operation/terminal_state/log', '终端状态历史日志', 'Terminal state history log', 'terminalStateLog.read'),
  page('/pms/list', 'PMS列表', 'PMS list', { record: 'pmsVendor' }),
  page('/pms/customer', 'PMS厂商', 'PMS manufacturers', { record: 'pmsManufacturer' }),
  page('/runlog/tv', '电视开机日志', 'TV boot log', 'runlogTv.read'),
  page('/runlog/app', '应用启动日志', 'App launch log', 'runlogApp.read'),
  page('/runlog/app/detail', '应用启动详情', 'App launch detail', 'runlogApp.read', { hidden: true }),
  page('/settlement/list', '结算统计', 'Settlement statistics', 'settlement.read', { actions: [{ key: 'settlement.settle', title: t('结算', 'Settle') }] }),
  page('/settlement/active', '激活统计', 'Activation statistics', 'settlement.read'),
  page('/fb/list', '反馈与建议', 'Feedback and suggestions', { record: 'feedback' }, { icon: 'MessageOutlined', actions: [{ key: 'feedback.handle', title: t('处理/忽略', 'Handle / ignore') }] }),
  ...FAQ(),
  ...DOWNLOAD_TASKS(),
  page('/tags/tags_manage_list', '标签列表', 'Tag list', { record: 'tag' }, { icon: 'TagsOutlined' }),
  page('/event-track/config', '埋点配置', 'Tracking configuration', { record: 'trackedEvent' }, { icon: 'AimOutlined' }),
  page('/event-track/report', '埋点报表', 'Event report', 'eventTrack.read', { icon: 'BarChartOutlined' }),
  page('/message/send', '消息发送', 'Send messages', PERMISSIONS.messageSend, { icon: 'NotificationOutlined' }),
  MESSAGE_CENTER(),
);
groupPaths.clear();

/** Brand administrator (type 2). */
const brandRoutes: RouteEntry[] = [
  HOME(),
  ...groups(
    group('/libresource', '资源库', 'Resource library', 'DatabaseOutlined'),
    group('/themes', '模板管理', 'Templates', 'LayoutOutlined'),
    group('/startlogo', '开机设置', 'Boot settings', 'PlayCircleOutlined'),
    group('/task_info', '终端下载任务', 'Terminal download tasks', 'CloudDownloadOutlined'),
  ),
];
brandRoutes.push(
  page('/hotelgroup/index', '子品牌管理', 'Sub-brand management', { record: 'subBrand' }, { icon: 'ClusterOutlined' }),
  page('/customer_user/index', '品牌账号管理', 'Brand account management', { record: 'brandAccount' }, { icon: 'TeamOutlined' }),
  page('/customer_user/roles', '角色管理', 'Role management', { record: 'role' }, { icon: 'SafetyOutlined' }),
  page('/hotel/lists', '分店管理', 'Branch management', { record: 'hotel' }, { icon: 'BankOutlined', actions: [LOGIN_AS_HOTEL, TRANSFER_MANAGER] }),
  page('/hotel/overview', '分店统计', 'Branch overview', 'hotel.read', { icon: 'BarChartOutlined' }),
  page('/hotel/rooms/:hotel_id', '房间列表', 'Rooms', 'room.read', { hidden: true, actions: ROOM_ACTIONS }),
  page('/user/lists', '分店账号管理', 'Branch account management', { record: 'hotelAccount' }, { icon: 'UserOutlined' }),
  page('/libresource/lists', '资源库列表', 'Resource libraries', 'libResource.read', {
    actions: [
      { key: 'libResource.create', title: t('新建', 'Create') },
      { key: 'libResource.delete', title: t('删除', 'Delete') },
    ],
  }),
  page('/libresource/view/:lib_id', '资源库详情', 'Resource library', 'libResource.read', { hidden: true }),
  page('/libresource/version', '资源库版本', 'Library versions', 'libResourceVersion.read', {
    actions: [
      { key: 'libResourceVersion.create', title: t('发布', 'Publish') },
      { key: 'libResourceVersion.cancel', title: t('取消发布', 'Cancel') },
    ],
  }),
  page('/res_review/intro_list', '介绍资源审核', 'Introduction resource review', 'introReview.read', { icon: 'AuditOutlined', actions: [{ key: 'introReview.update', title: t('审核', 'Review') }] }),
  page('/material/material_page', '素材列表', 'Material list', { record: 'material' }, { icon: 'PictureOutlined' }),
  page('/themes/themes_page', '模板列表', 'Template list', 'theme.read', { actions: THEME_BUTTONS }),
  page('/themes/themes_version', '模板版本', 'Template versions', 'themeVersion.read'),
  ...THEME_PAGES(),
  page('/template/shop', '模板市场', 'Template market', 'templateShop.read', { icon: 'ShoppingOutlined' }),
  ...PREVIEWS(),
  page('/startlogo/startlogo', '开机动画', 'Boot animation', { record: 'bootPolicy' }),
  page('/startlogo/startlogo_setting_content/:id', '开机设置内容', 'Boot setting content', 'bootConfig.update', { hidden: true }),
  ...DOWNLOAD_TASKS(),
  ...FAQ(),
  page('/fb/index', '意见反馈', 'Feedback', 'feedback.create', { hidden: true }),
  OPERATION_LOG(),
  MESSAGE_CENTER(),
);
groupPaths.clear();

/** Hotel administrator (type 3). */
const hotelRoutes: RouteEntry[] = [
  HOME(),
  ...groups(
    group('/content', '内容管理', 'Content', 'ReadOutlined'),
    group('/shop', '商城', 'Shop', 'ShoppingCartOutlined'),
    group('/ht', '电视管理', 'TV', 'DesktopOutlined'),
    group('/themes', '模板管理', 'Templates', 'LayoutOutlined'),
    group('/startlogo', '开机设置', 'Boot settings', 'PlayCircleOutlined'),
    group('/digital_wall', '数字墙', 'Digital wall', 'BorderOutlined'),
    group('/vod', '点播', 'VOD', 'VideoCameraOutlined'),
    group('/ai', 'AI', 'AI', 'RobotOutlined'),
    group('/wakeup', '叫醒服务', 'Wake-up', 'ClockCircleOutlined'),
    group('/task_info', '终端下载任务', 'Terminal download tasks', 'CloudDownloadOutlined'),
  ),
];
hotelRoutes.push(
  page('/content/music', '音乐', 'Music', { record: 'musicSong' }),
  page('/content/music_album', '音乐专辑', 'Music albums', { record: 'musicAlbum' }),
  page('/content/introduction', '信息介绍', 'Information introductions', { record: 'introItem' }),
  page('/content/intro_type', '介绍类型', 'Introduction types', { record: 'introType' }),
  page('/content/intro_custom', '自定义介绍页', 'Custom intro pages', { record: 'introCustom' }),
  page('/content/subtitle', '滚动字幕', 'Scrolling subtitles', { record: 'subtitle' }),
  page('/content/message_notice', '消息通知', 'Message notices', { record: 'messageNotice' }),
  page('/content/image_message', '图文消息', 'Image-text messages', { record: 'imageMessage' }),
  page('/content/question', '问卷调查', 'Questionnaires', { record: 'questionnaire' }),
  page('/content/question_option', '问卷选项', 'Questionnaire options', { record: 'questionnaireOption' }),
  page('/content/exchange', '汇率', 'Exchange rates', { record: 'exchangeRate' }),
  page('/content/weather', '天气城市', 'Weather cities', { record: 'weatherCity' }),
  page('/content/weather-pm', 'PM2.5', 'PM2.5', 'pm25.read', { actions: [{ key: 'pm25.update', title: t('修改', 'Edit') }] }),
  page('/content/pmslog', 'PMS日志', 'PMS log', { record: 'pmsLog' }, { actions: [PMS_INTERFACE] }),
  page('/content/tour_group', '旅行团', 'Tour groups', { record: 'tourGroup' }),
  page('/content/hotel_info', '酒店信息', 'Hotel information', PERMISSIONS.hotelInfoRead, { actions: [HOTEL_INFO_UPDATE] }),
  page('/content/screensaver_photos', '屏保图片', 'Screensaver photos', { record: 'screensaverPhoto' }),
  page('/content/control_link_materials', '控制联动素材', 'Control-link materials', { record: 'controlLinkMaterial' }),
  page('/shop/banner', '轮播图', 'Banners', { record: 'shopBanner' }),
  page('/shop/shop_category', '商品分类', 'Categories', { record: 'shopCategory' }),
  page('/shop/shop_goods', '商品', 'Goods', { record: 'shopGoods' }),
  page('/shop/orders', '订单', 'Orders', { record: 'shopOrder' }),
  page('/ht/terminal', '终端列表', 'Terminals', { record: 'terminal' }),
  page('/ht/manage', '标签管理', 'Tags', { record: 'hotelTag' }),
  page('/ht/rooms', '房间管理', 'Rooms', { record: 'room' }),
  page('/ht/update', '升级管理', 'Upgrades', PERMISSIONS.releaseRead, { actions: [RELEASE_PUBLISH, UPGRADE_DELETE] }),
  ROLLOUT_PAGE(),
  page('/hotelapp/list', '应用管理', 'Apps', { record: 'app' }, { icon: 'AppstoreOutlined', actions: [RELEASE_PUBLISH] }),
  page('/material/material_page', '素材列表', 'Material list', { record: 'material' }, { icon: 'PictureOutlined' }),
  page('/themes/themes_page', '客房模板', 'Room templates', 'theme.read', { actions: THEME_BUTTONS }),
  page('/themes/themes_public_page', '公区模板', 'Public-area templates', 'theme.read', { actions: THEME_BUTTONS }),
  page('/themes/themes_version', '模板版本', 'Template versions', 'themeVersion.read'),
  ...THEME_PAGES(),
  page('/template/shop', '模板市场', 'Template market', 'templateShop.read', { icon: 'ShoppingOutlined' }),
  ...PREVIEWS(),
  page('/startlogo/startlogo', '开机设置', 'Boot settings', { record: 'bootPolicy' }),
  page('/startlogo/hotel_tv_menu', '高级菜单', 'Advanced TV menu', { record: 'hotelTvMenu' }),
  page('/startlogo/startlogo_setting_content/:id', '开机设置内容', 'Boot setting content', 'bootConfig.update', { hidden: true }),
  page('/digital_wall/config', '数字墙配置', 'Digital wall settings', 'digitalWall.read', { actions: [{ key: 'digitalWall.update', title: t('修改', 'Edit') }] }),
  page('/digital_wall/content', '数字墙内容', 'Digital wall content', { record: 'digitalWallItem' }),
  page('/vod/order', '点播订单', 'VOD orders', { record: 'vodOrder' }),
  page('/vod/settings', '点播付款设置', 'VOD payment setting', { record: 'vodHotelSetting' }),
  page('/vod/bill', '点播账单', 'VOD bills', { record: 'vodBill' }),
  page('/ai/aiedit', 'AI编辑', 'AI editing', { record: 'aiInfo' }),
  page('/ai/instructions', '指令管理', 'Instructions', { record: 'aiInstruction' }),
  page('/ai/call_service', '呼叫服务', 'Call service', 'aiCallService.read', { actions: CALL_ACTIONS }),
  page('/ai/service_tts', '语音合成', 'Voice synthesis', { record: 'aiTts' }),
  page('/ai/goods', 'AI商品', 'AI goods', { record: 'aiGoods' }),
  page('/ai/intentslots_manage', '意图槽位', 'Intent slots', { record: 'aiIntent' }),
  page('/ai/intent_sets', '意图集', 'Intent sets', { record: 'aiIntentSet' }),
  page('/message_page', '客人消息', 'Guest messages', { record: 'guestMessage' }, { icon: 'CommentOutlined' }),
  page('/tvlist', '频道列表', 'Channel list', 'hotelChannel.read', { icon: 'UnorderedListOutlined' }),
  page('/tvlist/own', '酒店自有频道', 'Own channels', { record: 'hotelChannel' }, { hidden: true }),
  page('/channel_sorting', '频道排序', 'Channel sorting', 'channelSort.read', { icon: 'OrderedListOutlined', actions: [{ key: 'channelSort.update', title: t('排序', 'Sort') }] }),
  page('/picture/frame', '电子相框', 'Picture frame', { record: 'pictureFrame' }, { icon: 'PictureOutlined' }),
  page('/robot', '机器人', 'Robot', 'robot.read', { icon: 'RobotOutlined', actions: [{ key: 'robot.update', title: t('修改', 'Edit') }, { key: 'robot.send', title: t('派送', 'Send') }] }),
  page('/goods/sync', '商品同步', 'Goods sync', 'goodsSync.read', { icon: 'SyncOutlined', actions: [{ key: 'goodsSync.sync', title: t('同步', 'Sync') }] }),
  page('/rcu', 'RCU配置', 'RCU', 'rcu.read', { icon: 'ControlOutlined', actions: [{ key: 'rcu.update', title: t('修改', 'Edit') }] }),
  page('/hotelwashing/machines', '洗衣机', 'Washing machines', { record: 'washingMachine' }, { icon: 'SkinOutlined' }),
  page('/hotelauth/info', '授权信息', 'Authorization info', 'hotelAuth.read', { icon: 'SafetyCertificateOutlined' }),
  page('/hotel_tvcode/tvcodeconfig', '遥控指令', 'Remote commands', { record: 'tvCode' }, { icon: 'CodeOutlined' }),
  ...FAQ(),
  page('/fb/index', '意见反馈', 'Feedback', 'feedback.create', { hidden: true }),
  page('/eshow/index', 'eShow', 'eShow', 'eshow.read', { icon: 'LoginOutlined', external: 'eshow' }),
  page('/x2b/jump_to', 'AI开放平台', 'AI open platform', 'x2b.open', { icon: 'LinkOutlined', external: 'x2b' }),
  page('/wakeup/index', '叫醒记录', 'Wake-up calls', { record: 'wakeUpCall' }),
  page('/wakeup/group', '叫醒分组', 'Wake-up groups', { record: 'wakeUpGroup' }, { actions: [{ key: 'wakeupGroup.wake', title: t('分组叫醒', 'Wake the group') }] }),
  page('/wakeup/config', '叫醒配置', 'Wake-up settings', 'wakeupConfig.read', { actions: [{ key: 'wakeupConfig.update', title: t('修改', 'Edit') }] }),
  ...DOWNLOAD_TASKS(),
  OPERATION_LOG(),
  MESSAGE_CENTER(),
);
groupPaths.clear();

/** Table order, with each group placed just before its first page; groups without pages are dropped. */
function ordered(entries: RouteEntry[]): RouteEntry[] {
  const byPath = new Map(entries.filter((e) => e.group).map((e) => [e.path, e]));
  const out: RouteEntry[] = [];
  const placed = new Set<string>();
  for (const entry of entries) {
    if (entry.group) continue;
    if (entry.parent && !placed.has(entry.parent)) {
      placed.add(entry.parent);
      out.push(byPath.get(entry.parent)!);
    }
    out.push(entry);
  }
  return out;
}

export const ROUTE_TABLE: Record<UserType, readonly RouteEntry[]> = {
  1: ordered(platformRoutes),
  2: ordered(brandRoutes),
  3: ordered(hotelRoutes),
};

/**
 * Button permissions of a route for a user type: its record's actions (create, update, delete, the
 * state actions that type may run) and its own.
 */
export function routeActions(entry: RouteEntry, userType: UserType): RouteAction[] {
  const out: RouteAction[] = [];
  if (entry.record) {
    const def = records[entry.record];
    const states = (def as { states?: { actions: Record<string, { label: Text; userTypes?: readonly UserType[] }> } }).states?.actions ?? {};
    for (const action of ['create', 'update', 'delete']) out.push({ key: `${def.permission}.${action}`, title: ACTION_TITLES[action]! });
    for (const [name, action] of Object.entries(states)) if (!action.userTypes || action.userTypes.includes(userType)) out.push({ key: `${def.permission}.${name}`, title: action.label });
  }
  return [...out, ...(entry.actions ?? [])];
}

/** Every permission string the route table of a user type uses. */
export function permissionKeys(userType: UserType): string[] {
  const keys = new Set<string>();
  for (const entry of ROUTE_TABLE[userType]) {
    if (entry.permission) keys.add(entry.permission);
    for (const action of routeActions(entry, userType)) keys.add(action.key);
  }
  return [...keys];
}

/** A node of the permission tree as seeded from the route table. */
export interface PermissionSeed {
  route: string;
  title: Text;
  parent?: string;
  sort: number;
  icon?: string;
  hidden?: boolean;
}

/**
 * The permission tree of a user type derived from its route table: groups (route = their path), pages
 * (route = their permission) and buttons under them; each permission string appears once. Larger sort
 * values rank higher, so the table order is kept.
 */
export function permissionTreeSeed(userType: UserType): PermissionSeed[] {
  const entries = ROUTE_TABLE[userType];
  const seen = new Set<string>();
  const out: PermissionSeed[] = [];
  let sort = entries.length * 10;
  const groupRoute = new Map<string, string>();
  for (const entry of entries) {
    sort -= 10;
    if (entry.group) {
      groupRoute.set(entry.path, entry.path);
      out.push({ route: entry.path, title: entry.title, sort, icon: entry.icon });
      seen.add(entry.path);
      continue;
    }
    if (!entry.permission || seen.has(entry.permission)) continue;
    seen.add(entry.permission);
    const parent = entry.parent ? groupRoute.get(entry.parent) : undefined;
    out.push({ route: entry.permission, title: entry.title, sort, icon: entry.icon, hidden: entry.hidden, ...(parent ? { parent } : {}) });
    let actionSort = 9;
    for (const action of routeActions(entry, userType)) {
      if (seen.has(action.key)) continue;
      seen.add(action.key);
      out.push({ route: action.key, title: action.title, parent: entry.permission, sort: actionSort--, hidden: true });
    }
  }
  // Groups without any permission under them are left out.
  const used = new Set(out.map((n) => n.parent).filter(Boolean));
  return out.filter((n) => !groupRoute.has(n.route) || used.has(n.route));
}

/** Routes of a user type the holder of `permissions` may open (`'*'` opens all). */
export function allowedRoutes(userType: UserType, permissions: readonly string[]): RouteEntry[] {
  const all = permissions.includes('*');
  const entries = ROUTE_TABLE[userType];
  const open = entries.filter((e) => !e.group && (e.noVerify || all || (e.permission !== undefined && permissions.includes(e.permission))));
  const parents = new Set(open.map((e) => e.parent).filter(Boolean));
  return entries.filter((e) => (e.group ? parents.has(e.path) : open.includes(e)));
}
