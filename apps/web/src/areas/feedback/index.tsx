import { Button, Form, Image, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import type { RowActionProps } from '../../crud/extensions';
import type { Row } from '../../crud/api';
import { extendRecord } from '../../crud/extensions';
import { useTexts } from '../../locales';
import { FEEDBACK_TEXTS } from './locales';

/** The platform's feedback list (/fb/list): handle or ignore a feedback with a note (docs/feedback.md). */
function closeAction(action: 'handle' | 'ignore') {
  return function CloseAction({ row }: RowActionProps) {
    const m = useTexts(FEEDBACK_TEXTS);
    const queryClient = useQueryClient();
    const [open, setOpen] = useState(false);
    const [saving, setSaving] = useState(false);
    const [form] = Form.useForm<{ note: string }>();
    const save = async ({ note }: { note: string }) => {
      setSaving(true);
      try {
        await api.post(`/feedback/${row.id}/${action}`, { note });
        toastSuccess(m('done'));
        setOpen(false);
        await queryClient.invalidateQueries();
      } catch (error) {
        showApiError(error, form, ['note']);
      } finally {
        setSaving(false);
      }
    };
    const images = (row.images as string[] | undefined) ?? [];
    return (
      <>
        <Button type="link" size="small" onClick={() => setOpen(true)} data-testid={`feedback-${action}`}>
          {m(action)}
        </Button>
        {open && (
          <Modal open title={m(action === 'handle' ? 'handleTitle' : 'ignoreTitle')} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={saving} okButtonProps={{ 'data-testid': 'feedback-note-ok' } as Record<`data-${string}`, string>}>
            <Typography.Paragraph>{String(row.description)}</Typography.Paragraph>
            {row.suggestion ? <Typography.Paragraph type="secondary">{String(row.suggestion)}</Typography.Paragraph> : null}
            {images.length > 0 && (
              <Space style={{ marginBottom: 16 }}>
                {images.map((id) => (
                  <Image key={id} src={`/api/files/${id}`} width={96} />
                ))}
              </Space>
            )}
            <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
              <Form.Item name="note" label={m('note')} rules={[{ required: true, whitespace: true, message: m('noteRequired') }]}>
                <Input.TextArea rows={3} maxLength={200} showCount data-testid="feedback-note" />
              </Form.Item>
            </Form>
          </Modal>
        )}
      </>
    );
  };
}

const open = (row: Row) => row.status === 'submitted' || row.status === 'handling';

extendRecord('feedback', {
  rowActions: [
    { key: 'handle', visible: (s) => can(s.loginInfo, 'feedback.handle'), when: open, Component: closeAction('handle') },
    { key: 'ignore', visible: (s) => can(s.loginInfo, 'feedback.handle'), when: open, Component: closeAction('ignore') },
  ],
});
