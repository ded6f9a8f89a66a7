import { api, request, type Query } from '../../api/client';
import type { Row } from '../../crud/api';

/** The terminal routes of docs/devices.md ("Console API"). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pagesize: number;
  capped?: boolean;
}

export interface HeartbeatRow {
  at: string;
  state: string | null;
  ip: string | null;
  publicIp: string | null;
  softwareVersion: string | null;
  otaVersion: string | null;
  controlVersion: string | null;
}

export interface BootRow {
  id: number;
  at: string;
  ip: string | null;
  publicIp: string | null;
  softwareVersion: string | null;
  launcher: string | null;
}

export interface StateLogRow {
  id: number;
  mac: string;
  state: string;
  detail: string | null;
  at: string;
  userName: string | null;
  hotelName: string | null;
}

export interface AlarmRow {
  id: number;
  kind: 'ipOutsideWhitelist' | 'snChanged' | 'movedOut';
  ip: string | null;
  detail: string | null;
  hits: number;
  firstAt: string;
  lastAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  terminalId: number;
  mac: string;
  /** Room, authorization and online state: null on an alarm owned by the hotel the terminal left (`movedOut`). */
  roomNumber: string | null;
  authorization: string | null;
  online: boolean | null;
  hotelName: string | null;
  hotelPublicId: string | null;
}

/** A batch MAC search's answer: a page of the found terminals; from a file, also the MACs it read. */
export interface MacSearchResult<T extends object = Row> {
  items: T[];
  total: number;
  page: number;
  pagesize: number;
  missing: string[];
  invalid: string[];
  macs?: string[];
}

export interface AuthorizationResult {
  updated: number;
  skipped: number;
  missing: string[];
}


export type BatchAction = 'authorize' | 'disable' | 'recover';

/** `GET /api/terminals/hotel-settings`: a hotel's device settings and the code its TVs register with. */
export interface HotelDeviceSettings {
  hotelId: number;
  publicId: string;
  name: string;
  ipWhitelist: string[];
  installCode: string;
}

export const deviceKeys = {
  all: ['devices'] as const,
  info: (mac: string) => ['devices', 'info', mac] as const,
  log: (kind: string, mac: string, page: number) => ['devices', kind, mac, page] as const,
  alarms: (query: Query) => ['devices', 'alarms', query] as const,
  hotelSettings: (hotelId: number | undefined) => ['devices', 'hotel-settings', hotelId ?? 'own'] as const,
};

const upload = <T>(path: string, file: File, query?: Query) => {
  const body = new FormData();
  body.append('file', file);
  return request<T>('POST', path, { body, query });
};

export const deviceApi = {
  info: (mac: string, signal?: AbortSignal) => api.get<Row>('/admin/terminal/get_terminal_info', { mac }, signal),
  heartbeats: (mac: string, page: number, pagesize: number, signal?: AbortSignal) => api.get<Page<HeartbeatRow>>('/terminals/heartbeats', { mac, page, pagesize }, signal),
  boots: (mac: string, page: number, pagesize: number, signal?: AbortSignal) => api.get<Page<BootRow>>('/admin/terminal/tv_open_record', { mac, page, pagesize }, signal),
  stateLogs: (mac: string, page: number, pagesize: number, signal?: AbortSignal) => api.get<Page<StateLogRow>>('/terminals/state-logs', { mac, page, pagesize }, signal),
  batch: (action: BatchAction, body: { ids?: number[]; macs?: string[]; tip?: string }) => api.post<AuthorizationResult>(`/terminals/${action}`, body),
  /** Hotel users unbind through the hotel route, everyone else through the admin one (docs/devices.md). */
  unbind: (mac: string, hotelUser: boolean) => api.post<{ mac: string; unbound: true }>(hotelUser ? '/web/hotel_terminal/unbind' : '/admin/terminal/unbind_device', { mac }),
  searchMacs: (macs: string[], page = 1, pagesize = 100) => api.post<MacSearchResult>('/terminals/search_macs', { macs, page, pagesize }),
  searchMacsExcel: (file: File, page = 1, pagesize = 100) => upload<MacSearchResult>('/terminals/search_macs/excel', file, { page, pagesize }),
  parseList: (file: File, kind: 'mac' | 'sn') => upload<{ values: string[]; invalid: string[]; count: number; list: string }>('/terminals/parse-list', file, { kind }),
  applyRule: (id: number) => api.post<{ updated?: number; authorized?: number; matched?: number }>(`/terminals/auth-rules/${id}/apply`),
  alarms: (query: Query, signal?: AbortSignal) => api.get<Page<AlarmRow>>('/terminals/alarms', query, signal),
  resolveAlarm: (id: number) => api.post<{ resolved: true }>(`/terminals/alarms/${id}/resolve`),
  /** A hotel user's own hotel without `hotelId`; platform and brand users name the hotel. */
  hotelSettings: (hotelId: number | undefined, signal?: AbortSignal) => api.get<HotelDeviceSettings>('/terminals/hotel-settings', { hotelId }, signal),
  rotateInstallCode: (hotelId: number | undefined) => api.post<HotelDeviceSettings>('/terminals/hotel-settings/rotate-install-code', hotelId === undefined ? {} : { hotelId }),
};

/** Splits pasted MACs: one per line or separated by `,` `;` (also full-width) or spaces. */
export function splitMacs(text: string): string[] {
  return text
    .split(/[\s,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const isExcel = (file: File) => /\.xlsx$/i.test(file.name);
