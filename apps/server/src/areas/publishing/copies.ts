import { LIVE_STATES, type PublishState } from '@htv/shared/areas/publishing/fields';
import { invalidFields } from '../../http/errors.js';
import { ownerForCreate } from '../../tenancy/scope.js';
import { copyBody, createRow, getRow, runAction, type WriteContext } from '../../records/engine.js';
import { isoOf, publishableOf, tellHotel } from './service.js';

/**
 * "Chosen hotels of the brand" (docs/publishing.md, "Brand targets"): an item is sent to other hotels
 * as one copy per hotel, for all of its rooms, each a hotel's own item with its own receipts and
 * cancel. A copy is published as the item is (live at once, or scheduled for the item's time);
 * an unpublished item's copies wait unpublished. All copies or none: one hotel out of the caller's
 * reach, or one refused write, leaves nothing behind.
 */
export async function sendToHotels(ctx: WriteContext, kind: string, id: number, hotelIds: readonly number[]): Promise<{ copies: { id: number; hotelId: number }[] }> {
  const { def } = publishableOf(kind)!;
  const item = await getRow(ctx.db, def, ctx.actor, id);
  const targets = [...new Set(hotelIds)];
  if (targets.includes(item.hotelId as number)) throw invalidFields({ hotelIds: { key: 'publishing.sendToOwnHotel' } });
  const state = item.publishState as PublishState;
  const publish = state === 'scheduled' || (LIVE_STATES as readonly string[]).includes(state);
  const body = {
    ...copyBody(def, item),
    publishMethod: 'all',
    rooms: null,
    tourGroupId: null,
    publishAt: state === 'scheduled' && item.publishAt ? isoOf(item.publishAt) : null,
  };
  // Every hotel in reach first, answered on the field the caller named (the copies' own owner check
  // would name `hotelId`).
  for (const hotelId of targets) {
    await ownerForCreate(ctx.db, def, ctx.actor, { hotelId }).catch(() => {
      throw invalidFields({ hotelIds: { key: 'validation.hotelOutOfReach' } });
    });
  }
  const copies = await ctx.db.transaction(async (tx) => {
    const made: { id: number; hotelId: number }[] = [];
    for (const hotelId of targets) {
      const copy = await createRow({ ...ctx, db: tx }, def, { ...body, hotelId });
      if (publish) await runAction({ ...ctx, db: tx }, def, copy.id, 'publish');
      made.push({ id: copy.id, hotelId });
    }
    return made;
  });
  // The writes' own notices ran before the commit; the hotels' TVs fetch again now that it is done.
  for (const hotelId of targets) tellHotel(hotelId);
  return { copies };
}
