import { defineRecord } from '../../record/define.js';
import { choice, datetime, files, int, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const FEEDBACK_TYPES = {
  question: t('问题咨询', 'Question'),
  suggestion: t('意见建议', 'Suggestion'),
  fault: t('故障报修', 'Fault report'),
  complaint: t('投诉', 'Complaint'),
  other: t('其他', 'Other'),
} as const;

/**
 * Feedback and suggestions (spec §3 "Feedback", /fb/list): sent by brand and hotel users from the
 * header's feedback link and by guests from the QR code their TV shows (/fb/index with a signed token),
 * handled by the platform (docs/feedback.md). Rows are written by the feedback routes only; the state
 * changes with *Start handling*, and *Handle* / *Ignore* with a note (custom routes).
 */
export const feedback = defineRecord({
  name: 'feedback',
  label: t('反馈与建议', 'Feedback'),
  scope: 'tenant',
  userTypes: [1],
  permission: 'feedback',
  path: 'feedback',
  table: 'feedback',
  titleField: 'description',
  operations: { create: false, update: false, delete: false },
  columns: ['type', 'status', 'source', 'brandId', 'hotelId', 'roomNumber', 'senderName', 'contact', 'submittedAt', 'handlingNote'],
  defaultSort: { field: 'submittedAt', order: 'desc' },
  fields: {
    description: text({ label: t('问题描述', 'Question description'), readOnly: true, max: 500, search: true }),
    type: choice({ label: t('类型', 'Type'), options: FEEDBACK_TYPES, readOnly: true, default: 'question', filter: true }),
    suggestion: text({ label: t('建议', 'Suggestion'), readOnly: true, max: 500 }),
    images: files({ label: t('图片', 'Images'), upload: 'feedbackImage', max: 3, readOnly: true }),
    contact: text({ label: t('联系方式', 'Contact'), readOnly: true, max: 50 }),
    source: choice({ label: t('来源', 'Source'), options: { console: t('后台用户', 'Console user'), guest: t('客人', 'Guest') }, readOnly: true, default: 'console', filter: true }),
    roomNumber: text({ label: t('房间号', 'Room'), readOnly: true, max: 16 }),
    senderName: text({ label: t('提交人', 'Sender'), readOnly: true, max: 40 }),
    senderId: int({ label: t('提交人账号', 'Sender account'), readOnly: true, list: false }),
    submittedAt: datetime({ label: t('提交时间', 'Submitted at'), readOnly: true, filter: true, sort: true }),
    status: choice({
      label: t('状态', 'Status'),
      options: { submitted: t('待处理', 'Submitted'), handling: t('处理中', 'Handling'), handled: t('已处理', 'Handled'), ignored: t('已忽略', 'Ignored') },
      readOnly: true,
      default: 'submitted',
      filter: true,
    }),
    handlingNote: text({ label: t('处理说明', 'Handling note'), readOnly: true, max: 200 }),
    handledAt: datetime({ label: t('处理时间', 'Handled at'), readOnly: true, list: false }),
  },
  states: {
    field: 'status',
    actions: {
      startHandling: { label: t('开始处理', 'Start handling'), from: ['submitted'], to: 'handling' },
    },
  },
});
