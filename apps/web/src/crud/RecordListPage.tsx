import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isLockedRow, listColumns, type StateAction } from '@htv/shared';
import { Button, Card, Divider, Popconfirm, Space, Typography } from 'antd';
import type { Key } from 'react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../api/client';
import { toastSuccess } from '../api/notify';
import { useLang } from '../locales';
import { recordApi, recordKeys, type Row } from './api';
import { buildColumns, columnLabels } from './columns';
import { hasKeyword, useListState, withoutFilters } from './listState';
import { PagedTable } from './PagedTable';
import type { RecordListProps } from './registry';
import { SearchForm, searchFields } from './SearchForm';
import { useRecordAccess } from './useRecordAccess';
import { visibleExtensions } from './extensions';
import { useSessionInfo } from '../auth/session';
import { useStickyHeaderHeight } from '../layout/stickyHeader';
import { ListToolbar } from './ListToolbar';
import { ReasonAction } from './ReasonAction';
import { RowActions, type RowActionItem } from './RowActions';
import { useListSettings } from './listSettings';

/**
 * Popconfirm waits for the promise (spinner on OK) and closes when it settles; a failure was already
 * shown by the mutation cache, so it must not stay a rejected promise.
 */
const settle = (promise: Promise<unknown>) => promise.then(ignore, ignore);
const ignore = () => undefined;

