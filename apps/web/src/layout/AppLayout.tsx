import { Layout, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import type { AppRoute } from '../app/routes';
import { useLang } from '../locales';
import { HeaderBar } from './HeaderBar';
import { PageLoading } from './PageLoading';
import { SideMenu } from './SideMenu';
import { usePageTitle } from './usePageTitle';

const SIDER_WIDTH = 256;
const SIDER_COLLAPSED_WIDTH = 64;
const COLLAPSED_KEY = 'menuCollapsed';

/** The route-table entry of the current page (routes carry it in their `handle`). */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as { route?: AppRoute } | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

/** Signed-in shell: collapsible side menu (256 / 64 px), header, breadcrumb and the page. */
export default function AppLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const current = useCurrentRoute();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  usePageTitle(current?.title[lang]);

  const toggle = () => {
    setCollapsed((value) => {
      localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      return !value;
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsible
        collapsed={collapsed}
        trigger={null}
        style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0, insetInlineStart: 0 }}
        data-testid="side-menu"
      >
        <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 12px' }}>
          <Typography.Text strong ellipsis style={{ color: '#fff', fontSize: collapsed ? 14 : 16 }}>
            {collapsed ? 'TV' : t('app.title')}
          </Typography.Text>
        </div>
        <SideMenu current={current} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <HeaderBar current={current} collapsed={collapsed} onToggle={toggle} />
        <Layout.Content style={{ margin: 16, minWidth: 0 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
