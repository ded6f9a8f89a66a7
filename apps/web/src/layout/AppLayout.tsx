import { DesktopOutlined } from '@ant-design/icons';
import { Button, FloatButton, Layout, Result, Typography } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { canOpen, HOME_PATH, matchRoute } from '../app/routes';
import { useSession } from '../auth/session';
import { useLang } from '../locales';
import { PageErrorBoundary } from '../pages/PageErrorBoundary';
import { HeaderBar } from './HeaderBar';
import { PageLoading } from './PageLoading';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { TabPages } from './TabPages';
import { usePageTitle } from './usePageTitle';
import { useTabs } from './useTabs';
import { STICKY_HEADER_ID } from './stickyHeader';

/** Side menu widths of spec §9. */
export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 64;
const COLLAPSED_KEY = 'menuCollapsed';

function storedCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** A path no route of the user's type has: the 404 page, inside the shell. */
function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('errorPage.notFound')}
      data-testid="not-found"
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('errorPage.backHome')}
        </Button>
      }
    />
  );
}

/**
 * The signed-in shell (spec §2): every path below the base that is not public comes here. It finds
 * the route of the user's type, sends a denied one to the 401 page, shows unknown ones as 404, and
 * otherwise renders the menu, header, tab bar and the kept-alive pages of the open tabs.
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const location = useLocation();
  const match = useMemo(() => matchRoute(user.user_type, location.pathname), [user.user_type, location.pathname]);
  const denied = !!match && !canOpen(match.route, user);
  const tabs = useTabs(user);

  // The menu collapses by itself on the template-setting and AI call-service pages, and comes back
  // to the user's choice elsewhere.
  const autoCollapse = !!match?.route.collapseMenu;
  const [collapsed, setCollapsed] = useState(() => autoCollapse || storedCollapsed());
  useEffect(() => {
    setCollapsed(autoCollapse || storedCollapsed());
  }, [autoCollapse]);
  const toggle = () => {
    setCollapsed((value) => {
      if (!autoCollapse) {
        try {
          localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
        } catch {
          // not remembered
        }
      }
      return !value;
    });
  };

  usePageTitle(match ? match.route.title[lang] : location.pathname === '/' ? undefined : '404');

  if (location.pathname === '/' || location.pathname === '') return <Navigate to={HOME_PATH} replace />;
  if (denied) return <Navigate to="/401" replace />;
  if (match?.route.bare) {
    return (
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading fullScreen />}>
          <Routes>
            <Route path={match.route.path} element={match.route.element} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsible
        collapsed={collapsed}
        trigger={null}
        data-testid="side-menu"
        data-collapsed={collapsed ? 'true' : 'false'}
      >
        {/* The dark sider spans the whole page; its contents stay in view while the page scrolls. */}
        <div style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
          <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 12px' }}>
            {collapsed ? (
              <DesktopOutlined style={{ color: '#fff', fontSize: 20 }} aria-label={t('app.title')} data-testid="product-title" />
            ) : (
              <Typography.Text strong ellipsis style={{ color: '#fff', fontSize: 16 }} data-testid="product-title">
                {t('app.title')}
              </Typography.Text>
            )}
          </div>
          <SideMenu current={match?.route} collapsed={collapsed} onOpen={tabs.openPath} />
        </div>
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <div id={STICKY_HEADER_ID} style={{ position: 'sticky', top: 0, zIndex: 10 }}>
          <HeaderBar current={match?.route} collapsed={collapsed} onToggle={toggle} onOpen={tabs.openPath} />
          <TabBar tabs={tabs} />
        </div>
        <Layout.Content style={{ margin: 16, minWidth: 0 }} data-testid="page-content">
          <TabPages tabs={tabs.tabs} current={match ? tabs.current : null} location={location} onSubject={tabs.nameTab} />
          {!match && <NotFound />}
        </Layout.Content>
      </Layout>
      <FloatButton.BackTop visibilityHeight={100} tooltip={t('header.backToTop')} aria-label={t('header.backToTop')} data-testid="back-to-top" />
    </Layout>
  );
}
