import type { GoodsSyncResult, GoodsSyncRow, GoodsSyncView, SyncChange, SyncCounts } from '@htv/shared/areas/voice/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { api, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { recordKeys } from '../../crud/api';
import { formatDatetime } from '../../crud/columns';
import { QueryStatus } from '../../crud/QueryStatus';
import { useTexts } from '../../locales';
import { GOODS_SYNC_TEXTS } from './locales';

const KEY = ['voice', 'goods-sync'];
const COLORS: Record<SyncChange, string> = { add: 'success', link: 'processing', update: 'warning', same: 'default', disable: 'error' };
/** Rows a selective sync can take: shop goods with something to do. */
const selectable = (row: GoodsSyncRow) => row.shopGoodsId !== null && (row.change === 'add' || row.change === 'link' || row.change === 'update');
const rowKey = (row: GoodsSyncRow) => `${row.shopGoodsId ?? 'x'}-${row.aiGoodsId ?? 'x'}`;

/**
 * /goods/sync (docs/voice.md): what syncing the shop's goods into the AI goods would change, goods by
 * goods, the explicit sync (all, or the chosen goods) and what it changed; the last sync.
 */
export default function GoodsSyncPage() {
  const m = useTexts(GOODS_SYNC_TEXTS);
  const user = useSession();
  const client = useQueryClient();
  const [view, setView] = useState<'changes' | 'all'>('changes');
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<GoodsSyncResult | null>(null);
  const plan = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<GoodsSyncView>('/goods-sync', undefined, signal) });
  const counts = (c: SyncCounts) => ({ add: c.add, link: c.link, update: c.update, disable: c.disable });
  const sync = useMutation({
    mutationFn: (shopGoodsIds?: number[]) => api.post<GoodsSyncResult>('/goods-sync', shopGoodsIds ? { shopGoodsIds } : {}),
    onSuccess: (data) => {
      setResult(data);
      setSelected([]);
      toastSuccess(m('done', counts(data.counts)));
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: recordKeys.record('ai-goods') });
    },
    onError: (error) => showApiError(error),
  });
  const maySync = can(user, 'goodsSync.sync');
  const rows = useMemo(() => (plan.data?.items ?? []).filter((row) => view === 'all' || row.change !== 'same'), [plan.data, view]);
  const pending = plan.data ? plan.data.counts.add + plan.data.counts.link + plan.data.counts.update + plan.data.counts.disable : 0;
  const last = plan.data?.lastSync;
  return (
    <Card title={m('title')} data-testid="goods-sync">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {m('intro')}
        </Typography.Paragraph>
        <Typography.Text data-testid="goods-sync-last">{last ? m('lastSync', { at: formatDatetime(last.at), by: last.by ?? '-', ...counts(last.counts) }) : m('never')}</Typography.Text>
        {result && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setResult(null)}
            data-testid="goods-sync-result"
            message={m('done', counts(result.counts))}
            description={result.changed.length ? result.changed.map((row) => `${m(row.change)}: ${row.name}`).join('; ') : undefined}
          />
        )}
        <Space wrap>
          {maySync && (
            <Popconfirm title={m('confirm', plan.data ? counts(plan.data.counts) : { add: 0, link: 0, update: 0, disable: 0 })} onConfirm={() => sync.mutate(undefined)} disabled={!pending}>
              <Button type="primary" data-testid="goods-sync-all" loading={sync.isPending} disabled={!pending}>
                {m('sync')}
              </Button>
            </Popconfirm>
          )}
          {maySync && (
            <Button data-testid="goods-sync-selected" disabled={!selected.length} loading={sync.isPending} onClick={() => sync.mutate(selected)}>
              {m('syncSelected', { n: selected.length })}
            </Button>
          )}
          <Segmented<'changes' | 'all'>
            value={view}
            onChange={setView}
            options={[
              { value: 'changes', label: m('changesOnly') },
              { value: 'all', label: m('all') },
            ]}
          />
          {plan.data && !pending && <Tag color="success">{m('nothing')}</Tag>}
        </Space>
        <QueryStatus query={plan}>
          <Table<GoodsSyncRow>
            rowKey={rowKey}
            size="middle"
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            rowSelection={
              maySync
                ? {
                    selectedRowKeys: rows.filter((row) => row.shopGoodsId !== null && selected.includes(row.shopGoodsId)).map(rowKey),
                    getCheckboxProps: (row) => ({ disabled: !selectable(row) }),
                    onChange: (_keys, chosen) => setSelected(chosen.filter(selectable).map((row) => row.shopGoodsId!)),
                  }
                : undefined
            }
            columns={[
              { title: m('change'), dataIndex: 'change', width: 180, render: (change: SyncChange) => <Tag color={COLORS[change]}>{m(change)}</Tag> },
              { title: m('name'), dataIndex: 'name' },
              { title: m('nameEn'), dataIndex: 'nameEn', render: (value: string | null) => value ?? '-' },
              { title: m('category'), dataIndex: 'category', render: (value: string | null) => value ?? '-' },
              { title: m('before'), dataIndex: 'before', render: (before: GoodsSyncRow['before']) => (before ? `${before.name}${before.nameEn ? ` / ${before.nameEn}` : ''}` : '-') },
            ]}
          />
        </QueryStatus>
      </Space>
    </Card>
  );
}
