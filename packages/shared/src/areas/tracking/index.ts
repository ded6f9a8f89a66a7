import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';
import { MAX_EVENTS_PER_BATCH } from './limits.js';

/**
 * Event tracking: the events a TV may report, the `tracking` configuration part, the device API's
 * event batch and the per-event per-day report.
 */

export const TRACKED_EVENTS = ['appOpened', 'pageViewed', 'keyPressed', 'contentPlayed'] as const;
export type TrackedEventName = (typeof TRACKED_EVENTS)[number];

export const TRACKED_EVENT_OPTIONS = {
  appOpened: { 'zh-CN': '打开应用', 'en-US': 'App opened' },
  pageViewed: { 'zh-CN': '浏览页面', 'en-US': 'Page viewed' },
  keyPressed: { 'zh-CN': '按键', 'en-US': 'Key pressed' },
  contentPlayed: { 'zh-CN': '播放内容', 'en-US': 'Content played' },
} as const satisfies Record<TrackedEventName, Text>;

/** The `tracking` configuration part: the events to report, each with its sampling in percent. */
export interface TrackingConfigPart {
  events: { event: TrackedEventName; sampling: number }[];
}

export { MAX_EVENTS_PER_BATCH };

/** `POST /api/device/v1/events`: a batch of events the TV collected (already sampled). */
export const eventsRequest = z.strictObject({
  events: z
    .array(
      z.strictObject({
        event: z.enum(TRACKED_EVENTS),
        /** When it happened (ISO 8601); now when absent. */
        at: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1)
    .max(MAX_EVENTS_PER_BATCH),
});
export type EventsRequest = z.infer<typeof eventsRequest>;

/** `GET /api/tracking/report`: a date range of at most a year (days, inclusive). */
export const trackingReportQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  event: z.enum(TRACKED_EVENTS).optional(),
  brandId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  hotelId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type TrackingReportQuery = z.infer<typeof trackingReportQuery>;

/** One row of the report: an event's count on a day. */
export interface TrackingReportRow {
  day: string;
  event: TrackedEventName;
  count: number;
}

export const trackingMessages = {
  'tracking.eventsLimited': { 'zh-CN': '上报过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many event reports, try again in {seconds} s' },
  'tracking.badRange': { 'zh-CN': '结束日期不能早于开始日期，且跨度不超过一年', 'en-US': 'The end date must not precede the start and the range is at most a year' },
  'tracking.reportTitle': { 'zh-CN': '埋点报表', 'en-US': 'Event report' },
  'tracking.day': { 'zh-CN': '日期', 'en-US': 'Day' },
  'tracking.event': { 'zh-CN': '事件', 'en-US': 'Event' },
  'tracking.count': { 'zh-CN': '次数', 'en-US': 'Count' },
  'tracking.allEvents': { 'zh-CN': '全部事件', 'en-US': 'All events' },
  'tracking.export': { 'zh-CN': '导出', 'en-US': 'Export' },
} as const satisfies Record<string, Text>;
