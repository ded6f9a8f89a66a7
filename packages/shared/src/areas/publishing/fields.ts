import type { Text } from '../../i18n/lang.js';
import { choice, datetime, ref, text } from '../../record/fields.js';
import type { StateAction } from '../../record/define.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/**
 * How an item reaches rooms (docs/publishing.md): every room of its hotel, chosen rooms, or the rooms
 * of a tour group (which grows with the group's check-ins).
 */
export const PUBLISH_METHODS = {
  all: t('全部房间', 'All rooms'),
  rooms: t('按房间', 'By room'),
  group: t('按旅行团', 'By tour group'),
} as const;
export type PublishMethod = keyof typeof PUBLISH_METHODS;

/**
 * The spec's publish states (message notices: unpublished, all published, partial published, by room,
 * by tour group, publish cancelled), plus `scheduled`: published for a time still to come.
 */
export const PUBLISH_STATES = {
  unpublished: t('未发布', 'Unpublished'),
  scheduled: t('定时待发布', 'Scheduled'),
  allPublished: t('全部发布', 'All published'),
  partiallyPublished: t('部分发布', 'Partially published'),
  byRoom: t('按房间发布', 'Published by room'),
  byTourGroup: t('按旅行团发布', 'Published by tour group'),
  published: t('已发布', 'Published'),
  cancelled: t('已取消发布', 'Publish cancelled'),
  surveying: t('调查中', 'In the survey'),
  finished: t('已结束', 'Finished'),
} as const;
export type PublishState = keyof typeof PUBLISH_STATES;

/**
 * Which states a record type shows. `targets`: the state names where it is published (message
 * notices); `published`: one published state whatever the target (guest messages: the spec has only
 * unpublished and published); `rooms`: all published, or partially for chosen rooms (subtitles);
 * `survey`: pending release, in the survey, finished (questionnaires: neither step can be undone).
 */
export type PublishVocabulary = 'targets' | 'published' | 'rooms' | 'survey';

const STATES_OF: Record<PublishVocabulary, readonly PublishState[]> = {
  targets: ['unpublished', 'scheduled', 'allPublished', 'byRoom', 'byTourGroup', 'cancelled'],
  published: ['unpublished', 'scheduled', 'published', 'cancelled'],
  rooms: ['unpublished', 'scheduled', 'allPublished', 'partiallyPublished', 'cancelled'],
  survey: ['unpublished', 'scheduled', 'surveying', 'finished'],
};

/** A vocabulary's own name for a state (the spec calls an unreleased questionnaire "pending release"). */
const LABELS_OF: Partial<Record<PublishVocabulary, Partial<Record<PublishState, Text>>>> = {
  survey: { unpublished: t('待发布', 'Pending release') },
};

/** The live state an item published to `method` shows in a vocabulary. */
export function livePublishState(vocabulary: PublishVocabulary, method: PublishMethod): PublishState {
  if (vocabulary === 'published') return 'published';
  if (vocabulary === 'survey') return 'surveying';
  if (method === 'all') return 'allPublished';
  if (vocabulary === 'rooms') return 'partiallyPublished';
  return method === 'rooms' ? 'byRoom' : 'byTourGroup';
}

/** States in which an item is on the TVs of its targets. */
export const LIVE_STATES: readonly PublishState[] = ['allPublished', 'partiallyPublished', 'byRoom', 'byTourGroup', 'published', 'surveying'];

/** Room numbers as typed: separated by commas (either width), spaces or new lines; duplicates dropped. */
export function parseRooms(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(/[\s,，]+/).filter(Boolean))];
}

/**
 * The fields every publishable record carries, spread into its declaration: the method (required),
 * the rooms (required by room), the tour group (required by group), the publish time (empty: at once)
 * and the state, which only the publish and cancel actions change.
 */
export function publishFields(vocabulary: PublishVocabulary) {
  const options = Object.fromEntries(STATES_OF[vocabulary].map((state) => [state, LABELS_OF[vocabulary]?.[state] ?? PUBLISH_STATES[state]])) as Record<PublishState, Text>;
  return {
    publishMethod: choice({ label: t('发布方式', 'Publish method'), options: PUBLISH_METHODS, required: true, default: 'all', filter: true }),
    rooms: text({
      label: t('房间', 'Rooms'),
      max: 4000,
      multiline: true,
      list: false,
      pattern: { regex: /^[A-Za-z0-9-]+([\s,，]+[A-Za-z0-9-]+)*$/, message: 'tenants.roomNumberChars' },
      help: t('房间号，用逗号或换行分隔', 'Room numbers separated by commas or new lines'),
      requiredWhen: { field: 'publishMethod', in: ['rooms'], message: 'publishing.roomsRequired' },
    }),
    tourGroupId: ref({
      label: t('旅行团', 'Tour group'),
      record: 'tourGroup',
      list: false,
      requiredWhen: { field: 'publishMethod', in: ['group'], message: 'publishing.groupRequired' },
    }),
    publishAt: datetime({ label: t('发布时间', 'Publish time'), sort: true, help: t('留空则立即发布', 'Empty: published at once') }),
    publishState: choice({ label: t('发布状态', 'Publish state'), options, readOnly: true, default: 'unpublished', filter: true }),
    publishedAt: datetime({ label: t('实际发布时间', 'Published at'), readOnly: true, sort: true }),
  };
}

/**
 * The publish and cancel actions of a publishable record (`states` on `publishState`). The state
 * `publish` leads to is the server's: scheduled, or the live state of the item's target.
 */
export function publishActions(vocabulary: PublishVocabulary): { field: 'publishState'; actions: Record<'publish' | 'cancelPublish', StateAction> } {
  const live = STATES_OF[vocabulary].filter((state) => LIVE_STATES.includes(state));
  return {
    field: 'publishState',
    actions: {
      publish: { label: t('发布', 'Publish'), from: ['unpublished', 'cancelled'], to: live[0]!, confirm: t('确认发布？', 'Publish it?') },
      cancelPublish: { label: t('取消发布', 'Cancel publish'), from: ['scheduled', ...live], to: 'cancelled', confirm: t('确认取消发布？', 'Cancel its publication?') },
    },
  };
}

/**
 * The release and finish actions of a questionnaire (`states` on `publishState`, vocabulary `survey`):
 * release (the publish action: in the survey, or scheduled for its publish time) from pending, finish
 * from scheduled or in the survey. Neither is undone: no action leads back.
 */
export function surveyActions(): { field: 'publishState'; actions: Record<'publish' | 'finish', StateAction> } {
  return {
    field: 'publishState',
    actions: {
      publish: { label: t('发布', 'Release'), from: ['unpublished'], to: 'surveying', confirm: t('确认发布吗？', 'Do you confirm the release?') },
      finish: { label: t('结束调查', 'Finish'), from: ['scheduled', 'surveying'], to: 'finished', confirm: t('确认结束调查吗？', 'Complete surveys confirm?') },
    },
  };
}
