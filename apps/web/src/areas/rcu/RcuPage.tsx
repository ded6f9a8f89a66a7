import { AIRCON_MODES, SETPOINT_MAX, SETPOINT_MIN, type RcuDevice } from '@htv/shared/areas/rcu/adapter';
import type { RcuRoomState } from '@htv/shared/areas/rcu/device';
import { RCU_GATEWAY_FIELDS, RCU_VENDORS, type RcuGatewayInput, type RcuGatewayView } from '@htv/shared/areas/rcu/gateway';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { api, failureText, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { QueryStatus } from '../../crud/QueryStatus';
import { schemaRule } from '../../crud/rules';
import { useLang, useTexts } from '../../locales';
import { RCU_TEXTS } from './locales';

const KEY = ['rcu', 'gateway'];
const NAMES = ['vendor', 'url', 'secret', 'enabled'] as const;

/**
 * /rcu: the hotel's room-control gateway (vendor, address, access key kept secret, enabled) and its
 * rooms' devices read live from the gateway, switched and set from here (docs/rcu.md).
 */
export default function RcuPage() {
  const m = useTexts(RCU_TEXTS);
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const editable = can(user, 'rcu.update');
  const [form] = Form.useForm<RcuGatewayInput>();
  const gateway = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<RcuGatewayView>('/rcu/gateway', undefined, signal) });
  const save = useMutation({
    mutationFn: (values: RcuGatewayInput) => api.put<RcuGatewayView>('/rcu/gateway', { ...values, secret: values.secret || null }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      form.setFieldValue('secret', '');
      void client.invalidateQueries({ queryKey: ['rcu', 'devices'] });
      toastSuccess(m('saved'));
    },
    onError: (error) => showApiError(error, form, NAMES),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={m('gateway')} data-testid="rcu-gateway">
        <QueryStatus query={gateway}>
          {gateway.data && (
            <Form
              form={form}
              layout="vertical"
              style={{ maxWidth: 560 }}
              disabled={!editable}
              initialValues={{ vendor: gateway.data.vendor, url: gateway.data.url ?? '', enabled: gateway.data.enabled, secret: '' }}
              onFinish={(values) => save.mutate(values)}
            >
              <Form.Item name="vendor" label={RCU_GATEWAY_FIELDS.vendor.label[lang]} rules={[{ required: true }]}>
                <Select options={Object.entries(RCU_VENDORS).map(([value, label]) => ({ value, label: label[lang] }))} />
              </Form.Item>
              <Form.Item name="url" label={RCU_GATEWAY_FIELDS.url.label[lang]} extra={RCU_GATEWAY_FIELDS.url.help?.[lang]} rules={[schemaRule(RCU_GATEWAY_FIELDS.url, lang)]}>
                <Input data-testid="rcu-url" />
              </Form.Item>
              <Form.Item name="secret" label={RCU_GATEWAY_FIELDS.secret.label[lang]} extra={gateway.data.hasSecret ? m('secretKept') : undefined}>
                <Input.Password autoComplete="new-password" data-testid="rcu-secret" />
              </Form.Item>
              <Form.Item name="enabled" label={RCU_GATEWAY_FIELDS.enabled.label[lang]} valuePropName="checked">
                <Switch data-testid="rcu-enabled" />
              </Form.Item>
              {editable && (
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="rcu-save">
                  {m('save')}
                </Button>
              )}
            </Form>
          )}
        </QueryStatus>
      </Card>
      {gateway.data && (gateway.data.enabled ? <RoomDevices editable={editable} /> : <Alert type="info" showIcon message={m('disabled')} />)}
    </Space>
  );
}

function RoomDevices({ editable }: { editable: boolean }) {
  const m = useTexts(RCU_TEXTS);
  const client = useQueryClient();
  const rooms = useQuery({ queryKey: ['rcu', 'rooms'], queryFn: ({ signal }) => api.get<{ rooms: string[] }>('/rcu/rooms', undefined, signal) });
  const [room, setRoom] = useState<string | null>(null);
  const chosen = room ?? rooms.data?.rooms[0] ?? null;
  const key = ['rcu', 'devices', chosen];
  const devices = useQuery({
    queryKey: key,
    enabled: !!chosen,
    retry: false,
    queryFn: ({ signal }) => api.get<RcuRoomState>(`/rcu/rooms/${encodeURIComponent(chosen!)}/devices`, undefined, signal),
  });
  const change = useMutation({
    mutationFn: ({ device, command }: { device: RcuDevice; command: Record<string, unknown> }) => api.post<RcuRoomState>(`/rcu/rooms/${encodeURIComponent(chosen!)}/devices/${encodeURIComponent(device.id)}`, command),
    onSuccess: (state) => client.setQueryData(key, state),
    onError: (error) => showApiError(error),
  });
  const stateText = (d: RcuDevice) => (d.type === 'curtain' ? (d.on ? m('open') : m('closed')) : d.on ? m('on') : m('off'));
  return (
    <Card
      title={m('rooms')}
      data-testid="rcu-rooms"
      extra={
        <Space>
          <Select
            showSearch
            style={{ width: 180 }}
            placeholder={m('chooseRoom')}
            value={chosen ?? undefined}
            onChange={setRoom}
            options={(rooms.data?.rooms ?? []).map((number) => ({ value: number, label: number }))}
            data-testid="rcu-room"
            notFoundContent={m('noRooms')}
          />
          <Button onClick={() => void devices.refetch()} disabled={!chosen} data-testid="rcu-refresh">
            {m('refresh')}
          </Button>
        </Space>
      }
    >
      {devices.isError && <Alert type="error" showIcon message={m('unreachable')} description={failureText(devices.error)} data-testid="rcu-unreachable" />}
      {devices.data && (
        <Table<RcuDevice>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={devices.data.devices}
          loading={devices.isFetching || change.isPending}
          columns={[
            { title: m('device'), dataIndex: 'type', render: (type: RcuDevice['type']) => m(type) },
            { title: m('name'), dataIndex: 'name' },
            { title: m('state'), key: 'state', render: (_, d) => <Tag color={d.on ? 'green' : 'default'} data-testid={`rcu-state-${d.id}`}>{stateText(d)}</Tag> },
            {
              title: m('settings'),
              key: 'settings',
              render: (_, d) => (
                <Space wrap>
                  <Button size="small" disabled={!editable} onClick={() => change.mutate({ device: d, command: { on: !d.on } })} data-testid={`rcu-toggle-${d.id}`}>
                    {d.on ? m('switchOff') : m('switchOn')}
                  </Button>
                  {d.type === 'aircon' && d.setpoint !== undefined && (
                    <InputNumber size="small" min={SETPOINT_MIN} max={SETPOINT_MAX} value={d.setpoint} disabled={!editable} addonAfter="°C" onChange={(value) => typeof value === 'number' && value >= SETPOINT_MIN && value <= SETPOINT_MAX && change.mutate({ device: d, command: { setpoint: value } })} />
                  )}
                  {d.type === 'aircon' && d.mode && (
                    <Select size="small" style={{ width: 110 }} value={d.mode} disabled={!editable} onChange={(mode) => change.mutate({ device: d, command: { mode } })} options={AIRCON_MODES.map((mode) => ({ value: mode, label: m(mode) }))} />
                  )}
                  {d.roomTemperature !== undefined && <span>{m('roomTemperature', { degrees: d.roomTemperature })}</span>}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
