import type { Text } from '../../i18n/lang.js';
import { SLOT_TYPES } from './document.js';

/**
 * How the editors show each property of the theme document: its name and help in both interface
 * languages, the group it is shown in, the widget that edits it and the names of its choices. The
 * document's schema says what a value may be; this says how a person sets it. A block type's own
 * properties have their entries beside the common ones (`CORE_BLOCK_UI`; an area's block type adds
 * its own), so every panel is in words, never in keys.
 */

export const PROPERTY_GROUPS = ['content', 'position', 'text', 'style', 'events', 'advanced'] as const;
export type PropertyGroup = (typeof PROPERTY_GROUPS)[number];

export const GROUP_LABELS: Record<PropertyGroup, Text> = {
  content: t('内容', 'Content'),
  position: t('位置与大小', 'Position and size'),
  text: t('文字', 'Text'),
  style: t('样式', 'Style'),
  events: t('事件', 'Events'),
  advanced: t('高级', 'Advanced'),
};

export type PropertyWidget =
  | 'text'
  | 'number'
  | 'slider'
  | 'switch'
  | 'choice'
  | 'segmented'
  | 'color'
  | 'localText'
  | 'checkboxes'
  | 'action'
  | 'autoShow'
  | 'font'
  | 'materials'
  | 'material'
  | 'blockKey'
  | 'readOnly';

export interface PropertyUi {
  label: Text;
  help?: Text;
  group: PropertyGroup;
  /** The schema's natural widget when absent (text, number, switch, choice). */
  widget?: PropertyWidget;
  /** Names of an enum's values (or of an array of enum values' members). */
  choices?: Record<string, Text>;
  /** A slider's step (its bounds are the schema's). */
  step?: number;
}

function t(zh: string, en: string): Text {
  return { 'zh-CN': zh, 'en-US': en };
}

const LANGUAGE_NAMES: Record<string, Text> = {
  'zh-CN': t('简体中文', 'Simplified Chinese'),
  'zh-TW': t('繁體中文', 'Traditional Chinese'),
  ja: t('日语', 'Japanese'),
  ko: t('韩语', 'Korean'),
  en: t('英语', 'English'),
};

/** Properties of every node and block (the block's common ones, the theme's, a layout's, a page's, a container's). */
const COMMON: Record<string, PropertyUi> = {
  key: { label: t('标识', 'Key'), help: t('在模板内唯一的名字，动作和遥控方向用它指向这里', 'A name unique in the template; actions and remote moves point here with it'), group: 'advanced' },
  name: { label: t('名称', 'Name'), group: 'content' },
  x: { label: t('左边距', 'Left'), group: 'position' },
  y: { label: t('上边距', 'Top'), group: 'position' },
  width: { label: t('宽度', 'Width'), group: 'position' },
  height: { label: t('高度', 'Height'), group: 'position' },
  focusable: { label: t('可被遥控器选中', 'Selectable with the remote'), group: 'events' },
  focusEvent: { label: t('选中时', 'When selected'), help: t('遥控器移到这里时做的事', 'What happens when the remote moves here'), group: 'events', widget: 'action' },
  clickEvent: { label: t('按确定键时', 'When OK is pressed'), group: 'events', widget: 'action' },
  animation: {
    label: t('进场动画', 'Entrance animation'),
    group: 'style',
    choices: { none: t('无', 'None'), fade: t('淡入', 'Fade in'), slide: t('滑入', 'Slide in'), zoom: t('放大', 'Zoom in') },
  },
  font: { label: t('字体', 'Font'), group: 'text', widget: 'font' },
  color: { label: t('文字颜色', 'Text colour'), group: 'text', widget: 'color' },
  background: { label: t('背景色', 'Background colour'), group: 'style', widget: 'color' },
  align: { label: t('对齐', 'Alignment'), group: 'text', widget: 'segmented', choices: { left: t('左', 'Left'), center: t('中', 'Centre'), right: t('右', 'Right') } },
  opacity: { label: t('不透明度', 'Opacity'), group: 'style', widget: 'slider', step: 0.05 },
  radius: { label: t('圆角', 'Corner radius'), group: 'style', widget: 'slider' },
  blur: { label: t('背景模糊', 'Background blur'), help: t('5-25，留空为不模糊', '5-25; empty for none'), group: 'style', widget: 'slider' },
  autoShow: { label: t('自动显示', 'Shown'), group: 'advanced', widget: 'autoShow' },
  attrTag: { label: t('快捷设置标签', 'Quick-settings tag'), help: t('酒店可在快捷设置里修改带此标签的属性', 'Hotels may change the attributes with this tag in quick settings'), group: 'advanced' },
  nav: { label: t('遥控方向', 'Remote moves'), group: 'events', widget: 'readOnly' },
  // The theme's own fields.
  kind: { label: t('模板用途', 'Used as'), group: 'advanced', widget: 'readOnly', choices: { launcher: t('主页', 'Launcher'), welcome: t('欢迎页', 'Welcome page') } },
  languages: { label: t('内容语言', 'Content languages'), help: t('第一个是其他语言缺文字时的后备', 'The first one stands in where a text is missing'), group: 'content', widget: 'checkboxes', choices: LANGUAGE_NAMES },
  interfaceTypes: {
    label: t('界面类型', 'Interface types'),
    group: 'content',
    widget: 'checkboxes',
    choices: { common: t('通用', 'Common'), welcome: t('欢迎', 'Welcome'), main: t('主界面', 'Main') },
  },
  screenRatio: { label: t('屏幕比例', 'Screen ratio'), group: 'position' },
  orientation: { label: t('屏幕方向', 'Orientation'), group: 'position', widget: 'segmented', choices: { landscape: t('横屏', 'Landscape'), portrait: t('竖屏', 'Portrait') } },
  screenShare: { label: t('允许投屏', 'Screen sharing'), group: 'advanced' },
  previewMaterialIds: { label: t('预览图', 'Preview pictures'), help: t('最多2张', 'At most 2'), group: 'content', widget: 'materials' },
  visibility: { label: t('共享', 'Sharing'), group: 'advanced', widget: 'segmented', choices: { private: t('不共享', 'Private'), public: t('共享给下级', 'Shared with those below') } },
  equipmentType: { label: t('设备类型', 'Equipment type'), group: 'advanced', widget: 'readOnly', choices: { room: t('客房', 'Room'), public: t('公区', 'Public area'), meeting: t('会议室', 'Meeting room') } },
  typeId: { label: t('模板分类', 'Category'), group: 'advanced', widget: 'readOnly' },
  baseThemeId: { label: t('所跟随的品牌模板', 'Brand template followed'), group: 'advanced', widget: 'readOnly' },
  // A layout's and a page's.
  parent: { label: t('上级布局', 'Parent layout'), group: 'advanced' },
  type: {
    label: t('类型', 'Type'),
    group: 'content',
    choices: {
      home: t('首页', 'Home'),
      list: t('列表页', 'List'),
      detail: t('详情页', 'Detail'),
      custom: t('自定义', 'Custom'),
      common: t('通用', 'Common'),
      welcome: t('欢迎', 'Welcome'),
      main: t('主界面', 'Main'),
    },
  },
  bootDisplay: { label: t('开机显示', 'Shown at switch-on'), group: 'content' },
  description: { label: t('说明', 'Description'), group: 'content' },
  sort: { label: t('排序', 'Order'), help: t('越大越靠前', 'Larger comes first'), group: 'advanced' },
};

