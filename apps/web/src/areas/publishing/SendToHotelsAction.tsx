import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { api, showApiError } from '../../api/client';
import { recordKeys } from '../../crud/api';
import type { RowActionProps } from '../../crud/extensions';
import { RefMultiSelect } from '../../crud/RefSelect';
import { useTexts } from '../../locales';
import { PUBLISHING_TEXTS } from './locales';

/**
 * A brand's (or the platform's) row action on a publishable item: send it to other hotels, one copy
 * each for all of its rooms, published as the item is (docs/publishing.md, "Brand targets").
 */
export function SendToHotelsAction({ record, row }: RowActionProps) {
  const m = useTexts(PUBLISHING_TEXTS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ hotelIds: number[] }>();
  const send = useMutation({
    mutationFn: (hotelIds: number[]) => api.post<{ copies: { id: number; hotelId: number }[] }>(`/publishing/${record.path}/${row.id}/send-to-hotels`, { hotelIds }),
    onSuccess: (result) => {
      message.success(m('sentToHotels', { count: result.copies.length }));
      void queryClient.invalidateQueries({ queryKey: recordKeys.record(record.path) });
      setOpen(false);
      form.resetFields();
    },
    onError: (error) => showApiError(error, form, ['hotelIds']),
  });
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="send-to-hotels-open">
        {m('sendToHotels')}
      </Button>
      <Modal
        open={open}
        title={m('sendToHotelsTitle')}
        okText={m('send')}
        confirmLoading={send.isPending}
        onOk={() => void form.validateFields().then((values) => send.mutate(values.hotelIds))}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{m('sendToHotelsHelp')}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="hotelIds" label={m('hotels')} rules={[{ required: true, message: m('hotelsRequired') }]}>
            <RefMultiSelect refName="hotel" data-testid="send-to-hotels-select" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
