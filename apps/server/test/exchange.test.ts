import type { ExchangeConfigPart } from '@htv/shared/areas/exchange/device';
import { translate } from '@htv/shared';
import { dailyFeed, referenceDate, startExchangeSimulator } from '@htv/tools/exchange';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossRate, ecbDaily, ExchangeUnavailable, readEcbDaily, type ExchangeProvider } from '../src/areas/exchange/provider.js';
import { refreshExchange } from '../src/areas/exchange/refresh.js';
import { recordTables } from '../src/db/schema/index.js';
import { allowRemoteForTests } from '../src/files/remote.js';
import { configPartOf, hotelTv } from './devices-support.js';
import { recordedProvider, type RecordedProvider } from './support/net.js';
import { testApp, type Client, type TestApp } from './support/app.js';
import { createTenant, type Tenant } from './support/fixtures.js';
import { multipartBody, png } from './support/images.js';

const RECORDED = readFileSync(new URL('./fixtures/exchange/ecb-eurofxref-daily.xml', import.meta.url));
const PERMISSIONS = ['exchangeRate.read', 'exchangeRate.create', 'exchangeRate.update', 'exchangeRate.delete'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** A local server answering what each test sets: the provider's recorded answers. */
let provider: RecordedProvider;
let simulator: { server: Server; url: string };

async function created(client: Client, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await client.post('/api/records/exchange-rate', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const exchangeOf = (tv: Awaited<ReturnType<typeof hotelTv>>) => configPartOf<ExchangeConfigPart>(tv, 'exchange');
const allowLocal = () => allowRemoteForTests((address) => address === '127.0.0.1');
const rates = () => recordTables.exchangeRate!;

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('rates');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function importExcel(client: Client, data: Buffer, name = 'rates.xlsx') {
  const { payload, headers } = multipartBody({ name, data });
  return client.request('POST', '/api/web/exchange/import', payload, headers);
}

beforeAll(async () => {
  provider = await recordedProvider('text/xml', RECORDED);
  simulator = await startExchangeSimulator();
  t = await testApp();
  a = await createTenant(t, [...PERMISSIONS, 'hotelInfo.read']);
  b = await createTenant(t, PERMISSIONS);
});

afterAll(async () => {
  allowRemoteForTests(null);
  await provider.close();
  simulator.server.close();
});

describe('the ECB adapter', () => {
  it('reads the recorded feed: the reference date and units per euro', () => {
    const read = readEcbDaily(RECORDED.toString('utf8'));
    expect(read.date).toBe('2022-07-08');
    expect(read.time).toEqual(new Date('2022-07-08T13:15:00Z'));
    expect(read.perEuro.size).toBe(32); // 31 currencies and the euro
    expect(read.perEuro.get('USD')).toBe(1.0163);
    expect(read.perEuro.get('CNY')).toBe(6.8095);
    expect(read.perEuro.get('EUR')).toBe(1);
  });

  it('converts to the hotel’s base currency through the euro, for `per` units, to four decimals', () => {
    const read = readEcbDaily(RECORDED.toString('utf8'));
    expect(crossRate(read, 'USD', 'CNY', 100)).toBe(670.0285); // 100 × 6.8095 / 1.0163
    expect(crossRate(read, 'JPY', 'CNY', 100)).toBe(4.9326); // 100 × 6.8095 / 138.05
    expect(crossRate(read, 'EUR', 'CNY', 100)).toBe(680.95);
    expect(crossRate(read, 'CNY', 'USD', 1)).toBe(0.1492);
    expect(crossRate(read, 'CNY', 'CNY', 100)).toBe(100);
    // A currency the ECB does not publish (the Macanese pataca) has no rate, never a zero.
    expect(crossRate(read, 'MOP', 'CNY', 100)).toBeNull();
    expect(crossRate(read, 'USD', 'MOP', 100)).toBeNull();
  });

  it('asks the daily feed over HTTP within the limits, and says why it has no rates', async () => {
    allowLocal();
    provider.asked.length = 0;
    provider.answer = { status: 200, body: RECORDED };
    expect((await ecbDaily(provider.url).rates()).date).toBe('2022-07-08');
    expect(provider.asked[0]!.pathname).toBe('/stats/eurofxref/eurofxref-daily.xml');
    const failure = async (provider: ExchangeProvider) => {
      const error = await provider.rates().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ExchangeUnavailable);
      return error as ExchangeUnavailable;
    };
    provider.answer = { status: 503, body: Buffer.from('<html>maintenance</html>') };
    expect(await failure(ecbDaily(provider.url))).toMatchObject({ key: 'exchange.unreachable', params: { reason: 'theme.remoteStatus', reasonParams: { status: 503 } } });
    provider.answer = { status: 200, body: Buffer.from('<html>maintenance</html>') };
    expect((await failure(ecbDaily(provider.url))).key).toBe('exchange.badAnswer');
    provider.answer = { status: 200, body: Buffer.from(RECORDED.toString('utf8').replace("rate='1.0163'", "rate='-1'")) };
    expect((await failure(ecbDaily(provider.url))).key).toBe('exchange.badAnswer');
    provider.answer = { status: 200, body: Buffer.alloc(100 * 1024, 32) };
    expect((await failure(ecbDaily(provider.url))).params.reason).toBe('theme.importTooLarge');
    allowRemoteForTests(null);
    expect((await failure(ecbDaily(provider.url))).params.reason).toBe('theme.remoteRefused');
    provider.answer = { status: 200, body: RECORDED };
  });

  it('reads the simulator’s feed the same way (the demo’s provider); weekends answer the Friday', async () => {
    allowLocal();
    const read = await ecbDaily(simulator.url).rates();
    expect(read.date).toBe(referenceDate());
    expect(read.perEuro.size).toBe(31);
    expect(read.perEuro.get('CNY')).toBeGreaterThan(7);
    expect(referenceDate(new Date('2026-11-28T10:00:00Z'))).toBe('2026-11-27'); // a Saturday
    expect(referenceDate(new Date('2026-11-29T10:00:00Z'))).toBe('2026-11-27');
    expect(dailyFeed('2026-11-27')).toBe(dailyFeed('2026-11-27'));
    expect((await fetch(`${simulator.url}/elsewhere`)).status).toBe(404);
  });
});

describe('exchange rates (records)', () => {
  it('require a three-letter currency and its name; an ECB rate takes no typed figures', async () => {
    const missing = await a.hotel.post('/api/records/exchange-rate', { nameEn: 'Dollar' });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['currency', 'name']);
    const bad = await a.hotel.post('/api/records/exchange-rate', { currency: 'us1', name: '美元' });
    expect(bad.body.errors.currency).toEqual([translate('exchange.currencyFormat', 'en-US')]);
    const negative = await a.hotel.post('/api/records/exchange-rate', { currency: 'USD', name: '美元', spotSell: -1 });
    expect(Object.keys(negative.body.errors)).toEqual(['spotSell']);
    const invented = await a.hotel.post('/api/records/exchange-rate', { currency: 'USD', name: '美元', source: 'ecb', spotBuy: 700 });
    expect(invented.status).toBe(422);
    expect(invented.body.errors).toEqual({ spotBuy: [translate('exchange.providerFigures', 'en-US')] });
    const fetchError = await a.hotel.post('/api/records/exchange-rate', { currency: 'USD', name: '美元', fetchError: 'x' });
    expect(Object.keys(fetchError.body.errors)).toEqual(['fetchError']);
    // Nothing half-written.
    expect(await t.database.db.select().from(rates()).where(eq(rates().hotelId, a.hotelIds[0]))).toEqual([]);
  });

  it('typed by hand: the update time is the save’s; one row per currency and hotel; stay within their hotel', async () => {
    const before = Date.now();
    const hkd = await created(a.hotel, { currency: 'HKD', name: '港币', nameEn: 'Hong Kong dollar', spotSell: 91.2, spotBuy: 90.1, cashSell: 91.5, cashBuy: 89.4, middle: 90.6 });
    expect(hkd.source).toBe('manual');
    expect(hkd.per).toBe(100);
    expect(Date.parse(hkd.rateTime)).toBeGreaterThanOrEqual(before - 1000);
    const again = await a.hotel.post('/api/records/exchange-rate', { currency: 'HKD', name: '港币' });
    expect(Object.keys(again.body.errors)).toEqual(['currency']);
    // Another hotel may list the same currency.
    await created(a.sibling, { currency: 'HKD', name: '港币' });
    // A brand user has no exchange-rate screens at all (hotel content): 403 before any row is looked at.
    expect((await b.brand.get(`/api/records/exchange-rate/${hkd.id}`)).status).toBe(403);
    expect((await a.brand.get(`/api/records/exchange-rate/${hkd.id}`)).status).toBe(403);
    for (const outsider of [b.hotel, a.sibling]) {
      expect((await outsider.get(`/api/records/exchange-rate/${hkd.id}`)).status).toBe(404);
      expect((await outsider.put(`/api/records/exchange-rate/${hkd.id}`, { currency: 'HKD', name: 'x' })).status).toBe(404);
      expect((await outsider.delete(`/api/records/exchange-rate/${hkd.id}`)).status).toBe(404);
    }
    const listed = await b.hotel.get('/api/records/exchange-rate');
    expect(listed.body.data.items ?? listed.body.data.list ?? listed.body.data).not.toContainEqual(expect.objectContaining({ id: hkd.id }));
    // A brand user has no exchange-rate screens (hotel content).
    expect((await a.brand.post('/api/records/exchange-rate', { currency: 'USD', name: '美元' })).status).toBe(403);
  });
});

describe('the refresh from the provider and the TVs’ exchange part', () => {
  it('writes middle prices in the hotel’s base currency, never buy or sell; hides stale figures; says why it failed', async () => {
    const [hotelId] = b.hotelIds;
    const usd = await created(b.hotel, { currency: 'USD', name: '美元', source: 'ecb' });
    const jpy = await created(b.hotel, { currency: 'JPY', name: '日元', source: 'ecb', per: 1000 });
    const mop = await created(b.hotel, { currency: 'MOP', name: '澳门元', source: 'ecb' });
    expect(usd.middle).toBeNull();
    expect(usd.fetchError).toBe(translate('exchange.noProvider', 'zh-CN') + ' / ' + translate('exchange.noProvider', 'en-US'));
    // A typed row keeps its own figures through a refresh.
    const manual = await created(b.hotel, { currency: 'HKD', name: '港币', spotSell: 91.2, middle: 90.6 });

    allowLocal();
    provider.answer = { status: 200, body: RECORDED };
    const tv = await hotelTv(t, hotelId);
    const told = tv.device.get<{ commands: { type: string }[] }>('/api/device/v1/commands?wait=10');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const result = await refreshExchange(t.database.db, ecbDaily(provider.url));
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect((await told).body.data.commands).toEqual([expect.objectContaining({ type: 'config' })]);
    const row = (id: number) => b.hotel.get(`/api/records/exchange-rate/${id}`).then((res) => res.body.data);
    expect(await row(usd.id)).toMatchObject({ middle: 670.0285, spotSell: null, spotBuy: null, cashSell: null, cashBuy: null, fetchError: null });
    expect(Date.parse((await row(usd.id)).rateTime)).toBe(Date.parse('2022-07-08T13:15:00Z'));
    expect((await row(jpy.id)).middle).toBe(49.3263); // 1000 × 6.8095 / 138.05
    expect((await row(mop.id)).fetchError).toContain('The ECB publishes no reference rate for MOP');
    expect(await row(manual.id)).toMatchObject({ spotSell: 91.2, middle: 90.6, source: 'manual' });

    // The recorded feed is old: the TV gets the rows without the provider's figures.
    let part = (await exchangeOf(tv))!;
    expect(part.base).toBe('CNY');
    expect(part.rates.find((rate) => rate.currency === 'USD')).toMatchObject({ middle: null, rateTime: null, source: 'ecb' });
    expect(part.rates.find((rate) => rate.currency === 'HKD')).toMatchObject({ spotSell: 91.2, middle: 90.6, source: 'manual' });
    // A recent one is shown.
    const now = new Date();
    await t.database.db.update(rates()).set({ rateTime: now }).where(eq(rates().id, usd.id));
    part = (await exchangeOf(tv))!;
    expect(part.rates.find((rate) => rate.currency === 'USD')).toMatchObject({ middle: 670.0285, spotSell: null, spotBuy: null, cashSell: null, cashBuy: null, rateTime: now.toISOString() });
    // Another hotel's TV never gets them.
    expect((await exchangeOf(await hotelTv(t, a.hotelIds[1])))!.rates.map((rate) => rate.currency)).not.toContain('USD');

    // The base currency is a hotel setting (checked, upper-cased): in USD, 100 dollars are 100.
    expect((await b.hotel.post('/api/web/set_hotel_info_by_key?key=exchange_base_currency&value=dollars')).status).toBe(422);
    const set = await b.hotel.post('/api/web/set_hotel_info_by_key?key=exchange_base_currency&value=usd');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.value).toBe('USD');
    await refreshExchange(t.database.db, ecbDaily(provider.url));
    expect((await row(usd.id)).middle).toBe(100);
    expect((await row(jpy.id)).middle).toBe(7.3618); // 1000 × 1.0163 / 138.05
    expect((await exchangeOf(tv))!.base).toBe('USD');
    // Another hotel keeps its own base.
    expect((await exchangeOf(await hotelTv(t, a.hotelIds[1])))!.base).toBe('CNY');

    // The provider fails: the figures stay, the console says why in both languages.
    provider.answer = { status: 500, body: Buffer.from('oops') };
    expect((await refreshExchange(t.database.db, ecbDaily(provider.url))).failed).toBe(3);
    const failed = await row(usd.id);
    expect(failed.middle).toBe(100);
    expect(failed.fetchError).toContain('The exchange-rate provider cannot be reached: The address answered with status 500');
    expect(failed.fetchError).toContain('汇率服务暂时无法访问');
    provider.answer = { status: 200, body: RECORDED };

    // Past the stale limit (four days) the TV shows no figures rather than old ones.
    await t.database.db.update(rates()).set({ rateTime: new Date(Date.now() - 5 * 86_400_000) }).where(eq(rates().id, usd.id));
    expect((await exchangeOf(tv))!.rates.find((rate) => rate.currency === 'USD')!.middle).toBeNull();
    // A form sending back what it read is accepted; a changed figure on an ECB row is refused.
    const read = await row(usd.id);
    const current = { currency: read.currency, name: read.name, per: read.per, source: read.source, sort: read.sort, middle: read.middle, spotSell: null, spotBuy: null, cashSell: null, cashBuy: null, rateTime: new Date(read.rateTime).toISOString() };
    expect((await b.hotel.put(`/api/records/exchange-rate/${usd.id}`, { ...current, name: '美国美元' })).status).toBe(200);
    expect((await b.hotel.put(`/api/records/exchange-rate/${usd.id}`, { ...current, middle: 101 })).body.errors).toEqual({ middle: [translate('exchange.providerFigures', 'en-US')] });
  });
});

