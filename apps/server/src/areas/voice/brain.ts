import { HOTEL_SETTINGS } from '@htv/shared/areas/tenants/records';
import { exampleLines, parseInstruction, type InstructionContent } from '@htv/shared/areas/voice/instruction';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/index.js';
import { recordTables } from '../../db/schema/index.js';
import { NluModel, sentenceLang, type TrainingIntent } from './nlu.js';
import type { GoodsWords } from './slots.js';

/** The intent a hotel's FAQ entry becomes: its title is the question a guest asks. */
export const FAQ_INTENT = 'faq.';
/** The intent a hotel's AI information becomes (its version passed by the platform). */
export const INFO_INTENT = 'info.';
/** The fields of AI information a review passes (and an edit sends back to draft). */
export const AI_INFO_CONTENT = ['question', 'examplesZh', 'examplesEn', 'answerZh', 'answerEn'] as const;

/** AI information as the platform passed it. */
export interface InfoAnswer {
  question: string;
  zh: string;
  en: string | null;
}

export interface FaqAnswer {
  title: string;
  content: string;
}

/**
 * What a hotel's assistant knows: the trained model, each intent's slot types, the instructions by
 * intent, the goods a guest can ask for and the FAQ answers. Built whole and swapped whole.
 */
export interface Brain {
  model: NluModel;
  slotTypes: ReadonlyMap<string, readonly string[]>;
  instructions: ReadonlyMap<string, InstructionContent>;
  goods: readonly GoodsWords[];
  faq: ReadonlyMap<number, FaqAnswer>;
  info: ReadonlyMap<number, InfoAnswer>;
}

/** Which set's intents to learn: the hotel's published one (the TVs), or one set being tested. */
export type SetChoice = { published: true } | { setId: number | null };

const splitTypes = (slots: string | null | undefined) =>
  (slots ?? '')
    .split(/[,，\s]+/)
    .map((type) => type.trim())
    .filter(Boolean);

/**
 * The intents a hotel's model learns: the platform's, the hotel's own outside any set, the chosen
 * set's, and one per FAQ entry shown on TV (its title as the example, in the title's language).
 */
async function trainingOf(db: Db, hotelId: number, choice: SetChoice) {
  const intents = recordTables.aiIntent!;
  const sets = recordTables.aiIntentSet!;
  let setId: number | null = null;
  if ('published' in choice) {
    const [published] = await db
      .select({ id: sets.id })
      .from(sets)
      .where(and(eq(sets.hotelId, hotelId), eq(sets.status, 'published')))
      .limit(1);
    setId = (published?.id as number | undefined) ?? null;
  } else setId = choice.setId;
  const platform = and(isNull(intents.brandId), isNull(intents.hotelId));
  const own = and(eq(intents.hotelId, hotelId), setId === null ? isNull(intents.setId) : or(isNull(intents.setId), eq(intents.setId, setId)));
  const rows = await db
    .select({ name: intents.name, examplesZh: intents.examplesZh, examplesEn: intents.examplesEn, slots: intents.slots })
    .from(intents)
    .where(and(eq(intents.enabled, true), or(platform, own)));
  const faqRows = await db
    .select({ id: recordTables.faq!.id, title: recordTables.faq!.title, content: recordTables.faq!.content })
    .from(recordTables.faq!)
    .where(and(eq(recordTables.faq!.hotelId, hotelId), eq(recordTables.faq!.enabled, true)));
  // A hotel's intent of the same key as the platform's adds its examples to it.
  const byKey = new Map<string, TrainingIntent & { slots: string[] }>();
  for (const row of rows) {
    const key = row.name as string;
    const entry = byKey.get(key) ?? { key, examples: { zh: [], en: [] }, slots: [] };
    (entry.examples.zh as string[]).push(...exampleLines(row.examplesZh as string | null));
    (entry.examples.en as string[]).push(...exampleLines(row.examplesEn as string | null));
    entry.slots.push(...splitTypes(row.slots as string | null).filter((type) => !entry.slots.includes(type)));
    byKey.set(key, entry);
  }
  for (const row of faqRows) {
    const title = row.title as string;
    byKey.set(`${FAQ_INTENT}${row.id}`, { key: `${FAQ_INTENT}${row.id}`, examples: { zh: sentenceLang(title) === 'zh' ? [title] : [], en: sentenceLang(title) === 'en' ? [title] : [] }, slots: [] });
  }
  const faq = new Map(faqRows.map((row) => [row.id as number, { title: row.title as string, content: row.content as string }]));
  // The hotel's AI information, as last passed: the question and its other phrasings are examples.
  const infoTable = recordTables.aiInfo!;
  const infoRows = await db.select({ id: infoTable.id, passed: infoTable.passed }).from(infoTable).where(and(eq(infoTable.hotelId, hotelId), isNotNull(infoTable.passed)));
  const info = new Map<number, InfoAnswer>();
  for (const row of infoRows) {
    const passed = row.passed as Record<(typeof AI_INFO_CONTENT)[number], string | null>;
    if (!passed.question || !passed.answerZh) continue;
    const question = passed.question;
    const key = `${INFO_INTENT}${row.id}`;
    const examples = { zh: exampleLines(passed.examplesZh), en: exampleLines(passed.examplesEn) };
    examples[sentenceLang(question)].push(question);
    byKey.set(key, { key, examples, slots: [] });
    info.set(row.id as number, { question, zh: passed.answerZh, en: passed.answerEn });
  }
  return { intents: [...byKey.values()], faq, info };
}

