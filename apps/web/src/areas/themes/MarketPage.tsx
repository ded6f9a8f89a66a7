import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Pagination, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { formatDatetime } from '../../crud/columns';
import { useLang } from '../../locales';
import { useThemeText } from './locales';
import { transferApi, type MarketItem } from './transfer-api';
import { useTransferText } from './transfer-locales';

/**
 * /template/shop: the templates the platform and the caller's brand publish for it, as cards with their
 * preview images, filtered by category and name; "use" copies one into the caller's templates.
 */
export default function MarketPage() {
  const m = useTransferText();
  const tm = useThemeText();
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [query, setQuery] = useState<{ page: number; pagesize: number; typeId?: number; name?: string }>({ page: 1, pagesize: 12 });
  const list = useQuery({ queryKey: ['themes', 'market', lang, query], queryFn: ({ signal }) => transferApi.market(query, signal), placeholderData: keepPreviousData });
  const use = async (item: MarketItem) => {
    try {
      const theme = await transferApi.use(item.id);
      toastSuccess(m('used', { name: theme.name }));
      await client.invalidateQueries({ queryKey: ['themes'] });
    } catch (error) {
      showApiError(error);
    }
  };
  const items = list.data?.items ?? [];
  return (
    <Card
      title={m('market')}
      extra={
        <Space>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={m('allCategories')}
            value={query.typeId}
            onChange={(typeId?: number) => setQuery({ ...query, page: 1, typeId })}
            options={(list.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="market-category"
          />
          <Input.Search allowClear placeholder={m('searchName')} maxLength={30} onSearch={(name) => setQuery({ ...query, page: 1, name: name || undefined })} style={{ width: 200 }} />
        </Space>
      }
    >
      {items.length === 0 && !list.isFetching ? <Empty description={m('empty')} /> : null}
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.id} xs={24} sm={12} lg={8} xl={6}>
            <Card
              size="small"
              data-testid="market-item"
              cover={
                item.previews[0] ? (
                  <img src={item.previews[0].thumbnailUrl} alt={item.name} style={{ height: 160, objectFit: 'cover' }} />
                ) : (
                  <div style={{ height: 160, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                    <Typography.Text type="secondary">{m('noPreview')}</Typography.Text>
                  </div>
                )
              }
              actions={
                can(user, 'theme.create')
                  ? [
                      <Popconfirm key="use" title={m('useConfirm')} onConfirm={() => use(item)} okText={m('ok')} cancelText={m('cancel')}>
                        <Button type="link" data-testid="market-use">
                          {m('use')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Card.Meta
                title={item.name}
                description={
                  <Space size={4} wrap>
                    <Tag color={item.publisher === 'platform' ? 'blue' : 'purple'}>{m(item.publisher === 'platform' ? 'publisherPlatform' : 'publisherBrand')}</Tag>
                    {item.typeName && <Tag>{item.typeName}</Tag>}
                    <Tag>{tm(item.equipmentType as 'room' | 'public' | 'meeting')}</Tag>
                    <Typography.Text type="secondary">
                      {m('versionN', { n: item.version })} {item.publishedAt ? formatDatetime(item.publishedAt) : ''}
                    </Typography.Text>
                  </Space>
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        current={query.page}
        pageSize={query.pagesize}
        total={list.data?.total ?? 0}
        onChange={(page, pagesize) => setQuery({ ...query, page, pagesize })}
      />
    </Card>
  );
}