describe('the Excel import', () => {
  it('adds and updates the hotel’s rates by currency, under a header in either language, all or nothing', async () => {
    const header = ['货币', '货币名称', 'English name', '单位', '现汇卖出价', '现汇买入价', '现钞卖出价', '现钞买入价', '中间价'];
    const first = await importExcel(a.sibling, await workbook([header, ['usd', '美元', 'US dollar', 100, 712.5, 709.6, 712.5, 703.9, 710.2], ['JPY', '日元', null, 100, 4.9, 4.85, 4.92, 4.7, 4.88]]));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ created: 2, updated: 0 });
    const list = async () => (await t.database.db.select().from(rates()).where(eq(rates().hotelId, a.hotelIds[1]))).sort((x, y) => String(x.currency).localeCompare(String(y.currency)));
    let rows = await list();
    const n = (v: unknown) => (v === null ? null : Number(v));
    expect(rows.map((r) => [r.currency, r.source, n(r.spotSell), n(r.middle)])).toEqual([
      ['HKD', 'manual', null, null],
      ['JPY', 'excel', 4.9, 4.88],
      ['USD', 'excel', 712.5, 710.2],
    ]);
    // Without a header: the columns in order; a currency listed already is updated.
    const second = await importExcel(a.sibling, await workbook([['USD', '美元', 'US dollar', 100, 713, 710, 713, 704, 711]]));
    expect(second.body.data).toEqual({ created: 0, updated: 1 });
    rows = await list();
    expect(Number(rows.find((r) => r.currency === 'USD')!.middle)).toBe(711);
    // The hotel's TVs get them.
    const part = (await exchangeOf(await hotelTv(t, a.hotelIds[1])))!;
    expect(part.rates.find((rate) => rate.currency === 'USD')).toMatchObject({ spotSell: 713, middle: 711, source: 'excel' });

    // Invalid rows and repeated currencies are reported by row; nothing is written.
    const bad = await importExcel(a.sibling, await workbook([header, ['GBP', '英镑', null, 100, 'abc'], ['EURO', '欧元'], ['CHF', null, null, 100]]));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ file: ['These rows have invalid values: 2, 3, 4'] });
    const repeated = await importExcel(a.sibling, await workbook([header, ['GBP', '英镑'], ['GBP', '英镑']]));
    expect(repeated.body.errors).toEqual({ file: ['These rows repeat a currency: 3'] });
    expect((await list()).map((r) => r.currency)).toEqual(['HKD', 'JPY', 'USD']);
    // Only Excel: a picture is refused by its content whatever its name.
    expect((await importExcel(a.sibling, png(8, 8), 'rates.xlsx')).body.errors).toEqual({ file: ['Only Excel upload is supported'] });
    expect((await importExcel(a.sibling, await workbook([header]))).body.errors).toEqual({ file: ['The Excel file contains no data'] });
    // The rows are the importer's hotel's: the other hotel of the brand has none of them.
    expect((await t.database.db.select().from(rates()).where(eq(rates().hotelId, a.hotelIds[0]))).map((r) => r.currency)).toEqual(['HKD']);
    // Brand users and hotel users without the right cannot import.
    expect((await importExcel(a.brand, await workbook([['USD', '美元']]))).status).toBe(403);
  });
});
