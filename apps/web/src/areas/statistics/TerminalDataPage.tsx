import type { TerminalDataDimension } from '@htv/shared/areas/statistics/index';
import { Button, Card, DatePicker, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadFile, showApiError } from '../../api/client';
import { usePrefixedText, useTerminalData } from './api';
import { GroupedColumns } from './charts';

/** Terminal data per manufacturer or brand over a date range (the last 30 days at first), with export. */
function TerminalDataPage({ by }: { by: TerminalDataDimension }) {
  const s = usePrefixedText('statistics');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const data = useTerminalData(by, from, to);
  const rows = (data.data?.items ?? []).map((r) => ({ ...r, key: r.key ?? '', label: r.label ?? s('unknown') }));
  const series = ['total', 'online', 'registered', 'activated'] as const;
  return (
    <Card
      title={s(by === 'brand' ? 'byBrand' : 'byManufacturer')}
      extra={
        <Space wrap>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            maxDate={dayjs()}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            data-testid="terminal-data-range"
          />
          <Button onClick={() => downloadFile('/statistics/terminals/export', { by, from, to }, `terminals-by-${by}.xlsx`).catch(showApiError)}>{s('export')}</Button>
        </Space>
      }
    >
      <GroupedColumns testId="chart-terminal-data" rows={rows.slice(0, 15).flatMap((r) => series.map((k) => ({ label: r.label, series: s(k), value: r[k] })))} />
      <Table
        rowKey="key"
        size="small"
        loading={data.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: s(by === 'brand' ? 'brand' : 'manufacturer'), dataIndex: 'label' },
          ...series.map((k) => ({ title: s(k), dataIndex: k, align: 'right' as const })),
        ]}
      />
    </Card>
  );
}

/** /newdata/by_customer. */
export function ByManufacturerPage() {
  return <TerminalDataPage by="manufacturer" />;
}

/** /newdata/by_brand. */
export function ByBrandPage() {
  return <TerminalDataPage by="brand" />;
}
