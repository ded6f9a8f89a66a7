import { TV_AUTH_REASONS } from './messages.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, decimal, int, ref, text, ENABLED_STATES } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * TV-auth projects (spec §3 "TV auth project", /terminal_control/tv_auth): an installer scans the
 * project's mini-program QR code on site and the phone asks for a TV to be authorized
 * (`POST /api/device/v1/tv-auth`, apps/server/src/tvauth). The TV must be registered, run the
 * project's launcher and be one of its models while that model's quantity lasts; with `matchLocation`
 * the phone must be within `radius` metres of the project's coordinates. `authKey` is the random key
 * the QR code carries (set by the server).
 */
export const tvAuthProject = defineRecord({
  name: 'tvAuthProject',
  label: t('授权项目', 'TV-auth project'),
  scope: 'platform',
  userTypes: [1],
  permission: 'tvAuth',
  path: 'tv-auth-projects',
  table: 'tv_auth_projects',
  titleField: 'name',
  // The installer's call finds its project by the key.
  indexes: [{ fields: ['authKey'], unique: true }],
  fields: {
    name: text({ label: t('项目名称', 'Project name'), required: true, min: 2, max: 30, search: true, sort: true }),
    launcher: text({ label: t('Launcher', 'Launcher'), required: true, min: 1, max: 20, filter: true }),
    matchLocation: bool({ label: t('匹配位置', 'Match location'), default: false, filter: true }),
    address: text({ label: t('地址', 'Address'), max: 100 }),
    longitude: decimal({ label: t('经度', 'Longitude'), min: -180, max: 180, scale: 6 }),
    latitude: decimal({ label: t('纬度', 'Latitude'), min: -90, max: 90, scale: 6 }),
    radius: int({
      label: t('允许距离（米）', 'Radius (m)'),
      min: 10,
      max: 100_000,
      default: 1000,
      help: t('匹配位置时，安装人员需在此距离内', 'With location matching, the installer must be within this distance'),
    }),
    hotel: ref({
      label: t('酒店', 'Hotel'),
      record: 'hotel',
      filter: true,
      help: t('授权的终端尚无酒店时分配到该酒店', 'Authorized terminals without a hotel are assigned to it'),
    }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true, states: ENABLED_STATES }),
    authKey: text({ label: t('小程序密钥', 'Mini-program key'), readOnly: true, max: 64, list: false }),
  },
});

/** The models a project authorizes, each up to its quantity; `used` counts the TVs authorized so far. */
export const tvAuthProjectModel = defineRecord({
  name: 'tvAuthProjectModel',
  label: t('项目型号', 'Project model'),
  scope: 'platform',
  userTypes: [1],
  permission: 'tvAuth',
  path: 'tv-auth-project-models',
  table: 'tv_auth_project_models',
  titleField: 'model',
  fields: {
    project: ref({ label: t('授权项目', 'TV-auth project'), record: 'tvAuthProject', required: true, filter: true }),
    model: text({ label: t('型号', 'Model'), required: true, min: 1, max: 40, search: true }),
    quantity: int({ label: t('数量', 'Quantity'), required: true, min: 1, max: 1_000_000 }),
    used: int({ label: t('已授权', 'Used'), readOnly: true, default: 0 }),
  },
});

/** One authorization attempt through a project's QR code, passed or not (written by the server only). */
export const tvAuthLog = defineRecord({
  name: 'tvAuthLog',
  label: t('授权日志', 'TV-auth log'),
  scope: 'platform',
  userTypes: [1],
  permission: 'tvAuth',
  path: 'tv-auth-logs',
  table: 'tv_auth_logs',
  titleField: 'mac',
  operations: { create: false, update: false, delete: false },
  fields: {
    project: ref({ label: t('授权项目', 'TV-auth project'), record: 'tvAuthProject', readOnly: true, filter: true }),
    mac: text({ label: t('MAC地址', 'MAC'), readOnly: true, max: 12, filter: true, filterMatch: 'exact' }),
    model: text({ label: t('型号', 'Model'), readOnly: true, max: 40 }),
    longitude: decimal({ label: t('经度', 'Longitude'), readOnly: true, min: -180, max: 180, scale: 6 }),
    latitude: decimal({ label: t('纬度', 'Latitude'), readOnly: true, min: -90, max: 90, scale: 6 }),
    distance: int({ label: t('距离（米）', 'Distance (m)'), readOnly: true }),
    result: choice({ label: t('结果', 'Result'), options: { pass: t('通过', 'Pass'), notPass: t('不通过', 'Not pass') }, readOnly: true, filter: true }),
    reason: choice({ label: t('原因', 'Reason'), options: TV_AUTH_REASONS, readOnly: true }),
  },
});
