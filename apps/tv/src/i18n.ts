/** The browser TV's own words, in the console's two languages; the TV speaks its browser's language. */
const zh = {
  setupTitle: '欢迎使用酒店电视',
  setupHint: '请输入酒店的安装码和本机所在的房间号',
  installCode: '安装码',
  roomNumber: '房间号',
  connect: '连接',
  connecting: '正在连接服务器…',
  offline: '无法连接服务器，稍后自动重试',
  unauthorized: '本机尚未授权，请联系酒店前台或管理员',
  disabled: '本机已停用',
  licence: '许可证无效',
  feedback: '扫码提交意见反馈',
  pairPhone: '用手机扫码，把手机变成遥控器',
  laundry: '扫码预约自助洗衣',
  phonePaired: '手机已连接，可用作遥控器',
  castBack: '按返回键关闭投屏',
  licenceExpired: '酒店许可证已过期，请联系管理员续期',
  noTheme: '欢迎入住',
  room: '房间 {room}',
  mac: 'MAC：{mac}',
  openApp: '正在打开应用 {name}',
  channel: '频道 {number}',
  areaUnavailable: '本房间暂不提供此项服务',
  language: '内容语言：{name}',
  volume: '音量 {volume}',
};
type Words = typeof zh;
const en: Words = {
  setupTitle: 'Welcome to the hotel TV',
  setupHint: "Enter the hotel's install code and this TV's room number",
  installCode: 'Install code',
  roomNumber: 'Room number',
  connect: 'Connect',
  connecting: 'Connecting to the server…',
  offline: 'The server cannot be reached; trying again shortly',
  unauthorized: 'This TV is not authorized yet; please contact the front desk',
  disabled: 'This TV is disabled',
  licence: 'No valid licence',
  feedback: 'Scan to send us feedback',
  pairPhone: 'Scan to use your phone as the remote',
  laundry: 'Scan to book the laundry',
  phonePaired: 'Phone connected: it is now a remote',
  castBack: 'Press Back to close the cast',
  licenceExpired: "The hotel's licence has expired; please contact the administrator to renew it",
  noTheme: 'Welcome',
  room: 'Room {room}',
  mac: 'MAC: {mac}',
  openApp: 'Opening the app {name}',
  channel: 'Channel {number}',
  areaUnavailable: 'This service is not available in this room',
  language: 'Content language: {name}',
  volume: 'Volume {volume}',
};

export type UiLang = 'zh-CN' | 'en-US';

export function uiLang(): UiLang {
  const wanted = new URLSearchParams(location.search).get('ui') ?? navigator.language;
  return wanted.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/** A table of words in each language, looked up in one, `{name}` filled from `vars`. */
export function wordsOf<W extends Record<string, string>>(tables: Record<UiLang, W>, lang: UiLang) {
  const table = tables[lang];
  return (key: keyof W, vars: Record<string, string | number> = {}) => table[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export const words = (lang: UiLang) => wordsOf({ 'zh-CN': zh, 'en-US': en }, lang);
