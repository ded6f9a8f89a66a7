import { Alert, Breadcrumb, Card, Col, Row, Table } from 'antd';
import { provinceName } from '@htv/shared/areas/statistics/index';
import { useState } from 'react';
import { useLang } from '../../locales';
import { useOnlineMap, usePrefixedText } from './api';
import { GroupedColumns } from './charts';
import { ChinaMap, type MapFigure } from './ChinaMap';

/** /newdata/terminal_map: terminals and online terminals per province on the map, and per city of the chosen province. */
export default function MapPage() {
  const s = usePrefixedText('statistics');
  const lang = useLang();
  // Provinces are keyed by their Chinese short names (the boundaries' and the API's); shown in the interface's language.
  const named = (name: string) => provinceName(name, lang);
  const [province, setProvince] = useState<string | null>(null);
  const country = useOnlineMap(null);
  const cities = useOnlineMap(province);
  const figures = new Map<string, MapFigure>((country.data?.items ?? []).map((i) => [i.name, i]));
  const rows = province ? (cities.data?.level === 'city' ? cities.data.items : []) : (country.data?.items ?? []);
  const unknown = (province ? cities.data?.unknown : country.data?.unknown) ?? 0;
  return (
    <Card title={s('mapTitle')} extra={s('mapHint')}>
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          <ChinaMap
            figures={figures}
            selected={province}
            onSelect={(name) => setProvince(name === province ? null : name)}
            title={(name, f) => `${named(name)}: ${s('count')} ${f?.total ?? 0} · ${s('online')} ${f?.online ?? 0}`}
          />
        </Col>
        <Col xs={24} xl={10}>
          <Breadcrumb
            style={{ marginBottom: 12 }}
            items={[{ title: <a onClick={() => setProvince(null)}>{s('country')}</a> }, ...(province ? [{ title: named(province) }] : [])]}
          />
          {unknown > 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={s('unknownRegion', { count: unknown })} />}
          <GroupedColumns
            testId="chart-map"
            height={240}
            rows={rows.slice(0, 12).flatMap((r) => [
              { label: named(r.name), series: s('count'), value: r.total },
              { label: named(r.name), series: s('online'), value: r.online },
            ])}
          />
          <Table
            rowKey="name"
            size="small"
            loading={country.isFetching || cities.isFetching}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={rows}
            onRow={(row) => ({ onClick: () => !province && setProvince(row.name), style: province ? undefined : { cursor: 'pointer' } })}
            columns={[
              { title: s(province ? 'city' : 'province'), dataIndex: 'name', render: (name: string) => named(name) },
              { title: s('count'), dataIndex: 'total', align: 'right' },
              { title: s('online'), dataIndex: 'online', align: 'right' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
