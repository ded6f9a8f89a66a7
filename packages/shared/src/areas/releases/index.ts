import { z } from 'zod';
import type { Text } from '../../i18n/lang.js';
import { idSchema, intSchema } from '../../record/fields.js';
import type { ActionState } from './states.js';
import type { InstallWindow } from './window.js';

export * from './records.js';
export * from './window.js';
export * from './states.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** What a release installs: firmware, the control package or an app version. */
export const RELEASE_KINDS = { ota: t('OTA固件', 'OTA firmware'), control: t('控制升级', 'Control upgrade'), app: t('应用', 'App') } as const;
export type ReleaseKind = keyof typeof RELEASE_KINDS;

/** Rollout states (hawkBit's, without approval): creating while its actions are written. */
export const ROLLOUT_STATES = {
  creating: t('创建中', 'Creating'),
  ready: t('就绪', 'Ready'),
  running: t('进行中', 'Running'),
  paused: t('已暂停', 'Paused'),
  finished: t('已完成', 'Finished'),
  stopped: t('已取消', 'Stopped'),
} as const;
export type RolloutState = keyof typeof ROLLOUT_STATES;

/** Final states that count toward a wave's success threshold. */
export const SUCCESS_STATES: readonly ActionState[] = ['success', 'alreadyInstalled'];
/** Final states that count toward its error threshold (an incompatible terminal is not an error: it is left out). */
export const ERROR_STATES: readonly ActionState[] = ['failed'];

/** States a TV reports (pending and cancelled are the server's). */
export const REPORTED_STATES = ['downloading', 'downloaded', 'installing', 'success', 'failed', 'alreadyInstalled', 'incompatible'] as const;

/**
 * How far into an attempt each state is: within one attempt an action only moves forward, so a report
 * of an earlier step that arrives late (two MQTT messages of one TV taken by two server processes) is
 * stale. The final states end the action.
 */
export const ACTION_STEP: Record<ActionState, number> = {
  pending: 0,
  downloading: 1,
  downloaded: 2,
  installing: 3,
  success: 4,
  failed: 4,
  cancelled: 4,
  alreadyInstalled: 4,
  incompatible: 4,
};

export const INSTALL_TYPES = { soft: t('提示安装', 'Soft'), forced: t('强制安装', 'Forced'), downloadOnly: t('仅下载', 'Download only') } as const;
export type InstallType = keyof typeof INSTALL_TYPES;

export const TARGET_KINDS = { all: t('全部终端', 'All terminals'), brand: t('品牌', 'Brands'), hotel: t('酒店', 'Hotels'), terminal: t('指定MAC', 'Terminals by MAC') } as const;
export type TargetKind = keyof typeof TARGET_KINDS;
/** MAC over hotel over brand over all: a terminal takes the highest-ranked live release of a package. */
export const TARGET_RANK: Record<TargetKind, number> = { all: 1, brand: 2, hotel: 3, terminal: 4 };

export const MAX_ROLLOUT_MACS = 20_000;
export const MAX_WAVES = 10;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const waveSchema = z.union([
  z.object({ share: intSchema(1, 100) }).strict(),
  z.object({ count: intSchema(1, 1_000_000) }).strict(),
]);
export type WaveSpec = z.infer<typeof waveSchema>;

/** A new rollout (a release of one package to its targets). */
export const rolloutCreate = z.object({
  kind: z.enum(['ota', 'control', 'app']),
  packageId: idSchema,
  name: z.string().trim().min(1).max(50),
  target: z.enum(['all', 'brand', 'hotel', 'terminal']),
  brandIds: z.array(idSchema).max(1000).default([]),
  hotelIds: z.array(idSchema).max(5000).default([]),
  macs: z.array(z.string().max(32)).max(MAX_ROLLOUT_MACS).default([]),
  tags: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
  models: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
  distribution: z.enum(['official', 'trial']).default('official'),
  installType: z.enum(['soft', 'forced', 'downloadOnly']).default('soft'),
  waves: z.array(waveSchema).min(1).max(MAX_WAVES).default([{ share: 100 }]),
  successThreshold: intSchema(1, 100).default(50),
  errorThreshold: intSchema(1, 100).default(50),
  maxRetries: intSchema(0, 5).default(2),
  retryBaseSeconds: intSchema(1, 86_400).default(60),
  windowStart: z.string().regex(HHMM).nullable().default(null),
  windowEnd: z.string().regex(HHMM).nullable().default(null),
  start: z.boolean().default(true),
});
export type RolloutCreate = z.input<typeof rolloutCreate>;

export interface RolloutWave {
  index: number;
  state: 'waiting' | 'running' | 'done';
  total: number;
  counts: Partial<Record<ActionState, number>>;
}

export interface Rollout {
  id: number;
  name: string;
  kind: ReleaseKind;
  packageId: number;
  packageTitle: string;
  versionName: string;
  state: RolloutState;
  pauseReason: string | null;
  target: TargetKind;
  distribution: 'official' | 'trial';
  installType: InstallType;
  successThreshold: number;
  errorThreshold: number;
  maxRetries: number;
  currentWave: number;
  total: number;
  counts: Partial<Record<ActionState, number>>;
  waves?: RolloutWave[];
  createdAt: string;
  createdBy: string | null;
}

/** One entry of the `releases` configuration part: what this terminal must install. */
export interface ReleaseItem {
  actionId: number;
  kind: ReleaseKind;
  name: string;
  packageName: string | null;
  versionName: string;
  versionCode: number | null;
  url: string;
  size: number;
  md5: string;
  sha256: string;
  installType: InstallType;
  /** When a soft install may run: the rollout's window, else the hotel's; null: at once (forced, download-only, no window). */
  window: InstallWindow | null;
  /** A retry waits until then (ISO time); null: now. */
  notBefore: string | null;
  /** Failed attempts so far (0 on the first): the TV's reports carry it. */
  attempt: number;
}

/**
 * Which hotels a platform app is offered to: every hotel, or the hotels of the named brands and the
 * named hotels (a partial trial only to named ones). `PUT /api/releases/apps/{id}/offers`.
 */
export const appOfferBody = z.object({
  all: z.boolean().default(false),
  brandIds: z.array(idSchema).max(1000).default([]),
  hotelIds: z.array(idSchema).max(5000).default([]),
});
export type AppOfferBody = z.input<typeof appOfferBody>;

/** A platform app's offer as the console shows it (titles in the request's language). */
export interface AppOffer {
  appId: number;
  distribution: 'official' | 'trial';
  all: boolean;
  brands: { id: number; title: string }[];
  hotels: { id: number; title: string }[];
}

/** Progress reports of a TV, up to 50 in one call. */
export const progressReport = z.object({
  actionId: idSchema,
  state: z.enum(REPORTED_STATES),
  progress: intSchema(0, 100).optional(),
  code: z.string().max(40).optional(),
  reason: z.string().max(300).optional(),
  /** The attempt the report belongs to (the `releases` item's `attempt`): one of an attempt already failed is stale. */
  attempt: intSchema(0, 1000).optional(),
});
export const progressRequest = z.object({ reports: z.array(progressReport).min(1).max(50) });
export type ProgressReport = z.infer<typeof progressReport>;

/** A download task as the task lists show it: releases' actions, boot files' downloads, any kind a source adds. */
export interface DownloadTask {
  source: string;
  id: number;
  terminalId: number;
  mac: string;
  roomNumber: string | null;
  hotelId: number | null;
  hotelTitle: string | null;
  fileName: string;
  state: 'downloading' | 'success' | 'failed';
  detail: string;
  failureCode: string | null;
  failureReason: string | null;
  updatedAt: string;
}
