import { shopCatalogue, type ShopConfigPart } from '@htv/shared/areas/shop/device';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Form, Input, Modal, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api, fileUrl, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { can } from '../../auth/access';
import { recordKeys, type Row } from '../../crud/api';
import { extendRecord, type RowActionProps } from '../../crud/extensions';
import { useTexts } from '../../locales';
import { addPreviewPart } from '../themes/previewParts';
import { SHOP_TEXTS } from './locales';
import { chime } from '../../app/chime';

type Rows<R> = { items: R[] };

/**
 * The theme previews' shop: the hotel user's own catalogue, pictures from the console's file
 * addresses; no orders and no ordering (the page says so).
 */
addPreviewPart('shop', async (user): Promise<ShopConfigPart | undefined> => {
  if (!user.hotel_id) return undefined;
  const list = <R,>(path: string) => api.get<Rows<R>>(`/records/${path}`, { pagesize: 100 }).then((rows) => rows.items);
  const [banners, categories, goods] = await Promise.all([
    list<Parameters<typeof shopCatalogue>[0][number]>('shop-banner'),
    list<Parameters<typeof shopCatalogue>[1][number]>('shop-category'),
    list<Parameters<typeof shopCatalogue>[2][number]>('shop-goods'),
  ]);
  return { ...shopCatalogue(banners, categories, goods, fileUrl), payments: ['delivery'], orders: [], currency: '¥' };
});

/** Cancelling an open order asks for the reason the room's TV shows. */
function CancelAction({ row }: RowActionProps) {
  const m = useTexts(SHOP_TEXTS);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ cancelReason: string }>();
  const save = async ({ cancelReason }: { cancelReason: string }) => {
    setSaving(true);
    try {
      await api.post(`/admin/shop/orders/${row.id}/cancel`, { cancelReason });
      toastSuccess(m('cancelled'));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
    } catch (error) {
      showApiError(error, form, ['cancelReason']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button type="link" size="small" danger onClick={() => setOpen(true)} data-testid="shop-order-cancel">
        {m('cancel')}
      </Button>
      {open && (
        <Modal open title={m('cancelTitle', { number: String(row.number) })} onCancel={() => setOpen(false)} onOk={() => form.submit()} confirmLoading={saving}>
          <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
            <Form.Item name="cancelReason" label={m('reason')} rules={[{ required: true, whitespace: true, message: m('reasonRequired') }]}>
              <Input.TextArea rows={3} maxLength={200} showCount data-testid="shop-order-cancel-reason" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

const LIVE_MS = 5000;

/**
 * Beside New on the order list: the count of new orders as a badge, polled every 5 seconds; when a
 * newer order than the last seen arrives it chimes and refreshes the list (docs/shop.md "The console").
 */
function LiveOrders() {
  const m = useTexts(SHOP_TEXTS);
  const queryClient = useQueryClient();
  const live = useQuery({ queryKey: ['shop', 'live'], queryFn: ({ signal }) => api.get<{ new: number; confirmed: number; latestId: number }>('/admin/shop/orders/live', undefined, signal), refetchInterval: LIVE_MS });
  const seen = useRef<number | null>(null);
  const latest = live.data?.latestId;
  useEffect(() => {
    if (latest === undefined) return;
    if (seen.current !== null && latest > seen.current) {
      chime();
      toastSuccess(m('arrived'));
      void queryClient.invalidateQueries({ queryKey: recordKeys.all });
    }
    seen.current = latest;
  }, [latest, m, queryClient]);
  return (
    <Tooltip title={m('liveHint')}>
      <Badge count={live.data?.new ?? 0} data-testid="shop-live-badge" data-latest={latest ?? ''}>
        <Button>{m('live')}</Button>
      </Badge>
    </Tooltip>
  );
}

const open = (row: Row) => row.state === 'new' || row.state === 'confirmed';

extendRecord('shopOrder', {
  rowActions: [{ key: 'cancel', replaces: ['cancel'], visible: (s) => can(s.loginInfo, 'shopOrder.cancel'), when: open, Component: CancelAction }],
  toolbar: [{ key: 'live', visible: (s) => can(s.loginInfo, 'shopOrder.read'), Component: LiveOrders }],
});
