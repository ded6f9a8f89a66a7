import { api, request } from '../../api/client';
import type { MacSearchResult } from '../devices/api';

/** A terminal found by a manufacturer MAC search. */
export interface OemTerminal {
  id: number;
  mac: string;
  sn: string;
  launcher: string | null;
  hotelName: string | null;
  hotelPublicId: string | null;
  online: boolean;
  authorization: string;
  lastSeenAt: string | null;
}

/** `POST /api/oem/customers/:id/mac-search` (and its .xlsx form, which also answers the MACs it read): the terminal search's answer over the manufacturer's launchers. */
export interface OemMacSearchResult extends MacSearchResult<OemTerminal> {
  customer: { id: number; name: string };
  launchers: string[];
}

const base = (customerId: number) => `/oem/customers/${customerId}/mac-search`;

export const oemApi = {
  search: (customerId: number, macs: string[], page: number, pagesize: number) => api.post<OemMacSearchResult>(base(customerId), { macs, page, pagesize }),
  searchExcel: (customerId: number, file: File, pagesize: number) => {
    const body = new FormData();
    body.append('file', file);
    return request<OemMacSearchResult>('POST', `${base(customerId)}/excel`, { body, query: { page: 1, pagesize } });
  },
};
