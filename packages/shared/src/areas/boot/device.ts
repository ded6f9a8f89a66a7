import { z } from 'zod';
import type { TvMenuPassword } from './menu.js';
import type { BootApplyMode, HideableModule, TvMenuSetting } from './records.js';

/** The files of a boot policy a TV downloads, by part name (`bootPolicy` file fields). */
export const BOOT_FILE_PARTS = [
  'icon',
  'logo',
  'logoBitmap',
  'logoT972',
  'video',
  'videoIni',
  'animation',
  'frontAnimation',
  'backAnimation',
  'verticalVideo',
  'welcomeVideo',
] as const;
export type BootFilePart = (typeof BOOT_FILE_PARTS)[number];

/** One file as the TV receives it: an immutable address (the SHA-256 in the path), its size and hash. */
export interface BootFile {
  fileId: string;
  url: string;
  mime: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
}

/** Why a terminal gets its policy: a MAC list naming it, its hotel's, its brand's, or the platform's default. */
export type BootSource = 'mac' | 'hotel' | 'brand' | 'platform';

/** The `boot` part of `GET /api/device/v1/config` (docs/boot.md, "What the TV receives"). */
export interface BootConfigPart {
  /** The policy in force, or null when no level has one. */
  policy: {
    id: number;
    name: string;
    source: BootSource;
    /** Changes whenever anything a TV downloads or shows changes. */
    etag: string;
    files: Partial<Record<BootFilePart, BootFile>>;
    wifiName: string | null;
    castName: string | null;
    apply: { mode: BootApplyMode; at: string | null };
  } | null;
  /** Content modules hidden at boot by the platform's content-hiding rules. */
  hide: HideableModule[];
  /**
   * The hotel's advanced TV menu, or null when it has none: its name (empty: the TV's own word), the
   * system settings a guest may open, and the installer's entries behind the password (a salted hash,
   * never the password).
   */
  tvMenu: { name: string; settings: TvMenuSetting[]; password: TvMenuPassword; entries: string[] } | null;
}

/** States of a terminal's download task (generic: boot files now, release packages later). */
export const DOWNLOAD_STATES = ['downloading', 'success', 'failed'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** What a TV reports about one download: `POST /api/device/v1/download-tasks`. */
export const downloadReportSchema = z
  .object({
    /** What the file is for: `boot` (a boot policy's file); other areas add theirs (`release`). */
    kind: z.string().regex(/^[a-z][a-zA-Z]{1,19}$/),
    /** The row it belongs to (a boot policy's id). */
    subjectId: z.number().int().positive().max(2_147_483_647).optional(),
    /** Which file of it (a boot part name). */
    name: z.string().min(1).max(40),
    url: z.string().min(1).max(300),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    state: z.enum(DOWNLOAD_STATES),
    /** Why it failed (network error, hash mismatch, no space…). */
    reason: z.string().max(500).optional(),
  })
  .strict();
export type DownloadReport = z.infer<typeof downloadReportSchema>;
