import { defineRecord } from '../../record/define.js';
import { choice, date, int, owner, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const LICENCE_TYPES = { formal: t('正式', 'Formal'), trial: t('试用', 'Trial') } as const;

/**
 * Licences (spec §3 "License", /license): a hotel's right to run up to `terminalLimit` terminals
 * between two dates. The server draws the key; `POST /api/admin/machine/download_encrypted_file` gives
 * the licence file signed with the server's Ed25519 key ("new" encryption). The TVs of a hotel with
 * licences get theirs in the `licence` configuration part (docs/licences.md).
 */
export const licence = defineRecord({
  name: 'licence',
  label: t('许可证', 'Licence'),
  scope: 'hotel',
  userTypes: [1],
  permission: 'license',
  path: 'licences',
  table: 'licences',
  titleField: 'licenceKey',
  indexes: [{ fields: ['licenceKey'], unique: true }],
  columns: ['brandId', 'hotelId', 'type', 'terminalLimit', 'effectiveOn', 'expiresOn', 'status', 'encryption', 'createdAt'],
  fields: {
    licenceKey: text({ label: t('许可证密钥', 'Key'), readOnly: true, max: 40, search: true }),
    hotelId: owner({ label: t('酒店', 'Hotel'), record: 'hotel', filter: true }),
    type: choice({ label: t('类型', 'Type'), options: LICENCE_TYPES, default: 'formal', filter: true }),
    terminalLimit: int({ label: t('终端上限', 'Terminal limit'), required: true, min: 1, max: 1_000_000, sort: true }),
    effectiveOn: date({ label: t('生效日期', 'Effective date'), required: true, sort: true }),
    expiresOn: date({ label: t('到期日期', 'Expiry date'), required: true, sort: true, filter: true }),
    status: choice({ label: t('状态', 'Status'), options: { enabled: t('启用', 'Enabled'), disabled: t('禁用', 'Disabled') }, readOnly: true, default: 'enabled', filter: true }),
    encryption: choice({
      label: t('加密方式', 'Encryption'),
      options: { new: t('新加密', 'New'), old: t('旧加密', 'Old') },
      default: 'new',
      filter: true,
      help: t('新加密：Ed25519签名，电视用公钥离线校验；旧加密：HMAC，供旧版固件使用', 'New: Ed25519-signed, TVs verify it offline with the public key; old: HMAC, for older firmware'),
    }),
  },
  states: {
    field: 'status',
    actions: {
      enable: { label: t('启用', 'Enable'), from: ['disabled'], to: 'enabled' },
      disable: { label: t('禁用', 'Disable'), from: ['enabled'], to: 'disabled', confirm: t('确定禁用该许可证吗？该酒店的电视将显示许可证失效。', "Disable this licence? The hotel's TVs will show that the licence is not valid.") },
    },
  },
});
