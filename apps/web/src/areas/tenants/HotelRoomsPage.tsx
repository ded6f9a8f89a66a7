import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { records } from '@htv/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { recordApi } from '../../crud/api';
import { useRecordPages } from '../../crud/registry';
import { useTabSubject } from '../../layout/tabSubject';
import { PagedTable } from '../../crud/PagedTable';
import { hotelKeys, hotelsApi, type HotelRoom } from './api';
import { useHotelText } from './locales';
import { RoomBulkButton, RoomImportButton } from './RoomTools';

export const formatTime = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-');

/**
 * Rooms of one hotel (/brand/rooms/:hotel_id for the platform, /hotel/rooms/:hotel_id for a brand):
 * `GET /api/hotels/:id/rooms` with the terminal registration and authorization of each room, a filter
 * by authorization, a single room added or edited with the room's generated form, bulk creation and
 * Excel import.
 */
export default function HotelRoomsPage() {
  const m = useHotelText();
  const params = useParams();
  const hotelId = Number(params.hotel_id);
  const navigate = useNavigate();
  const user = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const { Form: RoomForm } = useRecordPages(records.room);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [query, setQuery] = useState<{ page: number; pagesize: number; keyword?: string; authorization?: string }>({ page: 1, pagesize: 20 });

  const list = useQuery({
    queryKey: hotelKeys.rooms(hotelId, query),
    queryFn: ({ signal }) => hotelsApi.rooms(hotelId, query, signal),
    enabled: Number.isInteger(hotelId) && hotelId > 0,
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (id: number) => recordApi.remove(records.room, id),
    onSuccess: async () => {
      toastSuccess(m('deleted'));
      await queryClient.invalidateQueries({ queryKey: hotelKeys.all });
    },
  });

  const canCreate = can(user, 'room.create');
  const canUpdate = can(user, 'room.update');
  const canDelete = can(user, 'room.delete');

  const columns: ColumnsType<HotelRoom> = [
    { key: 'number', dataIndex: 'number', title: m('roomNumber') },
    { key: 'floor', dataIndex: 'floor', title: m('floor'), render: (v) => v ?? '-' },
    { key: 'building', dataIndex: 'building', title: m('building'), render: (v) => v ?? '-' },
    { key: 'roomType', dataIndex: 'roomType', title: m('roomType'), render: (v) => v ?? '-' },
    { key: 'terminalCount', dataIndex: 'terminalCount', title: m('terminalCount') },
    { key: 'registeredAt', dataIndex: 'registeredAt', title: m('registeredAt'), render: formatTime },
    {
      key: 'authorization',
      dataIndex: 'authorization',
      title: m('authorization'),
      render: (v: HotelRoom['authorization']) => <Tag color={v === 'authorized' ? 'green' : 'default'}>{m(v === 'authorized' ? 'authorized' : 'unauthorized')}</Tag>,
    },
    { key: 'authorizedAt', dataIndex: 'authorizedAt', title: m('authorizedAt'), render: formatTime },
  ];
  if (canUpdate || canDelete) {
    columns.push({
      key: 'actions',
      title: m('actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setEditing({ id: row.id })} data-testid="room-edit">
              {m('editRoom')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm title={m('deleteConfirm')} okText={m('ok')} cancelText={m('cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(row.id).then(() => undefined, () => undefined)}>
              <Button type="link" size="small" danger>
                {m('deleteRoom')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const hotel = list.data?.hotel;
  useTabSubject(hotel?.name);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          data-testid="rooms-search"
          onFinish={(values: { keyword?: string; authorization?: string }) => setQuery((q) => ({ ...q, page: 1, keyword: values.keyword?.trim() || undefined, authorization: values.authorization || undefined }))}
        >
          <Form.Item name="keyword" label={m('roomNumber')}>
            <Input allowClear placeholder={m('roomKeywordPlaceholder')} />
          </Form.Item>
          <Form.Item name="authorization" label={m('authorization')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={m('all')}
              options={[
                { value: 'authorized', label: m('authorized') },
                { value: 'unauthorized', label: m('unauthorized') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {m('search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setQuery((q) => ({ page: 1, pagesize: q.pagesize }));
                }}
              >
                {m('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label={m('back')} />
            <span>
              {m('roomsTitle')}
              {hotel ? ` - ${hotel.name} (${hotel.publicId})` : ''}
            </span>
          </Space>
        }
        extra={
          canCreate && hotelId > 0 ? (
            <Space wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} data-testid="room-create-open">
                {m('addRoom')}
              </Button>
              <RoomImportButton hotelId={hotelId} />
              <RoomBulkButton hotelId={hotelId} />
            </Space>
          ) : null
        }
      >
        <div data-testid="hotel-rooms-table">
          <PagedTable<HotelRoom>
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
      {editing && (
        <RoomForm record={records.room} id={editing.id} ownerId={hotelId} open onClose={() => setEditing(null)} onSaved={() => void queryClient.invalidateQueries({ queryKey: hotelKeys.all })} />
      )}
    </Space>
  );
}
