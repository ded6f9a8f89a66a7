import type { FieldDef, Lang, RecordDef } from '@htv/shared';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { canReadRef } from '../auth/access';
import { useSession } from '../auth/session';
import { useLang } from '../locales';
import { filterFields, hasKeyword, isRange, type ListState } from './listState';
import { numericOptions } from './FieldInput';
import { fixedMatch, RefSelect } from './RefSelect';

type FormValues = Record<string, unknown>;

/** The search form's control of one filter field. */
function filterInput(field: FieldDef, lang: Lang, t: TFunction): ReactElement {
  const label = field.label[lang];
  switch (field.kind) {
    case 'choice':
      return (
        <Select
          allowClear
          placeholder={t('common.all')}
          aria-label={label}
          style={{ width: 180 }}
          options={Object.entries(field.options ?? {}).map(([value, text]) => ({ value, label: text[lang] }))}
        />
      );
    case 'bool':
      return (
        <Select
          allowClear
          placeholder={t('common.all')}
          aria-label={label}
          style={{ width: 140 }}
          options={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
        />
      );
    case 'ref':
      // The field's fixed conditions hold for the filter too (an account's role is of the account's type).
      return <RefSelect refName={field.ref!} match={fixedMatch(field.match)} placeholder={t('common.all')} aria-label={label} style={{ width: 200 }} />;
    case 'int':
      if (field.options) return <Select allowClear placeholder={t('common.all')} aria-label={label} style={{ width: 180 }} options={numericOptions(field, lang)} />;
      return <InputNumber aria-label={label} placeholder={t('crud.inputPlaceholder')} style={{ width: 160 }} />;
    case 'decimal':
      return <InputNumber aria-label={label} placeholder={t('crud.inputPlaceholder')} style={{ width: 160 }} />;
    case 'date':
    case 'datetime':
      return <DatePicker.RangePicker aria-label={label} placeholder={[t('crud.startDate'), t('crud.endDate')]} />;
    default:
      return <Input allowClear aria-label={label} placeholder={t('crud.inputPlaceholder')} style={{ width: 180 }} />;
  }
}

/** URL filter values → form values. */
function toFormValues(record: RecordDef, state: ListState): FormValues {
  const values: FormValues = { keyword: state.keyword || undefined };
  for (const [name, field] of filterFields(record)) {
    if (isRange(field)) {
      const from = state.filters[`${name}From`];
      const to = state.filters[`${name}To`];
      values[name] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
      continue;
    }
    const raw = state.filters[name];
    values[name] = raw === undefined ? undefined : field.kind === 'ref' || field.kind === 'int' || field.kind === 'decimal' ? Number(raw) : raw;
  }
  return values;
}

/** Form values → URL filter values (date ranges as `<field>From` / `<field>To`). */
function toFilters(record: RecordDef, values: FormValues): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [name, field] of filterFields(record)) {
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
    if (isRange(field)) {
      const [from, to] = value as [Dayjs | null, Dayjs | null];
      if (field.kind === 'date') {
        if (from) filters[`${name}From`] = from.format('YYYY-MM-DD');
        if (to) filters[`${name}To`] = to.format('YYYY-MM-DD');
      } else {
        if (from) filters[`${name}From`] = from.startOf('day').format();
        if (to) filters[`${name}To`] = to.endOf('day').format();
      }
      continue;
    }
    filters[name] = typeof value === 'string' ? value.trim() : String(value);
  }
  return filters;
}

/** Identity of a search (keyword and filters; paging and sort aside). */
const searchKey = (keyword: string, filters: Record<string, string>) =>
  JSON.stringify([keyword, Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))]);

export interface SearchFormProps {
  record: RecordDef;
  state: ListState;
  onSearch: (next: { keyword: string; filters: Record<string, string> }) => void;
}

/** Search form above a record list: keyword (if any field is searchable) and one control per filter. */
export function SearchForm({ record, state, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const user = useSession();
  // A ref filter whose choices the user may not list is left out rather than failing to load.
  const fields = filterFields(record).filter(([, field]) => field.kind !== 'ref' || canReadRef(user, field.ref!));
  const keyword = hasKeyword(record);
  const searchable = Object.values(record.fields)
    .filter((field) => field.search)
    .map((field) => field.label[lang])
    .join(' / ');

  // Back / forward and links change the URL: the form follows. The search this form submitted itself
  // comes back through the URL a render later; by then the user may be typing again, so it does not
  // reset the form.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const key = searchKey(state.keyword, state.filters);
    if (key === applied.current) return;
    applied.current = key;
    form.resetFields();
    form.setFieldsValue(toFormValues(record, state));
  }, [form, record, state]);

  if (!keyword && fields.length === 0) return null;

  const search = (next: { keyword: string; filters: Record<string, string> }) => {
    applied.current = searchKey(next.keyword, next.filters);
    onSearch(next);
  };

  const submit = (values: FormValues) => {
    const text = typeof values.keyword === 'string' ? values.keyword.trim() : '';
    search({ keyword: text, filters: toFilters(record, values) });
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} data-testid="search-form" style={{ rowGap: 12 }}>
      {keyword && (
        <Form.Item name="keyword" label={t('crud.keyword')}>
          <Input allowClear placeholder={t('crud.keywordPlaceholder', { fields: searchable })} style={{ width: 260 }} />
        </Form.Item>
      )}
      {fields.map(([name, field]) => (
        <Form.Item key={name} name={name} label={field.label[lang]}>
          {filterInput(field, lang, t)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('crud.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({ keyword: '', filters: {} });
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
