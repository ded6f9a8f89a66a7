import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';

/** The demo hotel's weather cities: Shanghai (its local city), Beijing, London and Tokyo. */
export async function seedDemoWeather(tx: Db, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  await tx.insert(recordTables.weatherCity!).values([
    { name: '上海', nameEn: 'Shanghai', code: '31.23,121.47', local: true },
    { name: '北京', nameEn: 'Beijing', code: '39.9,116.41' },
    { name: '伦敦', nameEn: 'London', code: '51.51,-0.13', international: true },
    { name: '东京', nameEn: 'Tokyo', code: '35.68,139.69', international: true },
  ].map((city) => ({ ...city, brandId, hotelId, createdBy: userId })));
}
