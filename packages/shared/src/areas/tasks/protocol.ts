import { z } from 'zod';
import type { TaskAction } from './records.js';

/** A task's terminal work waiting for a TV (`GET /api/device/v1/tasks`). */
export interface TerminalTask {
  /** The task log id the TV reports its result with. */
  logId: number;
  action: TaskAction;
  parameter: string | null;
}

/** Results of a terminal's part in a run: `pending` until it reports. */
export const TASK_RESULTS = ['pending', 'success', 'failed', 'unsupported'] as const;
export type TaskResult = (typeof TASK_RESULTS)[number];

/** `POST /api/device/v1/tasks/result`: the TV did (or could not do) one task's work. */
export const taskResultRequest = z.strictObject({
  logId: z.number().int().min(1).max(2_147_483_647),
  state: z.enum(['success', 'failed', 'unsupported']),
  failureCode: z.string().trim().max(40).optional(),
  reason: z.string().trim().max(500).optional(),
  /** The file the work failed on (or produced), when there is one. */
  file: z.string().trim().max(500).optional(),
});
export type TaskResultRequest = z.infer<typeof taskResultRequest>;

/** `POST /api/tasks`: apply an item to a target, now, once at a time, or daily at a time of day. */
export const createTaskRequest = z.strictObject({
  itemId: z.number().int().min(1).max(2_147_483_647),
  macs: z.array(z.string().trim().min(1).max(64)).max(1000).default([]),
  hotelIds: z.array(z.number().int().min(1)).max(1000).default([]),
  brandIds: z.array(z.number().int().min(1)).max(1000).default([]),
  tags: z.array(z.string().trim().min(1).max(40)).max(100).default([]),
  schedule: z.enum(['now', 'once', 'daily']).default('now'),
  /** `once`: when (ISO 8601). */
  runAt: z.iso.datetime({ offset: true }).optional(),
  /** `daily`: the time of day, HH:MM (server time, UTC). */
  dailyAt: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).optional(),
});
export type CreateTaskRequest = z.infer<typeof createTaskRequest>;
