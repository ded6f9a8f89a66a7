import { GROUP_LABELS, PROPERTY_GROUPS, propertyUi, type PropertyGroup, type PropertyUi, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { Checkbox, Collapse, Form, Input, InputNumber, Segmented, Select, Switch, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { useLang } from '../../locales';
import { ActionInput, AutoShowInput, ColorInput, FontInput, LocalTextInput, MaterialInput, SliderInput } from './property-inputs';

/** Child lists edited as tree nodes, not as properties. */
const CHILDREN = new Set(['layouts', 'pages', 'containers', 'blocks']);

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; entries?: Record<string, unknown>; value?: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The schema under optional, default and nullable wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let def = defOf(current); ['optional', 'default', 'nullable', 'prefault'].includes(def.type) && def.innerType; def = defOf(current)) current = def.innerType;
  return current;
}

/** An enum's values (or those of an array of enum values). */
const enumValues = (schema: z.ZodType): string[] => Object.values(defOf(schema).entries ?? {}).map(String);

/** A number schema's bounds, as zod keeps them. */
const boundsOf = (schema: z.ZodType) => {
  const number = schema as unknown as { minValue?: number | null; maxValue?: number | null };
  return { min: number.minValue ?? undefined, max: number.maxValue ?? undefined };
};

/** What the inputs need of the document around the node: its colours, languages, pages and blocks. */
export interface PropertyContext {
  document?: ThemeDocument;
}

/** One property's input: its widget from its entry in the property catalogue, else from its schema. */
function PropertyInput({ name, schema, ui, testId, context }: { name: string; schema: z.ZodType; ui: PropertyUi; testId: string; context: PropertyContext }) {
  const lang = useLang();
  const inner = unwrap(schema);
  const def = defOf(inner);
  const label = ui.label[lang];
  const help = ui.help?.[lang];
  const choice = (value: string) => ui.choices?.[value]?.[lang] ?? value;
  const item = (input: React.ReactNode, extra: Partial<React.ComponentProps<typeof Form.Item>> = {}) => (
    <Form.Item name={name} label={label} tooltip={help} {...extra}>
      {input}
    </Form.Item>
  );
  switch (ui.widget) {
    case 'readOnly':
      return item(<ReadOnlyValue choice={choice} testId={testId} />);
    case 'color':
      return item(<ColorInput document={context.document} testId={testId} />);
    case 'slider':
      return item(<SliderInput {...boundsOf(inner)} step={ui.step ?? 1} testId={testId} />);
    case 'segmented':
      return item(<Segmented block options={enumValues(inner).map((value) => ({ value, label: choice(value) }))} data-testid={testId} />);
    case 'checkboxes':
      return item(<Checkbox.Group options={enumValues(unwrap(def.element!)).map((value) => ({ value, label: choice(value) }))} data-testid={testId} />);
    case 'localText':
      return (
        <Form.Item label={label} tooltip={help}>
          <LocalTextInput name={name} languages={context.document?.theme.languages} testId={testId} />
        </Form.Item>
      );
    case 'action':
      return item(<ActionInput document={context.document} testId={testId} />);
    case 'autoShow':
      return item(<AutoShowInput testId={testId} />);
    case 'font':
      return item(<FontInput testId={testId} />);
    case 'materials':
      return item(<MaterialInput multiple testId={testId} />);
    case 'material':
      return item(<MaterialInput testId={testId} />);
  }
  switch (def.type) {
    case 'number':
      return item(<InputNumber {...boundsOf(inner)} data-testid={testId} style={{ width: '100%' }} />);
    case 'boolean':
      return item(<Switch data-testid={testId} />, { valuePropName: 'checked' });
    case 'enum':
      return item(<Select data-testid={testId} allowClear options={enumValues(inner).map((value) => ({ value, label: choice(value) }))} />);
    case 'string':
      return item(<Input data-testid={testId} />);
    default:
      return item(<ReadOnlyValue choice={choice} testId={testId} />);
  }
}

/** A value the panel shows but does not edit here (set at creation, or by its own panel). */
function ReadOnlyValue({ value, choice, testId }: { value?: unknown; choice: (value: string) => string; testId: string }) {
  const text = value === undefined || value === null ? '-' : typeof value === 'string' ? choice(value) : typeof value === 'object' ? Object.entries(value).map(([k, v]) => `${k}: ${String(v)}`).join(', ') : String(value);
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

/**
 * A property panel generated from an object schema of the theme document, in the operator's words:
 * each property with its name and help in the interface language and the widget that suits it
 * (`propertyUi`), grouped (content, position, text, style, events, advanced). The node's values are
 * edited in place; a value changed elsewhere (the canvas moved the block, an undo) shows at once.
 */
export function SchemaForm({
  schema,
  value,
  onChange,
  errors,
  context = {},
  blockType: givenType,
}: {
  schema: z.ZodObject;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  errors: Record<string, string[]>;
  context?: PropertyContext;
  /** The block type of a form over some of a block's properties (its schema then has no `type`). */
  blockType?: string;
}) {
  const lang = useLang();
  const [form] = Form.useForm();
  const emitted = useRef(JSON.stringify(value));
  useEffect(() => {
    const shown = JSON.stringify(value);
    if (shown === emitted.current) return;
    emitted.current = shown;
    form.resetFields();
  }, [value, form]);
  const shape = schema.shape as Record<string, z.ZodType>;
  // A block's `type` is a literal: its own properties are described with its type.
  const blockType = givenType ?? (shape.type && defOf(shape.type).type === 'literal' ? String(value.type) : undefined);
  const fields = Object.entries(shape)
    .filter(([name]) => !CHILDREN.has(name) && !(blockType && name === 'type'))
    .map(([name, field]) => ({ name, field, ui: propertyUi(name, blockType) }));
  const groups = PROPERTY_GROUPS.map((group) => ({ group, fields: fields.filter((f) => f.ui.group === group) })).filter((g) => g.fields.length > 0);
  const withErrors = new Set(Object.keys(errors));
  // A short form (quick settings' few attributes) shows everything; a long one folds "advanced" unless it holds an error.
  const open = groups.filter(({ group, fields: inGroup }) => fields.length <= 6 || group !== 'advanced' || inGroup.some((f) => withErrors.has(f.name))).map(({ group }) => group);
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
          if (cleaned === undefined || cleaned === null || cleaned === '' || (typeof cleaned === 'object' && !Array.isArray(cleaned) && Object.keys(cleaned).length === 0)) delete next[name];
          else next[name] = cleaned;
        }
        emitted.current = JSON.stringify(next);
        onChange(next);
      }}
    >
      <Collapse
        size="small"
        ghost
        defaultActiveKey={open}
        items={groups.map(({ group, fields: inGroup }: { group: PropertyGroup; fields: typeof fields }) => ({
          key: group,
          label: GROUP_LABELS[group][lang],
          forceRender: true,
          children: inGroup.map(({ name, field, ui }) => <PropertyInput key={name} name={name} schema={field} ui={ui} testId={`prop-${name}`} context={context} />),
        }))}
      />
    </Form>
  );
}
