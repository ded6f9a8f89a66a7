/**
 * Room control (RCU, docs/rcu.md): what the server asks of a hotel's room-control gateway, whoever
 * makes it. A vendor's adapter turns its own protocol into these shapes; the simulator (tools/rcu)
 * speaks the reference protocol the `htv-json` adapter reads.
 */

/** The kinds of device a room has: lights, curtains, air conditioning, do-not-disturb, make-up-room. */
export const RCU_DEVICE_TYPES = ['light', 'curtain', 'aircon', 'dnd', 'mur'] as const;
export type RcuDeviceType = (typeof RCU_DEVICE_TYPES)[number];

/** Air-conditioning modes. */
export const AIRCON_MODES = ['cool', 'heat', 'fan', 'auto'] as const;
export type AirconMode = (typeof AIRCON_MODES)[number];

/** The set temperatures an air conditioner takes (°C). */
export const SETPOINT_MIN = 16;
export const SETPOINT_MAX = 30;

/**
 * One device of a room with its state as the gateway reported it: `on` is a light or an air
 * conditioner switched on, a curtain open, do-not-disturb or make-up-room set. An air conditioner
 * also has its set temperature, its mode and, when the gateway knows it, the room's temperature.
 */
export interface RcuDevice {
  id: string;
  type: RcuDeviceType;
  name: string;
  on: boolean;
  setpoint?: number;
  mode?: AirconMode;
  roomTemperature?: number;
}

/** One change of one device: switch (open/close a curtain), set temperature, mode. */
export type RcuCommand = { on: boolean } | { setpoint: number } | { mode: AirconMode };

/**
 * A hotel's room-control gateway (docs/rcu.md, "Adding a vendor"). Every call goes to the gateway:
 * nothing is answered from memory, so a state shown is one the gateway reported. A failure throws
 * `RcuFailure` with its reason.
 */
export interface RoomControlAdapter {
  /** The room's devices and their states now. */
  devices(room: string): Promise<RcuDevice[]>;
  /** Changes one device of the room. */
  set(room: string, deviceId: string, command: RcuCommand): Promise<void>;
}

/** Why a gateway call failed: a catalogue key (`rcu.*`). */
export type RcuFailureKey = 'rcu.unreachable' | 'rcu.badAnswer' | 'rcu.unknownRoom' | 'rcu.unknownDevice' | 'rcu.refused' | 'rcu.unauthorized';

export class RcuFailure extends Error {
  constructor(
    readonly key: RcuFailureKey,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}
