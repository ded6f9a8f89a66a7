import type { MessageKey } from '../../i18n/messages.js';

/**
 * Pure readers of the text files a boot policy carries, shared by the server's upload checks and
 * anything that wants to show the same findings: `ts.ini` (the boot video's settings) and the
 * Android boot animation's `desc.txt`. Each returns findings keyed by line, never throws.
 */
export interface Finding {
  key: MessageKey;
  params?: Record<string, unknown>;
}

/** What a ts.ini may set (docs/boot.md, "ts.ini"). */
export const TS_INI_KEYS = {
  loop: { min: 0, max: 1 },
  duration: { min: 1, max: 600 },
  volume: { min: 0, max: 100 },
  file: null,
} as const;
export const TS_INI_MAX_LINES = 200;

/** Findings of a ts.ini text: syntax, unknown or repeated keys, values out of range; one per line. */
export function checkTsIni(text: string): Finding[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length > TS_INI_MAX_LINES) return [{ key: 'boot.iniTooLong', params: { max: TS_INI_MAX_LINES } }];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let section = '';
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith(';') || content.startsWith('#')) return;
    const header = /^\[([A-Za-z0-9_.-]{1,40})\]$/.exec(content);
    if (header) {
      section = header[1]!.toLowerCase();
      return;
    }
    const pair = /^([A-Za-z][A-Za-z0-9_.-]{0,39})\s*=\s*(.*?)\s*(?:[;#].*)?$/.exec(content);
    if (!pair) return void findings.push({ key: 'boot.iniSyntax', params: { line } });
    const name = pair[1]!.toLowerCase();
    const value = pair[2]!;
    if (!Object.hasOwn(TS_INI_KEYS, name)) return void findings.push({ key: 'boot.iniUnknownKey', params: { line, key: pair[1], keys: Object.keys(TS_INI_KEYS).join(', ') } });
    const id = `${section}.${name}`;
    if (seen.has(id)) return void findings.push({ key: 'boot.iniDuplicate', params: { line, key: name } });
    seen.add(id);
    const range = TS_INI_KEYS[name as keyof typeof TS_INI_KEYS];
    if (range === null) {
      if (!/^[^\\/:*?"<>|]{1,100}\.ts$/i.test(value)) findings.push({ key: 'boot.iniFile', params: { line } });
      return;
    }
    const number = /^-?\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (!(number >= range.min && number <= range.max)) findings.push({ key: 'boot.iniRange', params: { line, key: name, min: range.min, max: range.max } });
  });
  return findings;
}

/** An Android boot animation's `desc.txt`: the picture size, frame rate and parts. */
export interface AnimationDesc {
  width: number;
  height: number;
  fps: number;
  parts: { type: 'p' | 'c'; count: number; pause: number; folder: string; line: number }[];
}

/** Reads a desc.txt: the first line "width height fps", then "p|c count pause folder [colour …]" lines. */
export function parseAnimationDesc(text: string): { desc: AnimationDesc | null; findings: Finding[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const head = /^\s*(\d{1,5})\s+(\d{1,5})\s+(\d{1,3})\s*$/.exec(lines[0] ?? '');
  if (!head || [head[1], head[2], head[3]].some((v) => Number(v) < 1) || Number(head[1]) > 8192 || Number(head[2]) > 8192 || Number(head[3]) > 120) {
    return { desc: null, findings: [{ key: 'boot.descHeader' }] };
  }
  const desc: AnimationDesc = { width: Number(head[1]), height: Number(head[2]), fps: Number(head[3]), parts: [] };
  const findings: Finding[] = [];
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '') return;
    const part = /^\s*([pc])\s+(\d{1,6})\s+(\d{1,6})\s+([A-Za-z0-9_.-]{1,100})(\s+#?[0-9A-Fa-f]{6})?(\s+-?\d+){0,2}\s*$/.exec(raw);
    if (!part) return void findings.push({ key: 'boot.descPart', params: { line } });
    desc.parts.push({ type: part[1] as 'p' | 'c', count: Number(part[2]), pause: Number(part[3]), folder: part[4]!, line });
  });
  if (!desc.parts.length && !findings.length) findings.push({ key: 'boot.descPart', params: { line: 2 } });
  return { desc, findings };
}

/** A boot animation's entries other than frames that Android reads. */
export const ANIMATION_EXTRA_FILES = new Set(['desc.txt', 'audio.wav', 'trim.txt']);
