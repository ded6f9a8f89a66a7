import { PAGE_SIZES } from '@htv/shared';
import { Empty, Table, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One page of a server-paged list, as the list routes answer it. */
export interface PageOf<T> {
  items: T[];
  total: number;
  /** The server stopped counting: `total` is a lower bound. */
  capped?: boolean;
}

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination'> {
  /** The page the server answered; undefined until the first answer. */
  data: PageOf<T> | undefined;
  page: number;
  pagesize: number;
  /** A new page or page size was picked; a new size starts again at page 1. (A sort leaves the page to `onChange`.) */
  onPage: (page: number, pagesize: number) => void;
  /** Page sizes to offer (default PAGE_SIZES, the sizes the list routes accept); false keeps `pagesize` fixed. */
  sizes?: readonly number[] | false;
  /** What an empty page says (default "No data"). */
  empty?: ReactNode;
}

/**
 * An antd Table over a server-paged list: pagination driven by `page`/`pagesize`/`onPage`, the size
 * changer, the "N in total" text ("more than N" when the count is capped), the empty state and a
 * horizontal scroll for wide tables. Loading, columns, row selection, sorting (`onChange`) and every
 * other Table prop pass through.
 *
 *   <PagedTable<Row> rowKey="id" columns={columns} data={list.data} loading={list.isFetching}
 *     page={page} pagesize={pagesize} onPage={(page, pagesize) => setQuery({ page, pagesize })} />
 */
export function PagedTable<T extends object>({ data, page, pagesize, onPage, sizes = PAGE_SIZES, empty, onChange, ...table }: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('crud.empty')} /> }}
      {...table}
      dataSource={data?.items ?? []}
      pagination={{
        current: page,
        pageSize: pagesize,
        total: data?.total ?? 0,
        showSizeChanger: sizes !== false,
        pageSizeOptions: sizes === false ? undefined : sizes.map(String),
        showTotal: (total) => <Typography.Text type="secondary">{t(data?.capped ? 'crud.totalCapped' : 'crud.total', { total })}</Typography.Text>,
      }}
      // Paging through the table's onChange rather than the pagination's: antd also calls the latter
      // with page 1 on a sort, which would record a second history entry for a page kept in the URL.
      onChange={(pagination, filters, sorter, extra) => {
        if (extra.action === 'paginate') {
          const size = pagination.pageSize ?? pagesize;
          onPage(size !== pagesize ? 1 : (pagination.current ?? 1), size);
        }
        onChange?.(pagination, filters, sorter, extra);
      }}
    />
  );
}
