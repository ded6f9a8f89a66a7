import type { Text } from '../../i18n/lang.js';

/** Messages of the voice assistant and service calls (spread into `messages`). */
export const voiceMessages = {
  'voice.contentNotJson': { 'zh-CN': '指令内容必须是标准JSON', 'en-US': 'The content must be standard JSON' },
  'voice.contentShape': {
    'zh-CN': '指令内容需包含intent和do（openArea、openApp、volume、channel、answer、serviceCall、room）',
    'en-US': 'The content needs "intent" and "do" (openArea, openApp, volume, channel, answer, serviceCall, room)',
  },
  'voice.intentKey': { 'zh-CN': '意图标识以小写字母开头，只含字母、数字、点、下划线和短横线', 'en-US': 'An intent key starts with a small letter and holds letters, digits, dots, underscores and dashes only' },
  'voice.slotTypes': { 'zh-CN': '槽位类型只能是：{types}', 'en-US': 'Slot types can only be: {types}' },
  'voice.setOfHotel': { 'zh-CN': '酒店的意图须属于一个意图集', 'en-US': "A hotel's intent belongs to one of its intent sets" },
  'voice.belowThreshold': {
    'zh-CN': '识别率{accuracy}%低于酒店的发布门槛{threshold}%，不能发布',
    'en-US': 'The accuracy {accuracy}% is below the hotel’s threshold of {threshold}%; the set cannot be published',
  },
  'voice.untested': { 'zh-CN': '请先填写测试句并保存', 'en-US': 'Enter test sentences and save the set first' },
  'voice.disabled': { 'zh-CN': '本酒店未开通AI语音', 'en-US': 'The AI voice service is not enabled for this hotel' },
  'voice.tooFast': { 'zh-CN': '说得太快了，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  'voice.noCall': { 'zh-CN': '呼叫不存在', 'en-US': 'No such service call' },
  'voice.scoreNotCompleted': { 'zh-CN': '呼叫完成后才能评分', 'en-US': 'A call can be scored once completed' },
  'voice.scored': { 'zh-CN': '该呼叫已评分', 'en-US': 'This call is already scored' },
  'voice.escalation': {
    'zh-CN': '房间{room}的呼叫“{content}”已等待{minutes}分钟未处理',
    'en-US': 'The call "{content}" from room {room} has waited {minutes} minutes unprocessed',
  },
  'voice.liveAccept': { 'zh-CN': '该通道只以text/event-stream应答，请求需带Accept: text/event-stream', 'en-US': 'This channel answers text/event-stream only: send Accept: text/event-stream' },
  // The platform's configuration review (docs/voice.md).
  'voice.check.noPublishedSet': { 'zh-CN': '没有已发布的意图集：电视只认识平台的意图', 'en-US': 'No published intent set: the TVs know the platform’s intents only' },
  'voice.check.belowThreshold': {
    'zh-CN': '已发布的意图集“{set}”识别率{accuracy}%低于现在的门槛{threshold}%',
    'en-US': 'The published set "{set}" has an accuracy of {accuracy}%, below the threshold of {threshold}% now',
  },
  'voice.check.unknownIntent': { 'zh-CN': '指令“{name}”的意图{intent}不在酒店的模型中', 'en-US': 'The instruction "{name}" names the intent {intent}, which the hotel’s model does not know' },
  'voice.check.missingFaq': { 'zh-CN': '指令“{name}”回答的常见问题{faqId}不存在或未启用', 'en-US': 'The instruction "{name}" answers the FAQ entry {faqId}, which is missing or disabled' },
  'voice.check.serviceWithoutGoods': { 'zh-CN': '有服务意图但没有启用的AI物品：客人要的东西无法识别', 'en-US': 'Service intents but no enabled AI goods: what guests ask for is not recognised' },
  'voice.check.roomWithoutGateway': { 'zh-CN': '有客控意图或指令，但客控网关未启用', 'en-US': 'Room-control intents or instructions, but no enabled room-control gateway' },
  'voice.check.infoInReview': { 'zh-CN': '{count}条AI信息等待审核', 'en-US': '{count} AI information entries wait for review' },
  'voice.check.goodsNotSynced': { 'zh-CN': '{count}件商城商品尚未同步到AI物品', 'en-US': '{count} shop goods are not synced to the AI goods yet' },
  // What the assistant says to the guest, in the sentence's language.
  'voice.say.notUnderstood': { 'zh-CN': '抱歉，我没听懂，请再说一遍', 'en-US': 'Sorry, I did not catch that. Please say it again.' },
  'voice.say.serviceCall': { 'zh-CN': '好的，已为您呼叫服务：{content}', 'en-US': 'OK, I have passed your request to the staff: {content}' },
  'voice.say.done': { 'zh-CN': '好的', 'en-US': 'OK' },
  'voice.say.roomUnavailable': { 'zh-CN': '抱歉，本房间暂不支持客控', 'en-US': 'Sorry, room control is not available in this room' },
  'voice.say.noAction': { 'zh-CN': '我听懂了，但酒店还没有设置这项服务', 'en-US': 'I understood, but the hotel has not set this up yet' },
} as const satisfies Record<string, Text>;
