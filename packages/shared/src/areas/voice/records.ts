import { defineRecord } from '../../record/define.js';
import { bool, choice, datetime, file, int, json, ref, text } from '../../record/fields.js';
import { INSTRUCTION_CONTENT_MAX, INSTRUCTION_NAME_MAX, SLOT_TYPES } from './instruction.js';
import type { VoicePhraseKey } from './phrases.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const EXAMPLES_MAX = 4000;

/**
 * An intent the voice assistant understands (spec part 2: `/ai/intent_slots` for the platform's,
 * `/ai/intentslots_manage` for a hotel's own): example sentences per language, one a line, and the
 * slot types its sentences carry. A hotel's model is the platform's intents plus the intents of its
 * published set (docs/voice.md).
 */
export const aiIntent = defineRecord({
  name: 'aiIntent',
  label: t('意图槽位', 'Intent'),
  scope: 'tenant',
  userTypes: [1, 2, 3],
  permission: 'aiIntentSlot',
  path: 'ai-intents',
  titleField: 'name',
  columns: ['name', 'title', 'setId', 'slots', 'enabled', 'hotelId'],
  fields: {
    name: text({ label: t('意图标识', 'Intent key'), required: true, max: 60, search: true, pattern: { regex: /^[a-z][a-zA-Z0-9_.-]*$/, message: 'voice.intentKey' } }),
    title: text({ label: t('意图名称', 'Intent name'), max: 60, search: true }),
    setId: ref({ label: t('意图集', 'Intent set'), record: 'aiIntentSet', filter: true }),
    examplesZh: text({ label: t('中文例句（每行一句）', 'Chinese examples (one a line)'), max: EXAMPLES_MAX, multiline: true, list: false }),
    examplesEn: text({ label: t('英文例句（每行一句）', 'English examples (one a line)'), max: EXAMPLES_MAX, multiline: true, list: false }),
    slots: text({ label: t('槽位类型（逗号分隔）', 'Slot types (comma separated)'), max: 120, help: t(`可用：${SLOT_TYPES.join(', ')}`, `Available: ${SLOT_TYPES.join(', ')}`) }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true }),
  },
});

/**
 * A hotel's intent set: its own intents (`aiIntent.setId`) and the test sentences per language that
 * are run against the set's model at every save (`accuracy`, `failures`). A set below the hotel's
 * threshold (`ai_publish_threshold`) cannot be published; one published set per hotel serves its TVs.
 */
export const aiIntentSet = defineRecord({
  name: 'aiIntentSet',
  label: t('意图集', 'Intent set'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'aiIntentSlot',
  path: 'ai-intent-sets',
  titleField: 'name',
  columns: ['name', 'status', 'accuracy', 'testedAt', 'hotelId'],
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 40, search: true }),
    testsZh: text({ label: t('中文测试句（每行“句子 => 意图标识”）', 'Chinese test sentences (one a line: "sentence => intent key")'), max: EXAMPLES_MAX, multiline: true, list: false }),
    testsEn: text({ label: t('英文测试句（每行“句子 => 意图标识”）', 'English test sentences (one a line: "sentence => intent key")'), max: EXAMPLES_MAX, multiline: true, list: false }),
    accuracy: int({ label: t('识别率（%）', 'Accuracy (%)'), readOnly: true, sort: true }),
    failures: json({ label: t('识别错误的句子', 'Sentences recognised wrongly'), readOnly: true }),
    testedAt: datetime({ label: t('测试时间', 'Tested at'), readOnly: true }),
    status: choice({ label: t('状态', 'Status'), options: { draft: t('草稿', 'Draft'), published: t('已发布', 'Published') }, readOnly: true, default: 'draft', filter: true }),
  },
  states: {
    field: 'status',
    actions: {
      publish: { label: t('发布', 'Publish'), from: ['draft'], to: 'published', confirm: t('发布后电视将使用该意图集，确定吗？', 'The TVs will use this set once published. Publish it?') },
      unpublish: { label: t('取消发布', 'Unpublish'), from: ['published'], to: 'draft' },
    },
  },
});

/**
 * What the assistant does for an intent (spec: `/ai/instructions`, name at most 20 characters, content
 * standard JSON of at most 1,000): `{"intent": "...", "do": "openArea" | "openApp" | "volume" |
 * "channel" | "answer" | "serviceCall" | "room", ...}` (instruction.ts).
 */
