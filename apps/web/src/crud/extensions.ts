import type { RecordDef, RecordName } from '@htv/shared';
import type { ComponentType } from 'react';
import type { SessionInfo } from '../auth/access';
import type { Row } from './api';

/**
 * Extra buttons on a record's generated list page, registered by an area module
 * (apps/web/src/areas/<area>/index.ts) instead of forking the page:
 *
 *   extendRecord('role', { rowActions: [{ key: 'permissions', visible: (s) => can(s.loginInfo, 'role.read'), Component: RolePermissionsAction }] });
 *
 * A row action renders inside the row's action cell; a toolbar action beside New and Export. Both
 * decide their own dialogs; `visible` hides them for users without the right (and decides whether
 * the list shows an action column at all).
 */
export interface RowActionProps {
  record: RecordDef;
  row: Row;
}

export interface ToolbarActionProps {
  record: RecordDef;
}

export interface RecordRowAction {
  key: string;
  visible?: (session: SessionInfo, record: RecordDef) => boolean;
  Component: ComponentType<RowActionProps>;
}

export interface RecordToolbarAction {
  key: string;
  visible?: (session: SessionInfo, record: RecordDef) => boolean;
  Component: ComponentType<ToolbarActionProps>;
}

export interface RecordExtension {
  rowActions?: RecordRowAction[];
  toolbar?: RecordToolbarAction[];
}

const registry = new Map<string, Required<RecordExtension>>();

/** Adds row actions and toolbar buttons to a record's list page (actions with a taken key are replaced). */
export function extendRecord(name: RecordName, extension: RecordExtension) {
  const current = registry.get(name) ?? { rowActions: [], toolbar: [] };
  const merge = <T extends { key: string }>(list: T[], added: T[] = []) => [...list.filter((a) => !added.some((b) => b.key === a.key)), ...added];
  registry.set(name, { rowActions: merge(current.rowActions, extension.rowActions), toolbar: merge(current.toolbar, extension.toolbar) });
}

/** The extensions of a record that the session may see. */
export function visibleExtensions(record: RecordDef, session: SessionInfo): Required<RecordExtension> {
  const found = registry.get(record.name);
  if (!found) return { rowActions: [], toolbar: [] };
  const shown = <T extends { visible?: (session: SessionInfo, record: RecordDef) => boolean }>(list: T[]) => list.filter((a) => !a.visible || a.visible(session, record));
  return { rowActions: shown(found.rowActions), toolbar: shown(found.toolbar) };
}
