import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { records } from '@htv/shared';
import { TASK_ACTIONS, TASK_UNSUPPORTED, type TaskAction } from '@htv/shared/areas/tasks/records';
import type { TaskResult } from '@htv/shared/areas/tasks/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { canUseRecord } from '../../auth/access';
import { useSession } from '../../auth/session';
import { formatDatetime } from '../../crud/columns';
import { PagedTable } from '../../crud/PagedTable';
import { RefMultiSelect, RefSelect } from '../../crud/RefSelect';
import { useLang, useTexts } from '../../locales';
import { TASK_TEXTS } from './locales';

interface Result {
  id: number;
  mac: string;
  state: TaskResult;
  failureCode: string | null;
  reason: string | null;
  file: string | null;
  reportedAt: string | null;
}
interface Run {
  id: number;
  taskId: number;
  startedAt: string;
  itemName: string | null;
  action: TaskAction | null;
  parameter: string | null;
  results: Result[];
}
interface Values {
  itemId: number;
  macs?: string[];
  hotelIds?: number[];
  brandIds?: number[];
  tags?: string[];
  schedule: 'now' | 'once' | 'daily';
  runAt?: Dayjs;
  dailyAt?: string;
}

const COLORS: Record<TaskResult, string> = { pending: 'processing', success: 'success', failed: 'error', unsupported: 'warning' };
const FIELDS = ['itemId', 'macs', 'hotelIds', 'brandIds', 'tags', 'schedule', 'runAt', 'dailyAt'];

