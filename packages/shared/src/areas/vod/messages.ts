import type { Text } from '../../i18n/lang.js';

/** Messages of the VOD area (spread into `messages`). */
export const vodMessages = {
  'vod.streamUrl': { 'zh-CN': '请输入http(s)地址', 'en-US': 'Enter an http(s) address' },
  'vod.previewTooLong': { 'zh-CN': '试看时长不能超过影片时长', 'en-US': 'The preview cannot be longer than the film' },
  'vod.positionKey': { 'zh-CN': '位置Key只能包含字母、数字、下划线、点和横线', 'en-US': 'A position key has letters, digits, _ . and - only' },
  'vod.mac': { 'zh-CN': 'MAC地址格式不正确', 'en-US': 'Not a MAC address' },
  'vod.mediaRequired': { 'zh-CN': '请上传影片文件或填写播放地址', 'en-US': 'Upload a film file or give a stream address' },
  'vod.mediaBoth': { 'zh-CN': '影片文件与播放地址只能二选一', 'en-US': 'Give a film file or a stream address, not both' },
  'vod.moviesInvalid': { 'zh-CN': '已配置影片须为影片池中的影片编号列表', 'en-US': 'Configured films are a list of film ids of the pool' },
  'vod.moviesUnknown': { 'zh-CN': '影片池中没有编号为{id}的影片', 'en-US': 'The pool has no film {id}' },
  'vod.notConfigured': { 'zh-CN': '片库尚未配置影片，不能发布', 'en-US': 'The library has no films yet; it cannot be published' },
  'vod.libraryRequired': { 'zh-CN': '请选择精选库或推荐库', 'en-US': 'Choose a selected or a recommend library' },
  'vod.libraryUnpublished': { 'zh-CN': '只能下发已发布的片库', 'en-US': 'Only a published library can be sent' },
  'vod.targetRequired': { 'zh-CN': '请选择下发对象', 'en-US': 'Choose whom to send to' },
  'vod.startAtRequired': { 'zh-CN': '定时下发须填写下发时间', 'en-US': 'A timed send needs its time' },
  'vod.noRoom': { 'zh-CN': '该电视未绑定房间，不能购买', 'en-US': 'This TV is in no room; it cannot buy' },
  'vod.movieUnknown': { 'zh-CN': '该影片已下架', 'en-US': 'This film is no longer offered' },
  'vod.roomChargeRefused': { 'zh-CN': '房间当前不能记入房账，请联系前台', 'en-US': 'Nothing can be charged to this room now; please call the front desk' },
  'vod.ordersLimited': { 'zh-CN': '购买过于频繁，请稍后再试', 'en-US': 'Too many purchases; please try again shortly' },
  'vod.chargeFailed': { 'zh-CN': '记入房账失败：{reason}', 'en-US': 'Charging the room failed: {reason}' },
  'vod.receiptRentals': { 'zh-CN': '点播影片{count}部（观看已结束）', 'en-US': '{count} films (viewing ended)' },
} as const satisfies Record<string, Text>;
