import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { PagedTable } from '../../crud/PagedTable';
import { deviceApi, deviceKeys, type AlarmRow } from './api';
import { useDeviceText } from './locales';

type Status = 'open' | 'resolved' | 'all';
const fmt = (value: unknown) => (value ? dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss') : '-');

/**
 * Alarm list (docs/devices.md "Alarms"): stolen-use monitoring is kind `ipOutsideWhitelist`
 * (/terminal_control/launcher); alarm terminals show every kind (/terminal_control/illegalwarning).
 */
export function AlarmsPage({ kind }: { kind?: AlarmRow['kind'] }) {
  const d = useDeviceText();
  const user = useSession();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>('open');
  const [mac, setMac] = useState('');
  const [macInput, setMacInput] = useState('');
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(20);
  const query = { kind, status, mac: mac || undefined, page, pagesize };
  const list = useQuery({ queryKey: deviceKeys.alarms(query), queryFn: ({ signal }) => deviceApi.alarms(query, signal), placeholderData: keepPreviousData });
  const resolve = useMutation({
    mutationFn: (id: number) => deviceApi.resolveAlarm(id),
    onSuccess: async () => {
      toastSuccess(d('resolved'));
      await client.invalidateQueries({ queryKey: deviceKeys.all });
    },
    onError: (error) => showApiError(error),
  });
  const canResolve = can(user, 'terminal.update');
  const columns: ColumnsType<AlarmRow> = [
    { title: d('mac'), dataIndex: 'mac' },
    ...(kind ? [] : [{ title: d('alarmKind'), dataIndex: 'kind', render: (v: AlarmRow['kind']) => <Tag color={v === 'snChanged' ? 'purple' : v === 'movedOut' ? 'orange' : 'volcano'}>{d(`kind_${v}`)}</Tag> }]),
    { title: d('hotel'), dataIndex: 'hotelName', render: (v, row) => (v ? `${String(v)} (${row.hotelPublicId ?? ''})` : '-') },
    { title: d('room'), dataIndex: 'roomNumber' },
    { title: d('ip'), dataIndex: 'ip' },
    { title: d('detailText'), dataIndex: 'detail' },
    { title: d('hits'), dataIndex: 'hits' },
    { title: d('firstAt'), dataIndex: 'firstAt', render: fmt },
    { title: d('lastAt'), dataIndex: 'lastAt', render: fmt },
    { title: d('status'), dataIndex: 'resolvedAt', render: (v, row) => (v ? <Tag color="green">{`${d('status_resolved')} ${row.resolvedBy ?? ''}`}</Tag> : <Tag color="red">{d('status_open')}</Tag>) },
    ...(canResolve
      ? [
          {
            title: '',
            key: 'actions',
            render: (_: unknown, row: AlarmRow) =>
              row.resolvedAt ? null : (
                <Popconfirm title={d('resolveConfirm')} onConfirm={() => resolve.mutateAsync(row.id).catch(() => undefined)}>
                  <Button type="link" size="small" data-testid="alarm-resolve">
                    {d('resolve')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];
  return (
    <Card
      extra={
        <Space wrap>
          <Select<Status>
            value={status}
            style={{ width: 120 }}
            onChange={(v) => (setStatus(v), setPage(1))}
            options={(['open', 'resolved', 'all'] as const).map((s) => ({ value: s, label: d(`status_${s}`) }))}
          />
          <Input.Search
            allowClear
            placeholder={d('filterMac')}
            value={macInput}
            onChange={(e) => setMacInput(e.target.value)}
            onSearch={(v) => (setMac(v.trim()), setPage(1))}
            enterButton={d('query')}
            style={{ width: 280 }}
          />
        </Space>
      }
    >
      <PagedTable<AlarmRow>
        rowKey="id"
        size="middle"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        page={page}
        pagesize={pagesize}
        onPage={(p, s) => (setPage(p), setPagesize(s))}
        data-testid="alarm-table"
      />
    </Card>
  );
}

/** /terminal_control/launcher: stolen-use monitoring. */
export function LauncherMonitorPage() {
  return <AlarmsPage kind="ipOutsideWhitelist" />;
}

/** /terminal_control/illegalwarning: alarm terminals (every kind). */
export function AlarmTerminalsPage() {
  return <AlarmsPage />;
}
