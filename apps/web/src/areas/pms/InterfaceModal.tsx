import { ApiOutlined } from '@ant-design/icons';
import { PMS_INTERFACE_FIELDS, type PmsInterfaceView } from '@htv/shared/areas/pms/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Form, Input, InputNumber, Modal, Popconfirm, Switch, Typography } from 'antd';
import { useState } from 'react';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { QueryStatus } from '../../crud/QueryStatus';
import type { RowActionProps, ToolbarActionProps } from '../../crud/extensions';
import { schemaRule } from '../../crud/rules';
import { useLang, useTexts } from '../../locales';
import { pmsApi, pmsKeys } from './api';
import { PMS_TEXTS } from './locales';

type FiasValues = Pick<PmsInterfaceView, 'fiasEnabled' | 'fiasPort' | 'fiasAllowed'>;

function FiasForm({ hotelId, view }: { hotelId?: number; view: PmsInterfaceView }) {
  const m = useTexts(PMS_TEXTS);
  const lang = useLang();
  const client = useQueryClient();
  const [form] = Form.useForm<FiasValues>();
  const save = useMutation({
    mutationFn: (values: FiasValues) => pmsApi.update({ ...values, fiasPort: values.fiasPort ?? null, fiasAllowed: values.fiasAllowed ?? null, ...(hotelId ? { hotel_id: hotelId } : {}) }),
    onSuccess: (data) => {
      client.setQueryData(pmsKeys.view(hotelId), data);
      toastSuccess(m('saved'));
    },
    onError: (error) => showApiError(error, form, ['fiasEnabled', 'fiasPort', 'fiasAllowed']),
  });
  const item = (name: keyof typeof PMS_INTERFACE_FIELDS) => ({ name, label: PMS_INTERFACE_FIELDS[name].label[lang], extra: PMS_INTERFACE_FIELDS[name].help?.[lang], rules: [schemaRule(PMS_INTERFACE_FIELDS[name], lang)] });
  return (
    <Form form={form} layout="vertical" initialValues={{ fiasEnabled: view.fiasEnabled, fiasPort: view.fiasPort, fiasAllowed: view.fiasAllowed }} onFinish={(values) => save.mutate(values)}>
      <Form.Item {...item('fiasEnabled')} valuePropName="checked">
        <Switch data-testid="pms-fias-enabled" />
      </Form.Item>
      <Form.Item {...item('fiasPort')}>
        <InputNumber style={{ width: 160 }} data-testid="pms-fias-port" />
      </Form.Item>
      <Form.Item {...item('fiasAllowed')}>
        <Input.TextArea rows={2} data-testid="pms-fias-allowed" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="pms-fias-save">
        {m('save')}
      </Button>
    </Form>
  );
}

/** A hotel's PMS interface: protocol, endpoint, the signing secret and its rotation, the FIAS link. */
function InterfaceModal({ hotelId, onClose }: { hotelId?: number; onClose: () => void }) {
  const m = useTexts(PMS_TEXTS);
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  const view = useQuery({ queryKey: pmsKeys.view(hotelId), queryFn: ({ signal }) => pmsApi.view(hotelId, signal) });
  const rotate = useMutation({
    mutationFn: () => pmsApi.rotate(hotelId),
    onSuccess: (data) => {
      client.setQueryData(pmsKeys.view(hotelId), data);
      setShown(true);
      toastSuccess(m('rotated'));
    },
    onError: (error) => showApiError(error),
  });
  const data = view.data;
  const protocol = data?.protocol === 'http' ? m('protocolHttp') : data?.protocol === 'fias' ? m('protocolFias') : m('protocolNone');
  return (
    <Modal open title={m('interfaceTitle')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <QueryStatus query={view}>
        {data && (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={m('protocol')}>
                <span data-testid="pms-protocol">{protocol}</span>
              </Descriptions.Item>
              <Descriptions.Item label={m('endpoint')}>
                <Typography.Text copyable data-testid="pms-endpoint">{`${window.location.origin}${data.endpoint}`}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={m('secret')}>
                {shown ? (
                  <Typography.Text copyable code data-testid="pms-secret">
                    {data.secret}
                  </Typography.Text>
                ) : (
                  <Button size="small" onClick={() => setShown(true)} data-testid="pms-secret-show">
                    {m('showSecret')}
                  </Button>
                )}
              </Descriptions.Item>
            </Descriptions>
            <Alert style={{ marginTop: 12 }} type="info" showIcon title={m('secretHint')} />
            <div style={{ marginTop: 12, textAlign: 'right' }}>
              <Popconfirm title={m('rotateConfirm')} onConfirm={() => rotate.mutateAsync().catch(() => undefined)} okButtonProps={{ danger: true }}>
                <Button danger loading={rotate.isPending} data-testid="pms-secret-rotate">
                  {m('rotate')}
                </Button>
              </Popconfirm>
            </div>
            <Divider titlePlacement="start">{m('fias')}</Divider>
            <FiasForm hotelId={hotelId} view={data} />
          </>
        )}
      </QueryStatus>
    </Modal>
  );
}

/** The PMS log's toolbar button (a hotel user's own hotel). */
export function InterfaceToolbarAction(_: ToolbarActionProps) {
  const m = useTexts(PMS_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ApiOutlined />} onClick={() => setOpen(true)} data-testid="pms-interface-open">
        {m('interface')}
      </Button>
      {open && <InterfaceModal onClose={() => setOpen(false)} />}
    </>
  );
}

/** The hotel list's row action (platform and brand users). */
export function InterfaceRowAction({ row }: RowActionProps) {
  const m = useTexts(PMS_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="pms-interface-open">
        {m('interface')}
      </Button>
      {open && <InterfaceModal hotelId={row.id} onClose={() => setOpen(false)} />}
    </>
  );
}
