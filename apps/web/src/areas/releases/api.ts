import type { AppOffer, AppOfferBody, DownloadTask, InstallType, InstallWindow, Rollout, RolloutCreate, RolloutWave } from '@htv/shared/areas/releases/index';
import { api, type Query } from '../../api/client';
import type { PageOf } from '../../crud/PagedTable';

export interface RolloutDetail extends Rollout {
  waves: RolloutWave[];
  windowStart: string | null;
  windowEnd: string | null;
}

export interface ActionRow {
  id: number;
  rolloutId: number;
  rolloutName: string;
  kind: string;
  packageTitle: string;
  versionName: string;
  terminalId: number;
  mac: string;
  roomNumber: string | null;
  hotelTitle: string | null;
  wave: number;
  state: string;
  progress: number;
  attempts: number;
  failureCode: string | null;
  failureReason: string | null;
  updatedAt: string;
}

export type TaskRow = DownloadTask;

/** A platform app offered to the hotel (`GET /api/releases/offered-apps`). */
export interface OfferedApp {
  id: number;
  name: string;
  packageName: string | null;
  versionName: string | null;
  versionCode: number | null;
  size: number | null;
  appType: string | null;
  distribution: 'official' | 'trial';
  apkFileId: string | null;
  iconFileId: string | null;
  createdAt: string;
}

export interface TerminalReleases {
  otaVersion: string | null;
  controlVersion: string | null;
  installed: { kind: string; packageName: string; versionName: string; versionCode: number | null; installedAt: string }[];
  actions: { id: number; state: string; progress: number; rolloutName: string; kind: string; packageTitle: string; versionName: string; failureReason: string | null; installType: InstallType; window: InstallWindow | null }[];
}

/** The release calls of docs/releases.md. */
export const releaseApi = {
  rollouts: (query: Query, signal?: AbortSignal) => api.get<PageOf<Rollout>>('/releases/rollouts', query, signal),
  rollout: (id: number, signal?: AbortSignal) => api.get<RolloutDetail>(`/releases/rollouts/${id}`, undefined, signal),
  create: (body: RolloutCreate) => api.post<{ id: number; total: number; missingMacs: string[] }>('/releases/rollouts', body),
  change: (id: number, action: 'start' | 'pause' | 'resume' | 'cancel') => api.post<null>(`/releases/rollouts/${id}/${action}`),
  actions: (query: Query, rolloutId?: number, signal?: AbortSignal) =>
    api.get<PageOf<ActionRow>>(rolloutId ? `/releases/rollouts/${rolloutId}/actions` : '/releases/actions', query, signal),
  history: (id: number) => api.get<{ state: string; progress: number | null; code: string | null; reason: string | null; at: string }[]>(`/releases/actions/${id}/history`),
  deleteActions: (ids: number[]) => api.post<{ deleted: number }>('/admin/upgrade_terminal/delete_batch', { ids }),
  tasks: (query: Query, signal?: AbortSignal) => api.get<PageOf<TaskRow>>('/task_info/tasks', query, signal),
  terminal: (id: number, signal?: AbortSignal) => api.get<TerminalReleases>(`/releases/terminals/${id}`, undefined, signal),
  offer: (appId: number, signal?: AbortSignal) => api.get<AppOffer>(`/releases/apps/${appId}/offers`, undefined, signal),
  setOffer: (appId: number, body: AppOfferBody) => api.put<AppOffer>(`/releases/apps/${appId}/offers`, body),
  offeredApps: (query: Query, signal?: AbortSignal) => api.get<PageOf<OfferedApp>>('/releases/offered-apps', query, signal),
};
