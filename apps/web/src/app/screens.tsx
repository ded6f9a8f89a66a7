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
  '/hotelauth/info': lazyPage(() => import('../areas/licences/HotelAuthPage')),
  '/task/list': lazyPage(() => import('../areas/tasks/TaskListPage')),
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
  '/event-track/report': lazyPage(() => import('../areas/tracking/TrackingReportPage')),
};

/** Pages that are not kept alive when their tab is left (spec §2: home is not cached). */
export const NOT_CACHED = new Set<string>(['/home']);

/** Pages on which the side menu collapses by itself: template setting (also of welcome templates) and AI call service (spec §2). */
export const COLLAPSE_MENU = new Set<string>(['/themes/themes_template/:id', '/skin/edit', '/ai/call_service']);

/**
 * Public screens (no login, no checks; spec §2 "Public routes"): /repwd, /fb/index, /h5_bind_tv,
 * /h5_remote_tv, /castscreen and the /h5_washing pages go here as they are built.
 */
export const PUBLIC_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/fb/index': lazyPage(() => import('../areas/feedback/FeedbackPage')),
};
