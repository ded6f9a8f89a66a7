import { ROBOT_FIELDS, type RobotDelivery, type RobotInput, type RobotView } from '@htv/shared/areas/robot/robot';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Progress, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { QueryStatus } from '../../crud/QueryStatus';
import { schemaRule } from '../../crud/rules';
import { useLang, useTexts } from '../../locales';
import { ROBOT_TEXTS } from './locales';

const KEY = ['robot', 'gateway'];
const TASKS = ['robot', 'tasks'];
/** The deliveries follow the robot: read again every few seconds while the page is open. */
const LIVE_MS = 3_000;

/** /robot: the hotel's robot service and its deliveries (docs/robot.md). */
export default function RobotPage() {
  const m = useTexts(ROBOT_TEXTS);
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [form] = Form.useForm<RobotInput>();
  const gateway = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<RobotView>('/robot/gateway', undefined, signal) });
  const save = useMutation({
    mutationFn: (values: RobotInput) => api.put<RobotView>('/robot/gateway', { ...values, secret: values.secret || null }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      form.setFieldValue('secret', '');
      toastSuccess(m('saved'));
    },
    onError: (error) => showApiError(error, form, ['url', 'secret', 'enabled']),
  });
  const editable = can(user, 'robot.update');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={m('service')} data-testid="robot-gateway">
        <QueryStatus query={gateway}>
          {gateway.data && (
            <Form form={form} layout="vertical" style={{ maxWidth: 560 }} disabled={!editable} initialValues={{ url: gateway.data.url ?? '', enabled: gateway.data.enabled, secret: '' }} onFinish={(values) => save.mutate(values)}>
              <Form.Item name="url" label={ROBOT_FIELDS.url.label[lang]} rules={[schemaRule(ROBOT_FIELDS.url, lang)]}>
                <Input />
              </Form.Item>
              <Form.Item name="secret" label={ROBOT_FIELDS.secret.label[lang]} extra={gateway.data.hasSecret ? m('secretKept') : undefined}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="enabled" label={ROBOT_FIELDS.enabled.label[lang]} valuePropName="checked">
                <Switch />
              </Form.Item>
              {editable && (
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {m('save')}
                </Button>
              )}
            </Form>
          )}
        </QueryStatus>
      </Card>
      {gateway.data && (gateway.data.enabled ? <Deliveries canSend={can(user, 'robot.send')} /> : <Alert type="info" showIcon message={m('disabled')} />)}
    </Space>
  );
}

function Deliveries({ canSend }: { canSend: boolean }) {
  const m = useTexts(ROBOT_TEXTS);
  const client = useQueryClient();
  const [callId, setCallId] = useState<number | null>(null);
  const tasks = useQuery({ queryKey: TASKS, refetchInterval: LIVE_MS, queryFn: ({ signal }) => api.get<{ items: RobotDelivery[] }>('/robot/tasks', undefined, signal) });
  const calls = useQuery({
    queryKey: ['robot', 'open-calls'],
    enabled: canSend,
    queryFn: ({ signal }) => api.get<{ items: { id: number; roomNumber: string | null; content: string; status: string }[] }>('/records/ai-service-calls', { pagesize: 50 }, signal),
  });
  const send = useMutation({
    mutationFn: (id: number) => api.post<RobotDelivery>('/robot/tasks', { callId: id }),
    onSuccess: () => {
      setCallId(null);
      void client.invalidateQueries({ queryKey: TASKS });
    },
    onError: (error) => showApiError(error),
  });
  const open = (calls.data?.items ?? []).filter((call) => call.status === 'pending' || call.status === 'processing');
  return (
    <Card
      title={m('deliveries')}
      data-testid="robot-deliveries"
      extra={
        canSend && (
          <Space>
            <Select style={{ width: 320 }} placeholder={m('chooseCall')} value={callId ?? undefined} onChange={setCallId} options={open.map((call) => ({ value: call.id, label: `${call.roomNumber ?? ''} · ${call.content}` }))} />
            <Button type="primary" disabled={!callId} loading={send.isPending} onClick={() => callId && send.mutate(callId)}>
              {m('send')}
            </Button>
          </Space>
        )
      }
    >
      <Table<RobotDelivery>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={tasks.data?.items ?? []}
        loading={tasks.isLoading}
        columns={[
          { title: m('room'), dataIndex: 'roomNumber' },
          { title: m('content'), dataIndex: 'content' },
          { title: m('state'), dataIndex: 'state', render: (state: RobotDelivery['state']) => <Tag color={state === 'done' ? 'green' : state === 'failed' ? 'red' : 'processing'}>{m(state)}</Tag> },
          { title: m('progress'), dataIndex: 'progress', render: (progress: number, row) => <Progress percent={progress} size="small" status={row.state === 'failed' ? 'exception' : undefined} style={{ width: 160 }} /> },
          { title: m('updatedAt'), dataIndex: 'updatedAt', render: (at: string) => new Date(at).toLocaleString() },
        ]}
      />
    </Card>
  );
}
