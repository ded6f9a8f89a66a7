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
import { RUNLOG_TEXTS } from './locales';
import { useTabSubject } from '../../layout/tabSubject';
import { RUN_STATES } from '@htv/shared/areas/devices/protocol';
import { Link, useParams, useSearchParams } from 'react-router';

type Key = keyof (typeof RUNLOG_TEXTS)['zh-CN'];
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
 * A fleet log (docs/runlogs.md): MAC, hotel, time range (with the quick ranges), optionally a state
 * or a package; `fixed` filters (a detail page's MAC or package) are always sent and not offered;
 * paged newest first; Export sends the same filters to the log's `/export`.
 */
function LogPage({
  path,
  name,
  columns,
  states,
  packages,
  fixed = {},
}: {
  path: string;
  name: string;
  columns: ColumnsType<LogRow>;
  states?: { value: string; label: string }[];
  packages?: boolean;
  fixed?: { mac?: string; package?: string };
}) {
  const m = useTexts(RUNLOG_TEXTS);
  const { t } = useTranslation();
  const [mac, setMac] = useState('');
  const [hotelId, setHotelId] = useState<number | undefined>();
  const [state, setState] = useState<string | undefined>();
  const [pkg, setPkg] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filters, setFilters] = useState<Query>({ ...fixed });
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(20);
  const list = useQuery({
    queryKey: ['runlogs', path, filters, page, pagesize],
    queryFn: ({ signal }) => api.get<Page>(path, { ...filters, page, pagesize }, signal),
    placeholderData: keepPreviousData,
  });
  const search = () => {
    setPage(1);
    setFilters({ mac: mac.trim() || undefined, package: pkg.trim() || undefined, hotelId, state, ...fixed, from: range?.[0]?.startOf('day').format(), to: range?.[1]?.endOf('day').format() });
  };
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        {fixed.mac === undefined && (
          <>
            <Input allowClear placeholder={m('mac')} aria-label={m('mac')} value={mac} onChange={(e) => setMac(e.target.value)} onPressEnter={search} style={{ width: 180 }} data-testid="log-mac" />
            <RefSelect refName="hotel" placeholder={m('hotel')} aria-label={m('hotel')} value={hotelId} onChange={(v: unknown) => setHotelId((v as number | null) ?? undefined)} style={{ width: 200 }} />
          </>
        )}
        {packages && fixed.package === undefined && (
          <Input allowClear placeholder={m('package')} aria-label={m('package')} value={pkg} onChange={(e) => setPkg(e.target.value)} onPressEnter={search} style={{ width: 200 }} data-testid="log-package" />
        )}
        {states && <Select allowClear placeholder={m('state')} aria-label={m('state')} value={state} onChange={setState} style={{ width: 140 }} options={states} data-testid="log-state" />}
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
  const m = useTexts(RUNLOG_TEXTS);
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
  const m = useTexts(RUNLOG_TEXTS);
  const columns: ColumnsType<LogRow> = [
    { title: m('at'), dataIndex: 'at', render: fmt },
    { title: m('mac'), dataIndex: 'mac' },
    { title: m('state'), dataIndex: 'state', render: (v: unknown) => <Tag>{STATES.includes(v as (typeof STATES)[number]) ? m(v as Key) : String(v)}</Tag> },
    { title: m('detail'), dataIndex: 'detail' },
    hotelColumn(m),
    { title: m('operator'), dataIndex: 'userName' },
  ];
  return <LogPage path="/runlogs/terminal-states" name="terminal-state-log" columns={columns} states={STATES.map((s) => ({ value: s, label: m(s) }))} />;
}

/** /terminal_manage/heartbeats/:mac — one terminal's heartbeat log. */
export function HeartbeatLogPage() {
  const m = useTexts(RUNLOG_TEXTS);
  const { mac = '' } = useParams();
  useTabSubject(mac);
  const columns: ColumnsType<LogRow> = [
    { title: m('heartbeatAt'), dataIndex: 'at', render: fmt },
    { title: m('runState'), dataIndex: 'state' },
    { title: m('ip'), dataIndex: 'ip' },
    { title: m('publicIp'), dataIndex: 'publicIp' },
    { title: m('softwareVersion'), dataIndex: 'softwareVersion' },
    { title: m('otaVersion'), dataIndex: 'otaVersion' },
    { title: m('controlVersion'), dataIndex: 'controlVersion' },
  ];
  return <LogPage key={mac} path="/runlogs/heartbeats" name={`heartbeats-${mac}`} columns={columns} fixed={{ mac }} states={RUN_STATES.map((s) => ({ value: s, label: s }))} />;
}

/** /runlog/app — the app launch log; a MAC or an app opens its detail page. */
export function AppLaunchLogPage() {
  return <LogPage path="/runlogs/app" name="app-launch-log" columns={useLaunchColumns()} packages />;
}

/** /runlog/app/detail?mac= or ?package= — one terminal's or one app's launches. */
export function AppLaunchDetailPage() {
  const [params] = useSearchParams();
  const mac = params.get('mac') ?? undefined;
  const pkg = params.get('package') ?? undefined;
  useTabSubject(mac ?? pkg ?? '');
  const fixed = mac ? { mac } : { package: pkg ?? '' };
  return <LogPage key={`${mac}|${pkg}`} path="/runlogs/app" name={`app-launches-${mac ?? pkg}`} columns={useLaunchColumns()} packages={!pkg} fixed={fixed} />;
}

function useLaunchColumns(): ColumnsType<LogRow> {
  const m = useTexts(RUNLOG_TEXTS);
  const detail = (key: 'mac' | 'package', value: unknown) => (
    <Link to={`/runlog/app/detail?${key}=${encodeURIComponent(String(value))}`} data-testid={`launch-${key}`}>
      {String(value)}
    </Link>
  );
  return [
    { title: m('mac'), dataIndex: 'mac', render: (v: unknown) => detail('mac', v) },
    hotelColumn(m),
    { title: m('app'), dataIndex: 'appName', render: (v: unknown) => (v ? String(v) : '-') },
    { title: m('package'), dataIndex: 'package', render: (v: unknown) => detail('package', v) },
    { title: m('version'), dataIndex: 'versionName', render: (v: unknown) => (v ? String(v) : '-') },
    { title: m('launchedAt'), dataIndex: 'at', render: fmt },
  ];
}
