import { Line } from '@ant-design/plots';
import { TRACKED_EVENT_OPTIONS, TRACKED_EVENTS, type TrackedEventName, type TrackingReportRow } from '@htv/shared/areas/tracking/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api, downloadFile, showApiError } from '../../api/client';
import { useLang } from '../../locales';
import { usePrefixedText } from '../statistics/api';

/** /event-track/report: tracked events per event and day (the last 14 days at first), chart, table and export. */
export default function TrackingReportPage() {
  const s = usePrefixedText('tracking');
  const lang = useLang();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(13, 'day'), dayjs()]);
  const [event, setEvent] = useState<TrackedEventName | undefined>();
  const query = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), event };
  const report = useQuery({
    queryKey: ['tracking', 'report', query],
    queryFn: ({ signal }) => api.get<{ items: TrackingReportRow[] }>('/tracking/report', query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = (report.data?.items ?? []).map((r) => ({ ...r, name: TRACKED_EVENT_OPTIONS[r.event][lang] }));
  return (
    <Card
      title={s('reportTitle')}
      extra={
        <Space wrap>
          <Select<TrackedEventName | undefined>
            allowClear
            placeholder={s('allEvents')}
            style={{ width: 160 }}
            value={event}
            onChange={setEvent}
            options={TRACKED_EVENTS.map((e) => ({ value: e, label: TRACKED_EVENT_OPTIONS[e][lang] }))}
          />
          <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
          <Button onClick={() => downloadFile('/tracking/report/export', query, 'tracking-report.xlsx').catch(showApiError)}>{s('export')}</Button>
        </Space>
      }
    >
      <div data-testid="chart-tracking" data-points={rows.length}>
        <Line data={rows} xField="day" yField="count" colorField="name" height={280} autoFit point={{ shapeField: 'circle', sizeField: 3 }} />
      </div>
      <Table
        rowKey={(r) => `${r.day}-${r.event}`}
        size="small"
        loading={report.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: s('day'), dataIndex: 'day' },
          { title: s('event'), dataIndex: 'name' },
          { title: s('count'), dataIndex: 'count', align: 'right' },
        ]}
      />
    </Card>
  );
}
