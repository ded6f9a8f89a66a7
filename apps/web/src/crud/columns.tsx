import type { FieldDef, Lang, RecordDef } from '@htv/shared';
import { Tag, Typography } from 'antd';
import type { ColumnsType, SortOrder as AntSortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Row } from './api';
import type { ListState } from './listState';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const EMPTY = '-';

export function formatDatetime(value: unknown): string {
  if (typeof value !== 'string' || !value) return EMPTY;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATETIME_FORMAT) : value;
}

/** How a list cell shows a field's value. */
export function renderValue(name: string, field: FieldDef, value: unknown, row: Row, lang: Lang, t: TFunction): ReactNode {
  if (field.kind === 'ref') {
    const title = row[`${name}Title`];
    return typeof title === 'string' && title ? title : value === null || value === undefined ? EMPTY : String(value);
  }
  if (value === undefined || value === null || value === '') return EMPTY;
  switch (field.kind) {
    case 'choice':
    case 'int':
      return field.options?.[String(value)]?.[lang] ?? String(value);
    case 'bool':
      return value ? <Tag color="success">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>;
    case 'datetime':
      return formatDatetime(value);
    case 'decimal':
      return Number(value).toFixed(field.scale ?? 2);
    case 'files':
      return Array.isArray(value) ? String(value.length) : EMPTY;
    case 'json':
      return (
        <Typography.Text ellipsis style={{ maxWidth: 240 }} code>
          {JSON.stringify(value)}
        </Typography.Text>
      );
    default:
      return String(value);
  }
}

const antOrder = (state: ListState, key: string): AntSortOrder =>
  state.sort === key ? (state.order === 'asc' ? 'ascend' : state.order === 'desc' ? 'descend' : null) : null;

/** Columns: the fields whose `list` is true, then created time, then the actions (if any). */
export function buildColumns(record: RecordDef, lang: Lang, t: TFunction, state: ListState, actions?: (row: Row) => ReactNode, actionsWidth = 200): ColumnsType<Row> {
  const columns: ColumnsType<Row> = Object.entries(record.fields)
    .filter(([, field]) => field.list && !field.writeOnly)
    .map(([name, field]) => ({
      key: name,
      dataIndex: name,
      title: field.label[lang],
      sorter: field.sort ? true : undefined,
      sortOrder: field.sort ? antOrder(state, name) : undefined,
      ellipsis: field.kind === 'text' ? { showTitle: true } : undefined,
      render: (value: unknown, row: Row) => renderValue(name, field, value, row, lang, t),
    }));
  columns.push({
    key: 'createdAt',
    dataIndex: 'createdAt',
    title: t('crud.createdAt'),
    sorter: true,
    sortOrder: antOrder(state, 'createdAt'),
    width: 180,
    render: (value: unknown) => formatDatetime(value),
  });
  if (actions) {
    columns.push({ key: 'actions', title: t('crud.actions'), fixed: 'right', width: actionsWidth, render: (_: unknown, row: Row) => actions(row) });
  }
  return columns;
}
