import type { RcuDevice } from './adapter.js';

/**
 * The TVs' `rcu` part (docs/rcu.md): sent to an authorized TV of a room while its hotel's gateway is
 * enabled; the devices themselves are read live through the device API (`GET /rcu/devices`).
 */
export interface RcuConfigPart {
  room: string;
}

/** `GET /api/device/v1/rcu/devices` and the answer of a change. */
export interface RcuRoomState {
  room: string;
  devices: RcuDevice[];
}

/** A window event the TV's areas send when the room's devices changed (a voice command): room control reads them again. */
export const RCU_CHANGED_EVENT = 'htv:rcu-changed';
