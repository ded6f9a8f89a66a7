import { z } from 'zod';
import { bool, choice, password, text } from '../../record/fields.js';
import { AIRCON_MODES, SETPOINT_MAX, SETPOINT_MIN } from './adapter.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The gateway protocols the server has an adapter for (docs/rcu.md, "Adding a vendor"). */
export const RCU_VENDORS = { 'htv-json': t('通用JSON网关（含模拟器）', 'Generic JSON gateway (and the simulator)') } as const;
export type RcuVendor = keyof typeof RCU_VENDORS;

/** The hotel's room-control gateway (`/rcu`): its protocol, address, credential and switch. */
export const RCU_GATEWAY_FIELDS = {
  vendor: choice({ label: t('厂商/协议', 'Vendor / protocol'), options: RCU_VENDORS, required: true }),
  url: text({ label: t('网关地址', 'Gateway address'), required: true, max: 300, pattern: { regex: /^https?:\/\/[^\s]+$/i, message: 'rcu.url' }, help: t('内网地址须由服务器管理员加入 RCU_GATEWAYS', 'An address on a private network must be listed in the server’s RCU_GATEWAYS') }),
  secret: password({ label: t('访问密钥', 'Access key'), min: 4, max: 200 }),
  enabled: bool({ label: t('启用', 'Enabled') }),
};

export const rcuGatewayInput = z.strictObject({
  vendor: z.enum(Object.keys(RCU_VENDORS) as [RcuVendor]),
  url: RCU_GATEWAY_FIELDS.url.schema,
  /** Empty or absent: the stored key is kept. */
  secret: RCU_GATEWAY_FIELDS.secret.schema.optional(),
  enabled: z.boolean(),
});
export type RcuGatewayInput = z.infer<typeof rcuGatewayInput>;

/** The gateway as the console reads it: never its key, only whether one is stored. */
export interface RcuGatewayView {
  vendor: RcuVendor;
  url: string | null;
  enabled: boolean;
  hasSecret: boolean;
  updatedAt: string | null;
}

/** One change of a device from the console or a TV. */
export const rcuCommandInput = z.union([
  z.strictObject({ on: z.boolean() }),
  z.strictObject({ setpoint: z.number().int().min(SETPOINT_MIN).max(SETPOINT_MAX) }),
  z.strictObject({ mode: z.enum(AIRCON_MODES) }),
]);

/** A room number in a path (the rooms' own limit). */
export const rcuRoomParam = z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9-]+$/);
export const rcuDeviceParam = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/);
