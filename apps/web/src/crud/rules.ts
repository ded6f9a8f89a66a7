import { issueMessage, missingRequiredWhen, translate, type FieldDef, type Lang } from '@htv/shared';
import type { FormRule } from 'antd';
import { toApiValue } from './formValues';

/**
 * The form rule of a field: the declaration's own zod schema, with the shared translator of its
 * issues, so the browser and the server say the same words.
 */
export function schemaRule(field: FieldDef, lang: Lang): FormRule {
  return {
    validator: async (_rule, input: unknown) => {
      const value = toApiValue(field, input);
      const result = field.schema.safeParse(value);
      if (result.success) return;
      const issue = result.error.issues[0]!;
      throw new Error(issueMessage(issue, field, value, lang));
    },
  };
}

/**
 * The rule of a field's `requiredWhen`: the shared check the server runs, on the form's current
 * values (the item lists the condition's field in its dependencies, so a change revalidates it).
 */
export function requiredWhenRule(name: string, field: FieldDef, lang: Lang): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, input: unknown) => {
      const missing = missingRequiredWhen({ [name]: field }, { ...getFieldsValue(), [name]: toApiValue(field, input) })[name];
      if (missing) throw new Error(translate(missing.key, lang, missing.params));
    },
  });
}
