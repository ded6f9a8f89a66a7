import {
  AuditOutlined,
  DesktopOutlined,
  HomeOutlined,
  KeyOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  ShopOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { records, type RecordDef, type RecordName, type Text } from '@htv/shared';
import { lazy, type ReactNode } from 'react';
import { canUseRecord, type LoginInfo } from '../auth/access';
import { RecordRoute } from '../crud/RecordRoute';
import { uiText } from '../locales';

/**
 * The one table of signed-in routes: the router, the side menu, the breadcrumb and the page title are
 * all generated from it. Record screens come from the `records` registry of @htv/shared.
 */
export interface MenuGroup {
  key: string;
  title: Text;
  icon?: ReactNode;
}

export interface AppRoute {
  /** Path below the router basename, starting with '/'. */
  path: string;
  title: Text;
  icon?: ReactNode;
  /** Listed in the side menu unless false (hidden pages such as detail screens). */
  menu?: boolean;
  /** Optional submenu the entry sits in (also the middle breadcrumb item). */
  group?: MenuGroup;
  /** Who may open the route; omitted means every signed-in user (the spec's no_verified). */
  access?: (user: LoginInfo) => boolean;
  element: ReactNode;
}

const HomePage = lazy(() => import('../pages/HomePage'));

/** Web path of a record's list: `/${record.path}/list` (faqCategory → /faq-category/list). */
export const recordListPath = (record: Pick<RecordDef, 'path'>) => `/${record.path}/list`;

const recordIcons: Partial<Record<RecordName, ReactNode>> = {
  faqCategory: <TagsOutlined />,
  faq: <QuestionCircleOutlined />,
  adminAccount: <UserOutlined />,
  brandAccount: <TeamOutlined />,
  hotelAccount: <ShopOutlined />,
  role: <SafetyOutlined />,
  permissionNode: <KeyOutlined />,
  terminal: <DesktopOutlined />,
  terminalAuthRule: <AuditOutlined />,
};

/** Menu groups of record screens; a record not listed here sits at the top level. */
const recordGroups: Partial<Record<RecordName, MenuGroup>> = {};

function recordRoute(name: RecordName, record: RecordDef): AppRoute {
  return {
    path: recordListPath(record),
    title: record.label,
    icon: recordIcons[name] ?? <TableOutlined />,
    group: recordGroups[name],
    access: (user) => canUseRecord(user, record, 'read'),
    element: <RecordRoute record={record} />,
  };
}

export const HOME_PATH = '/home';

export const appRoutes: AppRoute[] = [
  { path: HOME_PATH, title: uiText('menu.home'), icon: <HomeOutlined />, element: <HomePage /> },
  ...(Object.entries(records) as [RecordName, RecordDef][]).map(([name, record]) => recordRoute(name, record)),
];

export function canOpen(route: AppRoute, user: LoginInfo): boolean {
  return !route.access || route.access(user);
}

/** Routes the user may open that belong in the menu, in table order. */
export function menuRoutes(user: LoginInfo): AppRoute[] {
  return appRoutes.filter((route) => route.menu !== false && canOpen(route, user));
}

export function routeByPath(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) => route.path === pathname);
}
