import type { StayConfigPart, StayLanguage } from '@htv/shared/areas/pms/protocol';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { addConfigPart } from '../devices/plugin.js';
import { registerPmsConsole } from './console.js';
import { registerPmsHttp } from './http.js';
import { registerPostings } from './posting-routes.js';
import { addRecordHooks } from '../../records/hooks.js';
import { inHouseStaysOfRooms, inHouseStayView } from './stays.js';

let installed = false;

/**
 * Once per process: the `stay` part of a TV's configuration (the room's in-house stay, or null) and the
 * guest columns of the room list.
 */
function installStayReaders() {
  if (installed) return;
  installed = true;
  addRecordHooks('room', {
    async afterRead(ctx, rows) {
      const found = await inHouseStaysOfRooms(ctx.db, rows.map((row) => ({ hotelId: row.hotelId as number, number: row.number as string })));
      for (const row of rows) Object.assign(row, found.get(`${row.hotelId}:${row.number}`) ?? { guestName: null, guestSince: null, guestLanguage: null, guestGroup: null });
    },
  });
  addConfigPart('stay', async (terminal, { db }): Promise<StayConfigPart | null> => {
    if (terminal.hotelId === null || !terminal.roomNumber) return null;
    const stay = await inHouseStayView(db, terminal.hotelId, terminal.roomNumber);
    return stay && { ...stay, language: stay.language as StayLanguage | null };
  });
}

/** The PMS's HTTP interface, under `/api/pms/v1`: before the console's plugins, like the device API. */
export async function registerPmsInterface(app: FastifyInstance, db: Db): Promise<void> {
  installStayReaders();
  await app.register(async (scope) => registerPmsHttp(scope, db), { prefix: '/api/pms/v1' });
}

/** The console's side: the hotel's interface settings; charges to the room posted to the PMS. */
export function registerPms(app: FastifyInstance, db: Db): void {
  registerPmsConsole(app, db);
  registerPostings(app, db);
}
