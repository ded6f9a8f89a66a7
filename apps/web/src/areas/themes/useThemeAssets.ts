import { materialsOf, type ThemeDocument } from '@htv/shared/areas/themes/index';
import type { StageAsset } from '@htv/renderer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';

interface MaterialInfo {
  id: number;
  url: string;
  kind: StageAsset['kind'];
}

/** The document's materials, by id, as far as the viewer may use them (the last answer kept while the next loads). */
export function useThemeAssets(doc: ThemeDocument | undefined | null) {
  const ids = useMemo(() => (doc ? materialsOf(doc) : []), [doc]);
  const key = useMemo(() => [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))].sort((a, b) => a - b), [ids]);
  return useQuery({
    queryKey: ['themes', 'assets', key],
    enabled: !!doc,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const infos = key.length ? await api.post<MaterialInfo[]>('/admin/material/getinfo', { material_ids: key }) : [];
      return Object.fromEntries(infos.map((m) => [m.id, { url: m.url, kind: m.kind }])) as Record<number, StageAsset>;
    },
  });
}
