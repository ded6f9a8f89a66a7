import type { RecordDef, RecordName, Text } from '@htv/shared';
import type { ComponentType } from 'react';
import { lazyPage } from '../app/lazyPage';

/** Props of a record's form (create when `id` is null, edit otherwise). */
export interface RecordFormProps {
  record: RecordDef;
  id: number | null;
  open: boolean;
  onClose: () => void;
  onSaved?: () => void;
  /** The brand or hotel a new row belongs to when the page already names it (a hotel's rooms): the form asks for none. */
  ownerId?: number;
}

/** Props of a record's list page; it receives the form to use so an override of one keeps the other. */
export interface RecordListProps {
  record: RecordDef;
  Form: ComponentType<RecordFormProps>;
  /** Filters the page always applies (the route entry's `filters`). */
  filters?: Readonly<Record<string, string>>;
  /** The columns shown by default when the page's are not the record's (the route entry's `columns`). */
  columns?: readonly string[];
  /** The list's heading when it is not the record's label (a filtered view has its route's title). */
  title?: Text;
}

export interface RecordPages {
  List: ComponentType<RecordListProps>;
  Form: ComponentType<RecordFormProps>;
}

const GenericList = lazyPage(() => import('./RecordListPage'));
const GenericForm = lazyPage(() => import('./RecordFormModal'));

/**
 * Custom pages that replace one generated page of a record, e.g.
 *   overrideRecordPages('faq', { Form: lazyPage(() => import('../areas/faq/FaqForm')) })
 * Anything not overridden stays generated from the declaration.
 */
export const overrides: Partial<Record<RecordName, Partial<RecordPages>>> = {};

/** Lets an area module register its overrides instead of editing the table above. */
export function overrideRecordPages(name: RecordName, pages: Partial<RecordPages>) {
  overrides[name] = { ...overrides[name], ...pages };
}

export function recordPages(name: string): RecordPages {
  const custom = (overrides as Record<string, Partial<RecordPages> | undefined>)[name] ?? {};
  return { List: custom.List ?? GenericList, Form: custom.Form ?? GenericForm };
}

/** Hook form of `recordPages` for components. */
export function useRecordPages(record: RecordDef): RecordPages {
  return recordPages(record.name);
}
