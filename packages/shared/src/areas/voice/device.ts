import type { VoicePhraseKey, VoicePhraseOnTv } from './phrases.js';

/**
 * The voice assistant as a TV meets it (docs/voice.md). No schema: the TV carries no zod.
 *
 * The `voice` configuration part: sent to an authorized TV of a hotel with the AI voice flag; its
 * recent service calls (pushed again when one changes), so the guest sees each call's state and
 * scores a completed one.
 */
export interface VoiceConfigPart {
  calls: CallOnTv[];
  /** The hotel's own wording of the assistant's phrases (the TV's own words otherwise). */
  phrases?: Partial<Record<VoicePhraseKey, VoicePhraseOnTv>>;
}

export interface CallOnTv {
  id: number;
  content: string;
  status: 'pending' | 'processing' | 'completed' | 'ignored';
  /** ISO time the call was made. */
  calledAt: string;
  /** 1-5 once the guest scored it. */
  score: number | null;
}

/** Words in the sentence's language (the TV speaks them and shows them). */
export type Said = string;

/** What the TV does for an understood sentence. */
export type VoiceAction =
  | { do: 'openArea'; area: string }
  | { do: 'openApp'; packageName: string }
  | { do: 'volume'; level?: number; step?: number }
  | { do: 'channel'; number?: number }
  | { do: 'answer'; title: string; content: string }
  | { do: 'serviceCall'; content: string }
  | { do: 'room'; device?: string; power?: 'on' | 'off'; temperature?: number; handled: boolean }
  | { do: 'none' };

/** `POST /api/device/v1/voice/understand` `{text}` answers this. */
export interface VoiceAnswer {
  /** The intent's key, or null when the sentence was not understood. */
  intent: string | null;
  score: number;
  lang: 'zh' | 'en';
  slots: Record<string, unknown>;
  action: VoiceAction;
  say: Said;
  /** The assistant's phrase `say` is (absent when an instruction or an answer gave the words). */
  phrase?: VoicePhraseKey;
  /** The hotel's recording of that phrase, played instead of the speech engine. */
  sayAudio?: string;
}

/** The body of `POST /api/web/ai/customer_demand/save` (the TV saves a guest's service call). */
export interface CustomerDemand {
  content: string;
  intent?: string;
}

export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
