import type { RecordDef } from '@htv/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import type { RowActionProps } from '../../crud/extensions';
import { QueryStatus } from '../../crud/QueryStatus';
import { useTexts } from '../../locales';
import { formatTime } from '../tenants/HotelRoomsPage';
import { PUBLISHING_TEXTS } from './locales';

interface RoomReceipts {
  roomNumber: string;
  targeted: boolean;
  withdrawnAt: string | null;
  terminals: { terminalId: number; mac: string; deliveredAt: string; readAt: string | null }[];
}
interface ItemReceipts {
  targetRooms: number;
  deliveredRooms: number;
  readRooms: number;
  withdrawnRooms: number;
  rooms: RoomReceipts[];
}

/** One line per terminal that reported, one for a room none did. */
type Line = { key: string; roomNumber: string; room: RoomReceipts; mac: string | null; deliveredAt: string | null; readAt: string | null };
const linesOf = (rooms: RoomReceipts[]): Line[] =>
  rooms.flatMap((room): Line[] =>
    room.terminals.length
      ? room.terminals.map((t) => ({ key: `${room.roomNumber}:${t.terminalId}`, roomNumber: room.roomNumber, room, mac: t.mac, deliveredAt: t.deliveredAt, readAt: t.readAt }))
      : [{ key: room.roomNumber, roomNumber: room.roomNumber, room, mac: null, deliveredAt: null, readAt: null }],
  );

function ReceiptsModal({ record, id, onClose }: { record: RecordDef; id: number; onClose: () => void }) {
  const m = useTexts(PUBLISHING_TEXTS);
  const query = useQuery({ queryKey: ['publishing', record.path, id, 'receipts'], queryFn: ({ signal }) => api.get<ItemReceipts>(`/publishing/${record.path}/${id}/receipts`, undefined, signal), refetchInterval: 5000 });
  const data = query.data;
  return (
    <Modal open width={760} title={m('receiptsTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <QueryStatus query={query}>
        {data && (
          <>
            <Typography.Paragraph strong data-testid="receipts-summary">
              {m('summary', { delivered: data.deliveredRooms, target: data.targetRooms, read: data.readRooms })}
              {data.withdrawnRooms > 0 && m('withdrawnSummary', { withdrawn: data.withdrawnRooms })}
            </Typography.Paragraph>
            <Table<Line>
              size="small"
              rowKey="key"
              dataSource={linesOf(data.rooms)}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              data-testid="receipts-table"
              columns={[
                { title: m('room'), dataIndex: 'roomNumber', render: (room: string, line) => (line.room.targeted ? room : `${room} (${m('notTargeted')})`) },
                { title: m('terminal'), dataIndex: 'mac', render: (mac: string | null) => mac ?? '—' },
                { title: m('deliveredAt'), dataIndex: 'deliveredAt', render: (at: string | null) => (at ? formatTime(at) : m('notDelivered')) },
                { title: m('readAt'), dataIndex: 'readAt', render: (at: string | null, line) => <span data-testid="receipt-read" data-room={line.roomNumber}>{at ? formatTime(at) : m('notRead')}</span> },
                { title: m('withdrawnAt'), key: 'withdrawnAt', render: (_: unknown, line) => (line.room.withdrawnAt ? formatTime(line.room.withdrawnAt) : '') },
              ]}
            />
          </>
        )}
      </QueryStatus>
    </Modal>
  );
}

/** A published item's row action: its receipts per room and terminal ("delivered 212 of 230 rooms, read 97"). */
export function ReceiptsAction({ record, row }: RowActionProps) {
  const m = useTexts(PUBLISHING_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="receipts-open">
        {m('receipts')}
      </Button>
      {open && <ReceiptsModal record={record} id={Number(row.id)} onClose={() => setOpen(false)} />}
    </>
  );
}
