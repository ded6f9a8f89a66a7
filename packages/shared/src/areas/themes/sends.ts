import { z } from 'zod';
import { MAX_MAC_SEARCH } from '../devices/protocol.js';
import { idSchema, intSchema } from '../../record/fields.js';
import { MAX_SEND_SECONDS, SEND_TARGETS } from './messages.js';

/**
 * `POST /api/admin/theme/{id}/send`: the target kind, its ids (brands, hotels) or MACs, and the show
 * duration (required, spec §5). The form of the send dialog runs the same schema.
 */
export const sendBody = z.strictObject({
  target: z.enum(SEND_TARGETS),
  brandIds: z.array(idSchema).max(1000).optional(),
  hotelIds: z.array(idSchema).max(5000).optional(),
  macs: z.array(z.string().max(40)).max(MAX_MAC_SEARCH).optional(),
  durationSeconds: intSchema(60, MAX_SEND_SECONDS),
});
export type SendBody = z.infer<typeof sendBody>;

/** `POST /api/admin/theme/{id}/cancel-send`: the sends to cancel, or every live one of the caller's. */
export const cancelSendBody = z.strictObject({ sendIds: z.array(idSchema).max(1000).optional() });

/** The answer of a send (spec §8): successes, failures and the hotels that failed. */
export interface SendResult {
  /** Targets the send reaches: hotels for sends to all, brands or hotels; terminals for MAC sends. */
  successes: number;
  failures: number;
  /** Hotels the send cannot reach: they take their own templates only, or lie outside the template's reach. */
  failedHotelIds: number[];
  /** MACs that name no terminal of the caller's (MAC sends). */
  missingMacs: string[];
  /** Terminals whose scene shows another equipment type (MAC sends). */
  otherSceneMacs: string[];
}

/** A live send of a theme, as the send dialog lists it. */
export interface SendItem {
  id: number;
  themeId: number;
  targetKind: (typeof SEND_TARGETS)[number];
  targetId: number | null;
  targetName: string | null;
  startAt: string;
  endAt: string;
  sentBy: string | null;
}

/**
 * Where a theme is live now, within the caller's reach: the TVs whose winning send is one of this
 * theme's, their hotels, and the version they show (what publishing the draft would replace).
 */
export interface ThemeAudience {
  terminals: number;
  hotels: number;
  liveVersion: { id: number; number: number } | null;
}

/** Why a terminal shows the theme it shows: the winning send and the ones it outranked. */
export interface TerminalThemeExplanation {
  terminalId: number;
  mac: string;
  sceneMode: string;
  /** Only an authorized terminal receives its theme. */
  authorization: string;
  equipmentType: string | null;
  theme: { id: number; name: string; version: number; versionId: number } | null;
  candidates: {
    sendId: number;
    rank: number;
    themeId: number;
    themeName: string;
    version: number;
    targetKind: (typeof SEND_TARGETS)[number];
    targetId: number | null;
    targetName: string | null;
    sentBy: string | null;
    startAt: string;
    endAt: string;
    winner: boolean;
  }[];
}

/** The `theme` part of a TV's configuration: the version it shows and its immutable address. */
export interface ThemeConfigPart {
  id: number;
  name: string;
  version: number;
  versionId: number;
  url: string;
  /** The payload's ETag (its SHA-256, quoted): a TV holding it downloads nothing. */
  etag: string;
}

/**
 * The `welcome` part of a TV's configuration: the welcome template reaching it (resolved like the
 * launcher's, docs/themes.md "Welcome templates") and the name of the room's guest, set on the terminal
 * by the console or a PMS check-in (null: the TV greets with its fallback).
 */
export interface WelcomeConfigPart extends ThemeConfigPart {
  guest: string | null;
}

/** One file a TV needs for a version: where to fetch it, how big it is and what it hashes to. */
export interface ThemeAsset {
  materialId: number;
  fileId: string;
  url: string;
  mime: string;
  size: number;
  sha256: string;
}

/** A theme version as TVs download it. */
export interface ThemePayload {
  themeId: number;
  versionId: number;
  version: number;
  name: string;
  equipmentType: string;
  document: unknown;
  assets: ThemeAsset[];
}
