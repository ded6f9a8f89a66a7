import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';
import { MAX_APP_LAUNCHES_PER_BATCH } from './limits.js';

/** The app launch log (docs/runlogs.md): the device API's launch batch and its messages. */

export { MAX_APP_LAUNCHES_PER_BATCH };

/** `POST /api/device/v1/app-launches`: apps the TV opened since its last report. */
export const appLaunchesRequest = z.strictObject({
  launches: z
    .array(
      z.strictObject({
        package: z.string().trim().min(1).max(128),
        appName: z.string().trim().max(64).optional(),
        versionName: z.string().trim().max(32).optional(),
        /** When it was opened (ISO 8601); now when absent or far off. */
        at: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1)
    .max(MAX_APP_LAUNCHES_PER_BATCH),
});
export type AppLaunchesRequest = z.infer<typeof appLaunchesRequest>;
export type AppLaunch = AppLaunchesRequest['launches'][number];

export const runlogMessages = {
  'runlogs.launchesLimited': { 'zh-CN': '应用启动上报过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many app launch reports, try again in {seconds} s' },
} as const satisfies Record<string, Text>;
