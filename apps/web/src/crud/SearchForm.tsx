import { boolText, concerns, type FieldDef, type Lang, type RecordDef } from '@htv/shared';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Col, DatePicker, Form, Grid, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { canReadRef, type LoginInfo } from '../auth/access';
import { useSession } from '../auth/session';
import { useLang } from '../locales';
import { filterFields, hasKeyword, isRange, type ListState } from './listState';
import { numericOptions } from './FieldInput';
import { fixedMatch, RefSelect } from './RefSelect';

type FormValues = Record<string, unknown>;

const FULL = { width: '100%' };

/** Quick ranges of every date filter (spec §9's feedback periods): the last week, two weeks, month, three months. */
export function rangePresets(t: TFunction): { label: string; value: [Dayjs, Dayjs] }[] {
  const back = (amount: number, unit: 'day' | 'month'): [Dayjs, Dayjs] => [dayjs().subtract(amount, unit).startOf('day'), dayjs().endOf('day')];
  return [
    { label: t('crud.lastWeek'), value: back(7, 'day') },
    { label: t('crud.lastTwoWeeks'), value: back(14, 'day') },
    { label: t('crud.lastMonth'), value: back(1, 'month') },
    { label: t('crud.lastThreeMonths'), value: back(3, 'month') },
  ];
}

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
          style={FULL}
          options={Object.entries(field.options ?? {}).map(([value, text]) => ({ value, label: text[lang] }))}
        />
      );
    case 'bool':
      return (
        <Select
          allowClear
          placeholder={t('common.all')}
          aria-label={label}
          style={FULL}
          options={[
            { value: 'true', label: boolText(field, true, lang) },
            { value: 'false', label: boolText(field, false, lang) },
          ]}
        />
      );
    case 'ref':
      // The field's fixed conditions hold for the filter too (an account's role is of the account's type).
      return <RefSelect refName={field.ref!} match={fixedMatch(field.match)} placeholder={t('common.all')} aria-label={label} style={FULL} />;
    case 'int':
      if (field.options) return <Select allowClear placeholder={t('common.all')} aria-label={label} style={FULL} options={numericOptions(field, lang)} />;
      return <InputNumber aria-label={label} placeholder={t('crud.inputPlaceholder')} style={FULL} />;
    case 'decimal':
      return <InputNumber aria-label={label} placeholder={t('crud.inputPlaceholder')} style={FULL} />;
    case 'date':
    case 'datetime':
      return <DatePicker.RangePicker aria-label={label} style={FULL} placeholder={[t('crud.startDate'), t('crud.endDate')]} presets={rangePresets(t)} />;
    default:
      return <Input allowClear aria-label={label} placeholder={t('crud.inputPlaceholder')} style={FULL} />;
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

/** The filters a user type's search form offers: its concerns, and refs whose choices it may list. */
export function searchFields(record: RecordDef, user: Pick<LoginInfo, 'permissions' | 'user_type'>): [string, FieldDef][] {
  return filterFields(record).filter(([, field]) => concerns(field, user.user_type) && (field.kind !== 'ref' || canReadRef(user, field.ref!)));
}

/** Whether a search holds a value for a field (a date range by either end, the keyword as `keyword`). */
function isActive(state: ListState, name: string, field: FieldDef | undefined): boolean {
  if (!field) return Boolean(state.keyword);
  return isRange(field) ? Boolean(state.filters[`${name}From`] || state.filters[`${name}To`]) : Boolean(state.filters[name]);
}

/** Fields a row of the form holds at each width (antd breakpoints), as ProTable lays out its search. */
function useFieldsPerRow(): number {
  const screens = Grid.useBreakpoint();
  return screens.xxl ? 4 : screens.xl ? 3 : screens.md ? 2 : 1;
}

/** Identity of a search (keyword and filters; paging and sort aside). */
const searchKey = (keyword: string, filters: Record<string, string>) =>
  JSON.stringify([keyword, Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))]);

export interface SearchFormProps {
  record: RecordDef;
  state: ListState;
  onSearch: (next: { keyword: string; filters: Record<string, string> }) => void;
}

/**
 * Search form above a record list: keyword (if any field is searchable) and one control per filter,
 * in a grid whose first row shows while the rest is folded behind Expand (with the count of folded
 * filters in use).
 */
export function SearchForm({ record, state, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const user = useSession();
  // A ref filter whose choices the user may not list is left out rather than failing to load.
  const fields = searchFields(record, user);
  const perRow = useFieldsPerRow();
  const [expanded, setExpanded] = useState(false);
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

  const items: [string, FieldDef | undefined][] = [...(keyword ? [['keyword', undefined] as [string, undefined]] : []), ...fields];
  // Folded, the first row holds the fields before the buttons; a form that fits needs no toggle.
  const foldable = items.length > perRow - 1;
  const shown = foldable && !expanded ? Math.max(1, perRow - 1) : items.length;
  const foldedActive = items.slice(shown).filter(([name, field]) => isActive(state, name, field)).length;

  return (
    <Form form={form} onFinish={submit} data-testid="search-form" labelCol={{ flex: lang === 'zh-CN' ? '84px' : '120px' }} labelWrap colon={false}>
      <Row gutter={[16, 12]}>
        {items.map(([name, field], index) => (
          <Col key={name} span={24 / perRow} style={index >= shown ? { display: 'none' } : undefined} data-testid={`search-item-${name}`}>
            <Form.Item name={name} label={field ? field.label[lang] : t('crud.keyword')} style={{ marginBottom: 0 }}>
              {field ? filterInput(field, lang, t) : <Input allowClear placeholder={t('crud.keywordPlaceholder', { fields: searchable })} />}
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: 'right' }}>
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
            {foldable && (
              <Button type="link" onClick={() => setExpanded(!expanded)} aria-expanded={expanded} data-testid="search-toggle">
                {expanded ? t('crud.collapse') : t('crud.expand')}
                {!expanded && foldedActive > 0 && (
                  <Badge count={foldedActive} size="small" color="blue" title={t('crud.hiddenFilters', { count: foldedActive })} data-testid="search-folded-count" />
                )}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
