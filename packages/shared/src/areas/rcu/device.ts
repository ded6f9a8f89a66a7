import type { RcuDevice } from './adapter.js';
import type { ControlLinkScene } from './records.js';

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

/**
 * A window event the room-control overlay sends with the room's devices each time it has read them
 * (`detail`: `RcuDevice[]`): the control-link overlay compares them with the ones before.
 */
export const RCU_STATE_EVENT = 'htv:rcu-state';

/** One control-link material as the TV receives it: shown full screen when its scene happens. */
export interface ControlLinkMaterial {
  id: number;
  kind: 'image' | 'video';
  /** Signed address of the picture or video. */
  url: string;
  /** How long it stays (a video: at most this long). */
  seconds: number;
}

/**
 * The TVs' `controlLink` part (docs/rcu.md "Control-link materials"): per scene, its enabled
 * materials in order. Sent to an authorized TV of a room while its hotel's gateway is enabled and
 * has materials; else null.
 */
export interface ControlLinkConfigPart {
  scenes: Partial<Record<ControlLinkScene, ControlLinkMaterial[]>>;
}

const anyOn = (devices: readonly RcuDevice[], type: RcuDevice['type']) => devices.some((d) => d.type === type && d.on);
const has = (devices: readonly RcuDevice[], type: RcuDevice['type']) => devices.some((d) => d.type === type);

/**
 * The scenes that happened between two reads of a room, in `CONTROL_LINK_SCENE_KEYS` order. Nothing
 * before (the first read): nothing happened. A scene is a change of the room as a whole: "lights
 * off" is the last light switched off, "lights on" the first switched on after all were off,
 * "curtains closed" the last one closed, "do not disturb" and "make up room" set where they were not.
 */
export function scenesBetween(before: readonly RcuDevice[] | null, after: readonly RcuDevice[]): ControlLinkScene[] {
  if (!before) return [];
  const changed = (type: RcuDevice['type']) => has(before, type) && has(after, type) && anyOn(before, type) !== anyOn(after, type);
  const scenes: ControlLinkScene[] = [];
  if (changed('light')) scenes.push(anyOn(after, 'light') ? 'lightsOn' : 'lightsOff');
  if (changed('curtain')) scenes.push(anyOn(after, 'curtain') ? 'curtainsOpen' : 'curtainsClosed');
  if (changed('dnd') && anyOn(after, 'dnd')) scenes.push('dndOn');
  if (changed('mur') && anyOn(after, 'mur')) scenes.push('murOn');
  return scenes;
}
