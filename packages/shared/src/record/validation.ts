import type { z } from 'zod';
import type { Lang, Text } from '../i18n/lang.js';
import { isMessageKey, type MessageKey } from '../i18n/messages.js';
import { translate } from '../i18n/translate.js';
import type { FieldDef } from './fields.js';

export type FieldErrors = Record<string, string[]>;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Turns one zod issue into a translated message for a field. The declaration's bounds give the
 * "between" wording the spec uses ("name 2-20"), and an empty value always reads as "required".
 */
export function issueMessage(issue: z.core.$ZodIssue, field: Pick<FieldDef, 'label' | 'min' | 'max' | 'kind'> & { required?: boolean } | undefined, value: unknown, lang: Lang): string {
  const label: Text = field?.label ?? { 'zh-CN': '该字段', 'en-US': 'This field' };
  const params = { field: label };
  if (isEmpty(value) && issue.code !== 'unrecognized_keys' && field?.required !== false) return translate('validation.required', lang, params);
  if (isMessageKey(issue.message)) return translate(issue.message, lang, { ...params, ...(issue as { params?: object }).params });
  const textual = field?.kind === 'text' || field?.kind === 'richText';
  switch (issue.code) {
    case 'too_small':
    case 'too_big': {
      if (textual && field?.min !== undefined && field.max !== undefined && field.min > 1) {
        return translate('validation.lengthBetween', lang, { ...params, min: field.min, max: field.max });
      }
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      if (issue.origin === 'string') return translate(small ? 'validation.minLength' : 'validation.maxLength', lang, { ...params, min: bound, max: bound });
      if (issue.origin === 'array') return translate(small ? 'validation.required' : 'validation.maxItems', lang, { ...params, max: bound });
      return translate(small ? 'validation.min' : 'validation.max', lang, { ...params, min: bound, max: bound });
    }
    case 'invalid_type':
      if (issue.expected === 'int') return translate('validation.integer', lang, params);
      if (issue.expected === 'number') return translate('validation.number', lang, params);
      return translate('validation.invalid', lang, params);
    case 'invalid_value':
      return translate('validation.choice', lang, params);
    case 'unrecognized_keys':
      return translate('validation.unknownField', lang, params);
    default:
      return translate('validation.invalid', lang, params);
  }
}

/** Own properties only: a key named like an `Object.prototype` member (`toString`) is just a name. */
const own = <T>(object: unknown, key: string): T | undefined =>
  object !== null && typeof object === 'object' && Object.hasOwn(object, key) ? (object as Record<string, T>)[key] : undefined;

/** Groups a zod error by top-level field, with messages in the given language. */
export function fieldErrors(error: z.ZodError, fields: Record<string, FieldDef>, input: unknown, lang: Lang): FieldErrors {
  const out = new Map<string, string[]>();
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? '_')];
    for (const key of keys) {
      const message = issueMessage(issue, own<FieldDef>(fields, key), own(input, key), lang);
      const messages = out.get(key) ?? [];
      if (!messages.includes(message)) messages.push(message);
      out.set(key, messages);
    }
  }
  return Object.fromEntries(out);
}

/** True while the field's `requiredWhen` holds for the row's values (false for fields without one). */
export function requiredNow(field: Pick<FieldDef, 'requiredWhen'>, values: Record<string, unknown>): boolean {
  const condition = field.requiredWhen;
  return !!condition && condition.in.includes(values[condition.field] as string | number | boolean);
}

/**
 * The fields a write leaves empty while their `requiredWhen` holds, with the message key and params
 * of each. `values` is the row as it will be (the stored row with the write's values over it).
 */
export function missingRequiredWhen(fields: Record<string, FieldDef>, values: Record<string, unknown>): Record<string, { key: MessageKey; params: { field: Text } }> {
  const out: Record<string, { key: MessageKey; params: { field: Text } }> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (requiredNow(field, values) && isEmpty(values[name])) out[name] = { key: field.requiredWhen!.message ?? 'validation.required', params: { field: field.label } };
  }
  return out;
}
