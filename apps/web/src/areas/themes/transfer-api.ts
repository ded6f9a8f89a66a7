import { api, downloadFile, type Query } from '../../api/client';
import type { Paged } from './api';

/** What the calls that make a theme answer (copy, backup, import, market use). */
export interface NewTheme {
  id: number;
  name: string;
  status: string;
  locked: boolean;
  brandId: number | null;
  hotelId: number | null;
}

export interface MarketItem {
  id: number;
  name: string;
  typeId: number | null;
  typeName: string | null;
  equipmentType: string;
  publisher: 'platform' | 'brand';
  version: number;
  publishedAt: string | null;
  previews: { url: string; thumbnailUrl: string }[];
}

/** A tagged container or block as quick settings list it. */
export interface TaggedPart {
  key: string;
  type?: string;
  name?: string;
  pageKey: string;
  containerKey: string;
  attrTag: string;
  attrNames: string[];
  attrs: Record<string, unknown>;
}

export interface TaggedList {
  /** The theme the values come from: the theme itself, a hotel's override, or null before the first save. */
  themeId: number | null;
  baseThemeId: number | null;
  containers: TaggedPart[];
  blocks: TaggedPart[];
}

export type PartChange = { key: string; attrs: Record<string, unknown> };

export const transferApi = {
  copy: (id: number) => api.post<NewTheme>(`/admin/theme/${id}/copy`),
  backup: (id: number) => api.post<NewTheme>(`/admin/theme/${id}/backup`),
  exportZip: (id: number, name: string) => downloadFile(`/admin/theme/${id}/export`, {}, `${name}.zip`),
  importUrl: (url: string) => api.post<NewTheme>('/admin/theme/import-url', { url }),
  market: (query: Query, signal?: AbortSignal) => api.get<Paged<MarketItem> & { categories: { id: number; name: string }[] }>('/admin/template/shop', query, signal),
  use: (id: number) => api.post<NewTheme>(`/admin/template/shop/${id}/use`),
  tagged: (query: { theme_id: number; attr_tag: string; page_id?: string }, signal?: AbortSignal) => api.get<TaggedList>('/admin/container/get_list_by_tag', query, signal),
  updateContents: (body: { theme_id: number; blocks: PartChange[]; containers: PartChange[] }) =>
    api.post<{ themeId: number; draftRevision: number; baseThemeId: number | null }>('/admin/theme/update_contents', body),
};
