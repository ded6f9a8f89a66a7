import type { RemoteCodesPart } from '@htv/shared/areas/tvcode/device';
import { TV_CODE_KEYS } from '@htv/shared/areas/tvcode/records';
import { and, eq, sql } from 'drizzle-orm';
import { recordTables } from '../../db/schema/index.js';
import { addRecordConfigPart } from '../devices/record-parts.js';

let installed = false;

/**
 * The TVs' `remoteCodes` configuration part (docs/tvcode.md): for an authorized TV of a hotel, the key
 * codes the hotel set for the TV's model (`{model, codes: {key: code}}`, keys without a code left out);
 * none when the hotel has no row for that model. Sent again to the hotel's TVs when a row is written.
 */
export function installTvCodePart(): void {
  if (installed) return;
  installed = true;
  addRecordConfigPart('remoteCodes', ['tvCode'], async (terminal, { db }) => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null || !terminal.model) return undefined;
    const table = recordTables.tvCode!;
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.hotelId, terminal.hotelId), eq(sql`lower(${table.model})`, terminal.model.toLowerCase())))
      .limit(1);
    if (!row) return undefined;
    const codes = Object.fromEntries(Object.keys(TV_CODE_KEYS).flatMap((key) => (row[key] ? [[key, row[key] as string]] : [])));
    return { model: row.model as string, codes } satisfies RemoteCodesPart;
  });
}