/** The entries of the core block types' own properties. */
export const CORE_BLOCK_UI: Record<string, Record<string, PropertyUi>> = {
  image: {
    materialIds: { label: t('图片', 'Pictures'), help: t('从素材库选择，多张时轮播', 'From the material library; several play in turn'), group: 'content', widget: 'materials' },
    intervalSeconds: { label: t('轮播间隔（秒）', 'Seconds each'), group: 'content' },
    loop: { label: t('循环次数', 'Repeats'), help: t('0为一直循环', '0 repeats for ever'), group: 'content' },
  },
  video: {
    materialIds: { label: t('视频', 'Videos'), help: t('从素材库选择，按顺序播放', 'From the material library, played in order'), group: 'content', widget: 'materials' },
    loop: { label: t('循环次数', 'Repeats'), help: t('0为一直循环', '0 repeats for ever'), group: 'content' },
    muted: { label: t('静音', 'Muted'), group: 'content' },
  },
  text: {
    text: { label: t('文字', 'Text'), help: t('{guest} 显示住客姓名，{room} 显示房间号', '{guest} shows the guest’s name, {room} the room number'), group: 'content', widget: 'localText' },
    scroll: { label: t('滚动显示', 'Scrolling'), group: 'text' },
  },
  clock: {
    format: { label: t('显示格式', 'Format'), group: 'content', choices: { 'HH:mm': t('时:分', 'hh:mm'), 'HH:mm:ss': t('时:分:秒', 'hh:mm:ss'), 'yyyy-MM-dd HH:mm': t('日期和时间', 'Date and time') } },
  },
  weather: { city: { label: t('城市', 'City'), help: t('留空为酒店所在城市', 'Empty: the hotel’s city'), group: 'content' } },
  qrCode: { content: { label: t('二维码内容', 'Code content'), help: t('扫码打开的网址或文字', 'The address or text the code opens'), group: 'content' } },
  app: {
    packageName: { label: t('应用包名', 'App package'), help: t('例如 com.example.player', 'For example com.example.player'), group: 'content' },
    title: { label: t('标题', 'Title'), group: 'content', widget: 'localText' },
    iconMaterialId: { label: t('图标', 'Icon'), group: 'content', widget: 'material' },
  },
  webPage: { url: { label: t('网页地址', 'Web address'), group: 'content' } },
};

/** A slot's own property: the title shown over the area's content. */
export const SLOT_UI: Record<string, PropertyUi> = { title: { label: t('标题', 'Title'), group: 'content', widget: 'localText' } };

