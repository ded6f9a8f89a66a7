import { PAGE_SIZES } from '@htv/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, type Query } from '../../api/client';
import { formatDatetime } from '../../crud/columns';
import { PagedTable } from '../../crud/PagedTable';
import { useLang } from '../../locales';

/** A row of `GET /api/operation/action/log`. */
interface LogItem {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  user_type: number | null;
  user_type_name: string | null;
  brand_id: number | null;
  brand_name: string | null;
  hotel_id: number | null;
  hotel_name: string | null;
  action: string;
  action_name: string;
  record_type: string | null;
  record_id: string | null;
  /** The object's kind and title in the request language (the title is null when its row is gone). */
  record_type_name: string | null;
  record_title: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

interface LogOptions {
  user_types: { value: number; label: string }[];
  actions: { value: string; label: string }[];
}

interface Filters {
  user_type?: number;
  user_name?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const PARAMS = ['user_type', 'user_name', 'action', 'start', 'end'] as const;
const DEFAULT_SIZE = 20;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

function Json({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <Typography.Text type="secondary">{t('oplog.noDetail')}</Typography.Text>;
  return <pre style={{ margin: 0, maxHeight: 240, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(value, null, 2)}</pre>;
}

/**
 * The operation log (/operation/action/log, spec §6): filters by user type (chief admin, brand
 * manager, hotel manager), user, time range and action; a paginated table, newest first, with the
 * before / after of each change. The filters live in the URL, so reload and the tab keep them.
 */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<Filters>();

  const page = positive(params.get('page'), 1);
  const pagesize = (PAGE_SIZES as readonly number[]).includes(Number(params.get('pagesize'))) ? Number(params.get('pagesize')) : DEFAULT_SIZE;
  const query = useMemo<Query>(() => {
    const out: Query = { page, pagesize };
    for (const name of PARAMS) {
      const value = params.get(name);
      if (value) out[name] = value;
    }
    return out;
  }, [params, page, pagesize]);

  const options = useQuery({
    queryKey: ['oplog', 'options', lang],
    queryFn: ({ signal }) => api.get<LogOptions>('/operation/action/log/options', undefined, signal),
    staleTime: 5 * 60_000,
  });
  const list = useQuery({
    queryKey: ['oplog', 'list', lang, query],
    queryFn: ({ signal }) => api.get<{ items: LogItem[]; total: number }>('/operation/action/log', query, signal),
    placeholderData: keepPreviousData,
  });

  // The URL is the truth: back / forward and a reload fill the form.
  useEffect(() => {
    const start = params.get('start');
    const end = params.get('end');
    form.resetFields();
    form.setFieldsValue({
      user_type: params.get('user_type') ? Number(params.get('user_type')) : undefined,
      user_name: params.get('user_name') ?? undefined,
      action: params.get('action') ?? undefined,
      range: start || end ? [start ? dayjs(start) : null, end ? dayjs(end) : null] : null,
    });
  }, [form, params]);

  const setQuery = (next: Record<string, string | number | undefined>) => {
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1) && !(key === 'pagesize' && value === DEFAULT_SIZE)) out.set(key, String(value));
    setParams(out);
  };

  const search = (values: Filters) => {
    const [from, to] = values.range ?? [null, null];
    setQuery({
      user_type: values.user_type,
      user_name: values.user_name?.trim() || undefined,
      action: values.action,
      start: from ? from.format() : undefined,
      end: to ? to.format() : undefined,
      pagesize,
    });
  };

  const columns: ColumnsType<LogItem> = [
    { key: 'at', title: t('oplog.time'), dataIndex: 'at', width: 180, render: (value: string) => formatDatetime(value) },
    { key: 'user', title: t('oplog.userName'), dataIndex: 'user_name', render: (value: string | null) => value ?? '-' },
    { key: 'type', title: t('oplog.userType'), dataIndex: 'user_type_name', render: (value: string | null) => value ?? '-' },
    { key: 'action', title: t('oplog.action'), dataIndex: 'action_name', render: (value: string) => <Tag color="blue">{value}</Tag> },
    {
      key: 'record',
      title: t('oplog.record'),
      render: (_: unknown, row) => (row.record_type_name ? `${row.record_type_name}${row.record_id ? ` · ${row.record_title ?? `#${row.record_id}`}` : ''}` : '-'),
    },
    { key: 'brand', title: t('oplog.brand'), dataIndex: 'brand_name', render: (value: string | null) => value ?? '-' },
    { key: 'hotel', title: t('oplog.hotel'), dataIndex: 'hotel_name', render: (value: string | null) => value ?? '-' },
    { key: 'ip', title: t('oplog.ip'), dataIndex: 'ip', render: (value: string | null) => value ?? '-' },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form<Filters> form={form} layout="inline" onFinish={search} data-testid="oplog-filters" style={{ rowGap: 12 }}>
          <Form.Item name="user_type" label={t('oplog.userType')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 160 }} options={options.data?.user_types ?? []} aria-label={t('oplog.userType')} />
          </Form.Item>
          <Form.Item name="user_name" label={t('oplog.userName')}>
            <Input allowClear placeholder={t('oplog.userNamePlaceholder')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="range" label={t('oplog.timeRange')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} placeholder={[t('crud.startDate'), t('crud.endDate')]} />
          </Form.Item>
          <Form.Item name="action" label={t('oplog.action')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('common.all')} style={{ width: 180 }} options={options.data?.actions ?? []} aria-label={t('oplog.action')} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('common.search')}
              </Button>
              <Button onClick={() => setQuery({ pagesize })}>{t('common.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('oplog.title')}>
        <div data-testid="oplog-table">
          <PagedTable<LogItem>
            rowKey="id"
            columns={columns}
            data={list.data}
            loading={list.isFetching}
            page={page}
            pagesize={pagesize}
            onPage={(next, size) => {
              const current: Record<string, string | number | undefined> = {};
              for (const name of PARAMS) current[name] = params.get(name) ?? undefined;
              setQuery({ ...current, page: next, pagesize: size });
            }}
            expandable={{
              rowExpandable: (row) => row.before != null || row.after != null,
              expandedRowRender: (row) => (
                <Descriptions
                  size="small"
                  bordered
                  column={2}
                  items={[
                    { key: 'before', label: t('oplog.before'), children: <Json value={row.before} /> },
                    { key: 'after', label: t('oplog.after'), children: <Json value={row.after} /> },
                  ]}
                />
              ),
            }}
          />
        </div>
      </Card>
    </Space>
  );
}
