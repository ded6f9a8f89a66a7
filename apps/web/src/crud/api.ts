import type { ListResult, RecordDef } from '@htv/shared';
import { api, downloadFile, type Query } from '../api/client';

/** A row of a record list or detail: id, fields by name, timestamps and `<ref>Title` for refs. */
export interface Row {
  id: number;
  createdAt?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

/**
 * The owner of the row being edited: select options of a `tenant`-scope record are those of the row's
 * owner, so a superior editing a hotel's row sees that hotel's choices (`?brandId&hotelId`).
 */
export interface Owner {
  brandId?: number | null;
  hotelId?: number | null;
}

export interface Option {
  value: number;
  label: string;
}

/** Query keys: everything of a record sits under ['records', path] so one invalidation refreshes it. */
export const recordKeys = {
  all: ['records'] as const,
  record: (path: string) => ['records', path] as const,
  list: (path: string, query: Query) => ['records', path, 'list', query] as const,
  detail: (path: string, id: number) => ['records', path, 'detail', id] as const,
  options: (path: string, keyword: string, owner?: Owner) => ['records', path, 'options', keyword, owner?.brandId ?? null, owner?.hotelId ?? null] as const,
};

const base = (record: Pick<RecordDef, 'path'>) => `/records/${record.path}`;

/** The record engine's REST contract (apps/server generates these routes from the same declaration). */
export const recordApi = {
  list: (record: RecordDef, query: Query, signal?: AbortSignal) => api.get<ListResult<Row>>(base(record), query, signal),
  get: (record: RecordDef, id: number, signal?: AbortSignal) => api.get<Row>(`${base(record)}/${id}`, undefined, signal),
  create: (record: RecordDef, body: Record<string, unknown>) => api.post<Row>(base(record), body),
  update: (record: RecordDef, id: number, body: Record<string, unknown>) => api.put<Row>(`${base(record)}/${id}`, body),
  remove: (record: RecordDef, id: number) => api.delete<unknown>(`${base(record)}/${id}`),
  batchDelete: (record: RecordDef, ids: number[]) => api.post<{ deleted: number }>(`${base(record)}/batch-delete`, { ids }),
  action: (record: RecordDef, id: number, action: string, reason?: string) => api.post<Row>(`${base(record)}/${id}/actions/${action}`, reason === undefined ? undefined : { reason }),
  options: (record: RecordDef, keyword: string, owner?: Owner, signal?: AbortSignal) =>
    api.get<Option[]>(`${base(record)}/options`, { keyword: keyword || undefined, brandId: owner?.brandId ?? undefined, hotelId: owner?.hotelId ?? undefined }, signal),
  export: (record: RecordDef, query: Query, fallbackName: string) => downloadFile(`${base(record)}/export`, query, fallbackName),
};
