import type { WakeUpTransition } from '@htv/shared/areas/wakeup/config';
import { WAKE_UP_STATES } from '@htv/shared/areas/wakeup/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { QueryStatus } from '../../crud/QueryStatus';
import type { RowActionProps } from '../../crud/extensions';
import { useLang, useTexts } from '../../locales';
import { formatTime } from '../tenants/HotelRoomsPage';
import { WAKEUP_TEXTS } from './locales';

const BY = { console: 'byConsole', pms: 'byPms', tv: 'byTv', server: 'byServer', checkOut: 'byCheckOut' } as const;
const NOTES = { retry: 'noteRetry', nextDay: 'noteNextDay', changed: 'noteChanged' } as const;

/** A call's transitions with their times (every one is logged by the server). */
export function HistoryAction({ row }: RowActionProps) {
  const m = useTexts(WAKEUP_TEXTS);
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['wakeup', 'history', row.id, row.state],
    queryFn: ({ signal }) => api.get<{ items: WakeUpTransition[] }>(`/wakeup/calls/${row.id}/history`, undefined, signal),
    enabled: open,
  });
  const noteOf = (note: string | null) => {
    if (note?.startsWith('attempt ')) return `#${note.slice(8)}`;
    const moved = note?.match(/^moved (\S+) (\S+)$/);
    if (moved) return m('noteMoved', { from: moved[1]!, to: moved[2]! });
    return label(note, NOTES);
  };
  const label = (value: string | null, table: Record<string, string>) => (value && value in table ? m(table[value] as keyof (typeof WAKEUP_TEXTS)['en-US']) : (value ?? ''));
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="wakeup-history-open">
        {m('history')}
      </Button>
      {open && (
        <Modal open width={640} title={m('historyTitle', { room: String(row.roomNumber) })} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
          <QueryStatus query={history}>
            <Table
              data-testid="wakeup-history"
              size="small"
              pagination={false}
              rowKey={(_, index) => String(index)}
              dataSource={history.data?.items ?? []}
              columns={[
                { title: m('state'), dataIndex: 'state', render: (state: string) => WAKE_UP_STATES[state as keyof typeof WAKE_UP_STATES]?.[lang] ?? state },
                { title: m('at'), dataIndex: 'at', render: (at: string) => formatTime(at) },
                { title: m('by'), dataIndex: 'by', render: (by: string) => label(by, BY) },
                { title: m('note'), dataIndex: 'note', render: (note: string | null) => noteOf(note) },
              ]}
            />
          </QueryStatus>
        </Modal>
      )}
    </>
  );
}
