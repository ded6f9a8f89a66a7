import { CONTENT_LANGS } from '@htv/shared/areas/themes/index';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';

/** Child lists edited as tree nodes, not as properties. */
const CHILDREN = new Set(['layouts', 'pages', 'containers', 'blocks']);

type Def = { type: string; innerType?: z.ZodType; options?: unknown; entries?: Record<string, unknown>; keyType?: z.ZodType; values?: unknown[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The schema under optional, default and nullable wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let def = defOf(current); ['optional', 'default', 'nullable', 'prefault'].includes(def.type) && def.innerType; def = defOf(current)) current = def.innerType;
  return current;
}

/** One property's input, chosen by its schema; nested shapes (events, fonts) are edited as JSON. */
function PropertyInput({ name, schema, testId }: { name: string; schema: z.ZodType; testId: string }) {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return (
        <Form.Item name={name} label={name}>
          <Input data-testid={testId} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item name={name} label={name}>
          <InputNumber data-testid={testId} style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item name={name} label={name} valuePropName="checked">
          <Switch data-testid={testId} />
        </Form.Item>
      );
    case 'enum':
      return (
        <Form.Item name={name} label={name}>
          <Select data-testid={testId} allowClear options={Object.values(def.entries ?? {}).map((value) => ({ value, label: String(value) }))} />
        </Form.Item>
      );
    case 'literal':
      return (
        <Form.Item name={name} label={name}>
          <Input disabled />
        </Form.Item>
      );
    case 'record':
      // Texts per content language: one input per language.
      return (
        <Form.Item label={name}>
          {CONTENT_LANGS.map((lang) => (
            <Form.Item key={lang} name={[name, lang]} noStyle>
              <Input addonBefore={lang} style={{ marginBottom: 4 }} data-testid={`${testId}-${lang}`} />
            </Form.Item>
          ))}
        </Form.Item>
      );
    default:
      return (
        <Form.Item
          name={name}
          label={name}
          getValueProps={(value: unknown) => ({ value: value === undefined ? '' : JSON.stringify(value) })}
          getValueFromEvent={(event: { target: { value: string } }) => {
            const text = event.target.value.trim();
            if (!text) return undefined;
            try {
              return JSON.parse(text) as unknown;
            } catch {
              return text;
            }
          }}
        >
          <Input.TextArea autoSize data-testid={testId} />
        </Form.Item>
      );
  }
}

/**
 * A property form generated from an object schema of the theme document: one input per property
 * (child lists excepted), the values of the node edited in place. A value changed elsewhere (the
 * canvas moved the block, an undo) shows in the form at once.
 */
export function SchemaForm({ schema, value, onChange, errors }: { schema: z.ZodObject; value: Record<string, unknown>; onChange: (next: Record<string, unknown>) => void; errors: Record<string, string[]> }) {
  const [form] = Form.useForm();
  const emitted = useRef(JSON.stringify(value));
  useEffect(() => {
    const shown = JSON.stringify(value);
    if (shown === emitted.current) return;
    emitted.current = shown;
    form.resetFields();
  }, [value, form]);
  const fields = Object.entries(schema.shape as Record<string, z.ZodType>).filter(([name]) => !CHILDREN.has(name));
  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      initialValues={value}
      fields={Object.entries(errors).map(([name, messages]) => ({ name, errors: messages }))}
      onValuesChange={(_, all) => {
        const next = { ...value };
        for (const [name, field] of Object.entries(all as Record<string, unknown>)) {
          const cleaned = field && typeof field === 'object' && !Array.isArray(field) ? Object.fromEntries(Object.entries(field).filter(([, v]) => v !== undefined && v !== '')) : field;
          if (cleaned === undefined || cleaned === null || cleaned === '') delete next[name];
          else next[name] = cleaned;
        }
        emitted.current = JSON.stringify(next);
        onChange(next);
      }}
    >
      {fields.map(([name, field]) => (
        <PropertyInput key={name} name={name} schema={field} testId={`prop-${name}`} />
      ))}
    </Form>
  );
}
