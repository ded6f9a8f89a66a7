import { PERMISSIONS } from '@htv/shared/areas/access/permissions';
import { ACTION_STATES, RELEASE_KINDS, ROLLOUT_STATES, type Rollout } from '@htv/shared/areas/releases/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { formatDatetime } from '../../crud/columns';
import { PagedTable } from '../../crud/PagedTable';
import { useLang } from '../../locales';
import { releaseApi, type ActionRow } from './api';
import { useReleaseText } from './locales';
import { rolloutPath } from './RolloutDialog';

const STATE_COLORS: Record<string, string> = { running: 'processing', paused: 'warning', finished: 'success', stopped: 'default', ready: 'blue', creating: 'default' };
export const ACTION_COLORS: Record<string, string> = { success: 'success', alreadyInstalled: 'success', failed: 'error', incompatible: 'warning', cancelled: 'default', pending: 'default' };

/** Done share of a rollout's actions (final ones over all). */
export function doneShare(r: Pick<Rollout, 'counts' | 'total'>): number {
  if (!r.total) return 0;
  const open = (r.counts.pending ?? 0) + (r.counts.downloading ?? 0) + (r.counts.downloaded ?? 0) + (r.counts.installing ?? 0);
  return Math.round(((r.total - open) * 100) / r.total);
}

/** The rollouts of the caller's reach (/terminal_manage/rollouts), newest first, each linking to its page. */
export function RolloutsPage() {
  const m = useReleaseText();
  const lang = useLang();
  const [paging, setPaging] = useState({ page: 1, pagesize: 20 });
  const list = useQuery({ queryKey: ['releases', 'rollouts', paging], queryFn: ({ signal }) => releaseApi.rollouts(paging, signal), refetchInterval: 5000 });
  return (
    <Card title={m('rollouts')}>
      <PagedTable<Rollout>
        rowKey="id"
        data={list.data}
        page={paging.page}
        pagesize={paging.pagesize}
        onPage={(page, pagesize) => setPaging({ page, pagesize })}
        data-testid="rollout-list"
        columns={[
          { key: 'name', title: m('rolloutName'), render: (_, r) => <Link to={rolloutPath(r.id)}>{r.name}</Link> },
          { key: 'kind', title: m('kind'), render: (_, r) => RELEASE_KINDS[r.kind][lang] },
          { key: 'package', title: m('package'), render: (_, r) => `${r.packageTitle} · ${r.versionName}` },
          { key: 'state', title: m('state'), render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{ROLLOUT_STATES[r.state][lang]}</Tag> },
          { key: 'progress', title: m('progress'), render: (_, r) => <Progress percent={doneShare(r)} size="small" /> },
          { key: 'terminals', title: m('terminals'), dataIndex: 'total' },
          { key: 'createdAt', title: m('createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDatetime(v) },
        ]}
      />
    </Card>
  );
}

/** A table of terminals' upgrade entries, with their history on demand and batch delete when allowed. */
export function ActionTable({ rolloutId, live }: { rolloutId?: number; live?: boolean }) {
  const m = useReleaseText();
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pagesize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [history, setHistory] = useState<ActionRow | null>(null);
  const list = useQuery({
    queryKey: ['releases', 'actions', rolloutId ?? null, paging],
    queryFn: ({ signal }) => releaseApi.actions(paging, rolloutId, signal),
    refetchInterval: live ? 3000 : false,
  });
  const events = useQuery({ queryKey: ['releases', 'history', history?.id], queryFn: () => releaseApi.history(history!.id), enabled: !!history });
  const remove = useMutation({
    mutationFn: () => releaseApi.deleteActions(selected),
    onSuccess: (res) => {
      toastSuccess(m('deleted', { count: res.deleted }));
      setSelected([]);
      void client.invalidateQueries({ queryKey: ['releases'] });
    },
    onError: (error) => showApiError(error),
  });
  const mayDelete = can(user, PERMISSIONS.upgradeTerminalDelete);
  const stateTag = (state: string) => <Tag color={ACTION_COLORS[state] ?? 'processing'}>{ACTION_STATES[state as keyof typeof ACTION_STATES]?.[lang] ?? state}</Tag>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {mayDelete && (
        <Button
          danger
          disabled={!selected.length}
          data-testid="upgrade-delete"
          onClick={() => Modal.confirm({ title: m('deleteConfirm', { count: selected.length }), okText: m('ok'), onOk: () => remove.mutateAsync() })}
        >
          {m('deleteSelected')}
        </Button>
      )}
      <PagedTable<ActionRow>
        rowKey="id"
        data={list.data}
        page={paging.page}
        pagesize={paging.pagesize}
        onPage={(page, pagesize) => setPaging({ page, pagesize })}
        rowSelection={mayDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        data-testid="action-list"
        columns={[
          { key: 'mac', title: m('mac'), dataIndex: 'mac' },
          { key: 'hotel', title: m('hotel'), render: (_, r) => [r.hotelTitle, r.roomNumber].filter(Boolean).join(' · ') || '-' },
          ...(rolloutId ? [] : [{ key: 'rollout', title: m('rollouts'), render: (_: unknown, r: ActionRow) => <Link to={rolloutPath(r.rolloutId)}>{`${r.packageTitle} · ${r.versionName}`}</Link> }]),
          { key: 'wave', title: m('wave'), render: (_, r) => m('waveN', { n: r.wave + 1 }) },
          { key: 'state', title: m('state'), render: (_, r) => <span data-testid={`action-state-${r.mac}`}>{stateTag(r.state)}</span> },
          { key: 'progress', title: m('progress'), render: (_, r) => `${r.progress}%` },
          { key: 'attempts', title: m('attempts'), dataIndex: 'attempts' },
          { key: 'failure', title: m('failure'), render: (_, r) => (r.failureCode ? `${r.failureCode}: ${r.failureReason ?? ''}` : '-') },
          { key: 'updatedAt', title: m('updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDatetime(v) },
          { key: 'history', title: '', render: (_, r) => <Button type="link" size="small" onClick={() => setHistory(r)}>{m('history')}</Button> },
        ]}
      />
      {history && (
        <Modal open title={`${m('historyTitle')} · ${history.mac}`} footer={null} onCancel={() => setHistory(null)}>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={events.data ?? []}
            columns={[
              { key: 'at', title: m('at'), dataIndex: 'at', render: (v: string) => formatDatetime(v) },
              { key: 'state', title: m('state'), render: (_, e) => stateTag(e.state) },
              { key: 'code', title: m('code'), dataIndex: 'code' },
              { key: 'reason', title: m('reason'), dataIndex: 'reason' },
            ]}
          />
        </Modal>
      )}
    </Space>
  );
}

/** The hotel's upgrades (/ht/update): its terminals' upgrade entries, and its own rollouts. */
export function HotelUpgradesPage() {
  const m = useReleaseText();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={m('upgrades')}>
        <ActionTable live />
      </Card>
      <RolloutsPage />
      <Typography.Text type="secondary" />
    </Space>
  );
}
