/**
 * FIAS framing (docs/pms.md): a record is `STX` + `XX|AAvalue|BBvalue|…` + `ETX`, with a two-character
 * record type and fields of a two-character id and a value, each closed by `|`.
 */
export const STX = 0x02;
export const ETX = 0x03;
/** A record longer than this is broken (FIAS records are a few hundred bytes). */
export const MAX_RECORD_BYTES = 4096;

export interface FiasRecord {
  type: string;
  fields: Map<string, string>;
  /** The record's text between STX and ETX. */
  raw: string;
}

export type FrameItem = { record: FiasRecord } | { broken: string };

const RECORD_TYPE = /^[A-Z0-9]{2}$/;
const FIELD_ID = /^[A-Z0-9#]{2}$/;

/** Reads one record's text; null when it is not a FIAS record. */
export function parseRecord(raw: string): FiasRecord | null {
  const parts = raw.split('|');
  const type = parts.shift()!;
  if (!RECORD_TYPE.test(type)) return null;
  // The last `|` closes the last field: what follows it must be empty.
  if (parts.length && parts.pop() !== '') return null;
  const fields = new Map<string, string>();
  for (const part of parts) {
    const id = part.slice(0, 2);
    if (!FIELD_ID.test(id)) return null;
    fields.set(id, part.slice(2));
  }
  return { type, fields, raw };
}

/** Writes a record: `STX type|ID value|… ETX`. */
export function encodeRecord(type: string, fields: Record<string, string> = {}): Buffer {
  const body = `${type}|${Object.entries(fields)
    .map(([id, value]) => `${id}${value.replace(/[|\x02\x03]/g, ' ')}|`)
    .join('')}`;
  return Buffer.concat([Buffer.from([STX]), Buffer.from(body, 'utf8'), Buffer.from([ETX])]);
}

/**
 * Splits a byte stream into records. Bytes outside a frame (other than line ends), a frame that
 * starts again before it ends, an overlong one or a body that is not a record are reported as broken
 * and skipped; reading goes on with the next STX.
 */
export class FrameReader {
  private buffer: number[] | null = null;
  private stray = 0;

  push(chunk: Buffer): FrameItem[] {
    const out: FrameItem[] = [];
    for (const byte of chunk) {
      if (byte === STX) {
        this.flushStray(out);
        if (this.buffer) out.push({ broken: this.text(this.buffer) });
        this.buffer = [];
      } else if (byte === ETX && this.buffer) {
        const raw = this.text(this.buffer);
        this.buffer = null;
        const record = parseRecord(raw);
        out.push(record ? { record } : { broken: raw });
      } else if (this.buffer) {
        this.buffer.push(byte);
        if (this.buffer.length > MAX_RECORD_BYTES) {
          out.push({ broken: this.text(this.buffer.slice(0, 64)) });
          this.buffer = null;
        }
      } else if (byte !== 0x0a && byte !== 0x0d) {
        this.stray++;
      }
    }
    return out;
  }

  private flushStray(out: FrameItem[]) {
    if (this.stray) out.push({ broken: `${this.stray} bytes outside a record` });
    this.stray = 0;
  }

  /** Stray bytes not yet reported (the connection ends). */
  end(): FrameItem[] {
    const out: FrameItem[] = [];
    this.flushStray(out);
    if (this.buffer) out.push({ broken: this.text(this.buffer) });
    this.buffer = null;
    return out;
  }

  private text(bytes: number[]): string {
    return Buffer.from(bytes).toString('utf8');
  }
}
