import { introCustom } from '@htv/shared/areas/introduction/records';
import { eq } from 'drizzle-orm';
import { recordTables } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';

let registered = false;

/**
 * The introductions' rules beyond their fields (once per process: the hooks are global): the type
 * tree has two levels, and a custom page holds slices × image groups pictures in each language.
 */
export function registerIntroductionRules(): void {
  if (registered) return;
  registered = true;

  addRecordHooks('introType', {
    async beforeWrite(ctx, values, existing) {
      const parentId = 'parentId' in values ? (values.parentId as number | null) : ((existing?.parentId as number | null | undefined) ?? null);
      if (parentId === null || parentId === undefined) return values;
      const types = recordTables.introType!;
      // The engine has checked the parent is the writer's own type; here only its level matters.
      const [parent] = await ctx.db.select({ parentId: types.parentId }).from(types).where(eq(types.id, parentId)).limit(1);
      if (parentId === existing?.id || (parent && parent.parentId !== null)) throw invalidFields({ parentId: { key: 'introduction.parentNotFirstLevel' } });
      if (existing) {
        const [child] = await ctx.db.select({ id: types.id }).from(types).where(eq(types.parentId, existing.id as number)).limit(1);
        if (child) throw invalidFields({ parentId: { key: 'introduction.typeHasChildren' } });
      }
      return values;
    },
  });

  addRecordHooks('introCustom', {
    beforeWrite(_ctx, values, existing) {
      const row = { ...existing, ...values };
      const count = Number(row.sliceCount ?? 1) * Number(row.groupCount ?? 1);
      const wrong = (['images', 'imagesEn'] as const).filter((field) => {
        const pictures = (row[field] as string[] | null | undefined) ?? [];
        // English pictures are optional: none means the Chinese ones everywhere.
        return (field === 'images' || pictures.length > 0) && pictures.length !== count;
      });
      if (wrong.length) {
        throw invalidFields(Object.fromEntries(wrong.map((field) => [field, { key: 'introduction.pictureCount', params: { field: introCustom.fields[field].label, count } }])));
      }
      return values;
    },
  });
}
