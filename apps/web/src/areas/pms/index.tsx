import { PERMISSIONS } from '@htv/shared';
import { can } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { InterfaceRowAction, InterfaceToolbarAction } from './InterfaceModal';
import { RepostAction } from './RepostAction';
import { StayAction } from './StayAction';

/**
 * The PMS area on the generated pages (docs/pms.md): the hotel's interface settings (the PMS log's
 * toolbar for hotel users, the hotel list for platform and brand users) and a terminal's stay. The
 * room list's guest columns are the room record's own (filled by the server).
 */
extendRecord('pmsLog', {
  toolbar: [{ key: 'pmsInterface', visible: (s) => s.loginInfo.user_type === 3 && can(s.loginInfo, PERMISSIONS.pmsInterface), Component: InterfaceToolbarAction }],
});

extendRecord('hotel', {
  rowActions: [{ key: 'pmsInterface', visible: (s) => s.loginInfo.user_type !== 3 && can(s.loginInfo, 'hotel.update'), Component: InterfaceRowAction }],
});

extendRecord('terminal', {
  rowActions: [{ key: 'stay', visible: (s) => can(s.loginInfo, 'room.read'), when: (row) => Boolean(row.guest && row.hotelId && row.roomNumber), Component: StayAction }],
});

// A charge to the room the PMS refused: its reason and a retry, on the orders that charge rooms.
extendRecord('shopOrder', {
  rowActions: [{ key: 'repost', visible: (s) => s.loginInfo.user_type === 3 && can(s.loginInfo, 'shopOrder.deliver'), when: (row) => row.posting === 'failed', Component: RepostAction }],
});
extendRecord('vodOrder', {
  rowActions: [{ key: 'repost', visible: (s) => s.loginInfo.user_type === 3 && can(s.loginInfo, 'vodOrder.retry'), when: (row) => row.posting === 'failed', Component: RepostAction }],
});
