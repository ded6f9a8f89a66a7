import { request } from '../../api/client';

/** A channel as the hotel's list and sorting pages show it (`GET /api/hotel/channels`). */
export interface HotelChannelRow {
  key: string;
  source: 'platform' | 'hotel';
  id: number;
  number: number | null;
  name: string;
  type: string | null;
  active: boolean;
  position: number | null;
}

export interface HotelChannels {
  enabled: boolean;
  items: HotelChannelRow[];
}

export interface ImportPreview {
  token: string;
  fileName: string;
  counts: Record<'channels' | 'added' | 'changed' | 'removed' | 'unchanged' | 'broken' | 'duplicates', number>;
  added: PreviewChannel[];
  changed: (PreviewChannel & { id: number; fields: string[] })[];
  removed: (PreviewChannel & { id: number })[];
  broken: PreviewProblem[];
  duplicates: PreviewProblem[];
}
export interface PreviewChannel {
  number: number | null;
  name: string;
  type: string | null;
  epgId: string | null;
}
export interface PreviewProblem {
  line: number;
  text: string;
  reason: string;
}

const upload = <T,>(path: string, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return request<T>('POST', path, { body });
};

export const channelsApi = {
  preview: (file: File) => upload<ImportPreview>('/admin/channels/import/preview', file),
  apply: (token: string) => request<{ added: number; changed: number; removed: number }>('POST', '/admin/channels/import/apply', { body: { token } }),
  guide: (file: File) => upload<{ channels: number; programmes: number; skipped: number }>('/admin/channels/guide', file),
  list: () => request<HotelChannels>('GET', '/hotel/channels'),
  order: () => request<HotelChannels>('GET', '/hotel/channels/order'),
  setShown: (keys: string[]) => request<{ items: HotelChannelRow[] }>('PUT', '/hotel/channels/shown', { body: { keys } }),
  setOrder: (keys: string[]) => request<{ items: HotelChannelRow[] }>('PUT', '/hotel/channels/order', { body: { keys } }),
};
