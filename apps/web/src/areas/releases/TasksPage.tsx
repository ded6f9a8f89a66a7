import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import { useState } from 'react';
import { formatDatetime } from '../../crud/columns';
import { PagedTable } from '../../crud/PagedTable';
import { releaseApi, type TaskRow } from './api';
import { useReleaseText } from './locales';

const SOURCES = { release: 'sourceRelease', boot: 'sourceBoot' } as const;
const STATES = { downloading: ['processing', 'taskDownloading'], success: ['success', 'taskSuccess'], failed: ['error', 'taskFailed'] } as const;

/**
 * Terminal download tasks of every kind (`GET /api/task_info/tasks`): release packages and boot
 * files, one table; the failed-task page shows the failures with their code and reason.
 */
function TaskList({ failed }: { failed: boolean }) {
  const m = useReleaseText();
  const [paging, setPaging] = useState({ page: 1, pagesize: 20 });
  const list = useQuery({ queryKey: ['releases', 'tasks', failed, paging], queryFn: ({ signal }) => releaseApi.tasks({ ...paging, failed: failed ? '1' : undefined }, signal), refetchInterval: 5000 });
  return (
    <Card title={m(failed ? 'failedTasks' : 'tasks')}>
      <PagedTable<TaskRow>
        rowKey={(r) => `${r.source}:${r.id}`}
        data={list.data}
        page={paging.page}
        pagesize={paging.pagesize}
        onPage={(page, pagesize) => setPaging({ page, pagesize })}
        data-testid="task-list"
        columns={[
          { key: 'mac', title: m('mac'), dataIndex: 'mac' },
          { key: 'hotel', title: m('hotel'), render: (_, r) => [r.hotelTitle, r.roomNumber].filter(Boolean).join(' · ') || '-' },
          { key: 'source', title: m('source'), render: (_, r) => (r.source in SOURCES ? m(SOURCES[r.source as keyof typeof SOURCES]) : r.source) },
          { key: 'file', title: m('file'), dataIndex: 'fileName' },
          { key: 'state', title: m('state'), render: (_, r) => <Tag color={STATES[r.state][0]}>{m(STATES[r.state][1])}</Tag> },
          { key: 'code', title: m('code'), render: (_, r) => r.failureCode ?? '-' },
          { key: 'reason', title: m('reason'), render: (_, r) => <span data-testid={`task-reason-${r.mac}`}>{r.failureReason ?? '-'}</span> },
          { key: 'updatedAt', title: m('updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDatetime(v) },
        ]}
      />
    </Card>
  );
}

export default function TasksPage() {
  return <TaskList failed={false} />;
}

export function FailedTasksPage() {
  return <TaskList failed />;
}
