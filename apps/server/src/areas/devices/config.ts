import type { Lang } from '@htv/shared';
import type { Db } from '../../db/client.js';
import type { DeviceRuntime } from './runtime.js';

/** The terminal a configuration part is built for: its row and its hotel. */
export interface ConfigTerminal {
  id: number;
  mac: string;
  sn: string;
  brandId: number | null;
  hotelId: number | null;
  hotel: { id: number; publicId: string; name: string } | null;
  roomNumber: string | null;
  sceneMode: string;
  authorization: string;
  launcher: string | null;
  clientType: string | null;
  model: string | null;
  size: string | null;
  vendor: string | null;
  softwareVersion: string | null;
  otaVersion: string | null;
  controlVersion: string | null;
  tags: string | null;
  group: string | null;
  /** The room's guest (the terminal's guest field, set by the console or a PMS check-in). */
  guest: string | null;
}

export interface ConfigContext {
  db: Db;
  /** The app's device runtime: a part keeps per-app state (keys, caches) by it, as tests run several apps on one database. */
  runtime: DeviceRuntime;
  /** Language of the TV's request (lang query or Accept-Language). */
  lang: Lang;
  /** The terminal's configuration stamp: a part may remember what it built for it until it changes. */
  stamp: string;
}

export type ConfigPart = (terminal: ConfigTerminal, ctx: ConfigContext) => unknown | Promise<unknown>;

const CORE_PARTS = new Set(['stamp', 'authorization', 'hotel', 'roomNumber', 'sceneMode', 'interval', 'push']);
const parts = new Map<string, ConfigPart>();

/**
 * Adds a part to what `GET /api/device/v1/config` answers: themes, boot settings, apps, OTA and
 * other areas each add theirs under their own name. A part returns plain JSON (undefined leaves it
 * out). When the data behind a part changes, call `invalidateConfig` so TVs fetch it again.
 */
export function addConfigPart(name: string, build: ConfigPart): void {
  if (CORE_PARTS.has(name)) throw new Error(`config part ${name} is reserved`);
  if (parts.has(name)) throw new Error(`config part ${name} is already registered`);
  parts.set(name, build);
}

export function configParts(): ReadonlyMap<string, ConfigPart> {
  return parts;
}

/** Which terminals a change concerns: every one, or those of a brand, a hotel, or given ids. */
export type ConfigTarget = { all: true } | { brandId: number } | { hotelId: number } | { terminalIds: readonly number[] };

/** Implemented by each running device runtime (one per app); see runtime.ts. */
export interface ConfigListener {
  invalidate(target: ConfigTarget): void;
}

const listeners = new Set<ConfigListener>();

export function addConfigListener(listener: ConfigListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells TVs that their configuration changed. Terminals of a brand, hotel or id list are told at once
 * on the push channel; a change for every terminal only changes the stamp heartbeats answer with, so
 * a fleet refetches over one heartbeat interval instead of all at once.
 */
export function invalidateConfig(target: ConfigTarget): void {
  for (const listener of listeners) listener.invalidate(target);
}
