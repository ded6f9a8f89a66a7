import type { DashboardAnswer } from '@htv/shared/areas/dashboard/index';
import { translate, type MessageKey } from '@htv/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { useLang } from '../../locales';

/** The dashboard of the signed-in user's reach, refreshed every minute (the presence snapshots are hourly). */
export function useDashboard(days: number) {
  return useQuery({
    queryKey: ['dashboard', days],
    queryFn: ({ signal }) => api.get<DashboardAnswer>('/dashboard', { days }, signal),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

type DashboardKey = Extract<MessageKey, `dashboard.${string}`> extends `dashboard.${infer K}` ? K : never;
export type DashboardT = (key: DashboardKey, params?: Record<string, unknown>) => string;

/** The dashboard's texts (`dashboard.*` of the message catalogue) in the current language. */
export function useDashboardText(): DashboardT {
  const lang = useLang();
  return useCallback((key, params) => translate(`dashboard.${key}`, lang, params), [lang]);
}
