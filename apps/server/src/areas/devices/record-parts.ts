import { addRecordHooks } from '../../records/hooks.js';
import type { Row } from '../../records/engine.js';
import { addConfigPart, invalidateConfig, type ConfigPart } from './config.js';

/**
 * Tells the TVs of a row's level that a part built from it changed: a hotel's or a brand's TVs at
 * once (pushed), every TV's stamp for a platform row (refetched over one heartbeat interval).
 */
export function invalidateLevel(row: Row): void {
  if (row.hotelId !== null && row.hotelId !== undefined) invalidateConfig({ hotelId: row.hotelId as number });
  else if (row.brandId !== null && row.brandId !== undefined) invalidateConfig({ brandId: row.brandId as number });
  else invalidateConfig({ all: true });
}

/**
 * A configuration part built from records (a TV area's data, docs/tv.md "Areas"): every committed
 * write of one of `records` (create, update, delete, state action) tells the TVs of the row's level,
 * so a published change reaches a switched-on TV within seconds. Call once per process.
 */
export function addRecordConfigPart(name: string, records: readonly string[], build: ConfigPart): void {
  addConfigPart(name, build);
  for (const record of records) addRecordHooks(record, { afterCommit: (_ctx, { rows }) => rows.forEach(invalidateLevel) });
}
