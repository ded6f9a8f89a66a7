import {
  PERIOD_KINDS,
  SETTLEMENT_STATE_OPTIONS,
  SETTLEMENT_STATES,
  type PeriodKind,
  type SettlementAnswer,
  type SettlementRow,
  type SettlementState,
} from '@htv/shared/areas/settlement/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api, downloadFile, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { useLang } from '../../locales';
import { usePrefixedText } from '../statistics/api';

const STATE_COLORS: Record<SettlementState, string> = { notUpToStandard: 'default', upToStandard: 'blue', settled: 'green' };
const periodOf = (kind: PeriodKind, day: Dayjs) => (kind === 'month' ? day.format('YYYY-MM') : `${day.year()}-Q${Math.floor(day.month() / 3) + 1}`);

/** /settlement/list: activations per hotel and period (month or quarter), each period's state, settle and export. */
export default function SettlementPage() {
  const s = usePrefixedText('settlement');
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [kind, setKind] = useState<PeriodKind>('month');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(5, 'month'), dayjs()]);
  const [state, setState] = useState<SettlementState | undefined>();
  const query = { kind, from: periodOf(kind, range[0]), to: periodOf(kind, range[1]), state };
  const list = useQuery({
    queryKey: ['settlement', query],
    queryFn: ({ signal }) => api.get<SettlementAnswer>('/settlement/periods', query, signal),
    placeholderData: keepPreviousData,
  });
  const settle = useMutation({
    mutationFn: (row: SettlementRow) => api.post('/settlement/settle', { hotelId: row.hotelId, kind: row.kind, period: row.period }),
    onSuccess: async () => {
      toastSuccess(s('settled'));
      await client.invalidateQueries({ queryKey: ['settlement'] });
    },
    onError: (error) => showApiError(error),
  });
  const maySettle = can(user, 'settlement.settle');
  return (
    <Card
      title={s('listTitle')}
      extra={
        <Space wrap>
          <Segmented<PeriodKind> value={kind} onChange={setKind} options={PERIOD_KINDS.map((k) => ({ value: k, label: s(`kind_${k}`) }))} />
          <DatePicker.RangePicker picker={kind} value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
          <Select<SettlementState | undefined>
            allowClear
            placeholder={s('allStates')}
            style={{ width: 160 }}
            value={state}
            onChange={setState}
            options={SETTLEMENT_STATES.map((v) => ({ value: v, label: SETTLEMENT_STATE_OPTIONS[v][lang] }))}
          />
          <Button onClick={() => downloadFile('/settlement/periods/export', query, 'settlement.xlsx').catch(showApiError)}>{s('export')}</Button>
        </Space>
      }
    >
      {list.data && <Typography.Paragraph type="secondary">{s('standard', { count: list.data.standard })}</Typography.Paragraph>}
      <Table<SettlementRow>
        data-testid="settlement-list"
        rowKey={(r) => `${r.hotelId}-${r.period}`}
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: s('period'), dataIndex: 'period' },
          { title: s('brand'), dataIndex: 'brandName' },
          { title: s('hotel'), dataIndex: 'hotelName' },
          { title: s('activations'), dataIndex: 'activations', align: 'right' },
          { title: s('state'), dataIndex: 'state', render: (v: SettlementState) => <Tag color={STATE_COLORS[v]}>{SETTLEMENT_STATE_OPTIONS[v][lang]}</Tag> },
          { title: s('settledAt'), dataIndex: 'settledAt', render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-') },
          ...(maySettle
            ? [
                {
                  title: '',
                  key: 'settle',
                  render: (_: unknown, row: SettlementRow) =>
                    row.state === 'upToStandard' && row.open ? (
                      <Typography.Text type="secondary" data-testid="settle-open">
                        {s('periodRunning')}
                      </Typography.Text>
                    ) : row.state === 'upToStandard' ? (
                      <Popconfirm title={s('settleConfirm')} onConfirm={() => settle.mutateAsync(row).catch(() => undefined)}>
                        <Button type="link" size="small" data-testid="settle">
                          {s('settle')}
                        </Button>
                      </Popconfirm>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
