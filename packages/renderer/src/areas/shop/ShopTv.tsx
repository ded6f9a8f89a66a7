import type { ShopCategoryOnTv, ShopConfigPart, ShopGoodsOnTv, ShopOrderOnTv } from '@htv/shared/areas/shop/device';
import type { ContentLang, LocalText } from '@htv/shared/areas/themes/document';
import { useEffect, useState, type CSSProperties } from 'react';
import { textIn } from '../../model';
import { useAreaDevice, useRemote } from '../host';
import { areaWords, type AreaPageProps, type AreaSlotProps } from '../registry';

const zh = {
  title: '客房商城',
  empty: '酒店暂未上架商品',
  basket: '购物车',
  basketEmpty: '按 OK 把商品加入购物车',
  total: '合计',
  room: '记入房账',
  delivery: '送达时付款',
  order: '下单',
  clear: '清空',
  orders: '我的订单',
  noOrders: '还没有订单',
  hours: '营业时间',
  placed: '下单成功，订单号',
  previewOnly: '预览中不能下单',
  phone: '扫码用手机下单',
  reason: '原因',
  hint: '↑/↓/←/→ 选择 · OK 加入/确认 · 返回 退出',
  new: '已下单',
  confirmed: '已确认',
  delivered: '已送达',
  cancelled: '已取消',
};
const en: typeof zh = {
  title: 'Room shop',
  empty: 'The hotel has no goods on sale yet',
  basket: 'Basket',
  basketEmpty: 'Press OK on an item to add it',
  total: 'Total',
  room: 'Charge to the room',
  delivery: 'Pay at delivery',
  order: 'Order',
  clear: 'Clear',
  orders: 'My orders',
  noOrders: 'No orders yet',
  hours: 'Hours',
  placed: 'Ordered, number',
  previewOnly: 'Ordering is not possible in a preview',
  phone: 'Scan to order by phone',
  reason: 'Reason',
  hint: '↑/↓/←/→ choose · OK add / confirm · Back exit',
  new: 'Placed',
  confirmed: 'Confirmed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif';
const COLUMNS = 3;
const nameIn = (item: { name: string; nameEn: string | null }, lang: ContentLang) => (lang.startsWith('zh') ? item.name : item.nameEn || item.name);
const money = (currency: string, minor: number) => `${currency}${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const panel: CSSProperties = { display: 'flex', flexDirection: 'column', gap: '1vh', padding: '2vh', borderRadius: 12, background: 'rgba(255,255,255,.06)', minHeight: 0, overflow: 'hidden' };
const chosen = (on: boolean, focused: boolean): CSSProperties => ({
  borderRadius: 8,
  background: on ? (focused ? '#f5a623' : 'rgba(245,166,35,.25)') : 'transparent',
  color: on && focused ? '#14233d' : '#fff',
});

type Column = 'categories' | 'goods' | 'basket';
type Lines = Map<number, number>;
/** A random key of one order request: a retry of the same request places nothing twice. */
const requestKey = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The shop full screen: banners along the top, categories on the left (then "my orders"), the
 * chosen category's goods (9 newest) in the middle, the basket on the right with the payments this
 * room may use. OK on an item adds one; in the basket OK chooses the payment or orders. The room's
 * orders and their states come with the part (pushed when the hotel moves them).
 */
export function Page({ part, lang }: AreaPageProps<ShopConfigPart>) {
  const api = useAreaDevice();
  const w = areaWords({ zh, en }, lang);
  const categories = part?.categories ?? [];
  const orders = part?.orders ?? [];
  const payments = part?.payments ?? ['delivery'];
  const currency = part?.currency ?? '¥';
  const [column, setColumn] = useState<Column>('categories');
  const [category, setCategory] = useState(0);
  const [item, setItem] = useState(0);
  const [control, setControl] = useState(0);
  const [lines, setLines] = useState<Lines>(new Map());
  const [payment, setPayment] = useState(payments[0]!);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState(0);
  const [phoneQr, setPhoneQr] = useState<string | null>(null);
  const showingOrders = category === categories.length;
  const current: ShopCategoryOnTv | undefined = categories[category];
  const goods = current?.goods ?? [];
  const byId = new Map(categories.flatMap((c) => c.goods).map((g) => [g.id, g]));
  const basket = [...lines].flatMap(([id, quantity]) => (byId.has(id) ? [{ goods: byId.get(id)!, quantity }] : []));
  const total = basket.reduce((sum, line) => sum + line.goods.priceMinor * line.quantity, 0);
  const controls = [...payments.map((p) => `pay:${p}`), 'order', 'clear'];

  useEffect(() => {
    if (!payments.includes(payment)) setPayment(payments[0]!);
  }, [payments.join(), payment]);
  // The phone page's QR code for this room (none in a preview, or for a TV in no room).
  useEffect(() => {
    let current = true;
    api?.call<{ qr: string }>('GET', '/shop/phone-qr').then(
      (answer) => current && setPhoneQr(answer.qr),
      () => undefined,
    );
    return () => void (current = false);
  }, [api]);
  useEffect(() => {
    const count = part?.banners.length ?? 0;
    if (count < 2) return;
    const timer = setInterval(() => setBanner((at) => (at + 1) % count), 5000);
    return () => clearInterval(timer);
  }, [part?.banners.length]);

  const add = (g: ShopGoodsOnTv) => {
    const next = new Map(lines);
    next.set(g.id, Math.min(99, (next.get(g.id) ?? 0) + 1));
    setLines(next);
    setMessage(null);
  };

  const place = async () => {
    if (!basket.length || busy) return;
    if (!api) return setMessage({ text: w.previewOnly, error: true });
    setBusy(true);
    try {
      const order = await api.call<ShopOrderOnTv>('POST', '/shop/orders', { items: basket.map((line) => ({ goodsId: line.goods.id, quantity: line.quantity })), payment, requestKey: requestKey() });
      setLines(new Map());
      setMessage({ text: `${w.placed} ${order.number}`, error: false });
      setCategory(categories.length);
      setColumn('categories');
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  useRemote((key) => {
    if (key === 'Back') return;
    if (column === 'categories') {
      if (key === 'ArrowUp') return setCategory(Math.max(0, category - 1)), setItem(0);
      if (key === 'ArrowDown') return setCategory(Math.min(categories.length, category + 1)), setItem(0);
      if (key === 'ArrowRight' || key === 'Enter') return setColumn(goods.length && !showingOrders ? 'goods' : 'basket');
      return;
    }
    if (column === 'goods') {
      if (key === 'Enter') return goods[item] && add(goods[item]!);
      if (key === 'ArrowLeft') return item % COLUMNS === 0 ? setColumn('categories') : setItem(item - 1);
      if (key === 'ArrowRight') return item % COLUMNS === COLUMNS - 1 || item === goods.length - 1 ? setColumn('basket') : setItem(item + 1);
      if (key === 'ArrowUp') return setItem(Math.max(0, item - COLUMNS));
      if (key === 'ArrowDown') return setItem(Math.min(goods.length - 1, item + COLUMNS));
      return;
    }
    if (key === 'ArrowLeft') return setColumn(goods.length && !showingOrders ? 'goods' : 'categories');
    if (key === 'ArrowUp') return setControl(Math.max(0, control - 1));
    if (key === 'ArrowDown') return setControl(Math.min(controls.length - 1, control + 1));
    if (key !== 'Enter') return;
    const chosenControl = controls[control]!;
    if (chosenControl.startsWith('pay:')) return setPayment(chosenControl.slice(4) as typeof payment);
    if (chosenControl === 'clear') return setLines(new Map());
    void place();
  });

  const shownBanner = part?.banners[banner % Math.max(1, part.banners.length)];
  return (
    <div data-testid="shop-page" data-column={column} style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', padding: '4vh 4vw', gap: '2vh', fontSize: '2.4vh', fontFamily: font }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: '2vw', height: '16vh', flexShrink: 0 }}>
        <div style={{ fontSize: '4.4vh', fontWeight: 700, flexShrink: 0 }}>{w.title}</div>
        {shownBanner && (
          <div data-testid="shop-banner" style={{ flex: 1, height: '100%', borderRadius: 12, overflow: 'hidden', position: 'relative' }}>
            <img src={shownBanner.cover} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            <div style={{ position: 'absolute', left: 0, bottom: 0, right: 0, padding: '1vh 2vh', background: 'linear-gradient(transparent, rgba(0,0,0,.7))', fontSize: '3vh' }}>{shownBanner.title}</div>
          </div>
        )}
      </div>
      {!categories.length ? (
        <div data-testid="shop-empty" style={{ ...panel, flex: 1, alignItems: 'center', justifyContent: 'center', opacity: 0.8 }}>
          {w.empty}
        </div>
      ) : (
        <div style={{ flex: 1, display: 'grid', gridTemplateColumns: '1fr 3fr 1.4fr', gap: '2vw', minHeight: 0 }}>
          <div style={panel}>
            {[...categories.map((c) => nameIn(c, lang)), `${w.orders} (${orders.length})`].map((name, i) => (
              <div key={i} data-testid="shop-category" data-selected={i === category ? 'true' : undefined} style={{ ...chosen(i === category, column === 'categories'), padding: '1.4vh 2vh' }}>
                {name}
              </div>
            ))}
          </div>
          {showingOrders ? <Orders orders={orders} w={w} currency={currency} /> : <Goods category={current!} at={item} focused={column === 'goods'} lang={lang} w={w} currency={currency} lines={lines} />}
          <div style={panel} data-testid="shop-basket">
            <div style={{ fontWeight: 700 }}>{w.basket}</div>
            <div style={{ flex: 1, overflow: 'hidden', display: 'flex', flexDirection: 'column', gap: '0.6vh' }}>
              {basket.length ? basket.map((line) => (
                <div key={line.goods.id} data-testid="shop-basket-line" style={{ display: 'flex', justifyContent: 'space-between' }}>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{nameIn(line.goods, lang)} ×{line.quantity}</span>
                  <span>{money(currency, line.goods.priceMinor * line.quantity)}</span>
                </div>
              )) : <div style={{ opacity: 0.6 }}>{w.basketEmpty}</div>}
            </div>
            <div data-testid="shop-total" style={{ fontWeight: 700 }}>{w.total} {money(currency, total)}</div>
            {controls.map((c, i) => {
              const label = c === 'order' ? w.order : c === 'clear' ? w.clear : w[c.slice(4) as 'room' | 'delivery'];
              const on = c === `pay:${payment}`;
              return (
                <div key={c} data-testid={`shop-control-${c.replace(':', '-')}`} data-chosen={on ? 'true' : undefined} style={{ ...chosen(i === control && column === 'basket', true), padding: '1vh 2vh', border: '1px solid rgba(255,255,255,.2)', opacity: c === 'order' && (!basket.length || busy) ? 0.5 : 1 }}>
                  {c.startsWith('pay:') ? `${on ? '●' : '○'} ` : ''}
                  {label}
                </div>
              );
            })}
            {phoneQr && (
              <div data-testid="shop-phone-qr" style={{ display: 'flex', alignItems: 'center', gap: '1vh', fontSize: '1.8vh', opacity: 0.85 }}>
                <img src={phoneQr} alt="" style={{ width: '10vh', height: '10vh', background: '#fff', borderRadius: 4 }} />
                {w.phone}
              </div>
            )}
          </div>
        </div>
      )}
      {message && (
        <div data-testid="shop-message" data-error={message.error ? 'true' : undefined} role="status" style={{ color: message.error ? '#ff7875' : '#95de64' }}>
          {message.text}
        </div>
      )}
      <div style={{ opacity: 0.6, fontSize: '2vh' }}>{w.hint}</div>
    </div>
  );
}

function Goods({ category, at, focused, lang, w, currency, lines }: { category: ShopCategoryOnTv; at: number; focused: boolean; lang: ContentLang; w: typeof zh; currency: string; lines: Lines }) {
  return (
    <div style={panel}>
      {category.opensAt && category.closesAt && (
        <div style={{ opacity: 0.7 }}>
          {w.hours} {category.opensAt}–{category.closesAt}
        </div>
      )}
      <div style={{ flex: 1, display: 'grid', gridTemplateColumns: `repeat(${COLUMNS}, 1fr)`, gridAutoRows: '1fr', gap: '1.4vh', minHeight: 0 }}>
        {category.goods.map((g, i) => (
          <div key={g.id} data-testid="shop-goods" data-name={g.name} data-selected={i === at && focused ? 'true' : undefined} style={{ ...chosen(i === at, focused), padding: '1vh', display: 'flex', gap: '1vh', alignItems: 'center', minHeight: 0, border: '1px solid rgba(255,255,255,.12)' }}>
            <img src={g.picture} alt="" style={{ height: '100%', maxHeight: '12vh', aspectRatio: '1', objectFit: 'cover', borderRadius: 6 }} />
            <div style={{ minWidth: 0 }}>
              <div style={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{nameIn(g, lang)}</div>
              <div>{money(currency, g.priceMinor)}</div>
              {lines.get(g.id) ? <div style={{ fontSize: '2vh' }}>×{lines.get(g.id)}</div> : null}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function Orders({ orders, w, currency }: { orders: ShopOrderOnTv[]; w: typeof zh; currency: string }) {
  return (
    <div style={panel} data-testid="shop-orders">
      {!orders.length && <div style={{ opacity: 0.6 }}>{w.noOrders}</div>}
      {orders.map((order) => (
        <div key={order.id} data-testid="shop-order" data-state={order.state} data-number={order.number} style={{ display: 'flex', flexDirection: 'column', gap: '0.4vh', padding: '1vh 0', borderBottom: '1px solid rgba(255,255,255,.1)' }}>
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span>{order.number}</span>
            <span style={{ fontWeight: 700, color: order.state === 'cancelled' ? '#ff7875' : order.state === 'delivered' ? '#95de64' : '#f5a623' }}>{w[order.state]}</span>
          </div>
          <div style={{ opacity: 0.8 }}>
            {order.summary} · {money(currency, order.amountMinor)} · {order.payment === 'room' ? w.room : w.delivery}
          </div>
          {order.cancelReason && (
            <div style={{ opacity: 0.7 }}>
              {w.reason}: {order.cancelReason}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

/** The `shop` block on the launcher: the first banner's cover with its title (the block's title without banners). */
export function Slot({ block, context, part }: AreaSlotProps<ShopConfigPart>) {
  const first = part?.banners[0];
  const title = textIn((block as { title?: LocalText }).title, context.lang, context.fallbacks) || areaWords({ zh, en }, context.lang).title;
  return (
    <div data-testid="shop-slot" style={{ width: '100%', height: '100%', position: 'relative', overflow: 'hidden', background: 'rgba(0,0,0,.3)', fontFamily: font }}>
      {first && <img src={first.cover} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />}
      <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '4%', background: 'linear-gradient(transparent, rgba(0,0,0,.7))', fontWeight: 700 }}>{first ? first.title : title}</div>
    </div>
  );
}
