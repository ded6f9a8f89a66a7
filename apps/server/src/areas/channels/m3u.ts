import type { MessageKey } from '@htv/shared';

/** A channel read from a playlist: what an import writes to a platform channel. */
export interface PlaylistChannel {
  /** The `#EXTINF` line (1-based), for the report. */
  line: number;
  number: number | null;
  name: string;
  streamUrl: string;
  logo: string | null;
  epgId: string | null;
  type: string | null;
}

/** A line the import leaves out or warns about, with the reason in the catalogue. */
export interface PlaylistProblem {
  line: number;
  text: string;
  reason: MessageKey;
  params?: Record<string, unknown>;
}

export interface ParsedPlaylist {
  channels: PlaylistChannel[];
  /** Lines that describe no usable channel. */
  broken: PlaylistProblem[];
  /** Channels named twice (left out) and numbers used twice (kept: the order decides on the TV). */
  duplicates: PlaylistProblem[];
}

/** The longest playlist line read; longer lines are broken (the fields' limits are far below). */
const MAX_LINE = 4096;
const HTTP = /^https?:\/\/[^\s<>"]+$/i;
const LIMITS = { name: 100, streamUrl: 1000, logo: 1000, epgId: 100, type: 50 } as const;

/** `key="value"` attributes of an `#EXTINF` line (before its title comma). */
function attributes(head: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of head.matchAll(/([A-Za-z0-9_-]+)="([^"]*)"/g)) found.set(match[1]!.toLowerCase(), match[2]!.trim());
  return found;
}

/** The title after the comma that ends the attributes (a comma inside a quoted value does not count). */
function titleOf(info: string): string | null {
  let quoted = false;
  for (let i = 0; i < info.length; i++) {
    const c = info[i];
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) return info.slice(i + 1).trim();
  }
  return null;
}

const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

/**
 * Reads an extended M3U playlist (`#EXTM3U`, `#EXTINF:-1 tvg-id=… tvg-chno=… tvg-logo=… group-title=…,Name`
 * then the address). Pure and bounded by the text it is given (the caller limits its size). Broken
 * entries and duplicates are reported by line, never thrown: the preview shows them.
 */
export function parsePlaylist(text: string): ParsedPlaylist {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const channels: PlaylistChannel[] = [];
  const broken: PlaylistProblem[] = [];
  const duplicates: PlaylistProblem[] = [];
  const byKey = new Map<string, number>();
  const byNumber = new Map<number, number>();
  let pending: { line: number; info: string; group: string | null } | null = null;

  const finish = (url: string) => {
    const entry = pending!;
    pending = null;
    const attrs = attributes(entry.info.slice(0, entry.info.length));
    const problem = (reason: MessageKey) => broken.push({ line: entry.line, text: clip(entry.info), reason });
    const name = titleOf(entry.info) || attrs.get('tvg-name') || '';
    if (!name) return problem('channels.line.noName');
    if (!HTTP.test(url)) return problem('channels.line.badUrl');
    const chno = attrs.get('tvg-chno');
    let number: number | null = null;
    if (chno !== undefined && chno !== '') {
      if (!/^\d{1,5}$/.test(chno) || Number(chno) < 1) return problem('channels.line.badNumber');
      number = Number(chno);
    }
    const channel: PlaylistChannel = {
      line: entry.line,
      number,
      name,
      streamUrl: url,
      logo: attrs.get('tvg-logo') || null,
      epgId: attrs.get('tvg-id') || null,
      type: attrs.get('group-title') || entry.group || null,
    };
    if (channel.logo && !HTTP.test(channel.logo)) channel.logo = null;
    for (const field of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      const value = channel[field];
      if (typeof value === 'string' && value.length > LIMITS[field]) return problem('channels.line.tooLong');
    }
    const key = importKey(channel);
    const first = byKey.get(key);
    if (first !== undefined) return duplicates.push({ line: entry.line, text: clip(name), reason: 'channels.line.duplicate', params: { line: first } });
    byKey.set(key, entry.line);
    if (number !== null) {
      const sameNumber = byNumber.get(number);
      if (sameNumber !== undefined) duplicates.push({ line: entry.line, text: clip(name), reason: 'channels.line.duplicateNumber', params: { number, line: sameNumber } });
      else byNumber.set(number, entry.line);
    }
    channels.push(channel);
  };

  lines.forEach((raw, index) => {
    const line = raw.trim();
    const lineNo = index + 1;
    if (line === '') return;
    if (line.length > MAX_LINE) {
      if (pending) broken.push({ line: pending.line, text: clip(pending.info), reason: 'channels.line.noUrl' });
      pending = null;
      broken.push({ line: lineNo, text: clip(line), reason: 'channels.line.tooLong' });
      return;
    }
    if (line.startsWith('#EXTINF')) {
      if (pending) broken.push({ line: pending.line, text: clip(pending.info), reason: 'channels.line.noUrl' });
      pending = { line: lineNo, info: line.slice(line.indexOf(':') + 1), group: null };
      return;
    }
    if (line.startsWith('#EXTGRP:')) {
      if (pending) pending.group = line.slice(8).trim() || null;
      return;
    }
    if (line.startsWith('#')) return; // #EXTM3U, #EXTVLCOPT and other directives
    if (!pending) {
      broken.push({ line: lineNo, text: clip(line), reason: 'channels.line.urlWithoutInfo' });
      return;
    }
    finish(line);
  });
  if (pending) broken.push({ line: (pending as { line: number }).line, text: clip((pending as { info: string }).info), reason: 'channels.line.noUrl' });
  return { channels, broken, duplicates };
}

/**
 * What names a channel across imports: its EPG id (`tvg-id`) when it has one, else its name. A new
 * playlist's channel with the key of a stored one changes it; a stored imported channel whose key the
 * playlist lacks is disabled.
 */
export function importKey(channel: { epgId: string | null; name: string }): string {
  return channel.epgId ? `id:${channel.epgId.toLowerCase()}` : `name:${channel.name.toLowerCase()}`;
}
