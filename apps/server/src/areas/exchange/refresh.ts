import { HOTEL_SETTINGS } from '@htv/shared/areas/tenants/records';
import { translate, type MessageKey } from '@htv/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { invalidateConfig } from '../devices/config.js';
import { crossRate, ExchangeUnavailable, type ExchangeProvider } from './provider.js';

/** The feed is fetched again this often (the ECB publishes once a working day, around 16:00 CET). */
export const EXCHANGE_REFRESH_MS = 2 * 3_600_000;

/** The hotel's base currency (`exchange_base_currency`, default CNY): the prices are in it. */
export async function baseCurrencyOf(db: Db, hotelId: number): Promise<string> {
  const [row] = await db.select({ settings: hotels.settings }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  return baseOf(row?.settings);
}

const baseOf = (settings: unknown): string => {
  const value = (settings as Record<string, unknown> | null)?.exchange_base_currency;
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) ? value : HOTEL_SETTINGS.exchange_base_currency.default;
};

/** A message in both languages (the row has one column for it). */
export function bothLanguages(key: MessageKey, params: Record<string, unknown> = {}): string {
  const say = (lang: 'zh-CN' | 'en-US') => {
    const reason = typeof params.reason === 'string' ? translate(params.reason as MessageKey, lang, params.reasonParams as Record<string, unknown>) : '';
    return translate(key, lang, { ...params, reason });
  };
  return `${say('zh-CN')} / ${say('en-US')}`.slice(0, 200);
}

/** The provider the server fetches from (null: none configured, `EXCHANGE_URL=off`). */
let current: { db: Db; provider: ExchangeProvider } | null = null;
export const exchangeProviderConfigured = (): boolean => current !== null;

/**
 * Fetches the provider's rates once and writes each provider row's middle price in its hotel's base
 * currency for its `per` units (a cross rate through the euro), with the reference time; buy and sell
 * prices stay empty (the provider has none). A currency the feed lacks, or a failed fetch, keeps the
 * last figures and records why (the TV hides them once stale: `EXCHANGE_STALE_MS`).
 */
export async function refreshExchange(db: Db, provider: ExchangeProvider): Promise<{ refreshed: number; failed: number }> {
  const rates = recordTables.exchangeRate!;
  const rows = await db
    .select({ id: rates.id, hotelId: rates.hotelId, currency: rates.currency, per: rates.per, settings: hotels.settings })
    .from(rates)
    .innerJoin(hotels, eq(hotels.id, rates.hotelId))
    .where(eq(rates.source, 'ecb'));
  if (!rows.length) return { refreshed: 0, failed: 0 };
  const touched = new Set<number>();
  let failed = 0;
  try {
    const answer = await provider.rates();
    for (const row of rows) {
      const middle = crossRate(answer, row.currency as string, baseOf(row.settings), (row.per as number | null) ?? 100);
      if (middle === null) {
        failed++;
        const missing = answer.perEuro.has(row.currency as string) ? baseOf(row.settings) : (row.currency as string);
        await db.update(rates).set({ fetchError: bothLanguages('exchange.notQuoted', { currency: missing }) }).where(eq(rates.id, row.id));
      } else {
        await db
          .update(rates)
          .set({ middle: String(middle), spotSell: null, spotBuy: null, cashSell: null, cashBuy: null, rateTime: answer.time, fetchError: null })
          .where(and(eq(rates.id, row.id), eq(rates.source, 'ecb')));
      }
      touched.add(row.hotelId as number);
    }
  } catch (error) {
    if (!(error instanceof ExchangeUnavailable)) throw error;
    failed = rows.length;
    await db.update(rates).set({ fetchError: bothLanguages(error.key, error.params) }).where(inArray(rates.id, rows.map((row) => row.id)));
    rows.forEach((row) => touched.add(row.hotelId as number));
  }
  // The TVs of those hotels fetch their exchange part again.
  for (const hotelId of touched) invalidateConfig({ hotelId });
  return { refreshed: rows.length - failed, failed };
}

/** Refreshes on a schedule (in the one process that runs the database jobs); also after a provider row is written. */
export function startExchangeRefresh(db: Db, provider: ExchangeProvider, log: { error(obj: object, msg: string): void }): { stop(): void } {
  current = { db, provider };
  const run = () => void refreshExchange(db, provider).catch((error: unknown) => log.error({ err: error }, 'exchange rates not refreshed'));
  const timer = setInterval(run, EXCHANGE_REFRESH_MS);
  timer.unref();
  run();
  return {
    stop: () => {
      clearInterval(timer);
      current = null;
    },
  };
}

/** Asks the configured provider now (a provider row was added or changed); nothing without one. */
export function refreshExchangeSoon(): void {
  const running = current;
  if (running) void refreshExchange(running.db, running.provider).catch(() => undefined);
}
