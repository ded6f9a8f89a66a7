import { recordByName, type RecordDef, type RefMatch } from '@htv/shared';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Empty, Form, Select, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../api/client';
import { recordKeys, type Option, type Owner, type Row } from './api';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface BaseProps {
  /** Name of the referenced record (a ref field's `ref`). */
  refName: string;
  /** Options of this owner (the edited row's brand / hotel). */
  owner?: Owner;
  /** Conditions the options meet (the ref field's `match`); `{ field }` ones take the enclosing form's value. */
  match?: RefMatch;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

export interface RefSelectProps extends BaseProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Title of the current value, known from the row (`<field>Title`) before the options load. */
  initialLabel?: string;
}

export interface RefMultiSelectProps extends BaseProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  /** Labels of values the options may not contain (ids outside the first 200). */
  knownLabels?: Record<number, string>;
}

/**
 * Whose rows a ref field of `record` to `refName` should list while `row` is edited: the row's owner
 * when both records are `tenant`-scoped (the server requires the same owner then; a row of the
 * platform's own level needs none).
 */
export function ownerForRef(record: RecordDef, refName: string, row?: Row): Owner | undefined {
  if (!row || record.scope !== 'tenant') return undefined;
  const target = recordByName(refName);
  if (!target || target.scope !== 'tenant') return undefined;
  const brandId = typeof row.brandId === 'number' ? row.brandId : null;
  const hotelId = typeof row.hotelId === 'number' ? row.hotelId : null;
  return brandId === null && hotelId === null ? undefined : { brandId, hotelId };
}

/** The conditions of `match` that do not depend on a form (a search form has no row to take values from). */
export function fixedMatch(match: RefMatch | undefined): RefMatch | undefined {
  return match && Object.fromEntries(Object.entries(match).filter(([, source]) => typeof source !== 'object'));
}

/** `match` as query parameters: fixed values as declared, `{ field }` from `values` (left out while empty). */
function matchParams(match: RefMatch | undefined, values: Record<string, unknown>): Query {
  const params: Query = {};
  for (const [column, source] of Object.entries(match ?? {})) {
    const value = typeof source === 'object' ? values[source.field] : source;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params[column] = value;
  }
  return params;
}

/**
 * The `match` parameters from the enclosing form's current values (a RefSelect sits in a Form.Item).
 * The store is read on every render; the watch only re-renders when the parameters change.
 */
function useFormMatch(match: RefMatch | undefined): Query {
  const form = Form.useFormInstance();
  const select = useCallback((values: Record<string, unknown>) => matchParams(match, values ?? {}), [match]);
  Form.useWatch(select, form);
  return select(form?.getFieldsValue(true) ?? {});
}

interface OptionSelectProps extends Omit<BaseProps, 'match'> {
  mode?: 'multiple';
  value: number | number[] | undefined;
  onChange: (value: number | number[] | undefined) => void;
  /** Values to show even when the options do not hold them, with the labels known for them. */
  selected: number[];
  labels?: Record<number, string>;
  /** `match` as query parameters. */
  params: Query;
}

/** Select over `GET /api/records/<path>/options?keyword&brandId&hotelId&<match>`, searched on the server. */
function OptionSelect({ refName, owner, params, mode, value, onChange, selected, labels, id, placeholder, style, disabled, ...rest }: OptionSelectProps) {
  const { t } = useTranslation();
  const target = recordByName(refName) as RecordDef | undefined;
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const query = useQuery({
    queryKey: [...recordKeys.options(target?.path ?? refName, search, owner), params],
    queryFn: ({ signal }) =>
      api.get<Option[]>(`/records/${target!.path}/options`, { keyword: search || undefined, brandId: owner?.brandId ?? undefined, hotelId: owner?.hotelId ?? undefined, ...params }, signal),
    enabled: !!target,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const known = useRef(new Map<number, string>());
  // A chosen value the options and the labels do not hold (a filter from a link, beyond the first
  // choices) is shown by its title, asked for by id, never by the id itself.
  const missing = query.isFetching ? [] : selected.filter((chosen) => !known.current.has(chosen) && !labels?.[chosen] && !query.data?.some((o) => o.value === chosen));
  const titles = useQueries({
    queries: missing.map((chosen) => ({
      queryKey: [...recordKeys.options(target?.path ?? refName, '', owner), params, { id: chosen }],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<Option[]>(`/records/${target!.path}/options`, { id: chosen, brandId: owner?.brandId ?? undefined, hotelId: owner?.hotelId ?? undefined, ...params }, signal),
      enabled: !!target,
      staleTime: 30_000,
    })),
    combine: (results) => results.flatMap((result) => result.data ?? []),
  });

  const options = useMemo(() => {
    const list: Option[] = [...(query.data ?? [])];
    for (const [key, label] of Object.entries(labels ?? {})) known.current.set(Number(key), label);
    for (const title of titles) known.current.set(title.value, title.label);
    for (const option of list) known.current.set(option.value, option.label);
    for (const chosen of selected) {
      if (!list.some((o) => o.value === chosen)) list.unshift({ value: chosen, label: known.current.get(chosen) ?? String(chosen) });
    }
    return list;
  }, [query.data, selected, labels, titles]);

  return (
    <Select<number | number[]>
      id={id}
      mode={mode}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      value={value}
      onChange={onChange}
      options={options}
      loading={query.isFetching}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? t('crud.selectPlaceholder')}
      style={style}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
      notFoundContent={query.isFetching ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} />}
    />
  );
}

/** One row of a record: a form's ref field (its `match` may take values from the form). */
export function RefSelect({ value, onChange, initialLabel, match, ...props }: RefSelectProps) {
  const params = useFormMatch(match);
  const selected = useMemo(() => (value === undefined || value === null ? [] : [value]), [value]);
  const labels = useMemo(() => (selected.length && initialLabel ? { [selected[0]!]: initialLabel } : undefined), [selected, initialLabel]);
  return <OptionSelect {...props} params={params} value={value ?? undefined} onChange={(next) => onChange?.((next as number | undefined) ?? null)} selected={selected} labels={labels} />;
}

/** Several rows (project lists, message targets). */
export function RefMultiSelect({ value, onChange, knownLabels, match, ...props }: RefMultiSelectProps) {
  const params = useMemo(() => matchParams(match, {}), [match]);
  return <OptionSelect {...props} mode="multiple" params={params} value={value ?? []} onChange={(next) => onChange?.((next as number[] | undefined) ?? [])} selected={value ?? []} labels={knownLabels} />;
}
