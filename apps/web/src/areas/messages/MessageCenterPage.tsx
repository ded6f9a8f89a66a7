import { DeleteOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Empty, Modal, Space, Spin, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { formatDatetime } from '../../crud/columns';
import { messageApi, messageKeys, useMessageChange, useUnreadCount, type MessageCall, type MessageItem } from './api';

type ListKey = 'unread' | 'readed' | 'trash';

/** The content dialog: loads the message (`message/content`); opening an unread one marks it read. */
function MessageDialog({ item, onClose }: { item: MessageItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: messageKeys.content(item?.msg_id ?? 0),
    queryFn: ({ signal }) => messageApi.content(item!.msg_id, signal),
    enabled: !!item,
    staleTime: 0,
    meta: { silent: true },
  });
  const shown = detail.data ?? item;
  return (
    <Modal
      open={!!item}
      title={t('messages.detailTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      destroyOnHidden
      data-testid="message-dialog"
    >
      {detail.isError ? (
        <Typography.Text type="danger">{failureText(detail.error)}</Typography.Text>
      ) : !shown ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15 }} data-testid="message-content">
            {shown.content}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'time', label: t('messages.time'), children: formatDatetime(shown.create_time) },
              ...(shown.read_time ? [{ key: 'read', label: t('messages.readTime'), children: formatDatetime(shown.read_time) }] : []),
            ]}
          />
        </>
      )}
    </Modal>
  );
}

/**
 * The message center (spec §4, §7): unread, read and trash lists from `message/init`; read →
 * `has_read`, delete → `remove_readed` (to the trash), restore from the trash; the content in a
 * dialog; every change updates the unread badge from the count it answers.
 */
export default function MessageCenterPage() {
  const { t } = useTranslation();
  const unreadCount = useUnreadCount();
  const change = useMessageChange();
  const [tab, setTab] = useState<ListKey>('unread');
  const [open, setOpen] = useState<MessageItem | null>(null);
  const [busy, setBusy] = useState(false);
  const lists = useQuery({ queryKey: messageKeys.lists, queryFn: ({ signal }) => messageApi.lists(signal), staleTime: 0 });

  const run = async (call: MessageCall, ids: number | number[]) => {
    setBusy(true);
    try {
      await change(call, ids);
      toastSuccess(t('messages.done'));
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const view = (item: MessageItem) => {
    setOpen(item);
    if (item.state === 'unread') void change('has_read', item.msg_id).catch(showApiError);
  };

  const columns = (list: ListKey): ColumnsType<MessageItem> => [
    {
      key: 'content',
      title: t('messages.content'),
      dataIndex: 'content',
      ellipsis: { showTitle: true },
      render: (content: string, item) => (
        <Typography.Link onClick={() => view(item)} strong={item.state === 'unread'} data-testid="message-open">
          {content}
        </Typography.Link>
      ),
    },
    { key: 'time', title: t('messages.time'), dataIndex: 'create_time', width: 180, render: (value: string) => formatDatetime(value) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 220,
      render: (_: unknown, item) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => view(item)}>
            {t('messages.view')}
          </Button>
          {list === 'unread' && (
            <Button type="link" size="small" onClick={() => void run('has_read', item.msg_id)} data-testid="message-mark-read">
              {t('messages.markRead')}
            </Button>
          )}
          {list === 'readed' && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void run('remove_readed', item.msg_id)} data-testid="message-remove">
              {t('messages.remove')}
            </Button>
          )}
          {list === 'trash' && (
            <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void run('restore', item.msg_id)} data-testid="message-restore">
              {t('messages.restore')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const table = (list: ListKey) => {
    const items = lists.data?.[list] ?? [];
    return (
      <div data-testid={`message-list-${list}`}>
        {list === 'unread' && items.length > 0 && (
          <div style={{ marginBottom: 12, textAlign: 'right' }}>
            <Button onClick={() => void run('has_read', items.map((i) => i.msg_id))} loading={busy} data-testid="message-mark-all-read">
              {t('messages.markAllRead')}
            </Button>
          </div>
        )}
        {list === 'readed' && items.length > 0 && (
          <div style={{ marginBottom: 12, textAlign: 'right' }}>
            <Button danger onClick={() => void run('remove_readed', items.map((i) => i.msg_id))} loading={busy}>
              {t('messages.removeAll')}
            </Button>
          </div>
        )}
        <Table<MessageItem>
          rowKey="msg_id"
          size="middle"
          columns={columns(list)}
          dataSource={items}
          loading={lists.isFetching || busy}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} /> }}
        />
      </div>
    );
  };

  return (
    <Card title={t('messages.title')} data-testid="message-center">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ListKey)}
        items={[
          {
            key: 'unread',
            label: (
              <Space size={6}>
                {t('messages.unread')}
                <Badge count={unreadCount} size="small" showZero={false} />
              </Space>
            ),
            children: table('unread'),
          },
          { key: 'readed', label: t('messages.read'), children: table('readed') },
          { key: 'trash', label: t('messages.trash'), children: table('trash') },
        ]}
      />
      <MessageDialog item={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
