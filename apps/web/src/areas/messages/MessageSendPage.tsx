import { SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { formatDatetime } from '../../crud/columns';
import { PagedTable } from '../../crud/PagedTable';
import { RefMultiSelect } from '../../crud/RefSelect';
import { messageApi, messageKeys, type SentMessage } from './api';
import { records } from '@htv/shared';
import { canUseRecord } from '../../auth/access';
import { useSession } from '../../auth/session';

/** Message max 1000 characters (spec §9). */
const MESSAGE_MAX = 1000;

interface SendValues {
  content: string;
  user_types: number[];
  brand_ids: number[];
  hotel_ids: number[];
}

/**
 * The platform's "send message" screen (`POST /api/admin/message/send`): content, recipient types and
 * optional brands / hotels; below it the messages sent with their read counts.
 */
export default function MessageSendPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SendValues>();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ page: 1, pagesize: 10 });
  const user = useSession();
  // The target selects list brands and hotels; they need the right to read them.
  const pickBrands = canUseRecord(user, records.brand, 'read');
  const pickHotels = canUseRecord(user, records.hotel, 'read');

  const sent = useQuery({
    queryKey: messageKeys.sent(page.page, page.pagesize),
    queryFn: ({ signal }) => messageApi.sent(page.page, page.pagesize, signal),
    placeholderData: keepPreviousData,
  });

  const send = useMutation({
    mutationFn: (values: SendValues) =>
      messageApi.send({
        content: values.content.trim(),
        user_types: values.user_types,
        ...(values.brand_ids?.length ? { brand_ids: values.brand_ids } : {}),
        ...(values.hotel_ids?.length ? { hotel_ids: values.hotel_ids } : {}),
      }),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error, form, ['content', 'user_types', 'brand_ids', 'hotel_ids']),
    onSuccess: async (data) => {
      toastSuccess(t('messages.sent', { count: data.recipients }));
      form.resetFields();
      setPage((p) => ({ ...p, page: 1 }));
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });

  const typeOptions = [
    { value: 2, label: t('userType.2') },
    { value: 3, label: t('userType.3') },
  ];

  const target = (item: SentMessage) => {
    const parts: string[] = [];
    const types = item.target.user_types ?? [];
    if (types.length) parts.push(types.map((type) => t(`userType.${type}` as 'userType.2')).join(' / '));
    if (item.target.brand_ids?.length) parts.push(t('messages.targetBrands', { count: item.target.brand_ids.length }));
    if (item.target.hotel_ids?.length) parts.push(t('messages.targetHotels', { count: item.target.hotel_ids.length }));
    if (!item.target.brand_ids?.length && !item.target.hotel_ids?.length) parts.push(t('messages.targetAll'));
    return parts.join(' · ');
  };

  const columns: ColumnsType<SentMessage> = [
    { key: 'content', title: t('messages.content'), dataIndex: 'content', ellipsis: { showTitle: true } },
    { key: 'target', title: t('messages.target'), render: (_: unknown, item) => target(item), width: 260 },
    { key: 'sender', title: t('messages.sender'), dataIndex: 'sender_name', width: 140 },
    { key: 'recipients', title: t('messages.recipients'), dataIndex: 'recipients', width: 110 },
    { key: 'read', title: t('messages.readCount'), dataIndex: 'read', width: 110 },
    { key: 'time', title: t('messages.time'), dataIndex: 'create_time', width: 180, render: (value: string) => formatDatetime(value) },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('messages.sendTitle')}>
        <Form<SendValues>
          form={form}
          layout="vertical"
          initialValues={{ user_types: [2, 3], brand_ids: [], hotel_ids: [] }}
          onFinish={(values) => send.mutate(values)}
          data-testid="message-send-form"
          style={{ maxWidth: 720 }}
        >
          <Form.Item
            name="content"
            label={t('messages.content')}
            rules={[
              { required: true, whitespace: true, message: t('messages.sendContentPlaceholder') },
              { max: MESSAGE_MAX, message: t('messages.sendContentPlaceholder') },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} maxLength={MESSAGE_MAX} showCount placeholder={t('messages.sendContentPlaceholder')} />
          </Form.Item>
          <Form.Item name="user_types" label={t('messages.recipientTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('crud.selectPlaceholder') }]}>
            <Checkbox.Group options={typeOptions} />
          </Form.Item>
          {pickBrands && (
            <Form.Item name="brand_ids" label={t('messages.brands')} extra={pickHotels ? undefined : t('messages.targetHint')}>
              <RefMultiSelect refName="brand" />
            </Form.Item>
          )}
          {pickHotels && (
            <Form.Item name="hotel_ids" label={t('messages.hotels')} extra={t('messages.targetHint')}>
              <RefMultiSelect refName="hotel" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending} data-testid="message-send-submit">
            {t('messages.send')}
          </Button>
        </Form>
      </Card>
      <Card title={t('messages.sentList')}>
        <PagedTable<SentMessage>
          rowKey="msg_id"
          columns={columns}
          data={sent.data}
          loading={sent.isFetching}
          page={page.page}
          pagesize={page.pagesize}
          onPage={(next, pagesize) => setPage({ page: next, pagesize })}
        />
      </Card>
    </Space>
  );
}
