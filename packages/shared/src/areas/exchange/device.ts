/**
 * The exchange rates as a TV receives them (the `exchange` configuration part, docs/exchange.md): the
 * hotel's rates in its base currency, a provider's rate without figures once it is stale (the TV
 * then shows "--" rather than an old price). No schema: the TV carries no zod.
 */
export interface ExchangeConfigPart {
  /** The hotel's base currency (the prices are in it), e.g. CNY. */
  base: string;
  rates: ExchangeRateOnTv[];
}

export type ExchangeSource = 'manual' | 'excel' | 'ecb';

export interface ExchangeRateOnTv {
  currency: string;
  name: string;
  nameEn: string | null;
  /** The prices are for this many units of the currency. */
  per: number;
  /** Null: not known (an ECB rate has the middle price only; a stale one has none). */
  spotSell: number | null;
  spotBuy: number | null;
  cashSell: number | null;
  cashBuy: number | null;
  middle: number | null;
  source: ExchangeSource;
  /** When the figures were set (the provider's reference time for its rates), ISO; null when hidden. */
  rateTime: string | null;
}

/**
 * A provider's rate older than this is not shown: the ECB publishes on working days only (none at
 * weekends and on TARGET holidays), so four days cover a long weekend, and no more.
 */
export const EXCHANGE_STALE_MS = 4 * 86_400_000;

interface RateRow {
  currency: string;
  name: string;
  nameEn?: string | null;
  per?: number | null;
  spotSell?: number | string | null;
  spotBuy?: number | string | null;
  cashSell?: number | string | null;
  cashBuy?: number | string | null;
  middle?: number | string | null;
  source?: string | null;
  rateTime?: string | Date | null;
}

const num = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? null : Number(value));

/** The part from the hotel's rows (in their order) and its base currency; stale provider rates lose their figures. */
export function exchangePart(rows: readonly RateRow[], base: string, now = Date.now()): ExchangeConfigPart {
  return {
    base,
    rates: rows.map((row) => {
      const source = (row.source ?? 'manual') as ExchangeSource;
      const time = row.rateTime ? new Date(row.rateTime) : null;
      const hidden = source === 'ecb' && (!time || now - time.getTime() > EXCHANGE_STALE_MS);
      const figures = hidden
        ? { spotSell: null, spotBuy: null, cashSell: null, cashBuy: null, middle: null }
        : { spotSell: num(row.spotSell), spotBuy: num(row.spotBuy), cashSell: num(row.cashSell), cashBuy: num(row.cashBuy), middle: num(row.middle) };
      return { currency: row.currency, name: row.name, nameEn: row.nameEn || null, per: row.per ?? 100, ...figures, source, rateTime: hidden || !time ? null : time.toISOString() };
    }),
  };
}
