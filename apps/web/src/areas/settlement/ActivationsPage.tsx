import type { ActivationRow } from '@htv/shared/areas/settlement/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api, downloadFile, showApiError } from '../../api/client';
import { PagedTable } from '../../crud/PagedTable';
import { usePrefixedText } from '../statistics/api';

/** /settlement/active: terminals first authorized within a date range, newest first, with export. */
export default function ActivationsPage() {
  const s = usePrefixedText('settlement');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(20);
  const dates = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') };
  const query = { ...dates, page, pagesize };
  const list = useQuery({
    queryKey: ['settlement', 'activations', query],
    queryFn: ({ signal }) => api.get<{ items: ActivationRow[]; total: number }>('/settlement/activations', query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title={s('activationsTitle')}
      extra={
        <Space wrap>
          <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && (setRange([v[0], v[1]]), setPage(1))} />
          <Button onClick={() => downloadFile('/settlement/activations/export', dates, 'activations.xlsx').catch(showApiError)}>{s('export')}</Button>
        </Space>
      }
    >
      <PagedTable<ActivationRow>
        rowKey="terminalId"
        data={list.data}
        loading={list.isFetching}
        page={page}
        pagesize={pagesize}
        onPage={(p, size) => (setPage(p), setPagesize(size))}
        columns={[
          { title: s('mac'), dataIndex: 'mac' },
          { title: s('brand'), dataIndex: 'brandName' },
          { title: s('hotel'), dataIndex: 'hotelName' },
          { title: s('activatedAt'), dataIndex: 'activatedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        ]}
      />
    </Card>
  );
}
