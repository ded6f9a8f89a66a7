import { api, downloadFile, request, type Query } from '../../api/client';

export interface BrandHotel {
  id: number;
  publicId: string;
  name: string;
  brandId: number;
  subBrandId: number | null;
  subBrandName: string | null;
  city: string | null;
  managerUserId: number | null;
  roomCount: number;
  terminalCount: number;
  unauthorizedCount: number;
  tvCount: number;
  onlineCount: number;
}

export interface BrandHotels {
  brand: { id: number; code: string; name: string; hotelLimit: number | null; terminalLimit: number | null };
  items: BrandHotel[];
  total: number;
  page: number;
  pagesize: number;
}

export interface HotelRoom {
  id: number;
  number: string;
  floor: string | null;
  building: string | null;
  roomType: string | null;
  remark: string | null;
  terminalCount: number;
  registeredAt: string | null;
  authorization: 'authorized' | 'unauthorized';
  authorizedAt: string | null;
}

export interface HotelRooms {
  hotel: { id: number; publicId: string; name: string };
  items: HotelRoom[];
  total: number;
  page: number;
  pagesize: number;
}

export interface BulkRooms {
  prefix?: string;
  floorFrom: number;
  floorTo: number;
  roomFrom: number;
  roomTo: number;
  roomDigits?: number;
  building?: string;
  roomType?: string;
}

export interface Created {
  created: number;
  first: string;
  last: string;
}

export interface HotelUser {
  id: number;
  login_name: string;
  name: string;
  email: string;
  enabled: boolean;
  role_id: number | null;
  role_name: string | null;
  last_login_at: string | null;
  is_manager: boolean;
}

export interface HotelUsers {
  hotel_id: number;
  manager_id: number | null;
  list: HotelUser[];
}

export const hotelKeys = {
  all: ['hotels-area'] as const,
  brandHotels: (brandId: number, query: Query) => ['hotels-area', 'brand-hotels', brandId, query] as const,
  rooms: (hotelId: number, query: Query) => ['hotels-area', 'rooms', hotelId, query] as const,
  users: (hotelId: number) => ['hotels-area', 'users', hotelId] as const,
  setting: (hotelId: number | null, key: string) => ['hotels-area', 'setting', hotelId, key] as const,
};

export const hotelsApi = {
  brandHotels: (brandId: number, query: Query, signal?: AbortSignal) => api.get<BrandHotels>(`/brands/${brandId}/hotels`, query, signal),
  rooms: (hotelId: number, query: Query, signal?: AbortSignal) => api.get<HotelRooms>(`/hotels/${hotelId}/rooms`, query, signal),
  bulkRooms: (hotelId: number, body: BulkRooms) => api.post<Created>(`/hotels/${hotelId}/rooms/bulk`, body),
  importRooms: (hotelId: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<Created>('POST', `/hotels/${hotelId}/rooms/import`, { body: form });
  },
  /** Saves the import template (header row in the current language, an example row). */
  roomTemplate: (hotelId: number, fallbackName: string) => downloadFile(`/hotels/${hotelId}/rooms/template`, {}, fallbackName),
  hotelUsers: (hotelId: number, signal?: AbortSignal) => api.get<HotelUsers>('/web/hotel/get_hotel_users', { hotel_id: hotelId, has_manager: 0 }, signal),
  transferManager: (hotelId: number, userId: number) =>
    api.post<{ hotel_id: number; manager_id: number; previous_manager_id: number | null }>('/web/hotel/transfer_hotel_manager', { hotel_id: hotelId, user_id: userId }),
  getSetting: (key: string, hotelId: number | null, signal?: AbortSignal) =>
    api.get<{ key: string; value: unknown; hotel_id: number }>('/web/get_hotel_info_by_key', { key, hotel_id: hotelId ?? undefined }, signal),
  setSetting: (key: string, value: unknown, hotelId: number | null) =>
    api.post<{ key: string; value: unknown; hotel_id: number }>('/web/set_hotel_info_by_key', { key, value, ...(hotelId ? { hotel_id: hotelId } : {}) }),
};

/** Where a hotel's rooms page is for this user type (the route table's hidden per-hotel pages). */
export const roomsPathOf = (userType: number, hotelId: number) => (userType === 1 ? `/brand/rooms/${hotelId}` : `/hotel/rooms/${hotelId}`);
