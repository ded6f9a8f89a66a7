import { defineRecord } from '../../record/define.js';
import { bool, choice, int, ENABLED_STATES } from '../../record/fields.js';
import { TRACKED_EVENT_OPTIONS } from './index.js';

/**
 * Tracked TV events (/event-track/config): which events the TVs report and what share of them
 * (sampling, in percent). One row per event; the TVs receive the enabled rows in their `tracking`
 * configuration part.
 */
export const trackedEvent = defineRecord({
  name: 'trackedEvent',
  label: { 'zh-CN': '埋点事件', 'en-US': 'Tracked event' },
  scope: 'platform',
  userTypes: [1],
  permission: 'eventTrack',
  path: 'tracked-events',
  table: 'tracked_events',
  titleField: 'event',
  fields: {
    event: choice({ label: { 'zh-CN': '事件', 'en-US': 'Event' }, options: TRACKED_EVENT_OPTIONS, required: true, unique: true }),
    enabled: bool({ label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true, filter: true, states: ENABLED_STATES }),
    sampling: int({
      label: { 'zh-CN': '采样率（%）', 'en-US': 'Sampling (%)' },
      required: true,
      min: 1,
      max: 100,
      default: 100,
      help: { 'zh-CN': '电视上报该事件的比例', 'en-US': 'The share of these events the TVs report' },
    }),
  },
});
