import { issueMessage, type FieldDef, type Lang } from '@htv/shared';
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
