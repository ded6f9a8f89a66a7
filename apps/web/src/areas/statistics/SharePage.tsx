import { SHARE_DIMENSIONS, type ShareDimension } from '@htv/shared/areas/statistics/index';
import { Card, Col, Empty, Row, Segmented, Table } from 'antd';
import { useState } from 'react';
import { usePrefixedText, useShare } from './api';
import { ShareDonut } from './charts';

/** /newdata/terminal_share: terminals by brand, model, software version or launcher. */
export default function SharePage() {
  const s = usePrefixedText('statistics');
  const [by, setBy] = useState<ShareDimension>('brand');
  const share = useShare(by);
  const data = share.data;
  const rows = (data?.items ?? []).map((i) => ({ key: i.key ?? '', label: i.label ?? s('unknown'), count: i.count }));
  if (data?.others) rows.push({ key: '…', label: s('others'), count: data.others });
  const percent = (count: number) => (data?.total ? `${((count * 100) / data.total).toFixed(1)}%` : '-');
  return (
    <Card
      title={s('shareTitle')}
      extra={<Segmented<ShareDimension> value={by} onChange={setBy} options={SHARE_DIMENSIONS.map((d) => ({ value: d, label: s(`by_${d}`) }))} data-testid="share-by" />}
    >
      {data && !data.total ? (
        <Empty description={s('empty')} />
      ) : (
        <Row gutter={24}>
          <Col xs={24} lg={14}>
            {data && <ShareDonut rows={rows} total={data.total} totalLabel={s('count')} testId="chart-share" />}
          </Col>
          <Col xs={24} lg={10}>
            <Table
              rowKey="key"
              size="small"
              loading={share.isFetching}
              pagination={false}
              dataSource={rows}
              columns={[
                { title: s('label'), dataIndex: 'label' },
                { title: s('count'), dataIndex: 'count', align: 'right' },
                { title: s('percent'), key: 'percent', align: 'right', render: (_, row) => percent(row.count) },
              ]}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
