import { defineRecord } from '../../record/define.js';
import { choice, datetime, owner, text } from '../../record/fields.js';
import { ROOM_NUMBER_MAX } from '../tenants/records.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * A machine's state as the laundry provider reports it (spec part 2: online, offline, error, free,
 * locked, in use; docs/laundry.md): only a free machine can be booked.
 */
export const MACHINE_STATES = {
  free: t('空闲', 'Free'),
  inUse: t('使用中', 'In use'),
  locked: t('待取衣', 'Locked'),
  online: t('在线', 'Online'),
  offline: t('离线', 'Offline'),
  error: t('故障', 'Error'),
} as const;
export type MachineState = keyof typeof MACHINE_STATES;

export const MACHINE_TYPES = {
  washer: t('洗衣机', 'Washer'),
  dryer: t('烘干机', 'Dryer'),
  washerDryer: t('洗烘一体机', 'Washer-dryer'),
} as const;

/**
 * The hotel's washing machines (/hotelwashing/machines): number and third-party id (the provider's own
 * id of the machine) are the hotel's; the state, the room using it and the end of its cycle come from
 * the laundry provider (apps/server/src/areas/laundry) and are read-only.
 */
export const washingMachine = defineRecord({
  name: 'washingMachine',
  label: t('洗衣机', 'Washing machine'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'washing-machines',
  table: 'washing_machines',
  titleField: 'number',
  defaultSort: { field: 'number', order: 'asc' },
  fields: {
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel' }),
    number: text({ label: t('编号', 'Number'), required: true, max: 20, unique: true, search: true, sort: true, pattern: { regex: /^[A-Za-z0-9-]+$/, message: 'laundry.numberChars' } }),
    thirdPartyId: text({ label: t('第三方ID', 'Third-party id'), required: true, max: 64, unique: true, search: true }),
    type: choice({ label: t('类型', 'Type'), options: MACHINE_TYPES, default: 'washer', required: true, filter: true }),
    state: choice({ label: t('状态', 'State'), options: MACHINE_STATES, readOnly: true, default: 'offline', filter: true }),
    roomNumber: text({ label: t('使用房间', 'Room'), readOnly: true, max: ROOM_NUMBER_MAX }),
    endsAt: datetime({ label: t('预计结束', 'Ends at'), readOnly: true }),
  },
});
