import { recordByName, type RecordDef } from '@htv/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordApi, recordKeys, type Option, type Owner, type Row } from './api';

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
  /** Title of the current value, known from the row (`<field>Title`) before the options load. */
  initialLabel?: string;
  /** Options of this owner (the edited row's brand / hotel) instead of the caller's own level. */
  owner?: Owner;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
  disabled?: boolean;
  'aria-label'?: string;
}

export interface RefSelectProps extends BaseProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
}

export interface RefMultiSelectProps extends BaseProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  /** Labels of values the options may not contain (ids outside the first 200). */
  knownLabels?: Record<number, string>;
}

/**
 * The owner whose options a ref field of `record` should list while `row` is edited: only when both
 * the record and the referenced one are `tenant`-scoped (the server requires the same owner then);
 * a row of the platform's own level needs none.
 */
export function ownerForRef(record: RecordDef, refName: string, row?: Row): Owner | undefined {
  if (!row || record.scope !== 'tenant') return undefined;
  const target = recordByName(refName);
  if (!target || target.scope !== 'tenant') return undefined;
  const brandId = typeof row.brandId === 'number' ? row.brandId : null;
  const hotelId = typeof row.hotelId === 'number' ? row.hotelId : null;
  return brandId === null && hotelId === null ? undefined : { brandId, hotelId };
}

function useOptions(refName: string, owner: Owner | undefined) {
  const target = recordByName(refName) as RecordDef | undefined;
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const query = useQuery({
    queryKey: recordKeys.options(target?.path ?? refName, search, owner),
    queryFn: ({ signal }) => recordApi.options(target!, search, owner, signal),
    enabled: !!target,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { query, setKeyword };
}

function NotFound({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return loading ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} />;
}

/** Select over `GET /api/records/<path>/options?keyword&brandId&hotelId`, searched on the server. */
export function RefSelect({ refName, value, onChange, initialLabel, owner, id, placeholder, style, disabled, ...rest }: RefSelectProps) {
  const { t } = useTranslation();
  const { query, setKeyword } = useOptions(refName, owner);
  const known = useRef(new Map<number, string>());

  const options = useMemo(() => {
    const list: Option[] = [...(query.data ?? [])];
    for (const option of list) known.current.set(option.value, option.label);
    if (value !== undefined && value !== null && !list.some((o) => o.value === value)) {
      list.unshift({ value, label: known.current.get(value) ?? initialLabel ?? String(value) });
    }
    return list;
  }, [query.data, value, initialLabel]);

  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
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
      notFoundContent={<NotFound loading={query.isFetching} />}
    />
  );
}

/** The same select choosing several rows (project lists, message targets). */
export function RefMultiSelect({ refName, value, onChange, knownLabels, owner, id, placeholder, style, disabled, ...rest }: RefMultiSelectProps) {
  const { t } = useTranslation();
  const { query, setKeyword } = useOptions(refName, owner);
  const known = useRef(new Map<number, string>());

  const options = useMemo(() => {
    const list: Option[] = [...(query.data ?? [])];
    for (const [key, label] of Object.entries(knownLabels ?? {})) known.current.set(Number(key), label);
    for (const option of list) known.current.set(option.value, option.label);
    for (const selected of value ?? []) {
      if (!list.some((o) => o.value === selected)) list.unshift({ value: selected, label: known.current.get(selected) ?? String(selected) });
    }
    return list;
  }, [query.data, value, knownLabels]);

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      aria-label={rest['aria-label']}
      value={value ?? []}
      onChange={(next) => onChange?.(next ?? [])}
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
      notFoundContent={<NotFound loading={query.isFetching} />}
    />
  );
}
