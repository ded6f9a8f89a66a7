import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

/**
 * Which route-table entries have a screen in this web app, besides the generated record pages (an
 * entry with `record` is always built). The route table (packages/shared/src/access/routes.ts) is the
 * one list of paths, titles and permissions; this file only says which of its paths are implemented
 * and how the shell treats them. Entries without a screen are neither routed nor in the menu.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/home': lazyPage(() => import('../pages/HomePage')),
  '/ai/call_service': lazyPage(() => import('../areas/voice/CallServicePage')),
  '/ai/project_config': lazyPage(() => import('../areas/voice/PlatformPages').then((m) => ({ default: m.ProjectConfigPage }))),
  '/ai/config_check': lazyPage(() => import('../areas/voice/PlatformPages').then((m) => ({ default: m.ConfigCheckPage }))),
  '/goods/sync': lazyPage(() => import('../areas/voice/GoodsSyncPage')),
  '/hotelauth/info': lazyPage(() => import('../areas/licences/HotelAuthPage')),
  '/task/list': lazyPage(() => import('../areas/tasks/TaskListPage')),
  '/tvlist': lazyPage(() => import('../areas/channels/ChannelPages').then((m) => ({ default: m.TvListPage }))),
  '/vod_operation/hotel_template': lazyPage(() => import('../areas/vod/HotelTemplatePage')),
  '/channel_sorting': lazyPage(() => import('../areas/channels/ChannelPages').then((m) => ({ default: m.ChannelSortingPage }))),
  '/runlog/tv': lazyPage(() => import('../areas/runlogs/LogPages').then((m) => ({ default: m.BootLogPage }))),
  '/runlog/app': lazyPage(() => import('../areas/runlogs/LogPages').then((m) => ({ default: m.AppLaunchLogPage }))),
  '/runlog/app/detail': lazyPage(() => import('../areas/runlogs/LogPages').then((m) => ({ default: m.AppLaunchDetailPage }))),
  '/operation/terminal_state/log': lazyPage(() => import('../areas/runlogs/LogPages').then((m) => ({ default: m.StateLogPage }))),
  '/terminal_manage/heartbeats/:mac': lazyPage(() => import('../areas/runlogs/LogPages').then((m) => ({ default: m.HeartbeatLogPage }))),
  '/operation/action/log': lazyPage(() => import('../areas/oplog/OperationLogPage')),
  '/message/center': lazyPage(() => import('../areas/messages/MessageCenterPage')),
  '/message/send': lazyPage(() => import('../areas/messages/MessageSendPage')),
  '/terminal_control/launcher': lazyPage(() => import('../areas/devices/AlarmsPage').then((m) => ({ default: m.LauncherMonitorPage }))),
  '/terminal_control/illegalwarning': lazyPage(() => import('../areas/devices/AlarmsPage').then((m) => ({ default: m.AlarmTerminalsPage }))),
  '/brand/hotels/:id': lazyPage(() => import('../areas/tenants/BrandHotelsPage')),
  '/brand/rooms/:hotel_id': lazyPage(() => import('../areas/tenants/HotelRoomsPage')),
  '/hotel/rooms/:hotel_id': lazyPage(() => import('../areas/tenants/HotelRoomsPage')),
  '/themes/themes_page': lazyPage(() => import('../areas/themes/ThemesPage')),
  '/themes/themes_public_page': lazyPage(() => import('../areas/themes/ThemesPage').then((m) => ({ default: m.PublicThemesPage }))),
  '/themes/themes_version': lazyPage(() => import('../areas/themes/ThemesPage').then((m) => ({ default: m.ThemeVersionsPage }))),
  '/themes/themes_template/:id': lazyPage(() => import('../areas/themes/ThemeEditorPage')),
  '/themes_template_preview/:id': lazyPage(() => import('../areas/themes/ThemePreviewPage')),
  '/themes_preview/:id': lazyPage(() => import('../areas/themes/ThemePreviewPage').then((m) => ({ default: m.VersionPreviewPage }))),
  '/themes/themes_tag_setting/:tid': lazyPage(() => import('../areas/themes/QuickSettingsPage')),
  '/themes/themes_layout/:themeid': lazyPage(() => import('../areas/themes/ThemeLayoutPage')),
  '/skin/list': lazyPage(() => import('../areas/themes/ThemesPage').then((m) => ({ default: m.WelcomeThemesPage }))),
  '/skin/edit': lazyPage(() => import('../areas/themes/ThemeEditorPage').then((m) => ({ default: m.WelcomeEditorPage }))),
  '/template/shop': lazyPage(() => import('../areas/themes/MarketPage')),
  '/terminal_manage/rollouts': lazyPage(() => import('../areas/releases/RolloutsPage').then((m) => ({ default: m.RolloutsPage }))),
  '/releases/rollout/:id': lazyPage(() => import('../areas/releases/RolloutPage')),
  '/ht/update': lazyPage(() => import('../areas/releases/RolloutsPage').then((m) => ({ default: m.HotelUpgradesPage }))),
  '/task_info/task_info_list': lazyPage(() => import('../areas/releases/TasksPage')),
  '/task_info/task_error_list': lazyPage(() => import('../areas/releases/TasksPage').then((m) => ({ default: m.FailedTasksPage }))),
  '/content/hotel_info': lazyPage(() => import('../areas/tenants/HotelInfoPage')),
  '/start_logo/index': lazyPage(() => import('../areas/boot/BootMaterialPage')),
  '/startlogo/startlogo_setting_content/:id': lazyPage(() => import('../areas/boot/BootContentPage')),
  '/newdata/terminal_share': lazyPage(() => import('../areas/statistics/SharePage')),
  '/newdata/terminal_map': lazyPage(() => import('../areas/statistics/MapPage')),
  '/newdata/by_customer': lazyPage(() => import('../areas/statistics/TerminalDataPage').then((m) => ({ default: m.ByManufacturerPage }))),
  '/newdata/by_brand': lazyPage(() => import('../areas/statistics/TerminalDataPage').then((m) => ({ default: m.ByBrandPage }))),
  '/settlement/list': lazyPage(() => import('../areas/settlement/SettlementPage')),
  '/settlement/active': lazyPage(() => import('../areas/settlement/ActivationsPage')),
  '/hotel/overview': lazyPage(() => import('../areas/tenants/BrandHotelsPage').then((m) => ({ default: m.BranchOverviewPage }))),
  '/wakeup/config': lazyPage(() => import('../areas/wakeup/ConfigPage')),
  '/content/weather-pm': lazyPage(() => import('../areas/weather/PmPage')),
  '/digital_wall/config': lazyPage(() => import('../areas/digitalwall/ConfigPage')),
  '/event-track/report': lazyPage(() => import('../areas/tracking/TrackingReportPage')),
  '/libresource/lists': lazyPage(() => import('../areas/libresource/Pages').then((m) => ({ default: m.LibrariesPage }))),
  '/libresource/view/:lib_id': lazyPage(() => import('../areas/libresource/Pages').then((m) => ({ default: m.LibraryViewPage }))),
  '/libresource/version': lazyPage(() => import('../areas/libresource/Pages').then((m) => ({ default: m.VersionsPage }))),
  '/res_review/intro_list': lazyPage(() => import('../areas/libresource/Pages').then((m) => ({ default: m.ReviewPage }))),
  '/rcu': lazyPage(() => import('../areas/rcu/RcuPage')),
  '/robot': lazyPage(() => import('../areas/robot/RobotPage')),
};

/** Pages that are not kept alive when their tab is left (spec §2: home is not cached). */
export const NOT_CACHED = new Set<string>(['/home']);

