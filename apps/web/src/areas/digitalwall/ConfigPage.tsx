import { DIGITAL_WALL_CONFIG_FIELDS, type DigitalWallConfig } from '@htv/shared/areas/digitalwall/records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Switch } from 'antd';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { QueryStatus } from '../../crud/QueryStatus';
import { schemaRule } from '../../crud/rules';
import { useLang, useTexts } from '../../locales';
import { DIGITAL_WALL_TEXTS } from './locales';

type Name = keyof typeof DIGITAL_WALL_CONFIG_FIELDS;
const NAMES = Object.keys(DIGITAL_WALL_CONFIG_FIELDS) as Name[];
const KEY = ['digitalWall', 'config'];

/** /digital_wall/config: the hotel's wall settings (`GET|PUT /api/digital-wall/config`). */
export default function ConfigPage() {
  const m = useTexts(DIGITAL_WALL_TEXTS);
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [form] = Form.useForm<DigitalWallConfig>();
  const config = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<DigitalWallConfig>('/digital-wall/config', undefined, signal) });
  const save = useMutation({
    mutationFn: (values: DigitalWallConfig) => api.put<DigitalWallConfig>('/digital-wall/config', { ...values, macs: values.macs || null }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      form.setFieldsValue(data);
      toastSuccess(m('saved'));
    },
    onError: (error) => showApiError(error, form, NAMES),
  });
  const editable = can(user, 'digitalWall.update');
  return (
    <Card data-testid="digital-wall-config">
      <Alert type="info" showIcon message={m('hint')} style={{ marginBottom: 16, maxWidth: 560 }} />
      <QueryStatus query={config}>
        {config.data && (
          <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={config.data} disabled={!editable} onFinish={(values) => save.mutate(values)}>
            {NAMES.map((name) => {
              const field = DIGITAL_WALL_CONFIG_FIELDS[name];
              return field.kind === 'bool' ? (
                <Form.Item key={name} name={name} label={field.label[lang]} extra={field.help?.[lang]} valuePropName="checked">
                  <Switch data-testid={`digital-wall-${name}`} />
                </Form.Item>
              ) : (
                <Form.Item key={name} name={name} label={field.label[lang]} extra={field.help?.[lang]} rules={[schemaRule(field, lang)]}>
                  <Input.TextArea rows={3} data-testid={`digital-wall-${name}`} />
                </Form.Item>
              );
            })}
            {editable && (
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="digital-wall-config-save">
                {m('save')}
              </Button>
            )}
          </Form>
        )}
      </QueryStatus>
    </Card>
  );
}
