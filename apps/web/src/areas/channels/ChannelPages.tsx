import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { useTexts } from '../../locales';
import { channelsApi, type HotelChannelRow } from './api';
import { CHANNEL_TEXTS } from './locales';

const listKey = ['hotelChannels'] as const;

function SourceTag({ row }: { row: HotelChannelRow }) {
  const m = useTexts(CHANNEL_TEXTS);
  return <Tag color={row.source === 'platform' ? 'blue' : 'gold'}>{m(row.source === 'platform' ? 'platform' : 'own')}</Tag>;
}

/** `/tvlist`: which of the platform's channels and the hotel's own its TVs show. */
export function TvListPage() {
  const m = useTexts(CHANNEL_TEXTS);
  const user = useSession();
  const client = useQueryClient();
  const list = useQuery({ queryKey: listKey, queryFn: channelsApi.list });
  const save = useMutation({
    mutationFn: channelsApi.setShown,
    onSuccess: () => void client.invalidateQueries({ queryKey: listKey }),
    onError: (error) => showApiError(error),
  });
  if (list.isError) return <Alert type="error" showIcon message={String(list.error)} />;
  if (!list.data) return <Spin />;
  const { enabled, items } = list.data;
  const editable = enabled && can(user, 'hotelChannel.update');
  const shown = items.filter((row) => row.position !== null).map((row) => row.key);
  const toggle = (row: HotelChannelRow, on: boolean) => save.mutate(on ? [...shown, row.key] : shown.filter((key) => key !== row.key));
  return (
    <Card
      title={m('listTitle')}
      data-testid="tvlist"
      extra={
        <Link to="/tvlist/own">
          <Button data-testid="tvlist-own">{m('ownChannels')}</Button>
        </Link>
      }
    >
      {!enabled && <Alert type="warning" showIcon message={m('featureOff')} style={{ marginBottom: 12 }} data-testid="tvlist-feature-off" />}
      <Table
        rowKey="key"
        size="small"
        dataSource={items}
        pagination={{ pageSize: 50 }}
        columns={[
          { key: 'number', title: m('number'), dataIndex: 'number', width: 90, sorter: (a, b) => (a.number ?? Infinity) - (b.number ?? Infinity) },
          { key: 'name', title: m('name'), dataIndex: 'name' },
          { key: 'type', title: m('type'), dataIndex: 'type' },
          { key: 'source', title: m('source'), render: (_, row) => <SourceTag row={row} /> },
          {
            key: 'shown',
            title: m('shown'),
            render: (_, row) => (
              <Switch checked={row.position !== null} disabled={!editable || !row.active || save.isPending} onChange={(on) => toggle(row, on)} data-testid={`tvlist-shown-${row.key}`} />
            ),
          },
        ]}
      />
    </Card>
  );
}

/** `/channel_sorting`: the hotel's list in order; rows dragged (or moved up and down), the TVs' numbers following. */
export function ChannelSortingPage() {
  const m = useTexts(CHANNEL_TEXTS);
  const user = useSession();
  const client = useQueryClient();
  const list = useQuery({ queryKey: [...listKey, 'order'], queryFn: channelsApi.order });
  const [rows, setRows] = useState<HotelChannelRow[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  useEffect(() => {
    if (list.data) setRows(list.data.items);
  }, [list.data]);
  const save = useMutation({
    mutationFn: () => channelsApi.setOrder(rows.map((row) => row.key)),
    onSuccess: () => (toastSuccess(m('saved')), void client.invalidateQueries({ queryKey: listKey })),
    onError: (error) => showApiError(error),
  });
  if (list.isError) return <Alert type="error" showIcon message={String(list.error)} />;
  if (!list.data) return <Spin />;
  const editable = list.data.enabled && can(user, 'channelSort.update');
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row!);
    setRows(next);
  };
  const changed = rows.some((row, index) => row.key !== list.data.items[index]?.key);
  return (
    <Card
      title={m('sortTitle')}
      data-testid="channel-sorting"
      extra={
        <Button type="primary" disabled={!editable || !changed} loading={save.isPending} onClick={() => save.mutate()} data-testid="channel-sorting-save">
          {m('save')}
        </Button>
      }
    >
      {!list.data.enabled && <Alert type="warning" showIcon message={m('featureOff')} style={{ marginBottom: 12 }} />}
      <Alert type="info" showIcon message={rows.length ? m('dragHint') : m('empty')} style={{ marginBottom: 12 }} />
      <Table
        rowKey="key"
        size="small"
        dataSource={rows}
        pagination={false}
        onRow={(_, index) => ({
          draggable: editable,
          onDragStart: () => setDragged(index ?? null),
          onDragOver: (event: React.DragEvent) => event.preventDefault(),
          onDrop: () => (dragged !== null && index !== undefined && move(dragged, index), setDragged(null)),
          style: { cursor: editable ? 'grab' : undefined },
          'data-testid': `channel-sorting-row-${index}`,
        }) as never}
        columns={[
          { key: 'drag', width: 40, render: () => <HolderOutlined /> },
          { key: 'tv', title: m('tvNumber'), width: 110, render: (_, __, index) => <b>{index + 1}</b> },
          { key: 'name', title: m('name'), dataIndex: 'name' },
          { key: 'source', title: m('source'), render: (_, row) => <SourceTag row={row} /> },
          {
            key: 'move',
            width: 120,
            render: (_, __, index) => (
              <Space size={4}>
                <Button size="small" icon={<ArrowUpOutlined />} title={m('moveUp')} aria-label={m('moveUp')} disabled={!editable || index === 0} onClick={() => move(index, index - 1)} />
                <Button size="small" icon={<ArrowDownOutlined />} title={m('moveDown')} aria-label={m('moveDown')} disabled={!editable || index === rows.length - 1} onClick={() => move(index, index + 1)} />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
