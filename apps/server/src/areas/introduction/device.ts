import { introductionFileIds, introductionPart, type IntroductionConfigPart } from '@htv/shared/areas/introduction/device';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import type { Storage } from '../../files/storage.js';
import { addRecordConfigPart, type DeviceRuntime } from '../devices/plugin.js';
import { signedDeviceFiles } from '../devices/signed-files.js';

type Rows = Parameters<typeof introductionPart>[0];

/**
 * A hotel's introduction rows. The records are `tenant` scope without a row rule: a hotel's TVs get
 * its own types, items and pages, never its brand's or the platform's.
 */
async function ownIntroductionRows(db: Db, hotelId: number): Promise<[Rows, Rows, Rows]> {
  const [types, items, pages] = [recordTables.introType!, recordTables.introItem!, recordTables.introCustom!];
  const rows = await Promise.all([types, items, pages].map((table) => db.select().from(table).where(eq(table.hotelId, hotelId))));
  return rows as unknown as [Rows, Rows, Rows];
}

/** Types, items and pages a hotel's TVs show, given the hotel's own ones (`own`). */
export type IntroductionRowsSource = (db: Db, hotelId: number, own: () => Promise<[Rows, Rows, Rows]>) => Promise<[Rows, Rows, Rows]>;
let rowsSource: IntroductionRowsSource | null = null;

/**
 * Where the TVs' rows come from instead of the hotel's own: the brand's resource-library version or
 * the items' last reviewed state (docs/libresource.md). The part and its signed files both read it.
 */
export function setIntroductionRowsSource(source: IntroductionRowsSource): void {
  rowsSource = source;
}

function introductionRows(db: Db, hotelId: number): Promise<[Rows, Rows, Rows]> {
  const own = () => ownIntroductionRows(db, hotelId);
  return rowsSource ? rowsSource(db, hotelId, own) : own();
}

async function isHotelIntroductionFile(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  return introductionFileIds(...(await introductionRows(db, hotelId))).has(fileId);
}

/** Backgrounds, videos, icons and custom pages' pictures at addresses signed for each terminal. */
const introductionFiles = signedDeviceFiles('introduction', isHotelIntroductionFile);

let installed = false;

/**
 * The TVs' `introduction` configuration part (authorized TVs of a hotel), sent again to a hotel's
 * TVs when one of its types, items or custom pages is written, and the files it names.
 */
export function registerIntroductionDeviceRoutes(scope: FastifyInstance, db: Db, runtime: DeviceRuntime, storage: Storage, signingKey: string): void {
  introductionFiles.register(scope, db, runtime, storage, signingKey);
  if (installed) return;
  installed = true;
  addRecordConfigPart('introduction', ['introType', 'introItem', 'introCustom'], async (terminal, { db: partDb, runtime: partRuntime }): Promise<IntroductionConfigPart | undefined> => {
    const urlOf = introductionFiles.forTerminal(partRuntime, terminal.id);
    if (!urlOf || terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
    return introductionPart(...(await introductionRows(partDb, terminal.hotelId)), urlOf);
  });
}
