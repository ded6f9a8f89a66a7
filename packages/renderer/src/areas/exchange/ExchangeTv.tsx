import type { ExchangeConfigPart, ExchangeRateOnTv } from '@htv/shared/areas/exchange/device';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import { useRef, type CSSProperties } from 'react';
import { useRemote } from '../host';
import { areaWords, type AreaPageProps } from '../registry';

const zh = {
  title: '外汇牌价',
  none: '暂无汇率信息',
  currency: '货币',
  per: '单位',
  spotBuy: '现汇买入价',
  cashBuy: '现钞买入价',
  spotSell: '现汇卖出价',
  cashSell: '现钞卖出价',
  middle: '中间价',
  time: '更新时间',
  base: '单位：{base}',
  ecb: '中间价来源：欧洲央行参考汇率（{date}），不提供买入卖出价',
  typed: '买入卖出价由酒店提供，仅供参考',
};
const en: typeof zh = {
  title: 'Exchange rates',
  none: 'No exchange rates right now',
  currency: 'Currency',
  per: 'Per',
  spotBuy: 'Spot buy',
  cashBuy: 'Cash buy',
  spotSell: 'Spot sell',
  cashSell: 'Cash sell',
  middle: 'Middle',
  time: 'Updated',
  base: 'Prices in {base}',
  ecb: 'Middle prices: ECB reference rates of {date}; the ECB publishes no buy or sell prices',
  typed: 'Buy and sell prices from the hotel, for reference only',
};

const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif';
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const figure = (value: number | null) => (value === null ? '--' : value.toFixed(value >= 1000 ? 2 : 4));
const COLUMNS = ['spotBuy', 'cashBuy', 'spotSell', 'cashSell', 'middle'] as const;

function when(rate: ExchangeRateOnTv, lang: ContentLang): string {
  if (!rate.rateTime) return '--';
  const time = new Date(rate.rateTime);
  // A provider's rate is of a day; a typed one of a moment.
  return rate.source === 'ecb' ? time.toISOString().slice(0, 10) : time.toLocaleString(lang === 'en' ? 'en-GB' : lang, { dateStyle: 'short', timeStyle: 'short' });
}

const cell: CSSProperties = { padding: '1.2vh 1vw', textAlign: 'right', whiteSpace: 'nowrap' };

/**
 * The board: each currency's buy, sell and middle prices in the hotel's base currency for its units,
 * "--" where a figure is not known (an ECB rate has the middle price only; a stale one none), and
 * where the figures come from. ↑/↓ scroll a long board.
 */
export function Page({ part, lang }: AreaPageProps<ExchangeConfigPart>) {
  const w = areaWords({ zh, en }, lang);
  const chinese = lang.startsWith('zh');
  const scroller = useRef<HTMLDivElement>(null);
  useRemote((key) => {
    if (key === 'ArrowDown' || key === 'ArrowUp') scroller.current?.scrollBy({ top: (key === 'ArrowDown' ? 1 : -1) * window.innerHeight * 0.2 });
  });
  const rates = part?.rates ?? [];
  const shown = rates.some((rate) => COLUMNS.some((name) => rate[name] !== null));
  const ecbDates = [...new Set(rates.filter((rate) => rate.source === 'ecb' && rate.rateTime).map((rate) => rate.rateTime!.slice(0, 10)))];
  const typed = rates.some((rate) => rate.source !== 'ecb' && (rate.spotBuy ?? rate.spotSell ?? rate.cashBuy ?? rate.cashSell) !== null);
  return (
    <div data-testid="exchange-page" data-state={shown ? 'shown' : 'none'} style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', padding: '5vh 5vw', gap: '2.5vh', fontFamily: font }}>
      <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <span style={{ fontSize: '4.4vh', fontWeight: 700 }}>{w.title}</span>
        {part && <span style={{ fontSize: '2.4vh', opacity: 0.8 }}>{fill(w.base, { base: part.base })}</span>}
      </div>
      {!shown ? (
        <div data-testid="exchange-none" style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '3vh', opacity: 0.8 }}>
          {w.none}
        </div>
      ) : (
        <div ref={scroller} style={{ flex: 1, overflow: 'hidden' }}>
          <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: '2.5vh' }}>
            <thead>
              <tr style={{ opacity: 0.75, borderBottom: '1px solid rgba(255,255,255,.3)' }}>
                <th style={{ ...cell, textAlign: 'left' }}>{w.currency}</th>
                <th style={cell}>{w.per}</th>
                {COLUMNS.map((name) => (
                  <th key={name} style={cell}>
                    {w[name]}
                  </th>
                ))}
                <th style={cell}>{w.time}</th>
              </tr>
            </thead>
            <tbody>
              {rates.map((rate, i) => (
                <tr key={rate.currency} data-testid="exchange-rate" data-currency={rate.currency} style={{ background: i % 2 ? 'rgba(255,255,255,.05)' : undefined }}>
                  <td style={{ ...cell, textAlign: 'left' }}>
                    <b>{rate.currency}</b> <span style={{ opacity: 0.8 }}>{chinese ? rate.name : rate.nameEn || rate.name}</span>
                  </td>
                  <td style={cell}>{rate.per}</td>
                  {COLUMNS.map((name) => (
                    <td key={name} data-figure={name} style={{ ...cell, fontVariantNumeric: 'tabular-nums', fontWeight: name === 'middle' ? 700 : undefined }}>
                      {figure(rate[name])}
                    </td>
                  ))}
                  <td style={{ ...cell, opacity: 0.7, fontSize: '2vh' }}>{when(rate, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div data-testid="exchange-source" style={{ fontSize: '1.9vh', opacity: 0.65, display: 'flex', flexDirection: 'column', gap: '0.5vh' }}>
        {ecbDates.length > 0 && <span>{fill(w.ecb, { date: ecbDates.sort().at(-1)! })}</span>}
        {typed && <span>{w.typed}</span>}
      </div>
    </div>
  );
}
