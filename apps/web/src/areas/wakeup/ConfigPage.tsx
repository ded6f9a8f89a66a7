import { WAKE_UP_CONFIG_FIELDS, type WakeUpConfigInput, type WakeUpConfigView } from '@htv/shared/areas/wakeup/config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Typography } from 'antd';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { QueryStatus } from '../../crud/QueryStatus';
import { schemaRule } from '../../crud/rules';
import { useLang, useTexts } from '../../locales';
import { WAKEUP_TEXTS } from './locales';

type Name = keyof typeof WAKE_UP_CONFIG_FIELDS;
const NAMES = Object.keys(WAKE_UP_CONFIG_FIELDS) as Name[];
const KEY = ['wakeup', 'config'];

/** /wakeup/config: the hotel's wake-up settings (`/web/wake_up/config_info`, `/web/wake_up/config`). */
export default function ConfigPage() {
  const m = useTexts(WAKEUP_TEXTS);
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [form] = Form.useForm<WakeUpConfigInput>();
  const config = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<WakeUpConfigView>('/web/wake_up/config_info', undefined, signal) });
  const save = useMutation({
    mutationFn: (values: WakeUpConfigInput) => api.post<WakeUpConfigView>('/web/wake_up/config', { ...values, callbackUrl: values.callbackUrl || null }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      toastSuccess(m('saved'));
    },
    onError: (error) => showApiError(error, form, NAMES),
  });
  const editable = can(user, 'wakeupConfig.update');
  return (
    <Card data-testid="wakeup-config">
      <QueryStatus query={config}>
        {config.data && (
          <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={config.data} disabled={!editable} onFinish={(values) => save.mutate(values)}>
            {NAMES.map((name) => {
              const field = WAKE_UP_CONFIG_FIELDS[name];
              return (
                <Form.Item key={name} name={name} label={field.label[lang]} extra={field.help?.[lang]} rules={[schemaRule(field, lang)]}>
                  {field.kind === 'int' ? <InputNumber min={field.min} max={field.max} style={{ width: 200 }} /> : <Input />}
                </Form.Item>
              );
            })}
            <Form.Item label={m('secret')} extra={m('secretHint')}>
              <Typography.Text copyable code>
                {config.data.callbackSecret}
              </Typography.Text>
            </Form.Item>
            {editable && (
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="wakeup-config-save">
                {m('save')}
              </Button>
            )}
          </Form>
        )}
      </QueryStatus>
    </Card>
  );
}
