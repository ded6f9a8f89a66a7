/**
 * Wake-up calls as a TV receives them (the `wakeup` configuration part, docs/wakeup.md): the ring on
 * now (null when none) and the room's coming calls for the guest's page. No schema: the TV carries
 * no zod.
 */
export interface WakeUpConfigPart {
  ring: WakeUpRingOnTv | null;
  calls: WakeUpCallOnTv[];
  /** POST `{date, time, repeat?, days?}` sets a call of the room; signed (the terminal's capability). */
  setUrl: string;
}

export interface WakeUpRingOnTv {
  callId: number;
  /** The attempt this ring is: a report names it, so a late answer to an earlier ring is refused. */
  attempt: number;
  /** `HH:MM` in the hotel's time zone. */
  time: string;
  /** The room's guest, for `{guest}` in the words. */
  guest: string | null;
  wordsZh: string;
  wordsEn: string;
  /** The address of the music (a hotel song or the built-in tone): `<audio src>`. */
  music: string;
  snoozesLeft: number;
  /** ISO: the ring stops by itself then (an unanswered attempt). */
  until: string;
  /** POST `{action: 'answer' | 'snooze', attempt}`: the terminal's signed address for this call. */
  reportUrl: string;
}

export interface WakeUpCallOnTv {
  id: number;
  date: string;
  time: string;
  repeat: 'once' | 'daily';
  days: number;
  state: string;
  /** POST `{action: 'cancel'}` or `{action: 'change', date, time}`: signed for this terminal and call. */
  url: string;
}

/** The guest's name in wake words (`{guest}`); a room without a name reads "Guest"/"客人". */
export function wakeWords(words: string, guest: string | null, zh: boolean): string {
  return words.replaceAll('{guest}', guest?.trim() || (zh ? '客人' : 'Guest'));
}

export const DEFAULT_WAKE_WORDS = { zh: '{guest}，早上好！现在是叫醒时间。', en: 'Good morning, {guest}! This is your wake-up call.' };
