import { translate, type Lang } from '@htv/shared';
import { SETPOINT_MAX, SETPOINT_MIN, type RcuDevice, type RcuDeviceType } from '@htv/shared/areas/rcu/adapter';
import type { Db } from '../../db/client.js';
import { setRoomControl, type RoomControlResult } from '../voice/service.js';
import { adapterOfHotel } from './service.js';

type Said = { zh: string; en: string };
const say = (key: Parameters<typeof translate>[0], params: (lang: Lang) => Record<string, unknown> = () => ({})): Said => ({
  zh: translate(key, 'zh-CN', params('zh-CN')),
  en: translate(key, 'en-US', params('en-US')),
});

/** The voice's device words (the `device` slot) as room-control device types. */
const TYPE_OF: Record<string, RcuDeviceType> = { light: 'light', curtain: 'curtain', aircon: 'aircon', dnd: 'dnd' };
const SAY_KEY = { light: 'rcu.say.lights', curtain: 'rcu.say.curtains', aircon: 'rcu.say.aircon', dnd: 'rcu.say.dnd', mur: 'rcu.say.dnd' } as const;
const POWER_WORDS: Record<RcuDeviceType, Record<'on' | 'off', Said>> = {
  light: { on: { zh: '打开', en: 'on' }, off: { zh: '关闭', en: 'off' } },
  curtain: { on: { zh: '打开', en: 'open' }, off: { zh: '关闭', en: 'closed' } },
  aircon: { on: { zh: '打开', en: 'on' }, off: { zh: '关闭', en: 'off' } },
  dnd: { on: { zh: '开启', en: 'on' }, off: { zh: '关闭', en: 'off' } },
  mur: { on: { zh: '开启', en: 'on' }, off: { zh: '关闭', en: 'off' } },
};
const word = (said: Said, lang: Lang) => (lang === 'zh-CN' ? said.zh : said.en);

/**
 * What a guest's sentence does to the room (docs/rcu.md, "Voice"): the devices of the named type
 * switched on or off, or the air conditioning set to a temperature (switched on with it), through
 * the hotel's gateway for the TV's room. The answer says what the gateway reports afterwards.
 */
export async function controlByVoice(db: Db, request: { hotelId: number; roomNumber: string | null; device?: string; power?: 'on' | 'off'; temperature?: number }): Promise<RoomControlResult> {
  const adapter = request.roomNumber ? await adapterOfHotel(db, request.hotelId) : null;
  if (!adapter || !request.roomNumber) return { handled: false };
  const room = request.roomNumber;
  const type = (request.device ? TYPE_OF[request.device] : undefined) ?? (request.temperature !== undefined ? 'aircon' : undefined);
  if (!type || (request.temperature === undefined && !request.power) || (request.temperature !== undefined && type !== 'aircon')) return { handled: false, say: say('rcu.say.what') };
  try {
    const devices = (await adapter.devices(room)).filter((d) => d.type === type);
    if (!devices.length) return { handled: false, say: say('rcu.say.noDevice') };
    let check: (d: RcuDevice) => boolean;
    let said: Said;
    if (request.temperature !== undefined) {
      const degrees = Math.min(SETPOINT_MAX, Math.max(SETPOINT_MIN, Math.round(request.temperature)));
      for (const device of devices) {
        await adapter.set(room, device.id, { setpoint: degrees });
        if (!device.on && request.power !== 'off') await adapter.set(room, device.id, { on: true });
      }
      check = (d) => d.setpoint === degrees;
      said = say('rcu.say.setpoint', () => ({ degrees }));
    } else {
      const on = request.power === 'on';
      for (const device of devices) if (device.on !== on) await adapter.set(room, device.id, { on });
      check = (d) => d.on === on;
      said = say(SAY_KEY[type], (lang) => ({ power: word(POWER_WORDS[type][request.power!], lang) }));
    }
    // What the gateway reports now, not what was asked.
    const after = (await adapter.devices(room)).filter((d) => d.type === type);
    return after.length && after.every(check) ? { handled: true, say: said } : { handled: false, say: say('rcu.refused') };
  } catch {
    return { handled: false, say: say('rcu.say.unreachable') };
  }
}

/** Installs room control as the voice assistant's room hook. */
export function installVoiceRoomControl(db: Db): void {
  setRoomControl((request) => controlByVoice(db, request));
}
