import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, ENABLED_STATES, file, int, sortField, text } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The room-control scenes a control-link material is shown on (docs/rcu.md "Control-link
 * materials"): changes of the room's devices as its gateway reports them, seen by the room's TV.
 */
export const CONTROL_LINK_SCENES = {
  lightsOn: t('开灯（灯光从全关到打开）', 'Lights on (from all off)'),
  lightsOff: t('关灯（灯光全部关闭）', 'Lights off (all of them)'),
  curtainsOpen: t('打开窗帘', 'Curtains opened'),
  curtainsClosed: t('关闭窗帘（全部关闭）', 'Curtains closed (all of them)'),
  dndOn: t('开启请勿打扰', 'Do not disturb set'),
  murOn: t('开启请即打扫', 'Make up room set'),
} as const;
export type ControlLinkScene = keyof typeof CONTROL_LINK_SCENES;
export const CONTROL_LINK_SCENE_KEYS = Object.keys(CONTROL_LINK_SCENES) as ControlLinkScene[];

/** The most materials one scene shows in a row (the TV takes the first ones by sort). */
export const CONTROL_LINK_MAX_PER_SCENE = 5;

/**
 * Control-link materials (spec part 2 `/content/control_link_materials`): a picture or a video the
 * room's TV shows full screen when a scene of the room's control system happens (the lights all
 * switched off: "good night"; do-not-disturb set), for `seconds` (a video plays to its end, at most
 * that long). Several materials of one scene play one after another by sort.
 */
export const controlLinkMaterial = defineRecord({
  name: 'controlLinkMaterial',
  label: t('控制联动素材', 'Control-link material'),
  scope: 'hotel',
  userTypes: [3],
  permission: 'controlLinkMaterial',
  path: 'control-link-materials',
  table: 'control_link_materials',
  titleField: 'title',
  defaultSort: { field: 'sort', order: 'desc' },
  columns: ['title', 'scene', 'media', 'seconds', 'sort', 'enabled', 'createdAt'],
  fields: {
    title: text({ label: t('名称', 'Name'), required: true, max: 50, search: true, sort: true }),
    scene: choice({ label: t('联动场景', 'Scene'), options: CONTROL_LINK_SCENES, required: true, filter: true, help: t('客控系统报告该场景时，本房间的电视全屏显示此素材', "When the room control reports this scene, the room's TV shows the material full screen") }),
    media: file({ label: t('图片或视频', 'Picture or video'), upload: 'controlLinkMedia', required: true, list: true, help: t('jpg、png 或 mp4，100M 以内；建议 1920×1080', 'jpg, png or mp4, at most 100M; 1920×1080 suits a TV') }),
    seconds: int({ label: t('显示时长(秒)', 'Shown for (s)'), min: 3, max: 600, default: 10, help: t('视频播放到结束，最长为此时长；按任意键结束', 'A video plays to its end, at most this long; any key ends it') }),
    sort: sortField(),
    enabled: bool({ label: t('状态', 'State'), default: true, filter: true, states: ENABLED_STATES }),
  },
});
