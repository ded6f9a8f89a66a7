import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { newAuthKey } from './service.js';

/** One TV-auth project at the Bund hotel with two models and a few attempts in its log. */
export async function seedDemoTvAuth(tx: Db, hotelId: number): Promise<void> {
  const [project] = (await tx
    .insert(recordTables.tvAuthProject!)
    .values({ name: '外滩新楼装机', launcher: 'hotelos', matchLocation: true, address: '上海市黄浦区中山东一路88号', longitude: 121.4905, latitude: 31.2397, radius: 1000, hotel: hotelId, authKey: newAuthKey() })
    .returning({ id: recordTables.tvAuthProject!.id })) as [{ id: number }];
  await tx.insert(recordTables.tvAuthProjectModel!).values([
    { project: project.id, model: 'HT-55E7', quantity: 120, used: 1 },
    { project: project.id, model: 'HT-65E7', quantity: 30, used: 0 },
  ]);
  await tx.insert(recordTables.tvAuthLog!).values([
    { project: project.id, mac: 'DM9000000001', model: 'HT-55E7', longitude: 121.4911, latitude: 31.2402, distance: 78, result: 'pass' },
    { project: project.id, mac: 'DM9000000002', model: 'HT-75X', longitude: 121.4909, latitude: 31.2399, distance: 45, result: 'notPass', reason: 'modelNotAllowed' },
    { project: project.id, mac: 'DM9000000003', model: 'HT-65E7', longitude: 121.5302, latitude: 31.2296, distance: 3928, result: 'notPass', reason: 'tooFar' },
  ]);
}
