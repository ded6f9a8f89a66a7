import { faqPart, type FaqConfigPart } from '@htv/shared/areas/faq/device';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { addRecordConfigPart } from '../devices/plugin.js';

/**
 * A hotel's FAQ as its TVs show it. The records are `tenant` scope without a row rule: a hotel's
 * users see only its own rows, never its brand's or the platform's, and so do its TVs.
 */
async function faqOfHotel(db: Db, hotelId: number): Promise<FaqConfigPart> {
  const categories = recordTables.faqCategory!;
  const entries = recordTables.faq!;
  const [categoryRows, entryRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name, nameEn: categories.nameEn, sort: categories.sort }).from(categories).where(eq(categories.hotelId, hotelId)),
    db
      .select({ id: entries.id, title: entries.title, content: entries.content, categoryId: entries.categoryId })
      .from(entries)
      .where(and(eq(entries.hotelId, hotelId), eq(entries.enabled, true), isNotNull(entries.categoryId))),
  ]);
  return faqPart(categoryRows as Parameters<typeof faqPart>[0], entryRows as Parameters<typeof faqPart>[1]);
}

let installed = false;

/**
 * The TVs' `faq` configuration part (authorized TVs of a hotel only), sent again to a hotel's TVs
 * when one of its FAQ entries or categories is written (once per process: the registries are global).
 */
export function installFaqPart(): void {
  if (installed) return;
  installed = true;
  addRecordConfigPart('faq', ['faq', 'faqCategory'], (terminal, { db }) => (terminal.authorization === 'authorized' && terminal.hotelId !== null ? faqOfHotel(db, terminal.hotelId) : undefined));
}
