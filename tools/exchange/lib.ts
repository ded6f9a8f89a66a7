import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The European Central Bank's daily reference rates, simulated (docs/exchange.md): `GET
 * /stats/eurofxref/eurofxref-daily.xml` answers in the real feed's format (see
 * apps/server/test/fixtures/exchange) with rates that drift a little from day to day around the
 * levels below, so the demo and the tests have rates without reaching the internet. Weekend days
 * answer the Friday before, as the ECB does.
 */

/** Units for one euro, the levels the simulated rates move around. */
const LEVELS: readonly [string, number][] = [
  ['USD', 1.08], ['JPY', 162.5], ['BGN', 1.9558], ['CZK', 25.2], ['DKK', 7.4604], ['GBP', 0.8455], ['HUF', 395.1], ['PLN', 4.312],
  ['RON', 4.975], ['SEK', 11.28], ['CHF', 0.948], ['ISK', 150.3], ['NOK', 11.65], ['TRY', 36.4], ['AUD', 1.655], ['BRL', 6.12],
  ['CAD', 1.478], ['CNY', 7.812], ['HKD', 8.43], ['IDR', 17125.4], ['ILS', 4.02], ['INR', 90.35], ['KRW', 1495.2], ['MXN', 21.6],
  ['MYR', 4.86], ['NZD', 1.82], ['PHP', 61.9], ['SGD', 1.452], ['THB', 37.85], ['ZAR', 19.86],
];

/** A repeatable number in [0, 1) from a day and a currency. */
function noise(day: string, currency: string): number {
  let h = 2166136261;
  for (const byte of Buffer.from(`${day}:${currency}`)) h = Math.imul(h ^ byte, 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

/** The reference date of `now`: today, or the Friday before on a weekend. */
export function referenceDate(now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay();
  if (weekday === 6) day.setUTCDate(day.getUTCDate() - 1);
  if (weekday === 0) day.setUTCDate(day.getUTCDate() - 2);
  return day.toISOString().slice(0, 10);
}

/** Significant figures as the ECB shows them: five, four decimals at most. */
const shown = (rate: number) => rate.toFixed(rate >= 100 ? 2 : 4);

/** The feed of one day, in the real feed's layout (tabs, single-quoted attributes). */
export function dailyFeed(date = referenceDate()): string {
  const cubes = LEVELS.map(([currency, level]) => `\t\t\t<Cube currency='${currency}' rate='${currency === 'BGN' ? level.toFixed(4) : shown(level * (0.99 + 0.02 * noise(date, currency)))}'/>`).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">',
    '\t<gesmes:subject>Reference rates</gesmes:subject>',
    '\t<gesmes:Sender>',
    '\t\t<gesmes:name>European Central Bank</gesmes:name>',
    '\t</gesmes:Sender>',
    '\t<Cube>',
    `\t\t<Cube time='${date}'>`,
    cubes,
    '\t\t</Cube>',
    '\t</Cube>',
    '</gesmes:Envelope>',
  ].join('\n');
}

/** Serves the simulated feed on `port` (0: any free port); answers the server and its address. */
export async function startExchangeSimulator(port = 0, host = '127.0.0.1'): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (request.method !== 'GET' || url.pathname !== '/stats/eurofxref/eurofxref-daily.xml') {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<html><body>Not Found</body></html>');
    }
    response.writeHead(200, { 'content-type': 'text/xml' });
    response.end(dailyFeed());
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host}:${address.port}` };
}
