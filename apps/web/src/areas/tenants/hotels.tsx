import { ShopOutlined, SwapOutlined, TableOutlined } from '@ant-design/icons';
import { PERMISSIONS, records, recordTitle } from '@htv/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can, canUseRecord } from '../../auth/access';
import { useSession, useSessionInfo } from '../../auth/session';
import { extendRecord, type RowActionProps, type ToolbarActionProps } from '../../crud/extensions';
import { roomsPathOf } from './api';
import { useLang } from '../../locales';
import { useHotelText } from './locales';
import { RoomBulkButton, RoomImportButton } from './RoomTools';
import { TransferManagerModal } from './TransferManagerModal';

/** Brand list (platform): "Hotels" opens /brand/hotels/:id with the brand's hotels and their counts. */
function BrandHotelsAction({ row }: RowActionProps) {
  const m = useHotelText();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" icon={<ShopOutlined />} onClick={() => navigate(`/brand/hotels/${row.id}`)} data-testid="brand-hotels-open">
      {m('hotels')}
    </Button>
  );
}

/** Hotel lists: "Rooms" opens the per-hotel room page of the user's route table. */
function HotelRoomsAction({ row }: RowActionProps) {
  const m = useHotelText();
  const navigate = useNavigate();
  const user = useSession();
  return (
    <Button type="link" size="small" icon={<TableOutlined />} onClick={() => navigate(roomsPathOf(user.user_type, row.id))} data-testid="hotel-rooms-open">
      {m('rooms')}
    </Button>
  );
}

/** Hotel lists: "Transfer manager". */
function TransferManagerAction({ row }: RowActionProps) {
  const m = useHotelText();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="transfer-manager-open">
        {m('transferManager')}
      </Button>
      {open && (
        <TransferManagerModal
          hotelId={row.id}
          hotelName={recordTitle(records.hotel, row, lang)}
          managerName={typeof row.managerName === 'string' ? row.managerName : null}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The generated room list of a hotel user (/ht/rooms): bulk creation and Excel import for their hotel. */
function RoomToolbar(_: ToolbarActionProps) {
  const session = useSessionInfo();
  const hotelId = session.loginInfo.hotel_id ?? session.hotelinfo?.id ?? session.project_id ?? null;
  if (!hotelId) return null;
  return (
    <>
      <RoomImportButton hotelId={hotelId} />
      <RoomBulkButton hotelId={hotelId} />
    </>
  );
}

extendRecord('brand', {
  rowActions: [{ key: 'hotels', visible: (s, record) => s.loginInfo.user_type === 1 && canUseRecord(s.loginInfo, record, 'read'), Component: BrandHotelsAction }],
});

extendRecord('hotel', {
  rowActions: [
    { key: 'rooms', visible: (s) => (s.loginInfo.user_type === 1 || s.loginInfo.user_type === 2) && can(s.loginInfo, 'room.read'), Component: HotelRoomsAction },
    { key: 'transferManager', visible: (s) => can(s.loginInfo, PERMISSIONS.hotelManagerTransfer), Component: TransferManagerAction },
  ],
});

extendRecord('room', {
  toolbar: [{ key: 'bulk', visible: (s, record) => s.loginInfo.user_type === 3 && canUseRecord(s.loginInfo, record, 'create'), Component: RoomToolbar }],
});