/** Generated list page of a record: search form, server-paged table, row and batch actions, export. */
export default function RecordListPage({ record, Form, filters, columns: pageColumns, title }: RecordListProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const access = useRecordAccess(record);
  const session = useSessionInfo();
  const extensions = useMemo(() => visibleExtensions(record, session), [record, session]);
  const searchable = useMemo(() => withoutFilters(record, Object.keys(filters ?? {})), [record, filters]);
  const { state, query, searchQuery, update } = useListState(searchable, filters);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [exporting, setExporting] = useState(false);
  const defaultColumns = useMemo(() => listColumns({ ...record, columns: pageColumns ?? record.columns }, session.loginInfo.user_type), [record, pageColumns, session.loginInfo.user_type]);
  const settings = useListSettings(defaultColumns);
  const stickyTop = useStickyHeaderHeight();

  const list = useQuery({
    queryKey: recordKeys.list(record.path, query),
    queryFn: ({ signal }) => recordApi.list(record, query, signal),
    placeholderData: keepPreviousData,
  });

  // A new search or page starts with an empty selection, so the checked rows are all on this page.
  useEffect(() => setSelected([]), [query]);
  const selectedRows = useMemo(() => (list.data?.items ?? []).filter((row) => selected.includes(row.id)), [list.data, selected]);
  const clearSelection = useCallback(() => setSelected([]), []);

  // Deleting the last rows of the last page: step back to the page that still has rows.
  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && total > 0 && state.page > 1) {
      update({ page: Math.max(1, Math.ceil(total / state.pagesize)) });
    }
  }, [list.data, total, state.page, state.pagesize, update]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys.all });
  const searching = Boolean(state.keyword) || Object.keys(state.filters).length > 0;

  const remove = useMutation({
    mutationFn: (id: number) => recordApi.remove(record, id),
    onSuccess: async () => {
      toastSuccess(t('crud.deleted'));
      await refresh();
    },
  });

  const batchRemove = useMutation({
    mutationFn: (ids: number[]) => recordApi.batchDelete(record, ids),
    onSuccess: async (data) => {
      toastSuccess(t('crud.batchDeleted', { count: data.deleted }));
      setSelected([]);
      await refresh();
    },
  });

  const runAction = useMutation({
    mutationFn: ({ id, action }: { id: number; action: string }) => recordApi.action(record, id, action),
    onSuccess: async () => {
      toastSuccess(t('crud.actionDone'));
      await refresh();
    },
  });

  const exportList = async () => {
    setExporting(true);
    try {
      await recordApi.export(record, searchQuery, `${record.path}-${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
    } catch (error) {
      showApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const stateActions = (Object.entries(record.states?.actions ?? {}) as [string, StateAction][]).filter(([name]) => !extensions.replacedStateActions.has(name));
  const stateField = record.states?.field;

  /** The row's actions in order: edit, the state actions its state allows, the area's, delete. */
  const rowActionItems = (row: Row): RowActionItem[] => {
    const available = stateActions.filter(([name, action]) => access.action(name) && stateField && action.from.includes(String(row[stateField])));
    return [
      // A row whose state locks it (`states.locked`: released, started) has no Edit.
      ...(access.update && !isLockedRow(record, row)
        ? [
            {
              key: 'edit',
              node: (
                <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
                  {t('crud.edit')}
                </Button>
              ),
            },
          ]
        : []),
      ...available.map(([name, action]) => ({
        key: `state-${name}`,
        node: action.reason ? (
          <ReasonAction action={action} onRun={(reason) => recordApi.action(record, row.id, name, reason)} onDone={refresh} />
        ) : action.confirm ? (
          <Popconfirm title={action.confirm[lang]} onConfirm={() => settle(runAction.mutateAsync({ id: row.id, action: name }))}>
            <Button type="link" size="small">
              {action.label[lang]}
            </Button>
          </Popconfirm>
        ) : (
          <Button type="link" size="small" onClick={() => runAction.mutate({ id: row.id, action: name })}>
            {action.label[lang]}
          </Button>
        ),
      })),
      ...extensions.rowActions.filter((action) => action.when?.(row) ?? true).map(({ key, Component }) => ({ key: `extension-${key}`, node: <Component record={record} row={row} /> })),
      ...(access.delete
        ? [
            {
              key: 'delete',
              node: (
                <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => settle(remove.mutateAsync(row.id))} okButtonProps={{ danger: true }}>
                  <Button type="link" size="small" danger>
                    {t('crud.delete')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]
        : []),
    ];
  };
  const rowActions = (row: Row) => <RowActions items={rowActionItems(row)} />;

  const hasRowActions = access.update || access.delete || extensions.rowActions.length > 0 || stateActions.some(([name]) => access.action(name));
  const shownColumns = settings.columns.filter((column) => column.shown).map((column) => column.name);
  const columns = buildColumns(record, shownColumns, lang, t, state, hasRowActions ? rowActions : undefined);
  // An empty list offers its first action (named with the record, apart from the toolbar's), unless a
  // search emptied it; before the first answer it says nothing more than "No data".
  const empty = searching ? (
    t('crud.emptySearch')
  ) : access.create && list.data ? (
    <Space orientation="vertical">
      {t('crud.empty')}
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} data-testid="empty-create">
        {t('crud.createTitle', { record: record.label[lang] })}
      </Button>
    </Space>
  ) : undefined;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {(hasKeyword(searchable) || searchFields(searchable, session.loginInfo).length > 0) && (
        <Card size="small">
          <SearchForm record={searchable} state={state} onSearch={({ keyword, filters }) => update({ keyword, filters, page: 1 })} />
        </Card>
      )}
      <Card
        // The title keeps its width; the actions and table tools wrap beside it.
        styles={{ title: { flex: 'none', marginInlineEnd: 16 }, extra: { minWidth: 0 } }}
        title={
          <Space>
            {(title ?? record.label)[lang]}
            {selected.length > 0 && (
              <Typography.Text type="secondary" data-testid="record-selected-count">
                {t('crud.selected', { count: selected.length })}
              </Typography.Text>
            )}
          </Space>
        }
        extra={
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            {access.delete && (
              <Popconfirm
                title={t('crud.batchDeleteConfirm', { count: selected.length })}
                disabled={selected.length === 0}
                onConfirm={() => settle(batchRemove.mutateAsync(selected.map(Number)))}
                okButtonProps={{ danger: true }}
              >
                <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={batchRemove.isPending}>
                  {t('crud.batchDelete')}
                  {selected.length > 0 ? ` (${selected.length})` : ''}
                </Button>
              </Popconfirm>
            )}
            {extensions.toolbar.map(({ key, Component }) => (
              <Component key={key} record={record} selected={selectedRows} clearSelection={clearSelection} />
            ))}
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
              {t('crud.export')}
            </Button>
            {access.create && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
                {t('crud.create')}
              </Button>
            )}
            <Divider orientation="vertical" />
            <ListToolbar
              onRefresh={() => void list.refetch()}
              refreshing={list.isFetching}
              density={settings.density}
              onDensity={settings.setDensity}
              columns={settings.columns}
              labels={columnLabels(record, lang, t)}
              onColumns={settings.setColumns}
              onResetColumns={settings.resetColumns}
            />
          </Space>
        }
      >
        <div data-testid="record-table">
          <PagedTable<Row>
            rowKey="id"
            columns={columns}
            data={list.data}
            loading={list.isFetching}
            size={settings.density}
            sticky={{ offsetHeader: stickyTop }}
            empty={empty}
            page={state.page}
            pagesize={state.pagesize}
            onPage={(page, pagesize) => update({ page, pagesize })}
            rowSelection={access.delete || extensions.selection ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) } : undefined}
            onChange={(_pagination, _filters, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = one?.order ? String(one.columnKey ?? one.field) : undefined;
              update({ sort: key, order: key ? (one?.order === 'ascend' ? 'asc' : 'desc') : undefined, page: 1 });
            }}
          />
        </div>
      </Card>
      {editing && (
        <Suspense fallback={null}>
          <Form record={record} id={editing.id} open onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Space>
  );
}
