import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSession, useSessionInfo } from '../../auth/session';
import { PagedTable } from '../../crud/PagedTable';
import { useTabSubject } from '../../layout/tabSubject';
import { hotelKeys, hotelsApi, roomsPathOf, type BrandHotel } from './api';
import { useHotelText } from './locales';

/** /brand/hotels/:id — a brand's hotels with room, terminal, TV and unauthorized counts (`GET /api/brands/:id/hotels`). */
export default function BrandHotelsPage() {
  return <BrandHotels brandId={Number(useParams().id)} />;
}

/** /hotel/overview — the signed-in brand's branches with the same figures (and online terminals). */
export function BranchOverviewPage() {
  const info = useSessionInfo();
  return <BrandHotels brandId={info.project_id ?? 0} overview />;
}

function BrandHotels({ brandId, overview = false }: { brandId: number; overview?: boolean }) {
  const m = useHotelText();
  const navigate = useNavigate();
  const user = useSession();
  const [query, setQuery] = useState<{ page: number; pagesize: number; keyword?: string }>({ page: 1, pagesize: 20 });

  const list = useQuery({
    queryKey: hotelKeys.brandHotels(brandId, query),
    queryFn: ({ signal }) => hotelsApi.brandHotels(brandId, query, signal),
    enabled: Number.isInteger(brandId) && brandId > 0,
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<BrandHotel> = [
    { key: 'publicId', dataIndex: 'publicId', title: m('hotelId') },
    { key: 'name', dataIndex: 'name', title: m('hotelName') },
    { key: 'subBrandName', dataIndex: 'subBrandName', title: m('subBrand'), render: (v) => v ?? '-' },
    { key: 'city', dataIndex: 'city', title: m('city'), render: (v) => v ?? '-' },
    { key: 'unauthorizedCount', dataIndex: 'unauthorizedCount', title: m('unauthorizedCount') },
    { key: 'tvCount', dataIndex: 'tvCount', title: m('tvCount') },
    { key: 'terminalCount', dataIndex: 'terminalCount', title: m('terminalCount') },
    { key: 'onlineCount', dataIndex: 'onlineCount', title: m('onlineCount') },
    { key: 'roomCount', dataIndex: 'roomCount', title: m('roomCount') },
    {
      key: 'actions',
      title: m('actions'),
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => navigate(roomsPathOf(user.user_type, row.id))} data-testid="brand-hotel-rooms">
          {m('rooms')}
        </Button>
      ),
    },
  ];

  const brand = list.data?.brand;
  useTabSubject(overview ? undefined : brand?.name);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" onFinish={(values: { keyword?: string }) => setQuery((q) => ({ ...q, page: 1, keyword: values.keyword?.trim() || undefined }))}>
          <Form.Item name="keyword" label={m('keyword')}>
            <Input allowClear placeholder={m('keywordPlaceholder')} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {m('search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card
        title={
          <Space>
            {!overview && <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label={m('back')} />}
            <span>
              {m(overview ? 'branchOverviewTitle' : 'brandHotelsTitle')}
              {brand ? ` - ${brand.name}` : ''}
            </span>
          </Space>
        }
      >
        {brand && (
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={m('brandLabel')}>{`${brand.name} (${brand.code})`}</Descriptions.Item>
            <Descriptions.Item label={m('hotelLimit')}>{brand.hotelLimit ?? m('noLimit')}</Descriptions.Item>
            <Descriptions.Item label={m('terminalLimit')}>{brand.terminalLimit ?? m('noLimit')}</Descriptions.Item>
          </Descriptions>
        )}
        <div data-testid="brand-hotels-table">
          <PagedTable<BrandHotel>
            rowKey="id"
            columns={columns}
            data={list.data}
            loading={list.isFetching}
            page={query.page}
            pagesize={query.pagesize}
            onPage={(page, pagesize) => setQuery((q) => ({ ...q, page, pagesize }))}
          />
        </div>
      </Card>
    </Space>
  );
}
