import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Spin, Table, Tag } from 'antd';
import { api } from '../../api/client';
import { useTexts } from '../../locales';
import { LICENCE_TEXTS } from './locales';

interface Info {
  hotel: { publicId: string; name: string } | null;
  state: 'valid' | 'expired' | 'notYetValid' | 'disabled' | null;
  limit: number | null;
  used: number;
  unauthorized: number;
  overLimit: number;
  licences: { id: number; key: string; type: 'formal' | 'trial'; terminalLimit: number; effectiveOn: string; expiresOn: string; status: 'enabled' | 'disabled'; inForce: boolean }[];
}

const STATE_LABEL = { valid: 'stateValid', expired: 'stateExpired', notYetValid: 'stateNotYetValid', disabled: 'stateDisabled' } as const;

/** /hotelauth/info — the hotel's licences, the terminals they allow and the ones in use (`GET /api/hotel-auth/info`). */
export default function HotelAuthPage() {
  const m = useTexts(LICENCE_TEXTS);
  const info = useQuery({ queryKey: ['hotelAuthInfo'], queryFn: ({ signal }) => api.get<Info>('/hotel-auth/info', undefined, signal) });
  if (info.isError) return <Alert type="error" showIcon message={m('loadFailed')} />;
  if (!info.data) return <Spin />;
  const data = info.data;
  return (
    <Card title={m('title')} data-testid="hotel-auth">
      <Descriptions
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'hotel', label: m('hotel'), children: data.hotel ? `${data.hotel.name} (${data.hotel.publicId})` : '-' },
          {
            key: 'state',
            label: m('state'),
            children: data.state ? <Tag color={data.state === 'valid' ? 'green' : 'red'} data-testid="hotel-auth-state">{m(STATE_LABEL[data.state])}</Tag> : '-',
          },
          { key: 'limit', label: m('limit'), children: <span data-testid="hotel-auth-limit">{data.limit ?? '-'}</span> },
          { key: 'used', label: m('used'), children: <span data-testid="hotel-auth-used">{data.used}</span> },
          { key: 'unauthorized', label: m('unauthorized'), children: data.unauthorized },
          { key: 'over', label: m('overLimit'), children: data.overLimit ? <Tag color="red">{data.overLimit}</Tag> : 0 },
        ]}
      />
      {data.licences.length === 0 ? (
        <Alert type="info" showIcon message={m('none')} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.licences}
          columns={[
            { key: 'key', title: m('key'), dataIndex: 'key' },
            { key: 'type', title: m('type'), render: (_, r) => m(r.type) },
            { key: 'limit', title: m('limit'), dataIndex: 'terminalLimit' },
            { key: 'effectiveOn', title: m('effectiveOn'), dataIndex: 'effectiveOn' },
            { key: 'expiresOn', title: m('expiresOn'), dataIndex: 'expiresOn' },
            { key: 'status', title: m('status'), render: (_, r) => m(r.status) },
            { key: 'inForce', title: m('inForce'), render: (_, r) => <Tag color={r.inForce ? 'green' : 'default'}>{m(r.inForce ? 'inForce' : 'notInForce')}</Tag> },
          ]}
        />
      )}
    </Card>
  );
}
