import { records } from '@htv/shared';
import { count, eq } from 'drizzle-orm';
import { invalidFields } from '../../http/errors.js';
import { tableOf } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';

let installed = false;
/**
 * The picture frame's rules (docs/pictureframe.md): one per hotel, both times of its window or
 * neither (its TVs are told by the `pictureFrame` part, device.ts).
 */
export function registerPictureFrameRules(): void {
  if (installed) return;
  installed = true;
  addRecordHooks('pictureFrame', {
    async beforeWrite(ctx, values, existing) {
      const from = 'fromTime' in values ? values.fromTime : existing?.fromTime;
      const to = 'toTime' in values ? values.toTime : existing?.toTime;
      if (!from !== !to) throw invalidFields({ [from ? 'toTime' : 'fromTime']: { key: 'pictureFrame.bothTimes' } });
      if (existing) return values;
      const table = tableOf(records.pictureFrame);
      const [{ n }] = (await ctx.db.select({ n: count() }).from(table).where(eq(table.hotelId, values.hotelId as number))) as [{ n: number }];
      if (n > 0) throw invalidFields({ name: { key: 'pictureFrame.exists' } });
      return values;
    },
  });
}