export const aiInstruction = defineRecord({
  name: 'aiInstruction',
  label: t('AI指令', 'AI instruction'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'aiInstruction',
  path: 'ai-instructions',
  titleField: 'name',
  fields: {
    name: text({ label: t('指令名称', 'Name'), required: true, max: INSTRUCTION_NAME_MAX, search: true }),
    content: text({ label: t('指令内容（JSON）', 'Content (JSON)'), required: true, max: INSTRUCTION_CONTENT_MAX, multiline: true }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true }),
  },
});

/**
 * What a guest can ask for by voice (spec `/ai/goods`): the `item` slot's values. Goods synced from
 * the hotel's shop (`/goods/sync`) keep the shop goods they came from (`shopGoodsId`); their names
 * follow the shop's at each sync, as long as the shop's (50 and 100 characters).
 */
export const aiGoods = defineRecord({
  name: 'aiGoods',
  label: t('AI物品', 'AI goods'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'aiGoods',
  path: 'ai-goods',
  titleField: 'name',
  titleFieldEn: 'nameEn',
  indexes: [{ fields: ['hotelId', 'shopGoodsId'] }],
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 50, search: true }),
    nameEn: text({ label: t('英文名称', 'English name'), max: 100, search: true }),
    shopGoodsId: int({ label: t('商城商品', 'Shop goods'), readOnly: true, list: false }),
    synonyms: text({ label: t('同义词（逗号分隔）', 'Synonyms (comma separated)'), max: 200 }),
    maxQuantity: int({ label: t('单次最多数量', 'Most at a time'), min: 1, max: 99, default: 5 }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true }),
  },
});

const PHRASES: Record<VoicePhraseKey, ReturnType<typeof t>> = {
  greeting: t('问候（打开语音助手时）', 'Greeting (when the assistant opens)'),
  done: t('确认（已执行）', 'Confirmation (done)'),
  serviceCall: t('已呼叫服务', 'Service call passed on'),
  notUnderstood: t('没听懂', 'Not understood'),
  noAction: t('未设置该服务', 'Service not set up'),
  roomUnavailable: t('客控不可用', 'Room control not available'),
};
const PHRASE_TEXT_MAX = 200;

/**
 * A hotel's wording of a phrase the assistant speaks (spec `/ai/service_tts`): the text per language
 * (`{content}` in the service-call phrase is what was asked for) and, instead of the TV's speech
 * engine, a recorded audio file per language. One per phrase and hotel.
 */
