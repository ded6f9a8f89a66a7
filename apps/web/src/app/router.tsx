import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { APP_BASE } from '../api/client';
import { RequireSession, useSession } from '../auth/session';
import { PageLoading } from '../layout/PageLoading';
import { appRoutes, canOpen, HOME_PATH, type AppRoute } from './routes';

const LoginPage = lazy(() => import('../auth/LoginPage'));
const AppLayout = lazy(() => import('../layout/AppLayout'));
const UnauthorizedPage = lazy(() => import('../pages/UnauthorizedPage'));
const ServerErrorPage = lazy(() => import('../pages/ServerErrorPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const RouteErrorPage = lazy(() => import('../pages/RouteErrorPage'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading fullScreen />}>{node}</Suspense>;

/** A route the user may not open goes to the 401 page (spec §2). */
function Guard({ route }: { route: AppRoute }) {
  const user = useSession();
  return canOpen(route, user) ? <>{route.element}</> : <Navigate to="/401" replace />;
}

export function createRouter() {
  return createBrowserRouter(
    [
      {
        errorElement: page(<RouteErrorPage />),
        children: [
          { path: '/login', element: page(<LoginPage />) },
          { path: '/401', element: page(<UnauthorizedPage />) },
          { path: '/500', element: page(<ServerErrorPage />) },
          {
            path: '/',
            element: <RequireSession>{page(<AppLayout />)}</RequireSession>,
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              ...appRoutes.map((route) => ({ path: route.path, element: <Guard route={route} />, handle: { route } })),
            ],
          },
          { path: '*', element: page(<NotFoundPage />) },
        ],
      },
    ],
    { basename: APP_BASE || '/' },
  );
}
