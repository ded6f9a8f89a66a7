import type { Text } from '../../i18n/lang.js';

/** Messages of feedback (spread into `messages`); the first four are the spec's own (§8). */
export const feedbackMessages = {
  'feedback.frequent': { 'zh-CN': '提交太频繁，请稍后再试', 'en-US': 'Submitted frequently, please try again later' },
  'feedback.descriptionRequired': { 'zh-CN': '问题描述不能为空', 'en-US': 'Question description can not be empty' },
  'feedback.badToken': { 'zh-CN': '二维码已失效，请在电视上重新扫码', 'en-US': 'The QR code is no longer valid; scan the one on the TV again' },
  'feedback.badImage': { 'zh-CN': '请上传JPG或PNG图片，每张不超过3M', 'en-US': 'Please select JPG or PNG pictures within 3M' },
  'feedback.noteRequired': { 'zh-CN': '请填写处理说明', 'en-US': 'Please enter a handling note' },
  'feedback.closed': { 'zh-CN': '该反馈已处理或已忽略', 'en-US': 'This feedback is already handled or ignored' },
  'feedback.handledMessage': {
    'zh-CN': '您于{date}提交的反馈“{summary}”已处理：{note}',
    'en-US': 'Your feedback of {date}, "{summary}", has been handled: {note}',
  },
  'feedback.ignoredMessage': {
    'zh-CN': '您于{date}提交的反馈“{summary}”已关闭：{note}',
    'en-US': 'Your feedback of {date}, "{summary}", has been closed: {note}',
  },
} as const satisfies Record<string, Text>;
