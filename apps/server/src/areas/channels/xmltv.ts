import { SaxesParser } from 'saxes';

/** A programme read from an XMLTV guide. */
export interface GuideProgramme {
  epgId: string;
  startsAt: Date;
  endsAt: Date;
  title: string;
}

/** What a guide may hold: its programmes (after the window) and the characters of one text. */
export const XMLTV_LIMITS = { programmes: 200_000, textChars: 2000, titleChars: 200 } as const;

/** Why a guide was refused: the reason goes into the field message. */
export class GuideRefused extends Error {
  constructor(
    readonly reason: 'xml' | 'root' | 'tooMany',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * XMLTV time: `YYYYMMDDhhmm[ss] [±hhmm]` (no offset: UTC). Null when it is not one.
 */
export function xmltvTime(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?\s*(?:([+-])(\d{2}):?(\d{2}))?$/.exec((value ?? '').trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(utc)) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0;
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Reads an XMLTV guide chunk by chunk (a streaming parser: the document is never held whole, and no
 * DTD or external entity is ever read): the `<programme start stop channel>` elements with their
 * first `<title>`, those ending after `from` and starting before `to` only. Bounded: at most
 * `XMLTV_LIMITS.programmes` kept, each text cut at `textChars`. Malformed XML is refused.
 */
export class GuideReader {
  readonly programmes: GuideProgramme[] = [];
  /** Programmes left out: outside the window, without a channel, a readable time or a title. */
  skipped = 0;
  private readonly parser = new SaxesParser({ xmlns: false, position: false });
  private error: Error | null = null;
  private rootSeen = false;
  private current: { epgId: string; startsAt: Date | null; endsAt: Date | null; title: string | null } | null = null;
  private inTitle = false;
  private titleText = '';

  constructor(
    private readonly from: Date,
    private readonly to: Date,
  ) {
    this.parser.on('error', (error) => {
      this.error ??= error;
    });
    this.parser.on('doctype', () => {
      // A DTD is never needed by XMLTV; refusing it keeps entity tricks out.
      this.error ??= new GuideRefused('xml', 'DOCTYPE');
    });
    this.parser.on('opentag', (tag) => {
      if (!this.rootSeen) {
        this.rootSeen = true;
        if (tag.name !== 'tv') this.error ??= new GuideRefused('root', tag.name);
        return;
      }
      const attr = (name: string) => {
        const value = tag.attributes[name];
        return typeof value === 'string' ? value : undefined;
      };
      if (tag.name === 'programme') {
        this.current = { epgId: (attr('channel') ?? '').trim(), startsAt: xmltvTime(attr('start')), endsAt: xmltvTime(attr('stop')), title: null };
      } else if (tag.name === 'title' && this.current && this.current.title === null) {
        this.inTitle = true;
        this.titleText = '';
      }
    });
    this.parser.on('text', (text) => this.collect(text));
    this.parser.on('cdata', (text) => this.collect(text));
    this.parser.on('closetag', (tag) => {
      if (tag.name === 'title' && this.inTitle && this.current) {
        this.inTitle = false;
        this.current.title = this.titleText.trim().slice(0, XMLTV_LIMITS.titleChars);
      } else if (tag.name === 'programme' && this.current) {
        this.keep(this.current);
        this.current = null;
      }
    });
  }

  private collect(text: string) {
    if (this.inTitle && this.titleText.length < XMLTV_LIMITS.textChars) this.titleText += text.slice(0, XMLTV_LIMITS.textChars - this.titleText.length);
  }

  private keep(p: { epgId: string; startsAt: Date | null; endsAt: Date | null; title: string | null }) {
    const { epgId, startsAt, title } = p;
    // A programme without a stop ends when the next one of its channel starts; an hour meanwhile.
    const endsAt = p.endsAt ?? (startsAt ? new Date(startsAt.getTime() + 3_600_000) : null);
    if (!epgId || epgId.length > 100 || !startsAt || !endsAt || endsAt <= startsAt || !title || endsAt <= this.from || startsAt >= this.to) {
      this.skipped++;
      return;
    }
    if (this.programmes.length >= XMLTV_LIMITS.programmes) {
      this.error ??= new GuideRefused('tooMany', String(XMLTV_LIMITS.programmes));
      return;
    }
    this.programmes.push({ epgId, startsAt, endsAt, title });
  }

  /** Feeds a piece of the document; throws at the first error. */
  write(text: string): void {
    if (this.error) throw this.error;
    this.parser.write(text);
    if (this.error) throw this.error;
  }

  /** Ends the document; throws when it was not a complete XMLTV guide. */
  close(): GuideProgramme[] {
    if (!this.error) this.parser.close();
    if (this.error) throw this.error;
    if (!this.rootSeen) throw new GuideRefused('root', '');
    return this.programmes;
  }
}
