import { STAY_LANGUAGE_OPTIONS } from '@htv/shared/areas/pms/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Modal } from 'antd';
import { useState } from 'react';
import { QueryStatus } from '../../crud/QueryStatus';
import type { RowActionProps } from '../../crud/extensions';
import { formatTime } from '../tenants/HotelRoomsPage';
import { useLang, useTexts } from '../../locales';
import { pmsApi, pmsKeys } from './api';
import { PMS_TEXTS } from './locales';

function StayModal({ hotelId, roomNumber, onClose }: { hotelId: number; roomNumber: string; onClose: () => void }) {
  const m = useTexts(PMS_TEXTS);
  const lang = useLang();
  const stay = useQuery({ queryKey: pmsKeys.stay(hotelId, roomNumber), queryFn: ({ signal }) => pmsApi.stayOf(hotelId, roomNumber, signal) });
  const row = stay.data;
  const flag = (value: unknown) => (value ? m('yes') : m('no'));
  return (
    <Modal open title={m('stayTitle', { room: roomNumber })} onCancel={onClose} footer={null} destroyOnHidden>
      <QueryStatus query={stay}>
        {row ? (
          <Descriptions column={1} size="small" bordered data-testid="terminal-stay">
            <Descriptions.Item label={m('guestName')}>{String(row.guestName ?? '')}</Descriptions.Item>
            <Descriptions.Item label={m('guestTitle')}>{String(row.title ?? '')}</Descriptions.Item>
            <Descriptions.Item label={m('language')}>{row.language ? (STAY_LANGUAGE_OPTIONS[row.language as keyof typeof STAY_LANGUAGE_OPTIONS]?.[lang] ?? String(row.language)) : ''}</Descriptions.Item>
            <Descriptions.Item label={m('group')}>{String(row.groupCode ?? '')}</Descriptions.Item>
            <Descriptions.Item label={m('since')}>{formatTime(row.createdAt as string)}</Descriptions.Item>
            <Descriptions.Item label={m('arrival')}>{String(row.arrival ?? '')}</Descriptions.Item>
            <Descriptions.Item label={m('departure')}>{String(row.departure ?? '')}</Descriptions.Item>
            <Descriptions.Item label={m('vip')}>{flag(row.vip)}</Descriptions.Item>
            <Descriptions.Item label={m('noPost')}>{flag(row.noPost)}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={m('noStay')} />
        )}
      </QueryStatus>
    </Modal>
  );
}

/** The terminal list's row action for a terminal whose room has a guest: the room's stay. */
export function StayAction({ row }: RowActionProps) {
  const m = useTexts(PMS_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="terminal-stay-open">
        {m('stay')}
      </Button>
      {open && <StayModal hotelId={Number(row.hotelId)} roomNumber={String(row.roomNumber)} onClose={() => setOpen(false)} />}
    </>
  );
}
