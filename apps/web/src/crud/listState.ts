import { PAGE_SIZES, type FieldDef, type RecordDef } from '@htv/shared';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from '../api/client';

export const DEFAULT_PAGE_SIZE = 20;

export type SortOrder = 'asc' | 'desc';

/** What a list shows: kept in the URL so reload, back and shared links keep the search. */
export interface ListState {
  page: number;
  pagesize: number;
  keyword: string;
  sort?: string;
  order?: SortOrder;
  /** Filter query parameters by name (date ranges as `<field>From` / `<field>To`). */
  filters: Record<string, string>;
}

export const isRange = (field: FieldDef) => field.kind === 'date' || field.kind === 'datetime';

export function filterFields(record: RecordDef): [string, FieldDef][] {
  return Object.entries(record.fields).filter(([, field]) => field.filter);
}

/**
 * The record as a page with fixed filters shows it: those filters are neither in the search form nor
 * in the URL (the page sends them itself).
 */
export function withoutFilters(record: RecordDef, names: readonly string[]): RecordDef {
  if (!names.length) return record;
  const fields = Object.fromEntries(Object.entries(record.fields).map(([name, field]) => [name, names.includes(name) ? { ...field, filter: false } : field]));
  return { ...record, fields };
}

export function hasKeyword(record: RecordDef): boolean {
  return Object.values(record.fields).some((field) => field.search);
}

/**
 * Query parameter names of a record's filters, and the owner narrowing every tenant record's list
 * takes (`brandId`, `hotelId`: a link to one hotel's terminals).
 */
export function filterParams(record: RecordDef): string[] {
  const owners = record.scope === 'platform' ? [] : record.scope === 'brand' ? ['brandId'] : ['brandId', 'hotelId'];
  return [...new Set([...filterFields(record).flatMap(([name, field]) => (isRange(field) ? [`${name}From`, `${name}To`] : [name])), ...owners])];
}

function sortableFields(record: RecordDef): Set<string> {
  return new Set(['id', 'createdAt', 'updatedAt', ...Object.entries(record.fields).filter(([, f]) => f.sort).map(([n]) => n)]);
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** `fixed`: filters always sent (a record page showing a fixed part of the rows). */
export function useListState(record: RecordDef, fixed?: Readonly<Record<string, string>>) {
  const [params, setParams] = useSearchParams();

  const state = useMemo<ListState>(() => {
    const size = positive(params.get('pagesize'), DEFAULT_PAGE_SIZE);
    const sort = params.get('sort') ?? undefined;
    const order = params.get('order');
    const filters: Record<string, string> = {};
    for (const name of filterParams(record)) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
    const sortable = sort !== undefined && sortableFields(record).has(sort);
    return {
      page: positive(params.get('page'), 1),
      pagesize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      keyword: params.get('keyword') ?? '',
      sort: sortable ? sort : undefined,
      order: sortable && (order === 'asc' || order === 'desc') ? order : undefined,
      filters,
    };
  }, [params, record]);

  // Two changes before the URL re-renders (a click right after a search) must build on each other.
  const latest = useRef(state);
  const seen = useRef(state);
  if (seen.current !== state) {
    seen.current = state;
    latest.current = state;
  }

  const update = useCallback(
    (next: Partial<ListState>) => {
      const merged = { ...latest.current, ...next };
      latest.current = merged;
      const out = new URLSearchParams();
      if (merged.page > 1) out.set('page', String(merged.page));
      if (merged.pagesize !== DEFAULT_PAGE_SIZE) out.set('pagesize', String(merged.pagesize));
      if (merged.keyword) out.set('keyword', merged.keyword);
      if (merged.sort && merged.order) {
        out.set('sort', merged.sort);
        out.set('order', merged.order);
      }
      for (const [name, value] of Object.entries(merged.filters)) if (value) out.set(name, value);
      setParams(out);
    },
    [setParams],
  );

  /** Search parameters without paging: the filters of the export. */
  const searchQuery = useMemo<Query>(
    () => ({ keyword: state.keyword || undefined, sort: state.sort, order: state.sort ? state.order : undefined, ...state.filters, ...fixed }),
    [state, fixed],
  );
  const query = useMemo<Query>(() => ({ page: state.page, pagesize: state.pagesize, ...searchQuery }), [searchQuery, state.page, state.pagesize]);

  return { state, query, searchQuery, update };
}
