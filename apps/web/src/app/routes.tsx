import { allowedRoutes, records, ROUTE_TABLE, type RecordDef, type RouteEntry, type Text, type UserType } from '@htv/shared';
import { createElement, type ReactNode } from 'react';
import { matchPath } from 'react-router';
import type { LoginInfo } from '../auth/access';
import { RecordRoute } from '../crud/RecordRoute';
import { routeIcon } from './icons';
import { COLLAPSE_MENU, NOT_CACHED, SCREENS } from './screens';

/**
 * The signed-in routes of a user type, built from the route table of @htv/shared (ROUTE_TABLE): the
 * router, the side menu, the tabs, the breadcrumb and the page title all come from it. A route exists
 * here only when its screen is built: a generated record page (`record`) or a screen of SCREENS.
 */
export interface AppGroup {
  path: string;
  title: Text;
  icon: ReactNode;
}

export interface AppRoute {
  /** Path pattern below the router basename (`/faq/list`, `/terminal_manage/heartbeats/:mac`). */
  path: string;
  title: Text;
  icon: ReactNode;
  /** Not listed in the menu (detail and setting pages). */
  hidden: boolean;
  group?: AppGroup;
  /** Every signed-in user of the type may open it (the spec's no_verified). */
  noVerify: boolean;
  record?: RecordDef;
  /** Not kept alive when its tab is left. */
  noCache: boolean;
  /** The side menu collapses while it is shown. */
  collapseMenu: boolean;
  /** Rendered without the shell (full-page previews). */
  bare: boolean;
  element: ReactNode;
  entry: RouteEntry;
}

export { HOME_PATH } from './paths';

function screenOf(entry: RouteEntry): ReactNode | null {
  if (entry.record) {
    const record = (records as Record<string, RecordDef>)[entry.record];
    // A filtered view of a record (the overseas terminals) is headed by its own title.
    return record ? <RecordRoute record={record} filters={entry.filters} columns={entry.columns} title={entry.filters ? entry.title : undefined} /> : null;
  }
  const Screen = SCREENS[entry.path];
  return Screen ? createElement(Screen) : null;
}

function build(userType: UserType): AppRoute[] {
  const table = ROUTE_TABLE[userType];
  const groups = new Map<string, AppGroup>();
  for (const entry of table) if (entry.group) groups.set(entry.path, { path: entry.path, title: entry.title, icon: routeIcon(entry.icon) });
  const out: AppRoute[] = [];
  for (const entry of table) {
    if (entry.group || entry.external) continue;
    const element = screenOf(entry);
    if (element === null) continue;
    out.push({
      path: entry.path,
      title: entry.title,
      icon: routeIcon(entry.icon),
      hidden: !!entry.hidden,
      group: entry.parent ? groups.get(entry.parent) : undefined,
      noVerify: !!entry.noVerify,
      record: entry.record ? (records as Record<string, RecordDef>)[entry.record] : undefined,
      noCache: NOT_CACHED.has(entry.path),
      collapseMenu: COLLAPSE_MENU.has(entry.path),
      bare: !!entry.bare,
      element,
      entry,
    });
  }
  return out;
}

const built = new Map<UserType, AppRoute[]>();

/** The built routes of a user type, in table order. */
export function routesOf(userType: UserType): AppRoute[] {
  let routes = built.get(userType);
  if (!routes) {
    routes = build(userType);
    built.set(userType, routes);
  }
  return routes;
}

const allowedCache = new WeakMap<LoginInfo, Set<string>>();

/** Paths of the route table the user may open: their access list, or exempt (spec §2, §6). */
export function allowedPaths(user: LoginInfo): Set<string> {
  let paths = allowedCache.get(user);
  if (!paths) {
    paths = new Set(allowedRoutes(user.user_type, user.permissions).map((entry) => entry.path));
    allowedCache.set(user, paths);
  }
  return paths;
}

export function canOpen(route: AppRoute, user: LoginInfo): boolean {
  return route.noVerify || allowedPaths(user).has(route.path);
}

/** Routes the user may open that belong in the menu, in table order. */
export function menuRoutes(user: LoginInfo): AppRoute[] {
  return routesOf(user.user_type).filter((route) => !route.hidden && canOpen(route, user));
}

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

/** The route of a pathname; static paths win over patterns with parameters. */
export function matchRoute(userType: UserType, pathname: string): RouteMatch | undefined {
  const routes = routesOf(userType);
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = routes.find((route) => route.path === normalized);
  if (exact) return { route: exact, params: {} };
  for (const route of routes) {
    if (!route.path.includes(':')) continue;
    const match = matchPath({ path: route.path, end: true }, normalized);
    if (match) return { route, params: match.params };
  }
  return undefined;
}
