/**
 * The phrases the voice assistant speaks (spec `/ai/service_tts`, docs/voice.md "Voice synthesis"):
 * a hotel may word each one itself, per language, and give a recorded audio file instead of the
 * TV's speech engine. Without its own wording a phrase is the catalogue's `voice.say.<key>`.
 */
export const VOICE_PHRASE_KEYS = ['greeting', 'done', 'serviceCall', 'notUnderstood', 'noAction', 'roomUnavailable'] as const;
export type VoicePhraseKey = (typeof VOICE_PHRASE_KEYS)[number];

/** A hotel's wording of one phrase as its TVs receive it (audio: signed addresses). */
export interface VoicePhraseOnTv {
  zh?: string;
  en?: string;
  audioZh?: string;
  audioEn?: string;
}
