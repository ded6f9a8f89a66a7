import { translate, type Lang, type MessageKey } from '@htv/shared';
import type { VoicePhraseKey } from '@htv/shared/areas/voice/phrases';
import type { InstructionContent } from '@htv/shared/areas/voice/instruction';
import type { VoiceAction, VoiceAnswer } from '@htv/shared/areas/voice/device';
import { FAQ_INTENT, INFO_INTENT, type Brain } from './brain.js';
import { phraseText, type PhraseBook } from './phrases.js';
import { extractSlots, type Slots } from './slots.js';

/** Words the assistant says and the phrase they are (a hotel may word and record each phrase). */
interface Said {
  text: string;
  phrase: VoicePhraseKey;
}

/** What room control did: whether it was done, and what the TV says (both languages; none: the default words). */
export interface RoomControlResult {
  handled: boolean;
  say?: { zh: string; en: string };
}

/** Room control (the `rcu` area) plugs in here: it changes a room's devices and says what it did. */
export type RoomControl = (request: { hotelId: number; roomNumber: string | null; device?: string; power?: 'on' | 'off'; temperature?: number }) => Promise<RoomControlResult>;

let roomControl: RoomControl | null = null;

/** The room-control area's hook (docs/rcu.md); without it voice commands for the room answer that it is not available. */
export function setRoomControl(handler: RoomControl | null): void {
  roomControl = handler;
}

const CONTENT_MAX = 1000;

/** Plain words of an answer's rich text, for the speech engine. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** What the call says the guest asked for: the goods and how many, then the guest's own words. */
function callContent(sentence: string, slots: Slots, lang: 'zh' | 'en'): string {
  const item = slots.item ? (lang === 'en' ? (slots.item.nameEn ?? slots.item.name) : slots.item.name) : null;
  const summary = item ? `${item} × ${slots.quantity ?? 1}${slots.time ? ` @ ${slots.time}` : ''} — ` : '';
  return `${summary}${sentence}`.slice(0, CONTENT_MAX);
}

/** The action an intent leads to without an instruction: an FAQ answer, a service call for goods, or none. */
function defaultInstruction(intent: string, slots: Slots): InstructionContent | null {
  if (intent.startsWith(FAQ_INTENT)) return { intent, do: 'answer', faqId: Number(intent.slice(FAQ_INTENT.length)) };
  if (intent.startsWith('service.') || slots.item) return { intent, do: 'serviceCall' };
  // Room intents (`room.lights`, `room.aircon`…) control the room by the sentence's slots.
  if (intent.startsWith('room.')) return { intent, do: 'room' };
  return null;
}

/**
 * Understands one sentence of a hotel's guest: the intent, its slots, what the TV does and what it
 * says (in the sentence's language). Room control goes to the room-control hook.
 */
export async function understandSentence(brain: Brain, sentence: string, room: { hotelId: number; roomNumber: string | null }, phrases: PhraseBook = new Map()): Promise<VoiceAnswer> {
  const understood = await brain.model.understand(sentence);
  const lang: Lang = understood.lang === 'zh' ? 'zh-CN' : 'en-US';
  /** A phrase in the hotel's wording, else the catalogue's; the answer names the phrase it says. */
  const words = (key: VoicePhraseKey, params?: Record<string, unknown>): Said => ({ text: phraseText(phrases, key, understood.lang, params) ?? translate(`voice.say.${key}` as MessageKey, lang, params), phrase: key });
  const base = { intent: understood.intent, score: understood.score, lang: understood.lang };
  if (!understood.intent) {
    const said = words('notUnderstood');
    return { ...base, slots: {}, action: { do: 'none' }, say: said.text, phrase: said.phrase };
  }
  const slots = extractSlots(sentence, understood.lang, brain.slotTypes.get(understood.intent) ?? [], brain.goods);
  const info = understood.intent.startsWith(INFO_INTENT) ? brain.info.get(Number(understood.intent.slice(INFO_INTENT.length))) : undefined;
  if (info) {
    const text = (understood.lang === 'en' ? info.en : null) ?? info.zh;
    return { ...base, slots: { ...slots }, action: { do: 'answer', title: info.question, content: text }, say: text };
  }
  const instruction = brain.instructions.get(understood.intent) ?? defaultInstruction(understood.intent, slots);
  const own = instruction?.say?.[understood.lang];
  const answer = (action: VoiceAction, said: Said | string): VoiceAnswer => {
    const reply = { ...base, slots: { ...slots }, action };
    if (own) return { ...reply, say: own };
    return typeof said === 'string' ? { ...reply, say: said } : { ...reply, say: said.text, phrase: said.phrase };
  };
  if (!instruction) return answer({ do: 'none' }, words('noAction'));
  switch (instruction.do) {
    case 'openArea':
      return answer({ do: 'openArea', area: instruction.area }, words('done'));
    case 'openApp':
      return answer({ do: 'openApp', packageName: instruction.packageName }, words('done'));
    case 'volume':
      return answer({ do: 'volume', ...(instruction.level !== undefined ? { level: instruction.level } : {}), ...(instruction.step !== undefined ? { step: instruction.step } : {}) }, words('done'));
    case 'channel': {
      const number = instruction.number ?? slots.quantity;
      return answer({ do: 'channel', ...(number !== undefined ? { number } : {}) }, words('done'));
    }
    case 'answer': {
      const faq = instruction.faqId !== undefined ? brain.faq.get(instruction.faqId) : undefined;
      if (faq) return answer({ do: 'answer', title: faq.title, content: faq.content }, plain(faq.content));
      if (instruction.text) return answer({ do: 'answer', title: sentence, content: instruction.text[understood.lang] }, instruction.text[understood.lang]);
      return answer({ do: 'none' }, words('noAction'));
    }
    case 'serviceCall': {
      const content = callContent(sentence, slots, understood.lang);
      return answer({ do: 'serviceCall', content }, words('serviceCall', { content: content.split(' — ')[0] }));
    }
    case 'room': {
      const device = instruction.device ?? slots.device;
      const power = instruction.power ?? slots.onoff;
      const temperature = slots.temperature;
      const result = roomControl ? await roomControl({ ...room, device, power, ...(temperature !== undefined ? { temperature } : {}) }) : { handled: false };
      const said = result.say?.[understood.lang] ?? (result.handled ? words('done') : words('roomUnavailable'));
      return answer({ do: 'room', ...(device ? { device } : {}), ...(power ? { power } : {}), ...(temperature !== undefined ? { temperature } : {}), handled: result.handled }, said);
    }
  }
}

/** A set's test result: the share understood right (%) and each sentence recognised wrongly. */
export interface SetTestResult {
  accuracy: number;
  failures: { lang: 'zh' | 'en'; sentence: string; expected: string; got: string | null }[];
}

/** Runs a set's test sentences (both languages) against a brain trained for that set. */
export async function testSet(brain: Brain, tests: { zh: { sentence: string; expected: string }[]; en: { sentence: string; expected: string }[] }): Promise<SetTestResult | null> {
  const all = [...tests.zh.map((test) => ({ ...test, lang: 'zh' as const })), ...tests.en.map((test) => ({ ...test, lang: 'en' as const }))];
  if (!all.length) return null;
  const failures: SetTestResult['failures'] = [];
  for (const test of all) {
    const { intent } = await brain.model.understand(test.sentence);
    if (intent !== test.expected) failures.push({ lang: test.lang, sentence: test.sentence, expected: test.expected, got: intent });
  }
  return { accuracy: Math.floor(((all.length - failures.length) * 100) / all.length), failures };
}
