import type { FieldDef, RecordDef } from '@htv/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { Row } from './api';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A stored value as the form's input holds it (dates as dayjs, json as text). */
export function toInputValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return field.kind === 'files' ? [] : undefined;
  switch (field.kind) {
    case 'date':
    case 'datetime':
      return typeof value === 'string' && value ? dayjs(value) : undefined;
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    default:
      return value;
  }
}

/**
 * An input value as the API takes it. Empty inputs become undefined here, so the shared schema reads
 * them as missing ("required") exactly as the server does; `toBody` sends them as null.
 */
export function toApiValue(field: FieldDef, value: unknown): unknown {
  if (isEmpty(value)) return field.kind === 'files' ? [] : undefined;
  switch (field.kind) {
    case 'date':
      return dayjs.isDayjs(value) ? (value as Dayjs).format('YYYY-MM-DD') : value;
    case 'datetime':
      return dayjs.isDayjs(value) ? (value as Dayjs).format() : value;
    default:
      return value;
  }
}

/** Initial values of the form: the row's values on edit, the declared defaults on create. */
export function initialValues(record: RecordDef, row?: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of record.writable) {
    const field = record.fields[name]!;
    out[name] = toInputValue(field, row ? row[name] : field.default);
  }
  return out;
}

/** The create/update body: writable fields only, empty values as null. */
export function toBody(record: RecordDef, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of record.writable) {
    const value = toApiValue(record.fields[name]!, values[name]);
    body[name] = value === undefined ? null : value;
  }
  return body;
}
