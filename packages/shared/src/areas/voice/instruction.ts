import { z } from 'zod';

/** Spec part 2 §5/§8: an AI instruction's name is at most 20 characters, its content standard JSON of at most 1,000. */
export const INSTRUCTION_NAME_MAX = 20;
export const INSTRUCTION_CONTENT_MAX = 1000;

/**
 * The slot types a sentence can carry: a thing the hotel offers (`aiGoods`), a quantity, a time of
 * day, on/off, a device of the room, a temperature in degrees. Each has one extractor on the server (docs/voice.md).
 */
export const SLOT_TYPES = ['item', 'quantity', 'time', 'onoff', 'device', 'temperature'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];

/** The devices of a room the `device` slot knows (room control uses the same names). */
export const ROOM_DEVICES = ['light', 'curtain', 'aircon', 'tv', 'dnd'] as const;
export type RoomDevice = (typeof ROOM_DEVICES)[number];

/** Words in both languages: Chinese for the Chinese content languages, English for the others. */
const say = z.object({ zh: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) }).strict();
const intent = z.string().trim().min(1).max(60);

/**
 * An instruction's content: which intent it answers and what the TV or the hotel does then.
 * - `openArea` / `openApp`: open a TV page (an area's key) or an installed app;
 * - `volume`: set the volume (`level` 0-100) or step it (`step` -50..50);
 * - `channel`: tune a channel by number;
 * - `answer`: answer a question, from one of the hotel's FAQ entries (`faqId`) or its own words;
 * - `serviceCall`: save a service call for the staff;
 * - `room`: room control (a device on or off) — handed to the room-control hook.
 * `say` is what the TV says (confirmations); without it the assistant says its default words.
 */
export const instructionContent = z.discriminatedUnion('do', [
  z.object({ intent, do: z.literal('openArea'), area: z.string().trim().min(1).max(40), say: say.optional() }).strict(),
  z.object({ intent, do: z.literal('openApp'), packageName: z.string().trim().min(1).max(200), say: say.optional() }).strict(),
  z.object({ intent, do: z.literal('volume'), level: z.number().int().min(0).max(100).optional(), step: z.number().int().min(-50).max(50).optional(), say: say.optional() }).strict(),
  z.object({ intent, do: z.literal('channel'), number: z.number().int().min(1).max(9999).optional(), say: say.optional() }).strict(),
  z.object({ intent, do: z.literal('answer'), faqId: z.number().int().min(1).max(2_147_483_647).optional(), text: say.optional(), say: say.optional() }).strict(),
  z.object({ intent, do: z.literal('serviceCall'), say: say.optional() }).strict(),
  z.object({ intent, do: z.literal('room'), device: z.enum(ROOM_DEVICES).optional(), power: z.enum(['on', 'off']).optional(), say: say.optional() }).strict(),
]);
export type InstructionContent = z.infer<typeof instructionContent>;

/**
 * Reads an instruction's content: `json` when it is not standard JSON (a JSON object), `shape` when it
 * is JSON but not an instruction (the catalogue keys `voice.contentNotJson` / `voice.contentShape`).
 */
export function parseInstruction(content: string): { ok: true; value: InstructionContent } | { ok: false; reason: 'json' | 'shape' } {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return { ok: false, reason: 'json' };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'json' };
  const parsed = instructionContent.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'shape' };
}

/** One test sentence of a set: `sentence => intent key` (blank lines and lines without `=>` are not tests). */
export function parseTests(lines: string | null | undefined): { sentence: string; expected: string }[] {
  return (lines ?? '')
    .split('\n')
    .map((line) => line.split('=>'))
    .filter((parts) => parts.length === 2 && parts[0]!.trim() && parts[1]!.trim())
    .map(([sentence, expected]) => ({ sentence: sentence!.trim(), expected: expected!.trim() }));
}

/** The example sentences of an intent, one a line. */
export const exampleLines = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
