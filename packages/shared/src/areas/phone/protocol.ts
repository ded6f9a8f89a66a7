import { z } from 'zod';

/** The keys of the phone's remote (docs/phone.md), as the TV receives them in a `remote` command. */
export const REMOTE_KEYS = ['up', 'down', 'left', 'right', 'ok', 'back', 'home', 'volumeUp', 'volumeDown', 'mute', 'channelUp', 'channelDown', 'text'] as const;
export type RemoteKey = (typeof REMOTE_KEYS)[number];

/** `POST /api/phone/remote`: one key, or `text` typed into the TV's focused field (at most 200 characters). */
export const remoteBody = z
  .strictObject({ key: z.enum(REMOTE_KEYS, { error: 'validation.choice' }), text: z.string().max(200).optional() })
  .refine((body) => body.key !== 'text' || !!body.text, { path: ['text'], error: 'phone.textRequired' });
export type RemoteBody = z.infer<typeof remoteBody>;

/** What a `remote` command carries to the TV: a key press (with the text of `text`). */
export interface RemoteCommandData {
  key: RemoteKey;
  text?: string;
}

/** The header a bound phone sends its token in. */
export const PHONE_TOKEN_HEADER = 'x-phone-token';

/** What is cast to the TV: a picture, a video (files checked by content) or a web address. */
export const CAST_KINDS = ['image', 'video', 'url'] as const;
export type CastKind = (typeof CAST_KINDS)[number];

/** The longest web address a phone may cast. */
export const CAST_URL_MAX = 2000;

/**
 * `POST /api/phone/cast/url`: an http(s) address, with no user name or password in it (docs/phone.md).
 * The server never fetches it; the TV shows it in a sandboxed frame with the address and its QR code.
 */
export const castUrlBody = z.strictObject({
  url: z
    .string({ error: 'phone.castBadUrl' })
    .trim()
    .max(CAST_URL_MAX, { error: 'phone.castBadUrl' })
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !!url.hostname;
      } catch {
        return false;
      }
    }, { error: 'phone.castBadUrl' }),
});
export type CastUrlBody = z.infer<typeof castUrlBody>;

/** A cast on the TV: `url` is the signed file address (picture, video) or the web address. `qr`: a web address's QR code (PNG data URL). `castStop`: end that cast (null: whatever is shown). */
export type CastCommandData = { cast: { id: number; kind: CastKind; url: string; qr?: string } } | { castStop: number | null };

/** What a `remote` command carries: a key press, the news that a phone was just paired (the TV hides its code), or a cast. */
export type PhoneCommandData = RemoteCommandData | { paired: true } | CastCommandData;
