import type { BootConfigPart, BootSource, DownloadState } from '@htv/shared/areas/boot/device';
import { api, request } from '../../api/client';
import type { Row } from '../../crud/api';

export interface LibraryItem {
  id: number;
  title: string;
  logo: string;
  logoBitmap: string | null;
}

export interface DownloadTask {
  id: number;
  kind: string;
  name: string;
  state: DownloadState;
  reason: string | null;
  size: number;
  updatedAt: string;
}

/** `GET /api/admin/boot/resolution?mac`: why a terminal gets its boot policy. */
export interface BootExplanation {
  mac: string;
  authorization: string;
  policy: BootConfigPart['policy'];
  candidates: { id: number; name: string; source: BootSource; winner: boolean }[];
  hide: { id: number; name: string; module: string }[];
  tvMenu: BootConfigPart['tvMenu'];
  tasks: DownloadTask[];
}

export const bootApi = {
  copy: (id: number) => request<Row>('POST', '/web/boots_config/copy', { query: { id }, body: {} }),
  library: (signal?: AbortSignal) => api.get<LibraryItem[]>('/admin/lib_start_logo/all', undefined, signal),
  resolution: (mac: string, signal?: AbortSignal) => api.get<BootExplanation>('/admin/boot/resolution', { mac }, signal),
};
