import { defineRecord } from '../../record/define.js';
import { owner, text, type FieldDef } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The remote's keys a hotel gives a code for, per TV model (docs/tvcode.md): the code the TV's system
 * reports for that key (an Android key code such as `KEYCODE_DPAD_UP` or `19`, an IR code such as
 * `0x40BF12ED`).
 */
export const TV_CODE_KEYS = {
  power: t('电源', 'Power'),
  home: t('主页', 'Home'),
  menu: t('菜单', 'Menu'),
  back: t('返回', 'Back'),
  ok: t('确定', 'OK'),
  up: t('上', 'Up'),
  down: t('下', 'Down'),
  left: t('左', 'Left'),
  right: t('右', 'Right'),
  volumeUp: t('音量+', 'Volume +'),
  volumeDown: t('音量-', 'Volume −'),
  mute: t('静音', 'Mute'),
  channelUp: t('频道+', 'Channel +'),
  channelDown: t('频道-', 'Channel −'),
  source: t('信号源', 'Source'),
  voice: t('语音', 'Voice'),
} as const;
export type TvCodeKey = keyof typeof TV_CODE_KEYS;

/** A key code: letters, digits and `_ : . x -`, at most 40 characters. */
export const TV_CODE_PATTERN = /^[A-Za-z0-9_:.-]+$/;

const codeField = (key: TvCodeKey) =>
  text({ label: TV_CODE_KEYS[key], max: 40, pattern: { regex: TV_CODE_PATTERN, message: 'tvcode.codeChars' } });

const keyFields = Object.fromEntries(Object.keys(TV_CODE_KEYS).map((key) => [key, codeField(key as TvCodeKey)])) as Record<TvCodeKey, FieldDef<'text', string | null>>;

/**
 * A hotel's remote commands (/hotel_tvcode/tvcodeconfig): for one TV model (as the TVs report it in
 * their registration), the code of each key. A TV of that model gets them in its `remoteCodes`
 * configuration part (docs/tvcode.md).
 */
export const tvCode = defineRecord({
  name: 'tvCode',
  label: t('遥控指令', 'Remote commands'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  path: 'tv-codes',
  table: 'tv_codes',
  titleField: 'model',
  defaultSort: { field: 'model', order: 'asc' },
  columns: ['model', 'power', 'home', 'back', 'ok', 'volumeUp', 'volumeDown', 'note'],
  fields: {
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel' }),
    model: text({ label: t('电视型号', 'TV model'), required: true, max: 40, unique: true, search: true, sort: true, help: t('与电视注册时上报的型号一致（不区分大小写）', 'As the TV reports it when it registers (case does not matter)') }),
    ...keyFields,
    note: text({ label: t('备注', 'Note'), max: 200, multiline: true }),
  },
});