/** Names and purposes of the block types, for the editor's palette and lists. */
export const BLOCK_TYPE_UI: Record<string, { label: Text; description: Text }> = {
  image: { label: t('图片', 'Picture'), description: t('一张或轮播的多张图片', 'One picture, or several in turn') },
  video: { label: t('视频', 'Video'), description: t('素材库中的视频', 'Videos from the library') },
  text: { label: t('文字', 'Text'), description: t('各内容语言的文字，可滚动', 'Text in each content language, may scroll') },
  clock: { label: t('时钟', 'Clock'), description: t('当前时间', 'The time now') },
  weather: { label: t('天气', 'Weather'), description: t('酒店所在城市的天气', 'The weather of the hotel’s city') },
  qrCode: { label: t('二维码', 'QR code'), description: t('客人用手机扫码', 'A code guests scan with their phones') },
  app: { label: t('应用', 'App'), description: t('打开电视上的应用', 'Opens an app of the TV') },
  webPage: { label: t('网页', 'Web page'), description: t('显示一个网页', 'Shows a web page') },
  notice: { label: t('通知', 'Notices'), description: t('酒店发给客房的通知', 'The hotel’s notices to the room') },
  subtitle: { label: t('字幕', 'Subtitles'), description: t('滚动字幕的位置', 'Where scrolling subtitles show') },
  shop: { label: t('商城', 'Shop'), description: t('酒店商城的入口', 'The hotel shop') },
  vod: { label: t('点播', 'Video on demand'), description: t('点播影片', 'Films on demand') },
  introduction: { label: t('酒店介绍', 'Hotel introduction'), description: t('酒店的图文介绍', 'The hotel’s introductions') },
  music: { label: t('音乐', 'Music'), description: t('酒店的音乐', 'The hotel’s music') },
};

/** The words a new text block starts with, in each content language (Chinese ones in Chinese, the others in English). */
export const NEW_TEXT: Text = t('双击编辑文字', 'Double-click to edit');

/** Every block type's own entries; a block type an area adds brings its entries here with it. */
const BLOCK_UI: Record<string, Record<string, PropertyUi>> = { ...CORE_BLOCK_UI, ...Object.fromEntries(SLOT_TYPES.map((slot) => [slot, SLOT_UI])) };

/**
 * How a property is shown: the block type's own entry, else the common one, else its key as a last
 * resort (a property nobody described, shown under "advanced").
 */
export function propertyUi(name: string, blockType?: string): PropertyUi {
  return (blockType ? BLOCK_UI[blockType]?.[name] : undefined) ?? COMMON[name] ?? { label: { 'zh-CN': name, 'en-US': name }, group: 'advanced' };
}

/**
 * The content areas an `openArea` action may name, as the editor offers them: those the TV has
 * (packages/renderer/src/areas); an area adds itself here when it arrives, so no template opens one
 * the TVs would answer with "not available".
 */
export const AREA_UI: Record<string, Text> = {
  faq: t('常见问题', 'FAQ'),
  music: t('音乐', 'Music'),
  introduction: t('酒店介绍', 'Hotel introduction'),
  weather: t('天气', 'Weather'),
  exchange: t('汇率', 'Exchange rates'),
  shop: t('商城', 'Shop'),
  guestmessages: t('客人消息', 'Guest messages'),
  notices: t('消息通知', 'Notices'),
  voice: t('语音助手', 'Voice assistant'),
  channels: t('电视直播', 'Live TV'),
  imagemessages: t('图文消息', 'Image-text messages'),
  questionnaires: t('问卷调查', 'Questionnaires'),
};

/** What a block's click or focus may do, by action. */
export const ACTION_UI: Record<'none' | 'openPage' | 'openApp' | 'openArea' | 'playMedia', Text> = {
  none: t('无', 'Nothing'),
  openPage: t('打开页面', 'Open a page'),
  openApp: t('打开应用', 'Open an app'),
  openArea: t('打开服务', 'Open a service'),
  playMedia: t('播放素材', 'Play a material'),
};

/** When a block or layout shows. */
export const AUTO_SHOW_UI: Record<'none' | 'duration' | 'timeRange', Text> = {
  none: t('一直显示', 'Always'),
  duration: t('开机后显示一段时间', 'For a while after switch-on'),
  timeRange: t('每天的时段内', 'Within daily hours'),
};

/** Words of the property widgets themselves. */
export const WIDGET_WORDS = {
  seconds: t('秒数', 'Seconds'),
  from: t('从', 'From'),
  to: t('到', 'To'),
  size: t('字号', 'Size'),
  bold: t('粗体', 'Bold'),
  family: t('字体', 'Typeface'),
  defaultFamily: t('默认字体', 'Default typeface'),
  themeColours: t('模板颜色', 'Template colours'),
  page: t('页面', 'Page'),
  packageName: t('应用包名', 'App package'),
  area: t('服务', 'Service'),
  material: t('素材', 'Material'),
  search: t('输入名称搜索', 'Type a name to search'),
} as const satisfies Record<string, Text>;
