import { z } from 'zod';
import { idSchema } from '../../record/fields.js';

/**
 * The console's own calls of the voice area beyond its records (docs/voice.md): the platform's AI
 * project configuration (`/ai/project_config`) and configuration review (`/ai/config_check`), and
 * the hotel's goods sync from the shop (`/goods/sync`).
 */

const flag = z.enum(['true', 'false']).optional();
const page = { page: z.coerce.number().int().min(1).max(10_000).default(1), pagesize: z.coerce.number().int().min(1).max(100).default(20) };

/** `/api/ai/project-config` query: hotels by name, brand, the AI voice flag. */
export const projectConfigQuery = z.object({
  ...page,
  keyword: z.string().trim().max(50).optional(),
  brandId: idSchema.optional(),
  aiVoice: flag,
});
export type ProjectConfigQuery = z.infer<typeof projectConfigQuery>;

/** One hotel's AI project configuration: its flags, the settings that apply and what it has. */
export interface ProjectConfigRow {
  hotelId: number;
  hotelName: string;
  brandId: number;
  brandName: string;
  aiVoice: boolean;
  openXb: boolean;
  /** The accuracy (%) a set needs to be published; `thresholdOwn` false: the default applies. */
  threshold: number;
  thresholdOwn: boolean;
  escalateMinutes: number;
  escalateOwn: boolean;
  /** The intent set the hotel's TVs use. */
  publishedSet: { id: number; name: string; accuracy: number | null } | null;
  intents: number;
  instructions: number;
  goods: number;
  infoPassed: number;
  infoInReview: number;
  /** Service calls of the last 7 days. */
  calls7d: number;
  roomControl: boolean;
}

/** The engine settings every hotel shares (the same for all; shown once above the list). */
export interface EngineInfo {
  engine: string;
  languages: string[];
  defaultThreshold: number;
  defaultEscalateMinutes: number;
  sentencesPerMinute: number;
  callsPerMinute: number;
}

export const CHECK_SEVERITIES = ['error', 'warning', 'info'] as const;
export type CheckSeverity = (typeof CHECK_SEVERITIES)[number];

/** What the configuration review finds (catalogue `voice.check.<code>`). */
export const CHECK_CODES = {
  noPublishedSet: 'warning',
  belowThreshold: 'error',
  unknownIntent: 'error',
  missingFaq: 'error',
  serviceWithoutGoods: 'warning',
  roomWithoutGateway: 'warning',
  infoInReview: 'info',
  goodsNotSynced: 'info',
} as const satisfies Record<string, CheckSeverity>;
export type CheckCode = keyof typeof CHECK_CODES;

export interface CheckFinding {
  code: CheckCode;
  severity: CheckSeverity;
  /** The finding in the request's language. */
  message: string;
  /** The console page where it is put right. */
  page: string;
}

/** `ok` without findings; else the worst finding's severity. */
export type CheckStatus = 'ok' | CheckSeverity;

export const configCheckQuery = z.object({
  ...page,
  keyword: z.string().trim().max(50).optional(),
  brandId: idSchema.optional(),
  status: z.enum(['ok', ...CHECK_SEVERITIES]).optional(),
});
export type ConfigCheckQuery = z.infer<typeof configCheckQuery>;

export interface ConfigCheckRow {
  hotelId: number;
  hotelName: string;
  brandName: string;
  status: CheckStatus;
  findings: CheckFinding[];
}

/** What a sync does to one goods: added, its names updated, an AI goods of the same name linked, nothing, or disabled (gone from the shop). */
export const SYNC_CHANGES = ['add', 'update', 'link', 'same', 'disable'] as const;
export type SyncChange = (typeof SYNC_CHANGES)[number];

export interface GoodsSyncRow {
  change: SyncChange;
  shopGoodsId: number | null;
  aiGoodsId: number | null;
  /** The names after the sync. */
  name: string;
  nameEn: string | null;
  /** The AI goods' names before it (update, link, disable). */
  before: { name: string; nameEn: string | null } | null;
  category: string | null;
}

export type SyncCounts = Record<SyncChange, number>;

export interface GoodsSyncView {
  items: GoodsSyncRow[];
  counts: SyncCounts;
  /** The last sync: when, by whom, what it changed. */
  lastSync: { at: string; by: string | null; counts: SyncCounts } | null;
}

/** `POST /api/goods-sync`: all the shop's goods, or the ones listed (then nothing is disabled). */
export const goodsSyncBody = z.strictObject({
  shopGoodsIds: z.array(idSchema).min(1).max(500).optional(),
});
export type GoodsSyncBody = z.infer<typeof goodsSyncBody>;

/** What `POST /api/goods-sync` answers: what it changed, goods by goods (unchanged ones left out). */
export interface GoodsSyncResult {
  changed: GoodsSyncRow[];
  counts: SyncCounts;
}

/** One event of the service-call live channel (`GET /api/ai/service-calls/live`). */
export interface CallEvent {
  id: number;
  hotelId: number;
  status: 'pending' | 'processing' | 'completed' | 'ignored';
  /** `new`: a guest's call just saved; `change`: a state, a score, an escalation, a deletion. */
  kind: 'new' | 'change';
  /** A new call as the list shows it, so the staff page shows it before its list is loaded again. */
  call?: { id: number; content: string; roomNumber: string | null; mac: string; status: 'pending'; calledAt: string; score: null; escalated: false };
}
