import { AIRCON_MODES, RCU_DEVICE_TYPES, RcuFailure, type RcuCommand, type RcuDevice, type RoomControlAdapter } from '@htv/shared/areas/rcu/adapter';
import type { RcuVendor } from '@htv/shared/areas/rcu/gateway';
import { fetchRemote, postRemote, RemoteRefused } from '../../files/remote.js';

/** Bounds of one gateway call: a room's devices are a few hundred bytes; a guest waits on it. */
const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 5_000, maxRedirects: 0 };

const TYPES = new Set<string>(RCU_DEVICE_TYPES);
const MODES = new Set<string>(AIRCON_MODES);

/**
 * Reads the reference protocol's answer to `GET /api/rooms/{room}/devices` (tools/rcu): each device
 * with an id, a known type and a boolean `on`; an air conditioner's set temperature, mode and room
 * temperature when they are numbers and known words. A device of another type is left out; an
 * answer without a device list is `rcu.badAnswer` (never an empty room made up).
 */
export function readDevices(body: unknown): RcuDevice[] {
  const list = (body as { devices?: unknown } | null)?.devices;
  if (!Array.isArray(list)) throw new RcuFailure('rcu.badAnswer');
  const devices: RcuDevice[] = [];
  for (const raw of list as Record<string, unknown>[]) {
    if (!raw || typeof raw !== 'object') throw new RcuFailure('rcu.badAnswer');
    const { id, type, name, on, setpoint, mode, roomTemperature } = raw;
    if (typeof id !== 'string' || typeof type !== 'string' || typeof on !== 'boolean') throw new RcuFailure('rcu.badAnswer');
    if (!TYPES.has(type)) continue;
    const device: RcuDevice = { id, type: type as RcuDevice['type'], name: typeof name === 'string' && name ? name.slice(0, 60) : id, on };
    if (type === 'aircon') {
      if (typeof setpoint === 'number' && Number.isFinite(setpoint)) device.setpoint = setpoint;
      if (typeof mode === 'string' && MODES.has(mode)) device.mode = mode as RcuDevice['mode'];
      if (typeof roomTemperature === 'number' && Number.isFinite(roomTemperature)) device.roomTemperature = roomTemperature;
    }
    devices.push(device);
  }
  return devices;
}

const failureOf = (error: unknown, room: string): RcuFailure => {
  if (error instanceof RcuFailure) return error;
  if (error instanceof RemoteRefused) {
    const status = (error.params as { status?: number } | undefined)?.status;
    if (status === 401 || status === 403) return new RcuFailure('rcu.unauthorized');
    if (status === 404) return new RcuFailure('rcu.unknownRoom', { room });
    return new RcuFailure('rcu.unreachable');
  }
  return new RcuFailure('rcu.unreachable');
};

/**
 * The reference JSON protocol (`htv-json`, docs/rcu.md): the simulator's, and what a vendor's bridge
 * can offer. `Authorization: Bearer <key>`; fetched with the remote-fetch rules (public addresses
 * only, default ports, unless the operator configured the gateway's origin: RCU_GATEWAYS).
 */
export function htvJsonAdapter(baseUrl: string, key: string | null): RoomControlAdapter {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const roomUrl = (room: string) => new URL(`api/rooms/${encodeURIComponent(room)}/devices`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
  return {
    async devices(room) {
      let body: Buffer;
      try {
        body = await fetchRemote(roomUrl(room), { ...LIMITS, headers });
      } catch (error) {
        throw failureOf(error, room);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw new RcuFailure('rcu.badAnswer');
      }
      return readDevices(parsed);
    },
    async set(room, deviceId, command: RcuCommand) {
      let status: number;
      try {
        status = await postRemote(`${roomUrl(room)}/${encodeURIComponent(deviceId)}`, JSON.stringify(command), headers, LIMITS.timeoutMs);
      } catch (error) {
        throw failureOf(error, room);
      }
      if (status === 200 || status === 204) return;
      if (status === 401 || status === 403) throw new RcuFailure('rcu.unauthorized');
      if (status === 404) throw new RcuFailure('rcu.unknownDevice');
      if (status >= 400 && status < 500) throw new RcuFailure('rcu.refused');
      throw new RcuFailure('rcu.unreachable');
    },
  };
}

/** The adapter of a vendor's protocol (one entry per vendor: docs/rcu.md, "Adding a vendor"). */
export function adapterFor(vendor: RcuVendor, url: string, key: string | null): RoomControlAdapter {
  switch (vendor) {
    case 'htv-json':
      return htvJsonAdapter(url, key);
  }
}