/** The form of a new task: an item, a target and when. */
function NewTask({ onClose }: { onClose: () => void }) {
  const m = useTexts(TASK_TEXTS);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const user = useSession();
  const schedule = Form.useWatch('schedule', form);
  const create = useMutation({
    mutationFn: (v: Values) =>
      api.post('/tasks', {
        itemId: v.itemId,
        macs: v.macs ?? [],
        hotelIds: v.hotelIds ?? [],
        brandIds: v.brandIds ?? [],
        tags: v.tags ?? [],
        schedule: v.schedule,
        ...(v.schedule === 'once' && v.runAt ? { runAt: v.runAt.toISOString() } : {}),
        ...(v.schedule === 'daily' ? { dailyAt: v.dailyAt } : {}),
      }),
    meta: { handlesErrors: true },
    onError: (error) => showApiError(error, form, FIELDS),
    onSuccess: async () => {
      toastSuccess(m('created'));
      await queryClient.invalidateQueries({ queryKey: ['taskRuns'] });
      onClose();
    },
  });
  return (
    <Modal open title={m('newTask')} onCancel={onClose} onOk={() => form.submit()} okText={m('submit')} confirmLoading={create.isPending} okButtonProps={{ 'data-testid': 'task-submit' }}>
      <Form form={form} layout="vertical" initialValues={{ schedule: 'now' }} onFinish={(v) => create.mutate(v)}>
        <Form.Item name="itemId" label={m('item')} rules={[{ required: true, message: m('item') }]}>
          <RefSelect refName="taskItem" aria-label={m('item')} />
        </Form.Item>
        <Form.Item name="macs" label={m('macs')} extra={m('macsHint')}>
          <Select mode="tags" open={false} tokenSeparators={[',', ' ']} aria-label={m('macs')} data-testid="task-macs" />
        </Form.Item>
        {canUseRecord(user, records.hotel, 'read') && (
          <Form.Item name="hotelIds" label={m('hotels')}>
            <RefMultiSelect refName="hotel" aria-label={m('hotels')} />
          </Form.Item>
        )}
        {user.user_type === 1 && (
          <Form.Item name="brandIds" label={m('brands')}>
            <RefMultiSelect refName="brand" aria-label={m('brands')} />
          </Form.Item>
        )}
        <Form.Item name="tags" label={m('tags')}>
          <Select mode="tags" open={false} tokenSeparators={[',']} aria-label={m('tags')} />
        </Form.Item>
        <Form.Item name="schedule" label={m('schedule')}>
          <Radio.Group options={(['now', 'once', 'daily'] as const).map((s) => ({ value: s, label: m(s) }))} />
        </Form.Item>
        {schedule === 'once' && (
          <Form.Item name="runAt" label={m('runAt')} rules={[{ required: true, message: m('runAt') }]}>
            <DatePicker showTime />
          </Form.Item>
        )}
        {schedule === 'daily' && (
          <Form.Item name="dailyAt" label={m('dailyAt')} rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: m('dailyAt') }]}>
            <Input placeholder="03:30" style={{ width: 120 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** /task/list — each run of a task and each terminal's result (docs/tasks.md). */
export default function TaskListPage() {
  const m = useTexts(TASK_TEXTS);
  const lang = useLang();
  const [page, setPage] = useState({ page: 1, pagesize: 20 });
  const [creating, setCreating] = useState(false);
  // Every run shows its terminals' results until folded.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const runs = useQuery({
    queryKey: ['taskRuns', page],
    queryFn: ({ signal }) => api.get<{ items: Run[]; total: number }>('/tasks/runs', page, signal),
    placeholderData: keepPreviousData,
  });
  const stateTag = (state: TaskResult) => <Tag color={COLORS[state]}>{m(state)}</Tag>;
  const resultColumns: ColumnsType<Result> = [
    { title: m('macs'), dataIndex: 'mac' },
    { title: m('state'), dataIndex: 'state', render: stateTag },
    { title: m('failureCode'), dataIndex: 'failureCode' },
    // A TV's unsupported work is worded in the console's language by its code; other reasons are the TV's.
    { title: m('reason'), dataIndex: 'reason', render: (reason: string | null, row) => TASK_UNSUPPORTED[row.failureCode as keyof typeof TASK_UNSUPPORTED]?.[lang] ?? reason },
    { title: m('file'), dataIndex: 'file' },
    { title: m('reportedAt'), dataIndex: 'reportedAt', render: (v: string | null) => (v ? formatDatetime(v) : '-') },
  ];
  const columns: ColumnsType<Run> = [
    { title: m('runId'), dataIndex: 'id' },
    { title: m('startedAt'), dataIndex: 'startedAt', render: (v: string) => formatDatetime(v) },
    { title: m('item'), dataIndex: 'itemName' },
    { title: m('action'), dataIndex: 'action', render: (v: TaskAction | null) => (v ? TASK_ACTIONS[v][lang] : '-') },
    { title: m('parameter'), dataIndex: 'parameter' },
    {
      title: m('results'),
      key: 'results',
      render: (_: unknown, run: Run) => (
        <Space size={4} wrap>
          {(['success', 'failed', 'unsupported', 'pending'] as const).map((s) => {
            const n = run.results.filter((r) => r.state === s).length;
            return n ? <Tag key={s} color={COLORS[s]}>{`${m(s)} ${n}`}</Tag> : null;
          })}
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="task-new">
          {m('newTask')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void runs.refetch()} data-testid="task-refresh">
          {m('refresh')}
        </Button>
      </Space>
      <PagedTable<Run>
        rowKey="id"
        columns={columns}
        data={runs.data}
        loading={runs.isFetching}
        page={page.page}
        pagesize={page.pagesize}
        onPage={(p, pagesize) => setPage({ page: p, pagesize })}
        expandable={{
          expandedRowKeys: (runs.data?.items ?? []).map((r) => r.id).filter((id) => !folded.has(id)),
          onExpand: (open, run) =>
            setFolded((before) => {
              const next = new Set(before);
              if (open) next.delete(run.id);
              else next.add(run.id);
              return next;
            }),
          expandedRowRender: (run) => <Table<Result> rowKey="id" size="small" pagination={false} columns={resultColumns} dataSource={run.results} data-testid="task-results" />,
        }}
      />
      {creating && <NewTask onClose={() => setCreating(false)} />}
    </Card>
  );
}
