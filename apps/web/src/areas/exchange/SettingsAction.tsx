import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import type { ToolbarActionProps } from '../../crud/extensions';
import { useLang, useTexts } from '../../locales';
import { EXCHANGE_TEXTS } from './locales';

type Text = keyof (typeof EXCHANGE_TEXTS)['en-US'];
export interface SettingField {
  /** The key of `get|set_hotel_info_by_key`. */
  key: string;
  label: Text;
  help?: Text;
  kind: 'text' | 'int';
  min?: number;
  max?: number;
}

/**
 * A toolbar button opening the hotel settings of a screen (`get_hotel_info_by_key`,
 * `set_hotel_info_by_key`, one call a key; the server checks each value).
 */
export function settingsAction(fields: SettingField[]) {
  return function SettingsAction({ record }: ToolbarActionProps) {
    const m = useTexts(EXCHANGE_TEXTS);
    const lang = useLang();
    const [open, setOpen] = useState(false);
    const [form] = Form.useForm<Record<string, unknown>>();
    const values = useQuery({
      queryKey: ['hotel-settings', ...fields.map((f) => f.key)],
      enabled: open,
      queryFn: async () => Object.fromEntries(await Promise.all(fields.map(async (f) => [f.key, (await api.get<{ value: unknown }>('/web/get_hotel_info_by_key', { key: f.key })).value]))),
    });
    const save = useMutation({
      mutationFn: async (input: Record<string, unknown>) => {
        for (const f of fields) await api.post('/web/set_hotel_info_by_key', { key: f.key, value: input[f.key] });
      },
      onSuccess: () => {
        toastSuccess(m('saved'));
        void values.refetch();
        setOpen(false);
      },
      onError: (error) => showApiError(error, form, []),
    });
    return (
      <>
        <Button onClick={() => setOpen(true)} data-testid="hotel-settings-open">
          {m('settings')}
        </Button>
        {open && values.data && (
          <Modal open title={m('settingsTitle', { title: record.label[lang] })} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
            <Form form={form} layout="vertical" initialValues={values.data} onFinish={(input) => save.mutate(input)}>
              {fields.map((f) => (
                <Form.Item key={f.key} name={f.key} label={m(f.label)} extra={f.help && m(f.help)} rules={[{ required: true }]}>
                  {f.kind === 'int' ? <InputNumber min={f.min} max={f.max} style={{ width: 200 }} /> : <Input style={{ width: 200 }} maxLength={3} />}
                </Form.Item>
              ))}
            </Form>
          </Modal>
        )}
      </>
    );
  };
}
