import { Suspense, useRef } from 'react';
import { Route, Routes, type Location } from 'react-router';
import { PageErrorBoundary } from '../pages/PageErrorBoundary';
import { PageLoading } from './PageLoading';
import { TabSubjectContext } from './tabSubject';
import type { Tab } from './useTabs';

/**
 * The pages of the open tabs, kept alive (spec §2): a page stays mounted, hidden, while another tab
 * is shown, so its search form, paging and scroll-independent state survive the switch. Each hidden
 * page keeps seeing the location it had when it was left, so it does not react to the other page's
 * URL. Pages flagged not cached, and tabs not visited since the page loaded, are not mounted.
 */
export function TabPages({ tabs, current, location, onSubject }: { tabs: Tab[]; current: Tab | null; location: Location; onSubject: (key: string, subject: string) => void }) {
  const mounted = useRef(new Set<string>());
  const locations = useRef(new Map<string, Location>());
  // One stable namer per tab, so a page's useTabSubject does not run again on every render.
  const namers = useRef(new Map<string, (subject: string) => void>());
  const namerOf = (key: string) => {
    let namer = namers.current.get(key);
    if (!namer) namers.current.set(key, (namer = (subject: string) => onSubject(key, subject)));
    return namer;
  };

  if (current) {
    mounted.current.add(current.key);
    locations.current.set(current.key, location);
  }
  for (const key of [...mounted.current]) {
    if (key !== current?.key && !tabs.some((tab) => tab.key === key)) {
      mounted.current.delete(key);
      locations.current.delete(key);
    }
  }

  const shown = current && !tabs.some((tab) => tab.key === current.key) ? [...tabs, current] : tabs;
  return (
    <>
      {shown.map((tab) => {
        const active = tab.key === current?.key;
        if (!active && (tab.route.noCache || !mounted.current.has(tab.key))) return null;
        const tabLocation = active ? location : locations.current.get(tab.key);
        if (!tabLocation) return null;
        return (
          <div key={tab.key} hidden={!active} data-testid="tab-page" data-tab={tab.key} data-active={active ? 'true' : 'false'}>
            <TabSubjectContext.Provider value={namerOf(tab.key)}>
              <PageErrorBoundary>
                <Suspense fallback={<PageLoading />}>
                  <Routes location={tabLocation}>
                    <Route path={tab.route.path} element={tab.route.element} />
                  </Routes>
                </Suspense>
              </PageErrorBoundary>
            </TabSubjectContext.Provider>
          </div>
        );
      })}
    </>
  );
}
