import { useMemo } from 'react';
import type { LoginInfo } from '../../auth/access';
import { useSession } from '../../auth/session';
import { canOpen, routesOf } from '../../app/routes';

/** Filters of the terminal list a figure stands for (query parameters of its URL). */
export type TerminalFilter = Record<string, string>;

const ALARMS_PATH = '/terminal_control/illegalwarning';

/**
 * Where the dashboard's figures lead, for this user: the terminal list of their type (the platform's
 * `/terminal_manage/terminal`, a hotel's `/ht/terminal`) with the figure's filters, and the alarm
 * page. A figure whose list the user cannot open has no link (null).
 */
export function figureLinks(user: LoginInfo) {
  const routes = routesOf(user.user_type).filter((route) => canOpen(route, user));
  const terminals = routes.find((route) => route.record?.name === 'terminal' && !route.entry.filters)?.path;
  const alarms = routes.some((route) => route.path === ALARMS_PATH) ? ALARMS_PATH : null;
  return {
    terminals: (filter: TerminalFilter = {}) => {
      if (!terminals) return null;
      const query = new URLSearchParams(filter).toString();
      return query ? `${terminals}?${query}` : terminals;
    },
    alarms,
  };
}

export type FigureLinks = ReturnType<typeof figureLinks>;

export function useFigureLinks(): FigureLinks {
  const user = useSession();
  return useMemo(() => figureLinks(user), [user]);
}