/** Pages on which the side menu collapses by itself: template setting (also of welcome templates) and AI call service (spec §2). */
export const COLLAPSE_MENU = new Set<string>(['/themes/themes_template/:id', '/skin/edit', '/ai/call_service']);

/**
 * Public screens (no login, no checks; spec §2 "Public routes"): /repwd, /fb/index, /h5_bind_tv,
 * /h5_remote_tv, /castscreen and the /h5_washing pages. They load none of the signed-in shell's code
 * (apps/web/src/app/router.tsx). `apps/web/test/screens.test.ts` lists the route-table pages still
 * without a screen.
 */
export const PUBLIC_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/fb/index': lazyPage(() => import('../areas/feedback/FeedbackPage')),
  // A forgotten password: the request, and the one-time link an administrator issued (docs/auth.md).
  '/repwd': lazyPage(() => import('../areas/access/ResetPasswordPage')),
  // A guest's phone ordering for the room (the TV shop's QR code carries a signed token).
  '/shop/phone': lazyPage(() => import('../areas/shop/PhonePage')),
  '/h5_bind_tv': lazyPage(() => import('../areas/phone/BindPage')),
  '/h5_remote_tv': lazyPage(() => import('../areas/phone/RemotePage')),
  '/castscreen': lazyPage(() => import('../areas/phone/CastPage')),
  // The laundry's pages; the _lg ones are the same laid out for a large screen (docs/laundry.md).
  '/h5_washing': lazyPage(() => import('../areas/laundry/WashingPages').then((m) => ({ default: m.WashingListPage }))),
  '/h5_washing_lg': lazyPage(() => import('../areas/laundry/WashingPages').then((m) => ({ default: m.WashingListPage }))),
  '/h5_washing/start': lazyPage(() => import('../areas/laundry/WashingPages').then((m) => ({ default: m.WashingStartPage }))),
  '/h5_washing/complete': lazyPage(() => import('../areas/laundry/WashingPages').then((m) => ({ default: m.WashingCompletePage }))),
  '/h5_washing/complete_lg': lazyPage(() => import('../areas/laundry/WashingPages').then((m) => ({ default: m.WashingCompletePage }))),
  // The installer's page the TV-auth QR codes open (by way of /tv-auth on the server).
  '/tv-auth': lazyPage(() => import('../areas/tvauth/InstallerPage')),
};
