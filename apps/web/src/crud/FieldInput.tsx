import type { FieldDef, Lang, RecordDef } from '@htv/shared';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import type { Row } from './api';
import { canReadRef } from '../auth/access';
import { useSession } from '../auth/session';
import { ownerForRef, RefSelect, type RefSelectProps } from './RefSelect';
import { UploadField } from './UploadField';

/** Value prop of the control antd's Form.Item injects (a Switch takes `checked`). */
export const valuePropOf = (field: FieldDef) => (field.kind === 'bool' ? 'checked' : 'value');

const LONG_TEXT = 100_000;

/** Options of an int field with labelled values (`{1: …, 2: …}`), as numbers. */
export const numericOptions = (field: FieldDef, lang: Lang) =>
  Object.entries(field.options ?? {}).map(([value, label]) => ({ value: Number(value), label: label[lang] }));

/** A ref select, or, when the user may not list the referenced record, the current value's title read-only. */
function RefInput(props: RefSelectProps) {
  const user = useSession();
  if (!canReadRef(user, props.refName)) return <Input id={props.id} disabled value={props.initialLabel ?? ''} />;
  return <RefSelect {...props} />;
}

/**
 * The form control of one field kind; Form.Item adds value and onChange. `record` and `row` (the row
 * being edited) let reference selects list the choices of the row's owner; each ref field narrows
 * them by its own `match`.
 */
export function fieldInput(name: string, field: FieldDef, lang: Lang, t: TFunction, row?: Row, record?: RecordDef): ReactElement {
  const placeholder = t('crud.inputPlaceholder');
  const choose = t('crud.selectPlaceholder');
  switch (field.kind) {
    case 'text':
      if (field.secret) return <Input.Password maxLength={field.max} autoComplete="new-password" placeholder={placeholder} />;
      return field.multiline ? (
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={field.max} showCount={field.max !== undefined} placeholder={placeholder} />
      ) : (
        <Input maxLength={field.max} showCount={field.max !== undefined} placeholder={placeholder} />
      );
    case 'richText':
      return <Input.TextArea rows={6} maxLength={field.max && field.max < LONG_TEXT ? field.max : undefined} showCount={!!field.max && field.max < LONG_TEXT} placeholder={placeholder} />;
    case 'int':
      if (field.options) return <Select allowClear={!field.required} placeholder={choose} options={numericOptions(field, lang)} />;
      return <InputNumber min={field.min} max={field.max} precision={0} style={{ width: 200 }} placeholder={placeholder} />;
    case 'decimal':
      return <InputNumber min={field.min} max={field.max} precision={field.scale ?? 2} step={1 / 10 ** (field.scale ?? 2)} style={{ width: 200 }} placeholder={placeholder} />;
    case 'bool':
      return <Switch />;
    case 'choice':
      return (
        <Select
          allowClear={!field.required}
          placeholder={choose}
          options={Object.entries(field.options ?? {}).map(([value, label]) => ({ value, label: label[lang] }))}
        />
      );
    case 'ref':
      return (
        <RefInput
          refName={field.ref!}
          match={field.match}
          initialLabel={row ? (row[`${name}Title`] as string | undefined) : undefined}
          owner={record ? ownerForRef(record, field.ref!, row) : undefined}
          placeholder={choose}
        />
      );
    case 'date':
      return <DatePicker placeholder={choose} style={{ width: 200 }} />;
    case 'datetime':
      return <DatePicker showTime placeholder={choose} style={{ width: 240 }} />;
    case 'file':
    case 'files':
      return <UploadField field={field} />;
    case 'json':
      return <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} placeholder="{ }" />;
  }
}
