import { records, type ListResult } from '@htv/shared';
import { CALL_STATES, type CallState } from '@htv/shared/areas/voice/records';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, notification, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api, showApiError } from '../../api/client';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { formatDatetime } from '../../crud/columns';
import { useLang, useTexts } from '../../locales';
import { VOICE_TEXTS } from './locales';
import { chime } from '../../app/chime';
import { useCallStream } from './liveCalls';

interface CallRow {
  id: number;
  content: string;
  roomNumber: string | null;
  mac: string;
  status: CallState;
  calledAt: string;
  score: number | null;
  escalated: boolean | null;
}

/** Polling while the live channel is down; with it open, a slow check only. */
const POLL_MS = 2000;
const POLL_LIVE_MS = 30_000;
const STATE_COLORS: Record<CallState, string> = { pending: 'error', processing: 'processing', completed: 'success', ignored: 'default' };
const ACTIONS = records.aiServiceCall.states!.actions;


/** A clock for the waited times, ticking every second. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /ai/call_service (docs/voice.md): the guests' service calls of the hotel, updated live (the calls'
 * live channel, polling every two seconds while it is down) with a chime and a notice for each new call, how long each open call has waited, the
 * escalated ones marked, and the state actions the user may take.
 */
export default function CallServicePage() {
  const m = useTexts(VOICE_TEXTS);
  const lang = useLang();
  const user = useSession();
  const client = useQueryClient();
  const now = useNow();
  const [status, setStatus] = useState<CallState | 'all'>('all');
  // A new call shows at once (the event carries its row); any event reloads the list behind it.
  const live = useCallStream((event) => {
    if (event.call) {
      for (const [key, data] of client.getQueriesData<ListResult<CallRow>>({ queryKey: ['voice', 'calls'] })) {
        const filter = key[2];
        if (!data || (filter !== 'all' && filter !== 'pending') || data.items.some((row) => row.id === event.id)) continue;
        client.setQueryData<ListResult<CallRow>>(key, { ...data, items: [event.call, ...data.items], total: data.total + 1 });
      }
    }
    void client.invalidateQueries({ queryKey: ['voice', 'calls'] });
  });
  const list = useQuery({
    queryKey: ['voice', 'calls', status],
    queryFn: ({ signal }) => api.get<ListResult<CallRow>>('/records/ai-service-calls', { pagesize: 100, sort: 'calledAt', order: 'desc', ...(status === 'all' ? {} : { status }) }, signal),
    refetchInterval: live ? POLL_LIVE_MS : POLL_MS,
  });
  // New calls since the page opened ring once (the first load only sets what is known).
  const known = useRef<Set<number> | null>(null);
  useEffect(() => {
    const rows = list.data?.items;
    if (!rows) return;
    if (known.current) {
      const fresh = rows.filter((row) => !known.current!.has(row.id) && row.status === 'pending');
      if (fresh.length) {
        chime();
        for (const row of fresh) notification.info({ message: m('newCall', { room: row.roomNumber ?? '-', content: row.content }), placement: 'bottomRight' });
      }
    } else known.current = new Set();
    for (const row of rows) known.current.add(row.id);
  }, [list.data, m]);
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: string }) => api.post(`/records/ai-service-calls/${id}/actions/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['voice', 'calls'] }),
    onError: (error) => showApiError(error),
  });
  const waited = (row: CallRow) => {
    const seconds = Math.max(0, Math.floor((now - new Date(row.calledAt).getTime()) / 1000));
    return m('minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
  };
  return (
    <Card title={m('title')} extra={<Typography.Text type="secondary">{m('live')}</Typography.Text>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          value={status}
          onChange={(value) => setStatus(value as CallState | 'all')}
          options={[{ value: 'all', label: m('all') }, ...(Object.keys(CALL_STATES) as CallState[]).map((key) => ({ value: key, label: CALL_STATES[key][lang] }))]}
        />
        <Table<CallRow>
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.items ?? []}
          pagination={false}
          data-testid="call-list"
          onRow={(row) => ({ 'data-testid': `call-${row.id}`, 'data-status': row.status }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'content', title: m('content'), dataIndex: 'content' },
            { key: 'room', title: m('room'), dataIndex: 'roomNumber' },
            { key: 'status', title: m('status'), render: (_, row) => <Tag color={STATE_COLORS[row.status]}>{CALL_STATES[row.status][lang]}</Tag> },
            { key: 'calledAt', title: m('calledAt'), render: (_, row) => formatDatetime(row.calledAt) },
            {
              key: 'waited',
              title: m('waited'),
              render: (_, row) => (
                <Space>
                  {row.status === 'pending' || row.status === 'processing' ? waited(row) : '-'}
                  {row.escalated && <Tag color="warning">{m('escalated')}</Tag>}
                </Space>
              ),
            },
            { key: 'score', title: m('score'), render: (_, row) => (row.score ? '★'.repeat(row.score) : '-') },
            {
              key: 'actions',
              title: m('actions'),
              render: (_, row) => (
                <Space>
                  {Object.entries(ACTIONS)
                    .filter(([action, def]) => def.from.includes(row.status) && user && can(user, `aiCallService.${action}`))
                    .map(([action, def]) => (
                      <Button key={action} size="small" data-testid={`call-${action}`} loading={act.isPending && act.variables?.id === row.id} onClick={() => act.mutate({ id: row.id, action })}>
                        {def.label[lang]}
                      </Button>
                    ))}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
