import { exchangePart, type ExchangeConfigPart } from '@htv/shared/areas/exchange/device';
import { RATE_FIGURES } from '@htv/shared/areas/exchange/records';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import { addRecordConfigPart } from '../devices/record-parts.js';
import { baseCurrencyOf, bothLanguages, exchangeProviderConfigured, refreshExchangeSoon } from './refresh.js';

/** The hotel's rates as its TVs get them: by sort (larger first), then currency. */
export async function exchangeOfHotel(db: Db, hotelId: number, now = Date.now()): Promise<ExchangeConfigPart> {
  const rates = recordTables.exchangeRate!;
  const [rows, base] = await Promise.all([db.select().from(rates).where(eq(rates.hotelId, hotelId)).orderBy(desc(rates.sort), asc(rates.currency)), baseCurrencyOf(db, hotelId)]);
  return exchangePart(rows as unknown as Parameters<typeof exchangePart>[0], base, now);
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const same = (value: unknown, stored: unknown) => {
  if (!given(stored)) return false;
  if (stored instanceof Date || typeof value === 'string' && /T/.test(value)) return new Date(value as string).getTime() === new Date(stored as string).getTime();
  return Number(value) === Number(stored);
};

let installed = false;

/**
 * The TVs' `exchange` part (authorized TVs: the hotel's rates, a provider's stale rate without
 * figures), sent again when a rate is written or refreshed; and the rules of a write: a provider
 * (ECB) row takes no typed figures (they come from the provider: the middle price only), a typed row
 * gets its update time when its figures change.
 */
export function installExchange(): void {
  if (installed) return;
  installed = true;
  addRecordConfigPart('exchange', ['exchangeRate'], async (terminal, { db }) => {
    if (terminal.authorization !== 'authorized' || terminal.hotelId === null) return undefined;
    return exchangeOfHotel(db, terminal.hotelId);
  });
  addRecordHooks('exchangeRate', {
    beforeWrite(_ctx, values, existing) {
      const source = (values.source ?? existing?.source ?? 'manual') as string;
      if (source === 'ecb') {
        // A form sends back what it read: only a figure other than the row's own is typed.
        const typed = [...RATE_FIGURES, 'rateTime'].filter((name) => given(values[name]) && !same(values[name], existing?.[name]));
        if (typed.length) throw invalidFields(Object.fromEntries(typed.map((name) => [name, { key: 'exchange.providerFigures' as const }])));
        const becoming = existing?.source !== 'ecb';
        const perChanged = existing && values.per !== undefined && values.per !== existing.per;
        if (!becoming && !perChanged) return values;
        // Until the provider answers, the row has no figures (never the typed ones under the provider's name).
        return {
          ...values,
          ...Object.fromEntries(RATE_FIGURES.map((name) => [name, null])),
          rateTime: null,
          fetchError: exchangeProviderConfigured() ? null : bothLanguages('exchange.noProvider'),
        };
      }
      const changed = !existing || [...RATE_FIGURES, 'per'].some((name) => values[name] !== undefined && String(values[name]) !== String(existing[name] ?? ''));
      const next: Record<string, unknown> = { ...values, fetchError: null };
      if (changed && (values.rateTime === undefined || values.rateTime === null)) next.rateTime = new Date().toISOString();
      return next;
    },
    afterCommit(_ctx, { action, rows }) {
      if (action !== 'delete' && rows.some((row) => row.source === 'ecb')) refreshExchangeSoon();
    },
  });
}
