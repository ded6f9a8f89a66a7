import type { MessageKey } from '@htv/shared';
import type { LocalContent } from '@htv/shared/areas/publishing/device';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import { invalidFields } from '../../http/errors.js';
import type { Row } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';

/** A publishable's text fields by content language (the first names the field errors go to). */
export type ContentFields = Readonly<Partial<Record<ContentLang, string>>>;

/** The filled texts of a row by content language, as the TV receives them. */
export function localContent(row: Row, fields: ContentFields): LocalContent {
  const content: LocalContent = {};
  for (const [lang, field] of Object.entries(fields)) if (typeof row[field] === 'string' && (row[field] as string).trim()) content[lang as ContentLang] = row[field] as string;
  return content;
}

/** Refuses a write of `record` that leaves every content language empty (`message` on the first field). */
export function requireSomeContent(record: string, fields: ContentFields, message: MessageKey): void {
  const names = Object.values(fields);
  addRecordHooks(record, {
    beforeWrite(_ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values, id: 0 };
      if (!Object.keys(localContent(merged, fields)).length) throw invalidFields({ [names[0]!]: { key: message } });
      return values;
    },
  });
}
