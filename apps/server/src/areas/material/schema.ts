import { index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { recordTables } from '../../db/schema/records.js';

/**
 * Where each material is used: one row per material and user (a theme, later a boot setting or a
 * content item), written by the user's own save (`setMaterialUsage`) in its transaction. A material
 * with rows here cannot be deleted; `userName` is kept so the refusal can name the users.
 */
export const materialUsages = pgTable(
  'material_usages',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => recordTables.material!.id, { onDelete: 'restrict' }),
    /** A key of MATERIAL_USER_KINDS. */
    userKind: varchar('user_kind', { length: 30 }).notNull(),
    userId: integer('user_id').notNull(),
    userName: varchar('user_name', { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.userKind, t.userId] }), index('material_usages_user_idx').on(t.userKind, t.userId)],
);
