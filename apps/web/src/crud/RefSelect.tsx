import { recordByName, type RecordDef } from '@htv/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordApi, recordKeys, type Option } from './api';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface RefSelectProps {
  /** Name of the referenced record (a ref field's `ref`). */
  refName: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Title of the current value, known from the row (`<field>Title`) before the options load. */
  initialLabel?: string;
  id?: string;
  placeholder?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

/** Select over `GET /api/records/<path>/options?keyword`, searched on the server. */
export function RefSelect({ refName, value, onChange, initialLabel, id, placeholder, style, ...rest }: RefSelectProps) {
  const { t } = useTranslation();
  const target = recordByName(refName) as RecordDef | undefined;
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const known = useRef(new Map<number, string>());
  const query = useQuery({
    queryKey: recordKeys.options(target?.path ?? refName, search),
    queryFn: ({ signal }) => recordApi.options(target!, search, signal),
    enabled: !!target,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

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
