import type { RecordDef, Text } from '@htv/shared';
import { useRecordPages } from './registry';

/** Route element of a record's list: the generated page, or the override registered for it. */
export function RecordRoute({ record, filters, columns, title }: { record: RecordDef; filters?: Readonly<Record<string, string>>; columns?: readonly string[]; title?: Text }) {
  const { List, Form } = useRecordPages(record);
  return <List key={record.name} record={record} Form={Form} filters={filters} columns={columns} title={title} />;
}
