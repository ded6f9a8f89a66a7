import { z } from 'zod';

/**
 * Sign-in rules of spec part 1 §5, shared by the login and password forms and the server.
 * Messages are catalogue keys (packages/shared/src/i18n/messages-auth.ts).
 */

/** Login name: a letter or digit, then letters, digits and _ @ . ; 3-64 characters in all. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_@.]{2,63}$/;
/** Password: a letter or digit, then letters, digits and _ ! % # $ . ; 5-32 characters in all. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_!%#$.]{4,31}$/;
/** The characters of the two rules without the length (account forms state the length separately). */
export const LOGIN_NAME_CHARS = /^[A-Za-z0-9][A-Za-z0-9_@.]*$/;
export const PASSWORD_CHARS = /^[A-Za-z0-9][A-Za-z0-9_!%#$.]*$/;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 32;

/** A required string whose empty value has its own message and whose format has another. */
const requiredFormatted = (requiredKey: string, pattern: RegExp, formatKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey, abort: true })
    .regex(pattern, { error: formatKey });

/**
 * The drag captcha as the login accepts it: the pass token of `POST /api/captcha/verify`, or the
 * challenge answered in place (`{id, x}`, optionally with the drag trail).
 */
export const captchaAnswerSchema = z.union([
  z.string().min(1).max(200),
  z.object({
    id: z.string().min(1).max(100),
    x: z.coerce.number(),
    trail: z.array(z.object({ x: z.number(), t: z.number() })).max(500).optional(),
  }),
]);
export type CaptchaAnswer = z.infer<typeof captchaAnswerSchema>;

/**
 * Body of `POST /api/admin/login` and `POST /api/web/login`. `email` is the login name or the
 * account's e-mail address; the captcha is checked by the server after these rules (its absence is a
 * field error on `captcha`).
 */
export const loginSchema = z.object({
  email: requiredFormatted('auth.loginNameRequired', LOGIN_NAME_PATTERN, 'auth.loginNameFormat'),
  password: z
    .string({ error: 'auth.passwordRequired' })
    .min(1, { error: 'auth.passwordRequired', abort: true })
    .regex(PASSWORD_PATTERN, { error: 'auth.passwordFormat' }),
  captcha: z.unknown().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Body of the three change-password calls. Equality of the confirmation is checked after these rules
 * (a field error on `password_confirmation`).
 */
export const changePasswordSchema = z.object({
  old_pass: z.string({ error: 'auth.oldPasswordRequired' }).min(1, { error: 'auth.oldPasswordRequired' }).max(64, { error: 'auth.oldPasswordWrong' }),
  password: z
    .string({ error: 'auth.newPasswordRequired' })
    .min(1, { error: 'auth.newPasswordRequired', abort: true })
    .regex(PASSWORD_PATTERN, { error: 'auth.passwordFormat' }),
  password_confirmation: z
    .string({ error: 'auth.confirmRequired' })
    .min(1, { error: 'auth.confirmRequired', abort: true })
    .min(PASSWORD_MIN, { error: 'auth.confirmMin' }),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A password reset link's token: 32 random bytes, base64url (docs/auth.md, "Forgotten passwords"). */
export const resetTokenSchema = z.string({ error: 'auth.resetInvalid' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'auth.resetInvalid' });

/** Body of `POST /api/auth/password-reset`: the link's token and the new password twice (equality checked after these rules). */
export const resetPasswordSchema = z.object({
  token: resetTokenSchema,
  password: changePasswordSchema.shape.password,
  password_confirmation: changePasswordSchema.shape.password_confirmation,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Body of `POST /api/auth/password-reset/request`: the login name or e-mail address of the account. */
export const resetRequestSchema = z.object({
  login: z.string({ error: 'auth.loginNameRequired' }).trim().min(1, { error: 'auth.loginNameRequired' }).max(100, { error: 'auth.loginNameFormat' }),
});
