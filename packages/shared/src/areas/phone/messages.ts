import type { Text } from '../../i18n/lang.js';

/** Messages of the guest's phone: pairing, the remote (spread into `messages`). */
export const phoneMessages = {
  'phone.badCode': { 'zh-CN': '二维码无效，请扫描电视上显示的二维码', 'en-US': 'This QR code is not valid; scan the code shown on the TV' },
  'phone.codeExpired': { 'zh-CN': '二维码已过期，请扫描电视上的新二维码', 'en-US': 'This QR code has expired; scan the new code on the TV' },
  'phone.codeUsed': { 'zh-CN': '二维码已被使用，请扫描电视上的新二维码', 'en-US': 'This QR code has already been used; scan the new code on the TV' },
  'phone.noHotel': { 'zh-CN': '电视尚未绑定酒店，无法配对手机', 'en-US': 'This TV belongs to no hotel yet; a phone cannot be paired with it' },
  'phone.bindingEnded': { 'zh-CN': '手机与电视的连接已结束，请重新扫描电视上的二维码', 'en-US': 'This phone is no longer paired with the TV; scan the code on the TV again' },
  'phone.textRequired': { 'zh-CN': '请输入要发送的文字', 'en-US': 'Enter the text to send' },
  'phone.rateLimited': { 'zh-CN': '操作太频繁，请{seconds}秒后再试', 'en-US': 'Too many requests; try again in {seconds} s' },
  'phone.receiptBindings': { 'zh-CN': '解除配对的手机：{count}', 'en-US': 'Paired phones released: {count}' },
  'phone.castBadUrl': { 'zh-CN': '请输入以 http:// 或 https:// 开头的网址', 'en-US': 'Enter a web address starting with http:// or https://' },
  'phone.castKind': { 'zh-CN': '请选择图片或视频', 'en-US': 'Choose a picture or a video' },
  'phone.castBusy': { 'zh-CN': '上一个文件仍在上传，请稍候', 'en-US': 'The previous file is still uploading; please wait' },
  'phone.receiptCasts': { 'zh-CN': '删除的投屏文件：{count}', 'en-US': 'Cast files removed: {count}' },
} as const satisfies Record<string, Text>;
