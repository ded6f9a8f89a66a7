import type { VoicePhraseKey, VoicePhraseOnTv } from '@htv/shared/areas/voice/phrases';
import type { VoiceAnswer } from '@htv/shared/areas/voice/device';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { signedDeviceFiles } from '../devices/signed-files.js';

/** A hotel's own wording of its phrases (enabled ones), by phrase: texts and recordings' file ids. */
export type PhraseBook = ReadonlyMap<VoicePhraseKey, { zh: string | null; en: string | null; audioZh: string | null; audioEn: string | null }>;

export async function phrasesOf(db: Db, hotelId: number): Promise<PhraseBook> {
  const table = recordTables.aiTts!;
  const rows = await db
    .select({ phrase: table.phrase, zh: table.textZh, en: table.textEn, audioZh: table.audioZh, audioEn: table.audioEn })
    .from(table)
    .where(and(eq(table.hotelId, hotelId), eq(table.enabled, true)));
  return new Map(rows.map((row) => [row.phrase as VoicePhraseKey, { zh: row.zh as string | null, en: row.en as string | null, audioZh: row.audioZh as string | null, audioEn: row.audioEn as string | null }]));
}

/** A hotel's wording of a phrase in a language, with `{content}` filled, or null for the catalogue's. */
export function phraseText(phrases: PhraseBook, key: VoicePhraseKey, lang: 'zh' | 'en', params: Record<string, unknown> = {}): string | null {
  const text = phrases.get(key)?.[lang]?.trim();
  return text ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : null;
}

/** Whether a file is a recording of one of the hotel's phrases. */
async function isHotelPhraseFile(db: Db, hotelId: number, fileId: string): Promise<boolean> {
  const table = recordTables.aiTts!;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.hotelId, hotelId), or(eq(table.audioZh, fileId), eq(table.audioEn, fileId))))
    .limit(1);
  return Boolean(row);
}

/** Recordings at addresses signed for each terminal. */
export const voiceFiles = signedDeviceFiles('voice', isHotelPhraseFile);

/** The phrases as a TV receives them: texts, and recordings at its own signed addresses. */
export function phrasesOnTv(phrases: PhraseBook, urlOf: (fileId: string) => string): Partial<Record<VoicePhraseKey, VoicePhraseOnTv>> {
  return Object.fromEntries(
    [...phrases].map(([key, p]) => [
      key,
      {
        ...(p.zh ? { zh: p.zh } : {}),
        ...(p.en ? { en: p.en } : {}),
        ...(p.audioZh ? { audioZh: urlOf(p.audioZh) } : {}),
        ...(p.audioEn ? { audioEn: urlOf(p.audioEn) } : {}),
      },
    ]),
  );
}

/** The recording of the phrase an answer says, in its language, when the hotel gave one. */
export function answerAudio(answer: VoiceAnswer, phrases: PhraseBook, urlOf: ((fileId: string) => string) | null): string | undefined {
  if (!answer.phrase || !urlOf) return undefined;
  const p = phrases.get(answer.phrase);
  const fileId = answer.lang === 'zh' ? p?.audioZh : p?.audioEn;
  return fileId ? urlOf(fileId) : undefined;
}
