import type { ListColumn } from '@htv/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../auth/session';

/** Row heights of a list: antd's table sizes (`large` is its default). */
export type Density = 'large' | 'middle' | 'small';
export const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

/** What a user chose for one list page; absent parts follow the declaration. */
interface StoredSettings {
  columns?: ListColumn[];
  density?: Density;
}

/** Settings belong to one user and one page (path): a filtered view keeps its own. */
const storageKey = (userId: number, path: string) => `listSettings:${userId}:${path}`;

function load(key: string): StoredSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSettings | null;
    if (!stored || typeof stored !== 'object') return {};
    const columns = Array.isArray(stored.columns)
      ? stored.columns.filter((c): c is ListColumn => typeof c?.name === 'string' && typeof c.shown === 'boolean')
      : undefined;
    return { columns, density: DENSITIES.includes(stored.density as Density) ? stored.density : undefined };
  } catch {
    return {};
  }
}

function save(key: string, settings: StoredSettings) {
  try {
    if (!settings.columns && !settings.density) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(settings));
  } catch {
    // storage full or unavailable: the choice lives for this page only
  }
}

/**
 * The stored choice laid over the declaration's columns: the stored order and visibility of the
 * columns that still exist, then the new ones as declared. The title column stays first and shown
 * (the table fixes it on the left).
 */
export function mergeColumns(defaults: ListColumn[], stored: ListColumn[] | undefined): ListColumn[] {
  if (!stored) return defaults;
  const known = new Set(defaults.map((c) => c.name));
  const kept = stored.filter((c) => known.has(c.name));
  const keptNames = new Set(kept.map((c) => c.name));
  const [title] = defaults;
  const merged = [...kept, ...defaults.filter((c) => !keptNames.has(c.name))].filter((c) => c.name !== title?.name);
  return title ? [{ ...title, shown: true }, ...merged] : merged;
}

/** Column order, visibility and density of the current list page, remembered for the signed-in user. */
export function useListSettings(defaults: ListColumn[]) {
  const user = useSession();
  const { pathname } = useLocation();
  const key = storageKey(user.id, pathname);
  const [stored, setStored] = useState<StoredSettings>(() => load(key));
  useEffect(() => setStored(load(key)), [key]);

  const change = useCallback(
    (next: StoredSettings) => {
      setStored(next);
      save(key, next);
    },
    [key],
  );

  const columns = useMemo(() => mergeColumns(defaults, stored.columns), [defaults, stored.columns]);
  return {
    columns,
    density: stored.density ?? 'large',
    setColumns: (next: ListColumn[]) => change({ ...stored, columns: next }),
    setDensity: (density: Density) => change({ ...stored, density }),
    /** Back to the declaration's columns (the density stays). */
    resetColumns: () => change({ density: stored.density }),
  };
}
