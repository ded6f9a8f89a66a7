import { defineRecord } from '../../record/define.js';
import { int, owner, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Batch installation (spec §3 "Batch machine", /batchmachine/list): a platform user opens a batch for
 * a hotel (its brand follows) with a maximum of terminals. The batch's QR sheet carries the hotel's
 * install code and the batch's auth code; a TV registering with both is placed in the hotel and
 * authorized while the batch has room (docs/batches.md). `batchNo` and `authCode` are drawn by the
 * server; `registered` counts the terminals the batch authorized.
 */
export const batchMachine = defineRecord({
  name: 'batchMachine',
  label: t('装机批次', 'Batch machine'),
  scope: 'hotel',
  userTypes: [1],
  permission: 'batchMachine',
  path: 'batch-machines',
  table: 'batch_machines',
  titleField: 'batchNo',
  indexes: [
    { fields: ['batchNo'], unique: true },
    { fields: ['authCode'], unique: true },
  ],
  columns: ['brandId', 'hotelId', 'maxTerminals', 'registered', 'authCode', 'remarks', 'createdAt'],
  fields: {
    batchNo: text({ label: t('批次号', 'Batch no.'), readOnly: true, max: 20, search: true, sort: true }),
    hotelId: owner({ label: t('分店', 'Branch'), record: 'hotel', filter: true }),
    maxTerminals: int({ label: t('最大终端数', 'Max terminals'), required: true, min: 1, max: 100_000, sort: true }),
    registered: int({ label: t('已注册终端数', 'Registered terminals'), readOnly: true, default: 0, sort: true }),
    remarks: text({ label: t('备注', 'Remarks'), min: 2, max: 20 }),
    authCode: text({ label: t('授权码', 'Auth code'), readOnly: true, max: 12 }),
  },
});