export const aiTts = defineRecord({
  name: 'aiTts',
  label: t('语音合成', 'Voice phrase'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'aiTts',
  path: 'ai-tts',
  titleField: 'phrase',
  columns: ['phrase', 'textZh', 'textEn', 'audioZh', 'audioEn', 'enabled', 'hotelId'],
  fields: {
    phrase: choice({ label: t('语句', 'Phrase'), options: PHRASES, required: true, filter: true, unique: true }),
    textZh: text({ label: t('中文内容', 'Chinese text'), max: PHRASE_TEXT_MAX, search: true, help: t('已呼叫服务的语句中 {content} 代表客人要的物品', 'In the service-call phrase, {content} is what the guest asked for') }),
    textEn: text({ label: t('英文内容', 'English text'), max: PHRASE_TEXT_MAX, search: true }),
    audioZh: file({ label: t('中文录音', 'Chinese recording'), upload: 'voicePhrase', list: true }),
    audioEn: file({ label: t('英文录音', 'English recording'), upload: 'voicePhrase', list: true }),
    enabled: bool({ label: t('启用', 'Enabled'), default: true, filter: true }),
  },
});

export const AI_INFO_REVIEW = {
  draft: t('草稿', 'Draft'),
  inReview: t('审核中', 'In review'),
  passed: t('审核通过', 'Passed'),
  failed: t('审核不通过', 'Failed'),
} as const;
const AI_INFO_TEXT_MAX = 1000;

/**
 * What the assistant knows of a hotel beyond its FAQ (spec: `/ai/aiedit` for the hotel, `/ai/manage`
 * and `/ai/check` for the platform): a question guests ask, other ways to ask it, and the answer per
 * language. It reaches the TVs only once the platform passed it; an edit sends it back to draft while
 * the TVs keep answering with the version last passed (`passed`).
 */
export const aiInfo = defineRecord({
  name: 'aiInfo',
  label: t('AI信息', 'AI information'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'aiInfo',
  path: 'ai-info',
  titleField: 'question',
  columns: ['question', 'reviewStatus', 'reviewReason', 'reviewedAt', 'hotelId'],
  fields: {
    question: text({ label: t('问题', 'Question'), required: true, max: 60, search: true }),
    examplesZh: text({ label: t('其他中文问法（每行一句）', 'Other ways to ask, Chinese (one a line)'), max: EXAMPLES_MAX, multiline: true, list: false }),
    examplesEn: text({ label: t('其他英文问法（每行一句）', 'Other ways to ask, English (one a line)'), max: EXAMPLES_MAX, multiline: true, list: false }),
    answerZh: text({ label: t('中文回答', 'Chinese answer'), required: true, max: AI_INFO_TEXT_MAX, multiline: true }),
    answerEn: text({ label: t('英文回答', 'English answer'), max: AI_INFO_TEXT_MAX, multiline: true, list: false }),
    reviewStatus: choice({ label: t('审核状态', 'Review'), options: AI_INFO_REVIEW, readOnly: true, default: 'draft', filter: true }),
    reviewReason: text({ label: t('不通过原因', 'Reason of failure'), readOnly: true, max: 200 }),
    reviewedAt: datetime({ label: t('审核时间', 'Reviewed at'), readOnly: true, sort: true }),
    passed: json({ label: t('已通过的版本', 'Version passed'), readOnly: true, list: false }),
  },
  states: {
    field: 'reviewStatus',
    actions: {
      submit: { label: t('提交审核', 'Submit for review'), from: ['draft', 'failed'], to: 'inReview' },
      pass: { label: t('通过', 'Pass'), from: ['inReview'], to: 'passed', userTypes: [1], confirm: t('通过后电视将使用该信息回答客人，确定吗？', 'The TVs will answer guests with it once passed. Pass it?') },
      fail: { label: t('不通过', 'Fail'), from: ['inReview'], to: 'failed', userTypes: [1], reason: { field: 'reviewReason', label: t('原因', 'Reason') } },
    },
  },
});

export const CALL_STATES = {
  pending: t('待处理', 'To be processed'),
  processing: t('处理中', 'In processing'),
  completed: t('已完成', 'Completed'),
  ignored: t('已忽略', 'Ignored'),
} as const;
export type CallState = keyof typeof CALL_STATES;

/**
 * A guest's service call (spec `/ai/call_service`: room, MAC, content, status, time, score), written by
 * the room's TV (`POST /api/web/ai/customer_demand/save`); staff move it along its states, the guest
 * scores it once completed.
 */
export const aiServiceCall = defineRecord({
  name: 'aiServiceCall',
  label: t('呼叫服务', 'Service call'),
  scope: 'hotel',
  userTypes: [1, 2, 3],
  permission: 'aiCallService',
  path: 'ai-service-calls',
  titleField: 'content',
  operations: { create: false, update: false },
  defaultSort: { field: 'calledAt', order: 'desc' },
  columns: ['content', 'roomNumber', 'mac', 'status', 'calledAt', 'score', 'escalated', 'hotelId'],
  fields: {
    content: text({ label: t('内容', 'Content'), readOnly: true, max: 1000, search: true }),
    roomNumber: text({ label: t('房间号', 'Room'), readOnly: true, max: 16, search: true }),
    mac: text({ label: t('MAC', 'MAC'), readOnly: true, max: 17, search: true }),
    intent: text({ label: t('意图', 'Intent'), readOnly: true, max: 60, list: false }),
    status: choice({ label: t('状态', 'Status'), options: CALL_STATES, readOnly: true, default: 'pending', filter: true }),
    calledAt: datetime({ label: t('时间', 'Time'), readOnly: true, sort: true, filter: true }),
    score: int({ label: t('评分', 'Score'), readOnly: true, sort: true }),
    escalated: bool({ label: t('已升级提醒', 'Escalated'), readOnly: true, filter: true }),
    terminalId: int({ label: t('终端', 'Terminal'), readOnly: true, list: false }),
  },
  states: {
    field: 'status',
    actions: {
      process: { label: t('开始处理', 'Start processing'), from: ['pending'], to: 'processing' },
      complete: { label: t('完成', 'Complete'), from: ['processing'], to: 'completed' },
      ignore: { label: t('忽略', 'Ignore'), from: ['pending', 'processing'], to: 'ignored', confirm: t('确定忽略该呼叫吗？', 'Ignore this call?') },
    },
  },
});
