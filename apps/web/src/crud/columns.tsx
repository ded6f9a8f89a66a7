import { boolText, isUploadRuleName, uploadRules, type FieldDef, type Lang, type RecordDef, type UploadRule } from '@htv/shared';
import { Tag, Typography } from 'antd';
import type { ColumnsType, SortOrder as AntSortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { fileUrl } from '../api/client';
import type { Row } from './api';
import type { ListState } from './listState';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const EMPTY = '-';

export function formatDatetime(value: unknown): string {
  if (typeof value !== 'string' || !value) return EMPTY;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATETIME_FORMAT) : value;
}

/** A stored picture as a list shows it: small, whole. */
export function FileThumbnail({ id, testId }: { id: string; testId?: string }) {
  return <img src={fileUrl(id)} alt="" width={32} height={32} style={{ objectFit: 'contain' }} data-testid={testId} />;
}

/** A stored audio file as a list shows it: a small player that loads the file only when played. */
export function FileAudio({ id, testId }: { id: string; testId?: string }) {
  return <audio src={fileUrl(id)} controls preload="none" style={{ height: 32, maxWidth: 260 }} data-testid={testId} />;
}

/** How a list cell shows a field's value. */
export function renderValue(name: string, field: FieldDef, value: unknown, row: Row, lang: Lang): ReactNode {
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
      return <Tag color={value ? 'success' : undefined}>{boolText(field, value, lang)}</Tag>;
    case 'datetime':
      return formatDatetime(value);
    case 'decimal':
      return Number(value).toFixed(field.scale ?? 2);
    case 'file': {
      // A picture (an app's icon) shows as itself, audio (a song) as a player; another file as its id.
      const rule = field.upload && isUploadRuleName(field.upload) ? (uploadRules[field.upload] as UploadRule) : undefined;
      if (rule?.image) return <FileThumbnail id={String(value)} testId={`cell-image-${name}`} />;
      if (rule?.audio) return <FileAudio id={String(value)} testId={`cell-audio-${name}`} />;
      return String(value);
    }
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

/** The heading of each column a record's list can show (fields, owners, creation time). */
export function columnLabels(record: RecordDef, lang: Lang, t: TFunction): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(record.fields).map(([name, field]) => [name, field.label[lang]])),
    brandId: t('crud.ownerBrand'),
    hotelId: t('crud.ownerHotel'),
    createdAt: t('crud.createdAt'),
  };
}

/**
 * The table columns of the names to show, in order (see `listColumns`): the title column fixed on
 * the left, the actions (if any) fixed on the right, the rest scrolling between them. An owner column
 * shows the owner's title the list answers as `<owner>Title`.
 */
export function buildColumns(
  record: RecordDef,
  names: readonly string[],
  lang: Lang,
  t: TFunction,
  state: ListState,
  actions?: (row: Row) => ReactNode,
): ColumnsType<Row> {
  const labels = columnLabels(record, lang, t);
  const columns: ColumnsType<Row> = names.map((name) => {
    const field = record.fields[name];
    const fixed = name === record.titleField ? ('left' as const) : undefined;
    if (field) {
      return {
        key: name,
        dataIndex: name,
        title: labels[name],
        fixed,
        sorter: field.sort ? true : undefined,
        sortOrder: field.sort ? antOrder(state, name) : undefined,
        ellipsis: field.kind === 'text' ? { showTitle: true } : undefined,
        // The title names the row in the interface's language, as the list answers it (`displayTitle`).
        render: (value: unknown, row: Row) => renderValue(name, field, name === record.titleField ? (row.displayTitle ?? value) : value, row, lang),
      };
    }
    if (name === 'createdAt') {
      return { key: name, dataIndex: name, title: labels[name], sorter: true, sortOrder: antOrder(state, name), width: 180, render: (value: unknown) => formatDatetime(value) };
    }
    return { key: name, dataIndex: `${name}Title`, title: labels[name], width: 180, ellipsis: { showTitle: true }, render: (value: unknown) => (typeof value === 'string' && value ? value : EMPTY) };
  });
  if (actions) {
    // As wide as its one line of buttons (RowActions folds all but a few behind "More").
    columns.push({ key: 'actions', title: t('crud.actions'), fixed: 'right', render: (_: unknown, row: Row) => actions(row) });
  }
  return columns;
}
