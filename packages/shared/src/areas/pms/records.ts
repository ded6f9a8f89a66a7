import { defineRecord } from '../../record/define.js';
import { bool, choice, date, datetime, json, owner, text } from '../../record/fields.js';
import { ROOM_NUMBER_MAX } from '../tenants/records.js';
import { PMS_REFUSALS, STAY_LANGUAGE_OPTIONS } from './messages.js';
import { GROUP_CODE_MAX, GROUP_CODE_PATTERN, GUEST_NAME_MAX, GUEST_TITLE_MAX } from './protocol.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** Columns the stays and the PMS log share: the owning hotel, the room and the guest. */
const hotelOwner = () => owner({ label: t('酒店', 'Hotel'), record: 'hotel' });
const roomNumber = () => text({ label: t('房间号', 'Room number'), readOnly: true, max: ROOM_NUMBER_MAX, filter: true, filterMatch: 'exact', search: true });
const guestName = () => text({ label: t('客人姓名', 'Guest name'), readOnly: true, max: GUEST_NAME_MAX, search: true });


export const PMS_EVENT_OPTIONS = {
  checkIn: t('入住', 'Check-in'),
  guestChange: t('客人信息变更', 'Guest change'),
  roomMove: t('换房', 'Room move'),
  checkOut: t('退房', 'Check-out'),
  wakeUpSet: t('设置叫醒', 'Wake-up set'),
  wakeUpClear: t('取消叫醒', 'Wake-up cleared'),
  messageWaiting: t('留言', 'Message waiting'),
  unknown: t('无法识别', 'Unreadable'),
} as const;

/**
 * A guest's stay in a room, written by the PMS interface only (apps/server/src/areas/pms): from
 * check-in to check-out, moved with the guest. While it is in house the room's TVs greet the guest
 * (their `stay` configuration part); check-out records the receipt of what was removed with it. Read
 * by whoever reads rooms. Wake-up calls, guest messages and orders hang on a stay by its id.
 */
export const stay = defineRecord({
  name: 'stay',
  label: t('住店记录', 'Stay'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'room',
  path: 'stays',
  table: 'stays',
  titleField: 'guestName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  operations: { create: false, update: false, delete: false },
  indexes: [{ fields: ['hotelId', 'roomNumber', 'state'] }],
  fields: {
    hotelId: hotelOwner(),
    roomNumber: roomNumber(),
    guestName: guestName(),
    title: text({ label: t('称谓', 'Title'), readOnly: true, max: GUEST_TITLE_MAX }),
    language: choice({ label: t('语言', 'Language'), options: STAY_LANGUAGE_OPTIONS, readOnly: true, filter: true }),
    groupCode: text({ label: t('团队代码', 'Tour group code'), readOnly: true, max: GROUP_CODE_MAX, filter: true, filterMatch: 'exact' }),
    reservation: text({ label: t('预订号', 'Reservation'), readOnly: true, max: 32, search: true }),
    arrival: date({ label: t('到店日期', 'Arrival'), readOnly: true }),
    departure: date({ label: t('离店日期', 'Departure'), readOnly: true }),
    vip: bool({ label: t('VIP', 'VIP'), readOnly: true, filter: true }),
    noPost: bool({ label: t('禁止挂账', 'No posting'), readOnly: true, help: t('不允许消费记入房账', 'Charges to the room are refused') }),
    state: choice({ label: t('状态', 'State'), options: { inHouse: t('在住', 'In house'), checkedOut: t('已退房', 'Checked out') }, readOnly: true, default: 'inHouse', filter: true }),
    checkedOutAt: datetime({ label: t('退房时间', 'Checked out at'), readOnly: true }),
    receipt: json({ label: t('退房清除记录', 'Check-out receipt'), readOnly: true }),
  },
});

/** Every PMS event the server received, applied or not (/content/pmslog): written by the PMS interface only. */
export const pmsLog = defineRecord({
  name: 'pmsLog',
  label: t('PMS日志', 'PMS log'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'pms-logs',
  table: 'pms_logs',
  titleField: 'roomNumber',
  operations: { create: false, update: false, delete: false },
  countCap: 100_000,
  columns: ['hotelId', 'guestName', 'event', 'source', 'result', 'reason', 'createdAt'],
  fields: {
    hotelId: hotelOwner(),
    roomNumber: roomNumber(),
    guestName: guestName(),
    event: choice({ label: t('事件', 'Event'), options: PMS_EVENT_OPTIONS, readOnly: true, filter: true }),
    source: choice({ label: t('来源', 'Source'), options: { http: t('HTTP接口', 'HTTP'), fias: t('FIAS', 'FIAS'), console: t('后台', 'Console') }, readOnly: true, filter: true }),
    result: choice({ label: t('结果', 'Result'), options: { applied: t('已处理', 'Applied'), duplicate: t('重复', 'Duplicate'), refused: t('已拒绝', 'Refused') }, readOnly: true, filter: true }),
    reason: choice({ label: t('原因', 'Reason'), options: PMS_REFUSALS, readOnly: true, filter: true }),
    eventId: text({ label: t('事件ID', 'Event ID'), readOnly: true, max: 64, filter: true, filterMatch: 'exact', list: false }),
    address: text({ label: t('来源地址', 'Source address'), readOnly: true, max: 45, list: false }),
  },
});

/**
 * Tour groups of a hotel (/content/tour_group): a code (from the PMS's check-ins or typed), a name,
 * the rooms (check-ins carrying the code add theirs; also chosen by hand), arrival and departure.
 */
export const tourGroup = defineRecord({
  name: 'tourGroup',
  label: t('旅行团', 'Tour group'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'tour-groups',
  table: 'tour_groups',
  titleField: 'name',
  fields: {
    code: text({
      label: t('团队代码', 'Group code'),
      required: true,
      max: GROUP_CODE_MAX,
      unique: true,
      search: true,
      pattern: { regex: GROUP_CODE_PATTERN, message: 'tenants.keyChars' },
    }),
    name: text({ label: t('团队名称', 'Group name'), required: true, min: 1, max: 50, search: true, sort: true }),
    rooms: text({
      label: t('房间', 'Rooms'),
      max: 2000,
      multiline: true,
      pattern: { regex: /^[A-Za-z0-9-]+(\s*[,，\n]\s*[A-Za-z0-9-]+)*$/, message: 'tenants.roomNumberChars' },
      help: t('房间号，用逗号或换行分隔；带团队代码的入住自动加入', 'Room numbers separated by commas or new lines; check-ins carrying the code add theirs'),
    }),
    arrival: date({ label: t('到店日期', 'Arrival'), filter: true, sort: true }),
    departure: date({ label: t('离店日期', 'Departure'), sort: true }),
    source: choice({ label: t('来源', 'Source'), options: { pms: t('PMS', 'PMS'), console: t('后台', 'Console') }, readOnly: true, default: 'console', filter: true }),
  },
});
