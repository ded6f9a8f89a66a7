import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, downloadFile, showApiError, type Query } from '../../api/client';
import { PagedTable } from '../../crud/PagedTable';
import { RefSelect } from '../../crud/RefSelect';
import { rangePresets } from '../../crud/SearchForm';
import { useTexts } from '../../locales';

const TEXTS = {
  'zh-CN': {
    mac: 'MAC地址',
    hotel: '酒店',
    room: '房间号',
    at: '时间',
    bootAt: '开机时间',
    ip: 'IP',
    publicIp: '公网IP',
    softwareVersion: '软件版本',
    launcher: 'Launcher',
    state: '状态',
    detail: '说明',
    operator: '操作人',
    search: '查询',
    export: '导出',
    registered: '注册',
    assigned: '分配酒店',
    authorized: '授权',
    disabled: '禁用',
    recovered: '恢复',
    unbound: '解绑',
    online: '上线',
    offline: '离线',
  },
  'en-US': {
    mac: 'MAC',
    hotel: 'Hotel',
    room: 'Room',
    at: 'Time',
    bootAt: 'Switched on at',
    ip: 'IP',
    publicIp: 'Public IP',
    softwareVersion: 'Software version',
    launcher: 'Launcher',
    state: 'State',
    detail: 'Detail',
    operator: 'Operator',
    search: 'Search',
    export: 'Export',
    registered: 'Registered',
    assigned: 'Assigned',
    authorized: 'Authorized',
    disabled: 'Disabled',
    recovered: 'Recovered',
    unbound: 'Unbound',
    online: 'Online',
    offline: 'Offline',
  },
};
type Key = keyof (typeof TEXTS)['zh-CN'];
const STATES = ['registered', 'assigned', 'authorized', 'disabled', 'recovered', 'unbound', 'online', 'offline'] as const;
const fmt = (value: unknown) => (value ? dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss') : '-');

interface LogRow {
  id: number;
  at: string;
  mac: string;
  hotelName?: string | null;
  hotelPublicId?: string | null;
  [column: string]: unknown;
}

interface Page {
  items: LogRow[];
  total: number;
  capped?: boolean;
}

/**
 * A fleet log (docs/runlogs.md): MAC, hotel, time range (with the quick ranges), optionally a state;
 * paged newest first; Export sends the same filters to the log's `/export`.
 */
function LogPage({ path, name, columns, states }: { path: string; name: string; columns: ColumnsType<LogRow>; states?: boolean }) {
  const m = useTexts(TEXTS);
  const { t } = useTranslation();
  const [mac, setMac] = useState('');
  const [hotelId, setHotelId] = useState<number | undefined>();
  const [state, setState] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filters, setFilters] = useState<Query>({});
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(20);
  const list = useQuery({
    queryKey: ['runlogs', path, filters, page, pagesize],
    queryFn: ({ signal }) => api.get<Page>(path, { ...filters, page, pagesize }, signal),
    placeholderData: keepPreviousData,
  });
  const search = () => {
    setPage(1);
    setFilters({ mac: mac.trim() || undefined, hotelId, state, from: range?.[0]?.startOf('day').format(), to: range?.[1]?.endOf('day').format() });
  };
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input allowClear placeholder={m('mac')} aria-label={m('mac')} value={mac} onChange={(e) => setMac(e.target.value)} onPressEnter={search} style={{ width: 180 }} data-testid="log-mac" />
        <RefSelect refName="hotel" placeholder={m('hotel')} aria-label={m('hotel')} value={hotelId} onChange={(v: unknown) => setHotelId((v as number | null) ?? undefined)} style={{ width: 200 }} />
        {states && <Select allowClear placeholder={m('state')} aria-label={m('state')} value={state} onChange={setState} style={{ width: 140 }} options={STATES.map((s) => ({ value: s, label: m(s) }))} data-testid="log-state" />}
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} presets={rangePresets(t)} />
        <Button type="primary" onClick={search} data-testid="log-search">
          {m('search')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(`${path}/export`, filters, `${name}.xlsx`).catch(showApiError)} data-testid="log-export">
          {m('export')}
        </Button>
      </Space>
      <PagedTable<LogRow>
        rowKey="id"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        page={page}
        pagesize={pagesize}
        onPage={(p, size) => {
          setPage(p);
          setPagesize(size);
        }}
      />
    </Card>
  );
}

const hotelColumn = (m: (key: Key) => string) => ({ title: m('hotel'), dataIndex: 'hotelName', render: (v: unknown, row: LogRow) => (v ? `${String(v)} (${row.hotelPublicId ?? ''})` : '-') });

/** /runlog/tv — the TV boot log of the fleet. */
export function BootLogPage() {
  const m = useTexts(TEXTS);
  const columns: ColumnsType<LogRow> = [
    { title: m('bootAt'), dataIndex: 'at', render: fmt },
    { title: m('mac'), dataIndex: 'mac' },
    hotelColumn(m),
    { title: m('room'), dataIndex: 'roomNumber' },
    { title: m('ip'), dataIndex: 'ip' },
    { title: m('publicIp'), dataIndex: 'publicIp' },
    { title: m('softwareVersion'), dataIndex: 'softwareVersion' },
    { title: m('launcher'), dataIndex: 'launcher' },
  ];
  return <LogPage path="/runlogs/tv" name="tv-boot-log" columns={columns} />;
}

/** /operation/terminal_state/log — the terminal state history. */
export function StateLogPage() {
  const m = useTexts(TEXTS);
  const columns: ColumnsType<LogRow> = [
    { title: m('at'), dataIndex: 'at', render: fmt },
    { title: m('mac'), dataIndex: 'mac' },
    { title: m('state'), dataIndex: 'state', render: (v: unknown) => <Tag>{STATES.includes(v as (typeof STATES)[number]) ? m(v as Key) : String(v)}</Tag> },
    { title: m('detail'), dataIndex: 'detail' },
    hotelColumn(m),
    { title: m('operator'), dataIndex: 'userName' },
  ];
  return <LogPage path="/runlogs/terminal-states" name="terminal-state-log" columns={columns} states />;
}