/** Builds a hotel's brain (reads, then trains: tens of milliseconds for a hotel's few dozen intents). */
export async function buildBrain(db: Db, hotelId: number, choice: SetChoice = { published: true }): Promise<Brain> {
  const instructionsTable = recordTables.aiInstruction!;
  const goodsTable = recordTables.aiGoods!;
  const [{ intents, faq, info }, instructionRows, goodsRows] = await Promise.all([
    trainingOf(db, hotelId, choice),
    db.select({ content: instructionsTable.content }).from(instructionsTable).where(and(eq(instructionsTable.hotelId, hotelId), eq(instructionsTable.enabled, true))),
    db
      .select({ id: goodsTable.id, name: goodsTable.name, nameEn: goodsTable.nameEn, synonyms: goodsTable.synonyms, maxQuantity: goodsTable.maxQuantity })
      .from(goodsTable)
      .where(and(eq(goodsTable.hotelId, hotelId), eq(goodsTable.enabled, true))),
  ]);
  const instructions = new Map<string, InstructionContent>();
  for (const row of instructionRows) {
    const parsed = parseInstruction(row.content as string);
    if (parsed.ok) instructions.set(parsed.value.intent, parsed.value);
  }
  const model = await NluModel.train(intents);
  return {
    model,
    slotTypes: new Map(intents.map((intent) => [intent.key, intent.slots])),
    instructions,
    goods: goodsRows.map((row) => ({ id: row.id as number, name: row.name as string, nameEn: (row.nameEn as string | null) ?? null, synonyms: (row.synonyms as string | null) ?? null, maxQuantity: (row.maxQuantity as number | null) ?? 5 })),
    faq,
    info,
  };
}

/** A hotel's AI settings: its voice flag, the escalation limit and the publish threshold. */
export async function voiceSettings(db: Db, hotelId: number): Promise<{ enabled: boolean; escalateMinutes: number; threshold: number } | null> {
  const [row] = await db.select({ aiVoice: hotels.aiVoice, settings: hotels.settings }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  if (!row) return null;
  const doc = (row.settings ?? {}) as Record<string, unknown>;
  const number = (key: 'ai_call_escalate_minutes' | 'ai_publish_threshold') => {
    const parsed = HOTEL_SETTINGS[key].schema.safeParse(doc[key]);
    return parsed.success ? parsed.data : HOTEL_SETTINGS[key].default;
  };
  return { enabled: row.aiVoice === true, escalateMinutes: number('ai_call_escalate_minutes'), threshold: number('ai_publish_threshold') };
}
