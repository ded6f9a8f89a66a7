import type { RecordDef, RecordName } from '@htv/shared';
import type { ComponentType } from 'react';
import type { SessionInfo } from '../auth/access';
import type { Row } from './api';

/**
 * Extra buttons on a record's generated list page and form, registered by an area module
 * (apps/web/src/areas/<area>/index.ts) instead of forking the pages:
 *
 *   extendRecord('role', { rowActions: [{ key: 'permissions', visible: (s) => can(s.loginInfo, 'role.read'), Component: RolePermissionsAction }] });
 *
 * A row action renders inside the row's action cell; a toolbar action beside New and Export; a field
 * addon below one field of the create/edit form. They decide their own dialogs; `visible` hides them
 * for users without the right (and decides whether the list shows an action column or checkboxes).
 */
export interface RowActionProps {
  record: RecordDef;
  row: Row;
}

export interface ToolbarActionProps {
  record: RecordDef;
  /** The checked rows of the current page (none unless a visible toolbar action declares `selection`). */
  selected: Row[];
  /** Unchecks every row, e.g. once the action has changed them. */
  clearSelection: () => void;
}

export interface FieldAddonProps {
  record: RecordDef;
  /** The field the addon sits under. */
  name: string;
  getValue: () => unknown;
  /** Sets the field's value and validates it. */
  setValue: (value: unknown) => void;
  /** Shows messages as the field's errors (none clears them). */
  setErrors: (errors: string[]) => void;
}

type Visibility = (session: SessionInfo, record: RecordDef) => boolean;

export interface RecordRowAction {
  key: string;
  visible?: Visibility;
  /** Generic state actions this one stands in for: their buttons are hidden wherever it is visible. */
  replaces?: string[];
  /** The rows it concerns (default all): others show no button, so it takes no place among the row's actions. */
  when?: (row: Row) => boolean;
  Component: ComponentType<RowActionProps>;
}

export interface RecordToolbarAction {
  key: string;
  visible?: Visibility;
  /** Works on checked rows: the list shows row checkboxes while this action is visible. */
  selection?: boolean;
  Component: ComponentType<ToolbarActionProps>;
}

export interface RecordFieldAddon {
  /** The writable field it belongs to (one addon a field). */
  field: string;
  visible?: Visibility;
  Component: ComponentType<FieldAddonProps>;
}

export interface RecordExtension {
  rowActions?: RecordRowAction[];
  toolbar?: RecordToolbarAction[];
  fieldAddons?: RecordFieldAddon[];
}

/** What a session sees of a record's extensions, with what follows from them for the generic pages. */
export interface VisibleExtensions extends Required<RecordExtension> {
  /** Whether the list shows row checkboxes for the toolbar actions. */
  selection: boolean;
  /** State actions whose generic buttons a row action replaces. */
  replacedStateActions: ReadonlySet<string>;
}

const registry = new Map<string, Required<RecordExtension>>();

/** Adds row actions, toolbar buttons and field addons to a record's pages (an entry with a taken key or field is replaced). */
export function extendRecord(name: RecordName, extension: RecordExtension) {
  const current = registry.get(name) ?? { rowActions: [], toolbar: [], fieldAddons: [] };
  const merge = <T>(list: T[], added: T[] = [], id: (entry: T) => string) => [...list.filter((a) => !added.some((b) => id(b) === id(a))), ...added];
  registry.set(name, {
    rowActions: merge(current.rowActions, extension.rowActions, (a) => a.key),
    toolbar: merge(current.toolbar, extension.toolbar, (a) => a.key),
    fieldAddons: merge(current.fieldAddons, extension.fieldAddons, (a) => a.field),
  });
}

/** The extensions of a record that the session may see. */
export function visibleExtensions(record: RecordDef, session: SessionInfo): VisibleExtensions {
  const found = registry.get(record.name) ?? { rowActions: [], toolbar: [], fieldAddons: [] };
  const shown = <T extends { visible?: Visibility }>(list: T[]) => list.filter((a) => !a.visible || a.visible(session, record));
  const rowActions = shown(found.rowActions);
  const toolbar = shown(found.toolbar);
  return {
    rowActions,
    toolbar,
    fieldAddons: shown(found.fieldAddons),
    selection: toolbar.some((a) => a.selection),
    replacedStateActions: new Set(rowActions.flatMap((a) => a.replaces ?? [])),
  };
}
