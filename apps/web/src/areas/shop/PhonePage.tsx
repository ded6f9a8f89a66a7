import { formatMinor, type ShopConfigPart, type ShopGoodsOnTv, type ShopOrderOnTv } from '@htv/shared/areas/shop/device';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, InputNumber, List, Radio, Result, Segmented, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { request } from '../../api/client';
import { useLang, useTexts } from '../../locales';
import { SHOP_TEXTS } from './locales';

type PhoneShop = ShopConfigPart & { hotel: string; room: string };
const STATE_KEYS = { new: 'stateNew', confirmed: 'stateConfirmed', delivered: 'stateDelivered', cancelled: 'stateCancelled' } as const;
const STATE_COLORS = { new: 'gold', confirmed: 'blue', delivered: 'green', cancelled: 'red' } as const;
/** The page refreshes the room's orders as hiLucy does: every 15 seconds. */
const REFRESH_MS = 15_000;
const requestKey = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * /shop/phone (public, docs/shop.md "The phone page"): the shop on the guest's phone, opened from the
 * TV shop's QR code (its `token` names the room, valid 4 hours): categories, goods with quantities, the
 * payment this room may use, ordering, and the room's orders with their states.
 */
export default function PhonePage() {
  const m = useTexts(SHOP_TEXTS);
  const lang = useLang();
  const queryClient = useQueryClient();
  const token = new URLSearchParams(window.location.search).get('token');
  const shop = useQuery({
    queryKey: ['shopPhone', token],
    queryFn: ({ signal }) => request<PhoneShop>('GET', '/shop/phone', { query: { token }, signal }),
    enabled: !!token,
    retry: false,
    refetchInterval: REFRESH_MS,
  });
  const [category, setCategory] = useState(0);
  const [lines, setLines] = useState<Record<number, number>>({});
  const [payment, setPayment] = useState<'room' | 'delivery' | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  if (!token) return <Result status="info" title={m('scanTv')} data-testid="shop-phone-scan" />;
  if (shop.isError) return <Result status="warning" title={(shop.error as Error).message} subTitle={m('scanTv')} data-testid="shop-phone-bad-token" />;
  if (!shop.data) return <Spin fullscreen />;

  const data = shop.data;
  const nameOf = (item: { name: string; nameEn: string | null }) => (lang === 'zh-CN' ? item.name : item.nameEn || item.name);
  const money = (minor: number) => `${data.currency}${formatMinor(minor)}`;
  const goods = new Map(data.categories.flatMap((c) => c.goods).map((g) => [g.id, g]));
  const chosen = Object.entries(lines).flatMap(([id, quantity]) => (quantity > 0 && goods.has(Number(id)) ? [{ goods: goods.get(Number(id))!, quantity }] : []));
  const total = chosen.reduce((sum, line) => sum + line.goods.priceMinor * line.quantity, 0);
  const pay = payment && data.payments.includes(payment) ? payment : data.payments[0]!;
  const current = data.categories[category];

  const order = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const placed = await request<ShopOrderOnTv>('POST', '/shop/phone/orders', { query: { token }, body: { items: chosen.map((l) => ({ goodsId: l.goods.id, quantity: l.quantity })), payment: pay, requestKey: requestKey() } });
      setLines({});
      setOutcome({ ok: true, text: m('ordered', { number: placed.number }) });
      await queryClient.invalidateQueries({ queryKey: ['shopPhone', token] });
    } catch (error) {
      setOutcome({ ok: false, text: (error as Error).message });
    } finally {
      setSending(false);
    }
  };

  const goodsCard = (g: ShopGoodsOnTv) => (
    <List.Item key={g.id} data-testid="shop-phone-goods" extra={<InputNumber min={0} max={99} value={lines[g.id] ?? 0} onChange={(value) => setLines({ ...lines, [g.id]: Number(value ?? 0) })} style={{ width: 72 }} />}>
      <List.Item.Meta avatar={<img src={g.picture} alt="" width={56} height={56} style={{ objectFit: 'cover', borderRadius: 6 }} />} title={nameOf(g)} description={money(g.priceMinor)} />
    </List.Item>
  );

  return (
    <div style={{ maxWidth: 560, margin: '0 auto', padding: 12, paddingBottom: 160 }} data-testid="shop-phone">
      <Typography.Title level={4}>{m('phoneTitle', { hotel: data.hotel, room: data.room })}</Typography.Title>
      {data.categories.length > 0 && (
        <>
          <Segmented block options={data.categories.map((c, i) => ({ label: nameOf(c), value: i }))} value={category} onChange={(value) => setCategory(Number(value))} style={{ marginBottom: 8 }} />
          {current?.opensAt && current.closesAt && <Typography.Text type="secondary">{m('hours', { from: current.opensAt, to: current.closesAt })}</Typography.Text>}
          <List dataSource={current?.goods ?? []} renderItem={goodsCard} locale={{ emptyText: m('noGoods') }} />
        </>
      )}
      <Card size="small" title={m('myOrders')} style={{ marginTop: 12 }}>
        <List
          dataSource={data.orders}
          renderItem={(o) => (
            <List.Item key={o.id} data-testid="shop-phone-order" data-state={o.state}>
              <List.Item.Meta title={`${o.number} · ${money(o.amountMinor)}`} description={[o.summary, o.cancelReason && m('reasonIs', { reason: o.cancelReason })].filter(Boolean).join(' · ')} />
              <Tag color={STATE_COLORS[o.state]}>{m(STATE_KEYS[o.state])}</Tag>
            </List.Item>
          )}
        />
      </Card>
      <div style={{ position: 'fixed', left: 0, right: 0, bottom: 0, background: '#fff', borderTop: '1px solid #eee', padding: 12 }}>
        <div style={{ maxWidth: 560, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: 8 }}>
          {outcome && <Alert type={outcome.ok ? 'success' : 'error'} message={outcome.text} showIcon data-testid="shop-phone-outcome" />}
          <Radio.Group value={pay} onChange={(event) => setPayment(event.target.value as 'room' | 'delivery')} options={data.payments.map((p) => ({ value: p, label: m(p === 'room' ? 'payRoom' : 'payDelivery') }))} />
          <Button type="primary" block size="large" disabled={!chosen.length} loading={sending} onClick={() => void order()} data-testid="shop-phone-order-button">
            {m('order')} · {m('total')} {money(total)}
          </Button>
        </div>
      </div>
    </div>
  );
}
