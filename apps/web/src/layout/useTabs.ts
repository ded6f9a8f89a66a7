import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { APP_BASE } from '../api/client';
import { canOpen, HOME_PATH, matchRoute, type AppRoute } from '../app/routes';
import type { LoginInfo } from '../auth/access';
import { loadSubjects, loadTabs, ownerKey, saveTabs } from './tabsStorage';

/** An opened page: one per pathname; `path` keeps its search (list filters) too. */
export interface Tab {
  key: string;
  path: string;
  route: AppRoute;
  params: Record<string, string | undefined>;
}

/**
 * The pathname the browser is at. A navigation commits to React state in a transition (a lazily
 * loaded page may hold it back), while the history already has the new entry: actions on "the
 * current tab" go by the browser's.
 */
function browserPathname(): string {
  const path = window.location.pathname;
  return path.startsWith(APP_BASE) ? path.slice(APP_BASE.length) || '/' : path;
}

/** The path (pathname and search) the browser is at: a search not yet committed to `location` included. */
const browserPath = () => browserPathname() + window.location.search;

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

function splitPath(path: string): { pathname: string; search: string } {
  const at = path.indexOf('?');
  return at === -1 ? { pathname: path, search: '' } : { pathname: path.slice(0, at), search: path.slice(at) };
}

/** The tab of a path, when the user may open it in the shell. */
export function tabOf(user: LoginInfo, path: string): Tab | null {
  const { pathname } = splitPath(path);
  const match = matchRoute(user.user_type, pathname);
  if (!match || match.route.bare || !canOpen(match.route, user)) return null;
  return { key: normalize(pathname), path, route: match.route, params: match.params };
}

/**
 * The tab bar's state (spec §2): home first and never closed; the current page is opened as a tab;
 * the list and the last-opened tab are kept in localStorage for the user; tabs the user may no
 * longer open (permissions changed, another project) are dropped.
 */
export function useTabs(user: LoginInfo) {
  const location = useLocation();
  const navigate = useNavigate();
  const owner = ownerKey(user.id, user.user_type);
  const current = useMemo(() => tabOf(user, location.pathname + location.search), [user, location.pathname, location.search]);
  const home = useMemo(() => tabOf(user, HOME_PATH), [user]);

  const restore = useCallback(() => {
    const list: Tab[] = home ? [home] : [];
    for (const path of loadTabs(owner)) {
      const tab = tabOf(user, path);
      if (tab && !list.some((t) => t.key === tab.key)) list.push(tab);
    }
    return list;
  }, [home, owner, user]);

  const [tabs, setTabs] = useState<Tab[]>(restore);
  /** Names of the subjects of detail pages, by tab key. */
  const [subjects, setSubjects] = useState<Record<string, string>>(() => loadSubjects(owner));
  const nameTab = useCallback((key: string, subject: string) => setSubjects((named) => (named[key] === subject ? named : { ...named, [key]: subject })), []);
  /** The tab just closed while shown: not re-opened while the navigation away from it is under way. */
  const leaving = useRef<string | null>(null);

  // Permissions or the project changed: keep what may still be opened, refreshed against the new rights.
  useEffect(() => {
    setTabs((list) => {
      const kept = list.map((tab) => tabOf(user, tab.path)).filter((tab): tab is Tab => tab !== null);
      if (home && !kept.some((t) => t.key === home.key)) kept.unshift(home);
      return kept;
    });
  }, [user, home]);

  // The current page is always a tab, with its latest search.
  useEffect(() => {
    if (!current) return;
    if (leaving.current === current.key) return;
    leaving.current = null;
    setTabs((list) => {
      const at = list.findIndex((tab) => tab.key === current.key);
      if (at === -1) return [...list, current];
      if (list[at]!.path === current.path) return list;
      const copy = [...list];
      copy[at] = current;
      return copy;
    });
  }, [current]);

  useEffect(() => {
    const open = Object.fromEntries(tabs.filter((tab) => subjects[tab.key]).map((tab) => [tab.key, subjects[tab.key]!]));
    saveTabs(owner, tabs.map((tab) => tab.path), current?.path, open);
  }, [owner, tabs, current?.path, subjects]);

  /**
   * The page being left keeps the address the browser shows: a search whose results are still
   * loading is in the address but not yet in `location` (its navigation is a transition), and
   * would otherwise be lost when the user moves on before they arrive.
   */
  const keepLeftPath = useCallback((): Tab | null => {
    const left = tabOf(user, browserPath());
    if (left) setTabs((list) => list.map((tab) => (tab.key === left.key && tab.path !== left.path ? left : tab)));
    return left;
  }, [user]);

  const open = useCallback(
    (tab: Tab) => {
      keepLeftPath();
      void navigate(tab.path);
    },
    [keepLeftPath, navigate],
  );

  /** Menu clicks: an opened page comes back with its own search. */
  const openPath = useCallback(
    (pathname: string) => {
      const left = keepLeftPath();
      const key = normalize(pathname);
      const existing = left?.key === key ? left : tabs.find((tab) => tab.key === key);
      void navigate(existing ? existing.path : pathname);
    },
    [keepLeftPath, navigate, tabs],
  );

  const close = useCallback(
    (key: string) => {
      if (key === home?.key) return;
      const at = tabs.findIndex((tab) => tab.key === key);
      if (at === -1) return;
      const rest = tabs.filter((tab) => tab.key !== key);
      setTabs(rest);
      if (normalize(browserPathname()) === key) {
        leaving.current = key;
        const next = rest[Math.min(at, rest.length) - 1] ?? rest[0];
        void navigate(next ? next.path : HOME_PATH);
      }
    },
    [home?.key, navigate, tabs],
  );

  /** Keeps home and the tabs `keep` picks; a closed tab that was shown gives way to `next`. */
  const closeExcept = useCallback(
    (keep: (tab: Tab, at: number) => boolean, next: Tab) => {
      const shown = normalize(browserPathname());
      const rest = tabs.filter((tab, at) => tab.key === home?.key || keep(tab, at));
      setTabs(rest);
      if (tabs.some((tab) => tab.key === shown) && !rest.some((tab) => tab.key === shown)) {
        leaving.current = shown;
        void navigate(next.path);
      }
    },
    [home?.key, navigate, tabs],
  );

  const closeOthers = useCallback(
    (key: string) => {
      const tab = tabs.find((item) => item.key === key);
      if (tab) closeExcept((item) => item.key === key, tab);
    },
    [closeExcept, tabs],
  );

  const closeRight = useCallback(
    (key: string) => {
      const at = tabs.findIndex((item) => item.key === key);
      if (at !== -1) closeExcept((_, index) => index <= at, tabs[at]!);
    },
    [closeExcept, tabs],
  );

  /** Close all returns to home (spec §2). */
  const closeAll = useCallback(() => {
    const shown = normalize(browserPathname());
    if (shown !== home?.key) leaving.current = shown;
    setTabs(home ? [home] : []);
    void navigate(HOME_PATH);
  }, [home, navigate]);

  return { tabs, current, homeKey: home?.key, subjects, nameTab, open, openPath, close, closeOthers, closeRight, closeAll };
}

export type TabsApi = ReturnType<typeof useTabs>;
