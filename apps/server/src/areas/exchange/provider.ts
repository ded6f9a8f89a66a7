import { fetchRemote, RemoteRefused } from '../../files/remote.js';

/** One day's reference rates as a provider publishes them: units of each currency for one euro. */
export interface ReferenceRates {
  /** The reference date, yyyy-mm-dd. */
  date: string;
  /** When the rates were set: the ECB's concertation on the reference date, 14:15 CET. */
  time: Date;
  /** Units of a currency for one euro; EUR itself is 1. */
  perEuro: ReadonlyMap<string, number>;
}

/** A failed fetch: the reason as the console shows it (a catalogue key and its params). */
export class ExchangeUnavailable extends Error {
  constructor(
    readonly key: 'exchange.unreachable' | 'exchange.badAnswer',
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/**
 * An exchange-rate provider (docs/exchange.md, "The provider"): answers the day's reference rates
 * against one currency, or throws `ExchangeUnavailable`. It publishes middle rates only: no buy or
 * sell price comes from it, and none is made up from it.
 */
export interface ExchangeProvider {
  readonly name: string;
  rates(): Promise<ReferenceRates>;
}

/** Bounds of one request: the daily feed is under 2 KB. */
const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 10_000, maxRedirects: 2 };

const DAY = /<Cube\s+time=(["'])(\d{4}-\d\d-\d\d)\1\s*>/;
const RATE = /<Cube\s+currency=(["'])([A-Z]{3})\1\s+rate=(["'])(\d+(?:\.\d+)?)\3\s*\/>/g;

/**
 * Reads the ECB's daily feed (`eurofxref-daily.xml`): the envelope's `Cube time` and its
 * `Cube currency rate` entries (units for one euro). A feed without a date or without rates, or with
 * a rate that is not a positive number, is a `exchange.badAnswer`: never a partial or zero figure.
 */
export function readEcbDaily(xml: string): ReferenceRates {
  if (!xml.includes('eurofxref')) throw new ExchangeUnavailable('exchange.badAnswer');
  const day = DAY.exec(xml)?.[2];
  const perEuro = new Map<string, number>([['EUR', 1]]);
  // Every currency entry must be read: one that is not (a negative or missing rate) spoils the feed.
  if ((xml.match(/<Cube\s+currency=/g) ?? []).length !== [...xml.matchAll(RATE)].length) throw new ExchangeUnavailable('exchange.badAnswer');
  for (const match of xml.matchAll(RATE)) {
    const rate = Number(match[4]);
    if (!(rate > 0) || !Number.isFinite(rate)) throw new ExchangeUnavailable('exchange.badAnswer');
    perEuro.set(match[2]!, rate);
  }
  if (!day || Number.isNaN(Date.parse(day)) || perEuro.size < 2) throw new ExchangeUnavailable('exchange.badAnswer');
  return { date: day, time: new Date(`${day}T14:15:00+01:00`), perEuro };
}

/**
 * The ECB's euro foreign exchange reference rates (no key): `baseUrl` is https://www.ecb.europa.eu,
 * or the simulator's address (tools/exchange). Fetched with the remote-fetch limits (time, size,
 * public addresses only unless the operator configured this address: `allowConfiguredRemote`).
 */
export function ecbDaily(baseUrl: string): ExchangeProvider {
  return {
    name: 'ecb',
    async rates() {
      let body: Buffer;
      try {
        body = await fetchRemote(new URL('/stats/eurofxref/eurofxref-daily.xml', baseUrl).toString(), LIMITS);
      } catch (error) {
        if (error instanceof RemoteRefused) throw new ExchangeUnavailable('exchange.unreachable', { reason: error.key, reasonParams: error.params ?? {} });
        throw error;
      }
      return readEcbDaily(body.toString('utf8'));
    },
  };
}

/**
 * The price of `per` units of `currency` in `base`, from rates against the euro (a cross rate:
 * per × base-per-euro ÷ currency-per-euro), to four decimals; null when the feed lacks either.
 */
export function crossRate(rates: ReferenceRates, currency: string, base: string, per: number): number | null {
  const ofCurrency = rates.perEuro.get(currency);
  const ofBase = rates.perEuro.get(base);
  if (ofCurrency === undefined || ofBase === undefined) return null;
  return Math.round(((per * ofBase) / ofCurrency) * 10_000) / 10_000;
}
