import type { RoomDevice } from '@htv/shared/areas/voice/instruction';

/** A thing the hotel offers by voice (`aiGoods`): its names and synonyms. */
export interface GoodsWords {
  id: number;
  name: string;
  nameEn: string | null;
  synonyms: string | null;
  maxQuantity: number;
}

export interface Slots {
  item?: { id: number; name: string; nameEn: string | null };
  quantity?: number;
  /** `HH:MM`, 24-hour. */
  time?: string;
  onoff?: 'on' | 'off';
  device?: RoomDevice;
  /** Degrees Celsius (the air conditioning's set temperature). */
  temperature?: number;
}

const EN_NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, couple: 2, pair: 2, another: 1 };
const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 俩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 零: 0 };

/** 一 … 九十九 (十二, 二十, 二十三). */
function chineseNumber(text: string): number | null {
  if (!text) return null;
  if (text.length === 1) return ZH_DIGITS[text] ?? null;
  const ten = text.indexOf('十');
  if (ten < 0) return null;
  const tens = ten === 0 ? 1 : (ZH_DIGITS[text[0]!] ?? NaN);
  const ones = ten === text.length - 1 ? 0 : (ZH_DIGITS[text[ten + 1]!] ?? NaN);
  const value = tens * 10 + ones;
  return Number.isFinite(value) ? value : null;
}

const ZH_NUM = '[一二两俩三四五六七八九十零]{1,3}';
const MEASURE = '[个条瓶只件双杯份张盒包支床套把]';

function quantityOf(sentence: string, lang: 'zh' | 'en'): number | undefined {
  const digits = sentence.match(/\b(\d{1,2})\b|(\d{1,2})(?=\s*[个条瓶只件双杯份张盒包支床套把])/);
  if (digits) return Number(digits[1] ?? digits[2]);
  if (lang === 'zh') {
    const match = sentence.match(new RegExp(`(${ZH_NUM})${MEASURE}`));
    return match ? (chineseNumber(match[1]!) ?? undefined) : undefined;
  }
  for (const word of sentence.toLowerCase().split(/[^a-z]+/)) if (word in EN_NUMBERS && word !== 'a' && word !== 'an') return EN_NUMBERS[word];
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

function timeOf(sentence: string, lang: 'zh' | 'en'): string | undefined {
  const clock = sentence.match(/\b([01]?\d|2[0-3])[:：]([0-5]\d)\b/);
  if (clock) return `${pad(Number(clock[1]))}:${clock[2]}`;
  if (lang === 'en') {
    const match = sentence.toLowerCase().match(/\b(1[0-2]|[1-9])\s*(am|pm|a\.m\.|p\.m\.|o'clock)/);
    if (!match) return undefined;
    const hour = Number(match[1]) % 12 + (match[2]!.startsWith('p') ? 12 : 0);
    return `${pad(match[2] === "o'clock" ? Number(match[1]) : hour)}:00`;
  }
  const match = sentence.match(new RegExp(`(早上|上午|中午|下午|晚上)?(\\d{1,2}|${ZH_NUM})点(半|(\\d{1,2})分)?`));
  if (!match) return undefined;
  let hour = /^\d/.test(match[2]!) ? Number(match[2]) : (chineseNumber(match[2]!) ?? NaN);
  if (!Number.isFinite(hour) || hour > 23) return undefined;
  if ((match[1] === '下午' || match[1] === '晚上') && hour < 12) hour += 12;
  const minutes = match[3] === '半' ? 30 : match[4] ? Number(match[4]) : 0;
  return minutes < 60 ? `${pad(hour)}:${pad(minutes)}` : undefined;
}

function onOffOf(sentence: string, lang: 'zh' | 'en'): 'on' | 'off' | undefined {
  if (lang === 'zh') {
    if (/关|熄/.test(sentence)) return 'off';
    if (/开|打开|亮/.test(sentence)) return 'on';
    return undefined;
  }
  const lower = sentence.toLowerCase();
  if (/\b(off|close|shut)\b/.test(lower)) return 'off';
  if (/\b(on|open)\b/.test(lower)) return 'on';
  return undefined;
}

const DEVICE_WORDS: [RoomDevice, RegExp][] = [
  ['dnd', /免打扰|勿扰|do not disturb|don't disturb|\bdnd\b/i],
  ['light', /灯|\blights?\b|\blamps?\b/i],
  ['curtain', /窗帘|\bcurtains?\b|\bblinds?\b/i],
  ['aircon', /空调|冷气|暖气|air ?con(ditioning|ditioner)?|\bac\b|\bheating\b/i],
  ['tv', /电视|\btv\b|\btelevision\b/i],
];

/** `22 degrees`, `22°`, `22度`, `二十二度` (10-40: a room's temperatures). */
function temperatureOf(sentence: string): number | undefined {
  const digits = sentence.match(/(\d{2})(?:\.\d)?\s*(?:°c?|℃|度|degrees?\b|deg\b)/i);
  let value: number | null = digits ? Number(digits[1]) : null;
  if (value === null) {
    const zh = sentence.match(new RegExp(`(${ZH_NUM})度`));
    value = zh ? chineseNumber(zh[1]!) : null;
  }
  return value !== null && value >= 10 && value <= 40 ? value : undefined;
}

const deviceOf = (sentence: string): RoomDevice | undefined => DEVICE_WORDS.find(([, words]) => words.test(sentence))?.[0];

/** The words a guest may call a thing by: its names and synonyms, longest first. */
function goodsWords(goods: GoodsWords): string[] {
  const words = [goods.name, goods.nameEn ?? '', ...(goods.synonyms ?? '').split(/[,，、]/)].map((word) => word.trim().toLowerCase()).filter(Boolean);
  // English plurals: "towel" also finds "towels".
  return words.sort((a, b) => b.length - a.length);
}

function itemOf(sentence: string, goods: readonly GoodsWords[]): GoodsWords | undefined {
  const lower = sentence.toLowerCase();
  let best: { goods: GoodsWords; length: number } | undefined;
  for (const entry of goods) {
    for (const word of goodsWords(entry)) {
      if (lower.includes(word) && (!best || word.length > best.length)) best = { goods: entry, length: word.length };
    }
  }
  return best?.goods;
}

/**
 * The slots of a sentence the intent asks for (its `slots` types): each type has one extractor over
 * the sentence in its language. A quantity is held to the goods' most at a time.
 */
export function extractSlots(sentence: string, lang: 'zh' | 'en', types: readonly string[], goods: readonly GoodsWords[]): Slots {
  const slots: Slots = {};
  const wants = new Set(types);
  if (wants.has('item')) {
    const item = itemOf(sentence, goods);
    if (item) slots.item = { id: item.id, name: item.name, nameEn: item.nameEn };
  }
  if (wants.has('quantity')) {
    const quantity = quantityOf(sentence, lang);
    const item = slots.item && goods.find((entry) => entry.id === slots.item!.id);
    if (quantity !== undefined && quantity > 0) slots.quantity = item ? Math.min(quantity, item.maxQuantity) : quantity;
  }
  if (wants.has('time')) {
    const time = timeOf(sentence, lang);
    if (time) slots.time = time;
  }
  if (wants.has('onoff')) {
    const onoff = onOffOf(sentence, lang);
    if (onoff) slots.onoff = onoff;
  }
  if (wants.has('device')) {
    const device = deviceOf(sentence);
    if (device) slots.device = device;
  }
  if (wants.has('temperature')) {
    const temperature = temperatureOf(sentence);
    if (temperature !== undefined) slots.temperature = temperature;
  }
  return slots;
}
