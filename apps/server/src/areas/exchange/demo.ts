import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';

/**
 * The demo hotel's exchange-rate board: the currencies its guests bring, priced in CNY for 100 units
 * from the ECB feed (the demo's simulator): middle prices only, no invented buy or sell prices.
 */
export async function seedDemoExchange(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  await tx.insert(recordTables.exchangeRate!).values(
    [
      { currency: 'USD', name: '美元', nameEn: 'US dollar', sort: 90 },
      { currency: 'EUR', name: '欧元', nameEn: 'Euro', sort: 80 },
      { currency: 'JPY', name: '日元', nameEn: 'Japanese yen', sort: 70 },
      { currency: 'GBP', name: '英镑', nameEn: 'Pound sterling', sort: 60 },
      { currency: 'HKD', name: '港币', nameEn: 'Hong Kong dollar', sort: 50 },
      { currency: 'KRW', name: '韩元', nameEn: 'South Korean won', sort: 40 },
    ].map((rate) => ({ ...rate, per: 100, source: 'ecb', brandId, hotelId, createdBy: userId })),
  );
}
