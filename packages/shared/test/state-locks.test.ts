import { describe, expect, it } from 'vitest';
import { choice, defineRecord, isLockedRow, records, text, translate } from '../src/index.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const ticket = (locked: readonly string[]) =>
  defineRecord({
    name: 'lockedTicket',
    label: t('工单', 'Ticket'),
    scope: 'hotel',
    userTypes: [3],
    titleField: 'title',
    states: {
      field: 'status',
      actions: { close: { label: t('关闭', 'Close'), from: ['open'], to: 'closed' } },
      locked: { states: locked },
    },
    fields: {
      title: text({ label: t('标题', 'Title'), max: 20 }),
      status: choice({ label: t('状态', 'Status'), options: { open: t('打开', 'Open'), closed: t('已关闭', 'Closed') }, readOnly: true, default: 'open' }),
    },
  });

describe('state locks (states.locked)', () => {
  it('lock the rows in the declared states only', () => {
    const def = ticket(['closed']);
    expect(isLockedRow(def, { status: 'closed' })).toBe(true);
    expect(isLockedRow(def, { status: 'open' })).toBe(false);
    // A record without a lock (or without states) never locks a row.
    expect(isLockedRow(records.faq, { status: 'closed' })).toBe(false);
  });

  it('name states of the state field only', () => {
    expect(() => ticket(['archived'])).toThrow(/locked state archived/);
  });

  it('lock a released or finished questionnaire and a started hotel survey', () => {
    const q = records.questionnaire;
    expect(['unpublished', 'scheduled', 'surveying', 'finished'].filter((state) => isLockedRow(q, { publishState: state }))).toEqual(['scheduled', 'surveying', 'finished']);
    expect(q.states?.locked?.message).toBe('questionnaires.released');
    const survey = records.hotelSurvey;
    expect(['notStarted', 'inProgress', 'paused', 'completed', 'closed'].filter((state) => isLockedRow(survey, { status: state }))).toEqual(['inProgress', 'paused', 'completed', 'closed']);
    expect(survey.states?.locked?.message).toBe('hotelsurvey.locked');
  });

  it('refuse with the catalogue’s message in both languages by default', () => {
    const label = t('工单', 'Ticket');
    expect(translate('error.locked', 'en-US', { record: label })).toBe('Ticket cannot be changed in its current state');
    expect(translate('error.locked', 'zh-CN', { record: label })).toBe('工单在当前状态下不能修改');
  });
});
