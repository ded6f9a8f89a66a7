import { translate, type MessageKey } from '@htv/shared';
import type { ExternalLinks, MapAnswer, ShareAnswer, ShareDimension, TerminalDataDimension, TerminalDataRow } from '@htv/shared/areas/statistics/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { useLang } from '../../locales';

export function useShare(by: ShareDimension) {
  return useQuery({ queryKey: ['statistics', 'share', by], queryFn: ({ signal }) => api.get<ShareAnswer>('/statistics/share', { by }, signal), placeholderData: keepPreviousData });
}

export function useOnlineMap(province: string | null) {
  return useQuery({
    queryKey: ['statistics', 'map', province],
    queryFn: ({ signal }) => api.get<MapAnswer>('/statistics/map', { province: province ?? undefined }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTerminalData(by: TerminalDataDimension, from: string, to: string) {
  return useQuery({
    queryKey: ['statistics', 'terminals', by, from, to],
    queryFn: ({ signal }) => api.get<{ items: TerminalDataRow[] }>('/statistics/terminals', { by, from, to }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The URLs of the external menu entries the user may open (null: not configured). */
export function useExternalLinks(enabled: boolean) {
  return useQuery({ queryKey: ['statistics', 'external-links'], queryFn: ({ signal }) => api.get<ExternalLinks>('/statistics/external-links', undefined, signal), enabled, staleTime: Infinity });
}

type Prefixed<P extends string> = Extract<MessageKey, `${P}.${string}`> extends `${P}.${infer K}` ? K : never;

/** Texts of a catalogue prefix (`statistics.*`, `settlement.*`, `tracking.*`) in the current language. */
export function usePrefixedText<P extends 'statistics' | 'settlement' | 'tracking'>(prefix: P) {
  const lang = useLang();
  return useCallback((key: Prefixed<P>, params?: Record<string, unknown>) => translate(`${prefix}.${key}` as MessageKey, lang, params), [lang, prefix]);
}
