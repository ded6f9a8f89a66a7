import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { api } from '../api/client';
import { clearToken, getToken } from '../api/token';
import { useTranslation } from 'react-i18next';
import type { LoginInfo, UserInfo } from './access';

export const SESSION_KEY = ['session'] as const;

const SessionContext = createContext<LoginInfo | null>(null);

/** The signed-in user; only inside RequireSession. */
export function useSession(): LoginInfo {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSession outside RequireSession');
  return user;
}

/** Login path with a way back to the page the user was on. */
export function loginPath(from?: string) {
  return from && from !== '/' && from !== '/home' && from !== '/login' ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}

/**
 * Guards everything behind login (spec §2): no token → login; user info is fetched once; if that fails
 * or says the user is not logged in, the token is cleared and the user goes to login.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = getToken();
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => api.get<UserInfo>('/admin/userinfo', undefined, signal),
    enabled: !!token,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
  const from = location.pathname + location.search;
  if (!token) return <Navigate to={loginPath(from)} replace />;
  if (query.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <Spin size="large" description={t('app.loading')} />
      </div>
    );
  }
  const user = query.data?.isLogin ? query.data.loginInfo : null;
  if (query.isError || !user) {
    clearToken();
    return <Navigate to={loginPath(from)} replace />;
  }
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

/** Logs out on the server (best effort), forgets the token and every cached query, goes to login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.post('/admin/logout');
    } catch {
      // the token is dropped either way
    }
    clearToken();
    // Leave the signed-in pages first: clearing the cache under them would refetch without a token.
    await navigate('/login', { replace: true });
    await queryClient.cancelQueries();
    queryClient.clear();
  }, [navigate, queryClient]);
}
