import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { APP_BASE } from '../api/client';
// Not lazy: the login page is the first screen of most visits, and it comes in the first chunk.
import LoginPage from '../auth/LoginPage';
import { RequireSession } from '../auth/session';
import { PageLoading } from '../layout/PageLoading';
import { lazyPage } from './lazyPage';
import { PUBLIC_SCREENS } from './screens';

// The area modules register their extensions of the record pages, which only the signed-in shell
// shows: they load with it, not with the login page.
const AppLayout = lazyPage(() => Promise.all([import('../layout/AppLayout'), import('../areas')]).then(([layout]) => layout));
const UnauthorizedPage = lazyPage(() => import('../pages/UnauthorizedPage'));
const ServerErrorPage = lazyPage(() => import('../pages/ServerErrorPage'));
const RouteErrorPage = lazyPage(() => import('../pages/RouteErrorPage'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading fullScreen />}>{node}</Suspense>;

/**
 * Public routes skip every check (spec §2): login, the error pages, and the public screens of
 * PUBLIC_SCREENS (reset password, feedback and the TV helper pages as they are built). Everything else
 * below the base is the signed-in shell, which needs a token and the user info, routes by the user's
 * route table, sends a denied path to /401 and shows 404 for an unknown one.
 */
export function createRouter() {
  return createBrowserRouter(
    [
      {
        errorElement: page(<RouteErrorPage />),
        children: [
          { path: '/login', element: page(<LoginPage />) },
          { path: '/401', element: page(<UnauthorizedPage />) },
          { path: '/500', element: page(<ServerErrorPage />) },
          ...Object.entries(PUBLIC_SCREENS).map(([path, Screen]) => ({ path, element: page(<Screen />) })),
          { path: '/*', element: <RequireSession>{page(<AppLayout />)}</RequireSession> },
        ],
      },
    ],
    { basename: APP_BASE || '/' },
  );
}
