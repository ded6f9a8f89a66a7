import type { PmsInterfaceUpdate, PmsInterfaceView } from '@htv/shared/areas/pms/protocol';
import { api } from '../../api/client';
import type { Row } from '../../crud/api';

/** The PMS interface's calls (docs/pms.md): a hotel user's own hotel, or the hotel a superior names. */
export const pmsApi = {
  view: (hotelId?: number, signal?: AbortSignal) => api.get<PmsInterfaceView>('/pms/interface', { hotel_id: hotelId }, signal),
  rotate: (hotelId?: number) => api.post<PmsInterfaceView>('/pms/interface/rotate', hotelId ? { hotel_id: hotelId } : {}),
  update: (body: PmsInterfaceUpdate) => api.put<PmsInterfaceView>('/pms/interface', body),
  /** The in-house stay of a room, if any. */
  stayOf: async (hotelId: number, roomNumber: string, signal?: AbortSignal) =>
    (await api.get<{ items: Row[] }>('/records/stays', { hotelId, roomNumber, state: 'inHouse', pagesize: 1 }, signal)).items[0] ?? null,
};

export const pmsKeys = {
  view: (hotelId?: number) => ['pms', 'interface', hotelId ?? 'own'] as const,
  stay: (hotelId: number, roomNumber: string) => ['pms', 'stay', hotelId, roomNumber] as const,
};
