import { STATE_REASON_MAX, type StateAction } from '@htv/shared';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../api/client';
import { toastSuccess } from '../api/notify';
import { useLang } from '../locales';

/** A state action that asks for its reason (a review's failure, a refusal) before it runs. */
export function ReasonAction({ action, onRun, onDone }: { action: StateAction; onRun: (reason: string) => Promise<unknown>; onDone: () => unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onRun(reason);
      toastSuccess(t('crud.actionDone'));
      setOpen(false);
      await onDone();
    } catch (error) {
      showApiError(error, form, ['reason']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {action.label[lang]}
      </Button>
      <Modal open={open} title={action.label[lang]} confirmLoading={busy} onOk={() => void submit()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label={action.reason!.label[lang]} rules={[{ required: true, whitespace: true, message: t('crud.reasonRequired') }]}>
            <Input.TextArea maxLength={STATE_REASON_MAX} showCount autoSize={{ minRows: 3 }} data-testid="state-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
