import { ownerColumns, type RecordDef, type UserType } from './define.js';
import type { FieldDef } from './fields.js';

/** Whether a field's filter and column belong on the pages of a user type (the field's `userTypes`). */
export function concerns(field: FieldDef, userType: UserType): boolean {
  return !field.userTypes || field.userTypes.includes(userType);
}

/** A column of a generated list and whether it shows until the user chooses otherwise. */
export interface ListColumn {
  name: string;
  shown: boolean;
}

/**
 * The columns a user type's list of a record can show, in their default order: the title column
 * first (the table fixes it on the left), then the declaration's `columns`, shown, then every other
 * listable field, hidden. Owner columns exist only where the declaration names them and for users
 * above the owner (a hotel's title means nothing to the hotel itself). Without `columns` every
 * listable field shows in declaration order, then the creation time.
 */
export function listColumns(record: Pick<RecordDef, 'fields' | 'titleField' | 'columns' | 'scope'>, userType: UserType): ListColumn[] {
  const owners = ownerColumns(record.scope).filter((name) => (name === 'brandId' ? userType === 1 : userType < 3));
  const fields = Object.entries(record.fields)
    .filter(([, field]) => field.list && !field.writeOnly && concerns(field, userType))
    .map(([name]) => name);
  const available = new Set([...fields, 'createdAt', ...owners.filter((name) => record.columns?.includes(name))]);
  const declared = record.columns ? record.columns.filter((name) => available.has(name)) : [...fields, 'createdAt'];
  const order = [record.titleField, ...declared, ...fields, 'createdAt'].filter((name) => available.has(name));
  const shown = new Set([record.titleField, ...declared]);
  return [...new Set(order)].map((name) => ({ name, shown: shown.has(name) }));
}
