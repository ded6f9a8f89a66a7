import { eq } from 'drizzle-orm';
import { BlockList, isIP } from 'node:net';
import type { Db } from '../../db/client.js';
import { hotelDeviceSettings } from '../../db/schema/index.js';

/**
 * A hotel's server IP whitelist: the addresses its TVs must report from. A heartbeat from outside it
 * raises a stolen-use alarm. The list lives in `hotel_device_settings` until the hotel form owns it:
 * whoever moves it replaces the source with `setIpWhitelistSource`.
 */
export type IpWhitelistSource = (db: Db, hotelId: number) => Promise<string[] | null>;

let source: IpWhitelistSource = async (db, hotelId) => {
  const [row] = await db.select({ list: hotelDeviceSettings.ipWhitelist }).from(hotelDeviceSettings).where(eq(hotelDeviceSettings.hotelId, hotelId));
  return row?.list.length ? row.list : null;
};

export function setIpWhitelistSource(next: IpWhitelistSource): void {
  source = next;
}

export function loadIpWhitelist(db: Db, hotelId: number): Promise<string[] | null> {
  return source(db, hotelId);
}

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) as the IPv4 address it is. */
export function plainIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** Checks one whitelist entry: an IPv4/IPv6 address or a subnet in CIDR notation. */
export function validWhitelistEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.trim().split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A matcher for a whitelist; entries that do not parse are ignored. */
export function compileWhitelist(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    if (!validWhitelistEntry(entry)) continue;
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export function whitelistAllows(list: BlockList, ip: string): boolean {
  const address = plainIp(ip);
  const family = isIP(address);
  if (!family) return true;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
