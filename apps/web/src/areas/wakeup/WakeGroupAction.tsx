import { wakeUpTimingFields } from '@htv/shared/areas/wakeup/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import type { RowActionProps } from '../../crud/extensions';
import { schemaRule } from '../../crud/rules';
import { useLang, useTexts } from '../../locales';
import { WAKEUP_TEXTS } from './locales';

const FIELDS = wakeUpTimingFields();
type Values = { date: Dayjs; time: string; repeat: 'once' | 'daily'; days?: number; wordsZh?: string; wordsEn?: string };

/** A group's row action: one wake-up (date, time, repeat, words) set for every room of the group. */
export function WakeGroupAction({ row }: RowActionProps) {
  const m = useTexts(WAKEUP_TEXTS);
  const lang = useLang();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const wake = useMutation({
    mutationFn: (values: Values) => api.post<{ created: number }>(`/wakeup/groups/${row.id}/wake`, { ...values, date: values.date.format('YYYY-MM-DD') }),
    onSuccess: (data) => {
      toastSuccess(m('woken', { count: data.created }));
      void client.invalidateQueries();
      setOpen(false);
    },
    onError: (error) => showApiError(error, form, ['date', 'time', 'repeat', 'days', 'wordsZh', 'wordsEn']),
  });
  const item = (name: keyof typeof FIELDS) => ({ name, label: FIELDS[name].label[lang], extra: FIELDS[name].help?.[lang], rules: name === 'date' ? [{ required: true }] : [schemaRule(FIELDS[name], lang)] });
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="wakeup-group-wake">
        {m('wake')}
      </Button>
      {open && (
        <Modal open title={m('wakeTitle', { name: String(row.name) })} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={wake.isPending} destroyOnHidden>
          <Form form={form} layout="vertical" initialValues={{ time: '07:00', repeat: 'once', days: 1 }} onFinish={(values) => wake.mutate(values)}>
            <Form.Item {...item('date')}>
              <DatePicker />
            </Form.Item>
            <Form.Item {...item('time')}>
              <Input placeholder="07:00" />
            </Form.Item>
            <Form.Item {...item('repeat')}>
              <Select options={Object.entries(FIELDS.repeat.options!).map(([value, text]) => ({ value, label: text[lang] }))} />
            </Form.Item>
            <Form.Item {...item('days')}>
              <InputNumber min={1} />
            </Form.Item>
            <Form.Item {...item('wordsZh')}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item {...item('wordsEn')}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
