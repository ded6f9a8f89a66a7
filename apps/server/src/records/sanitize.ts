import { fieldErrors, type FieldDef, type RecordDef } from '@htv/shared';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { FILE_URL_PATTERN } from '../files/storage.js';
import { AppError } from '../http/errors.js';

/** Our own stored files (`/api/files/<id>` or `/api/files/<id>/<name>`): the only sources of pictures and video. */
const OWN_FILE = new RegExp(`^${FILE_URL_PATTERN}(/[^/?#\\\\]*)?$`);

const LENGTH = /^\d{1,4}(\.\d{1,2})?(px|em|rem|%)$/;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

/**
 * The allow-list of rich text: formatting, lists, tables, links (http, https, mailto, tel) and
 * pictures or video of our own files. Everything else (scripts, event handlers, frames, forms,
 * `javascript:` and `data:` URLs, CSS beyond a few plain properties) is dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'a', 'img', 'video',
  ],
  allowedAttributes: {
    '*': ['style'],
    // `rel` is set with `target` (transformTags runs before this filter).
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [], video: [] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [COLOR],
      'background-color': [COLOR],
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'font-size': [LENGTH],
      width: [LENGTH],
      height: [LENGTH],
    },
  },
  // Pictures and video only from our files, so the TV never loads a stranger's address.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'video') && !OWN_FILE.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs }),
  },
};

/** Rich text reduced to the allow-list. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Cleans every rich-text value in `values` (a record write) and checks the result again with the
 * fields' own schemas: markup that was nothing but removed tags is an empty required field (422).
 */
export function sanitizeRichTextFields(def: Pick<RecordDef, 'fields'>, values: Record<string, unknown>): Record<string, unknown> {
  const rich = Object.entries(def.fields).filter(([name, field]) => field.kind === 'richText' && typeof values[name] === 'string');
  if (!rich.length) return values;
  const cleaned = { ...values };
  for (const [name] of rich) cleaned[name] = sanitizeRichText(values[name] as string);
  const fields = Object.fromEntries(rich) as Record<string, FieldDef>;
  const shape = Object.fromEntries(rich.map(([name, field]) => [name, field.schema]));
  const checked = z.object(shape).safeParse(cleaned);
  if (!checked.success) throw new AppError('validation', 'error.validation', undefined, (lang) => fieldErrors(checked.error, fields, cleaned, lang));
  return { ...cleaned, ...checked.data };
}
