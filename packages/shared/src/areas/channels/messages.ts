import type { Text } from '../../i18n/lang.js';

/** Messages of the channels area (spread into `messages`). */
export const channelsMessages = {
  'channels.httpUrl': { 'zh-CN': '请输入http或https地址', 'en-US': 'Enter an http or https address' },
  'channels.m3uFile': { 'zh-CN': '请选择M3U播放列表文件', 'en-US': 'Choose an M3U playlist file' },
  'channels.notM3u': { 'zh-CN': '文件不是M3U播放列表（应以#EXTM3U开头的UTF-8文本）', 'en-US': 'The file is no M3U playlist (UTF-8 text starting with #EXTM3U)' },
  'channels.tooManyChannels': { 'zh-CN': '播放列表最多{max}个频道', 'en-US': 'A playlist holds at most {max} channels' },
  'channels.noChannels': { 'zh-CN': '播放列表中没有可导入的频道', 'en-US': 'The playlist has no channel that can be imported' },
  'channels.importExpired': { 'zh-CN': '预览已过期或不存在，请重新上传播放列表', 'en-US': 'The preview has expired or does not exist; upload the playlist again' },
  'channels.xmltvFile': { 'zh-CN': '请选择XMLTV节目单文件', 'en-US': 'Choose an XMLTV programme guide file' },
  'channels.notXmltv': { 'zh-CN': '文件不是有效的XMLTV节目单：{reason}', 'en-US': 'The file is no valid XMLTV programme guide: {reason}' },
  'channels.tooManyProgrammes': { 'zh-CN': '节目单最多{max}个节目', 'en-US': 'A programme guide holds at most {max} programmes' },
  'channels.unknownChannel': { 'zh-CN': '第{index}个频道不存在或不可用', 'en-US': 'Channel {index} does not exist or is not available' },
  'channels.repeatedChannel': { 'zh-CN': '第{index}个频道重复', 'en-US': 'Channel {index} is listed twice' },
  'channels.orderMismatch': { 'zh-CN': '排序须包含且仅包含当前列表中的频道，请刷新后重试', 'en-US': 'The order must name exactly the channels of the current list; reload and try again' },
  'channels.featureOff': { 'zh-CN': '该酒店未开通频道功能', 'en-US': 'Live TV is not enabled for this hotel' },
  // Import report reasons (preview lists).
  'channels.line.noUrl': { 'zh-CN': '#EXTINF后没有播放地址', 'en-US': 'No stream address after #EXTINF' },
  'channels.line.badUrl': { 'zh-CN': '播放地址不是http(s)地址', 'en-US': 'The stream address is no http(s) address' },
  'channels.line.noName': { 'zh-CN': '缺少频道名称', 'en-US': 'The channel has no name' },
  'channels.line.badNumber': { 'zh-CN': 'tvg-chno不是1到99999之间的整数', 'en-US': 'tvg-chno is no whole number from 1 to 99999' },
  'channels.line.tooLong': { 'zh-CN': '字段过长', 'en-US': 'A field is too long' },
  'channels.line.urlWithoutInfo': { 'zh-CN': '播放地址前没有#EXTINF', 'en-US': 'A stream address without #EXTINF before it' },
  'channels.line.duplicate': { 'zh-CN': '与第{line}行的频道重复（相同的tvg-id或名称），已忽略', 'en-US': 'Same channel as line {line} (same tvg-id or name); left out' },
  'channels.line.duplicateNumber': { 'zh-CN': '频道号{number}与第{line}行重复', 'en-US': 'Number {number} is also used on line {line}' },
} as const satisfies Record<string, Text>;
