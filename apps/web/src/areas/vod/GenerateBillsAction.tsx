import { formatMinor } from '@htv/shared/areas/shop/device';
import type { VodBillGenerateAnswer } from '@htv/shared/areas/vod/bills';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { recordKeys } from '../../crud/api';
import { useTexts } from '../../locales';
import { VOD_TEXTS } from './locales';

/**
 * The split-bill list's "Generate split bills" (platform): computes a month's or a quarter's bills
 * from its orders (`POST /api/admin/vod/bills/generate`; the server checks the period).
 */
export function GenerateBillsAction() {
  const m = useTexts(VOD_TEXTS);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ period: string }>();
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: (body: { period: string }) => api.post<VodBillGenerateAnswer>('/admin/vod/bills/generate', body),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error, form, ['period']),
    onSuccess: async (answer) => {
      toastSuccess(m('generated', { created: answer.created, updated: answer.updated, kept: answer.kept, orders: answer.orders, total: formatMinor(answer.totalMinor) }));
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
      setOpen(false);
    },
  });
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="vod-bills-generate">
        {m('generate')}
      </Button>
      {open && (
        <Modal open title={m('generateTitle')} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={generate.isPending} destroyOnHidden okButtonProps={{ 'data-testid': 'vod-bills-generate-ok' } as never}>
          <Typography.Paragraph type="secondary">{m('generateHint')}</Typography.Paragraph>
          <Form form={form} layout="vertical" initialValues={{ period: dayjs().subtract(1, 'month').format('YYYY-MM') }} onFinish={(values) => generate.mutate({ period: values.period.trim() })}>
            <Form.Item name="period" label={m('period')} extra={m('periodHelp')} rules={[{ required: true, message: m('periodHelp') }]}>
              <Input maxLength={7} style={{ width: 200 }} data-testid="vod-bills-period" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
