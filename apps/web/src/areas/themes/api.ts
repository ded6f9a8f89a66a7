import type { SendBody, SendItem, SendResult, TerminalThemeExplanation, ThemeActionName, ThemeAudience, ThemeDocument, ThemeKind } from '@htv/shared/areas/themes/index';
import { api, type Query } from '../../api/client';

/** A theme as `GET /api/admin/theme` lists it. */
export interface ThemeItem {
  id: number;
  name: string;
  kind: ThemeKind;
  typeId: number | null;
  typeName: string | null;
  equipmentType: string;
  visibility: string;
  status: string;
  locked: boolean;
  draftRevision: number;
  draftSavedBy: string | null;
  draftSavedAt: string;
  editable: boolean;
  actions: ThemeActionName[];
  /** For a hotel: another level's template its TVs show now, read-only here. */
  shownHere: boolean;
}

export interface VersionItem {
  id: number;
  themeId: number;
  themeName: string | null;
  number: number;
  state: 'pending' | 'published' | 'cancelled';
  publishAt: string | null;
  publishedAt: string | null;
  publishedBy: string;
}

export type Paged<T> = { items: T[]; total: number };

/** The lifecycle calls of `THEME_ACTIONS` without a dialog of their own, by action. */
export type RowActionName = Exclude<ThemeActionName, 'publish' | 'send' | 'cancelSend'>;
const ACTION_PATHS: Record<RowActionName, string> = { cancelPublish: 'cancel-publish', lock: 'lock', unlock: 'unlock' };

export const themeApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<Paged<ThemeItem>>('/admin/theme', query, signal),
  get: (id: number, signal?: AbortSignal) => api.get<ThemeItem & { document: ThemeDocument }>(`/admin/theme/${id}`, undefined, signal),
  create: (body: { name: string; equipmentType: string; kind: ThemeKind }) => api.post<ThemeItem>('/admin/theme', body),
  saveDraft: (id: number, revision: number, document: ThemeDocument) => api.put<ThemeItem & { document: ThemeDocument }>(`/admin/theme/${id}/draft`, { revision, document }),
  remove: (id: number) => api.delete<null>(`/admin/theme/${id}`),
  publish: (id: number, publishAt?: string) => api.post<VersionItem>(`/admin/theme/${id}/publish`, publishAt ? { publishAt } : {}),
  act: (id: number, action: RowActionName) => api.post<ThemeItem>(`/admin/theme/${id}/${ACTION_PATHS[action]}`),
  versions: (query: Query, signal?: AbortSignal) => api.get<Paged<VersionItem>>('/admin/theme/versions', query, signal),
  version: (id: number, signal?: AbortSignal) => api.get<VersionItem & { document: ThemeDocument }>(`/admin/theme/versions/${id}`, undefined, signal),
  audience: (id: number, signal?: AbortSignal) => api.get<ThemeAudience>(`/admin/theme/${id}/audience`, undefined, signal),
  cancelVersion: (id: number) => api.post<VersionItem>(`/admin/theme/versions/${id}/cancel`),
  send: (id: number, body: SendBody) => api.post<SendResult>(`/admin/theme/${id}/send`, body),
  sends: (id: number, signal?: AbortSignal) => api.get<SendItem[]>(`/admin/theme/${id}/sends`, undefined, signal),
  cancelSend: (id: number, sendIds?: number[]) => api.post<{ cancelled: number }>(`/admin/theme/${id}/cancel-send`, sendIds ? { sendIds } : {}),
  resolution: (mac: string, kind: ThemeKind, signal?: AbortSignal) => api.get<TerminalThemeExplanation>('/admin/theme/resolution', { mac, kind }, signal),
};
