import { ACTION_UI, AREA_UI, AUTO_SHOW_UI, CONTENT_LANGS, WIDGET_WORDS, type ContentLang, type ThemeAction, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { CONTENT_LANG_NAMES } from '@htv/renderer/languages';
import { useQuery } from '@tanstack/react-query';
import { ColorPicker, Form, Input, InputNumber, Select, Slider, Space, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { api } from '../../api/client';
import { useLang } from '../../locales';

/** What a custom input gets from its Form.Item. */
interface Controlled<T> {
  value?: T;
  onChange?: (value: T | undefined) => void;
  testId: string;
}

const HEX = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** The colours a document already uses (its own colour first): the swatches offered. */
function documentColours(doc: ThemeDocument | undefined): string[] {
  if (!doc) return [];
  const found = new Set<string>([doc.theme.color]);
  JSON.stringify(doc.layouts, (key, value: unknown) => {
    if ((key === 'color' || key === 'background') && typeof value === 'string' && HEX.test(value)) found.add(value.toLowerCase());
    return value;
  });
  return [...found].slice(0, 16);
}

/** A colour with transparency: a picker with the template's colours, and its hex code to type. */
export function ColorInput({ value, onChange, testId, document: doc }: Controlled<string> & { document?: ThemeDocument }) {
  const lang = useLang();
  const presets = useMemo(() => [{ label: WIDGET_WORDS.themeColours[lang], colors: documentColours(doc) }], [doc, lang]);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <ColorPicker value={value} allowClear presets={presets} onChange={(color) => onChange?.(color.toHexString())} onClear={() => onChange?.(undefined)} data-testid={`${testId}-picker`} />
      <Input value={value ?? ''} placeholder="#RRGGBB" onChange={(event) => onChange?.(event.target.value.trim() || undefined)} data-testid={testId} />
    </Space.Compact>
  );
}

/** A bounded number as a slider with its figure beside it. */
export function SliderInput({ value, onChange, testId, min, max, step }: Controlled<number> & { min?: number; max?: number; step: number }) {
  return (
    <Space.Compact style={{ width: '100%', alignItems: 'center' }}>
      <Slider style={{ flex: 1, marginInlineEnd: 12 }} min={min} max={max} step={step} value={value ?? min} onChange={(next) => onChange?.(next)} />
      <InputNumber size="small" min={min} max={max} step={step} value={value} onChange={(next) => onChange?.(next ?? undefined)} style={{ width: 80 }} data-testid={testId} />
    </Space.Compact>
  );
}

/** A text in each of the template's content languages, each input named by its language. */
export function LocalTextInput({ name, languages, testId }: { name: string; languages?: readonly ContentLang[]; testId: string }) {
  const shown = languages?.length ? languages : CONTENT_LANGS;
  return (
    <>
      {shown.map((lang) => (
        <Form.Item key={lang} name={[name, lang]} noStyle>
          <Input addonBefore={CONTENT_LANG_NAMES[lang]} style={{ marginBottom: 4 }} data-testid={`${testId}-${lang}`} />
        </Form.Item>
      ))}
    </>
  );
}

/** The pages of a document, for an action that opens one. */
const pagesOf = (doc: ThemeDocument | undefined) => doc?.layouts.flatMap((layout) => layout.pages.map((page) => ({ value: page.key, label: `${page.name} (${page.key})` }))) ?? [];

/** What a click or a focus does, as a form of the action's kind: never a JSON text. */
export function ActionInput({ value, onChange, testId, document: doc }: Controlled<ThemeAction> & { document?: ThemeDocument }) {
  const lang = useLang();
  const kind = value?.action ?? 'none';
  const choose = (next: keyof typeof ACTION_UI) => {
    if (next === 'none') return onChange?.(undefined);
    if (next === 'openPage') return onChange?.({ action: 'openPage', pageKey: pagesOf(doc)[0]?.value ?? 'home' });
    if (next === 'openApp') return onChange?.({ action: 'openApp', packageName: '' });
    if (next === 'openArea') return onChange?.({ action: 'openArea', area: Object.keys(AREA_UI)[0]! });
    return onChange?.({ action: 'playMedia', materialId: 0 });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Select value={kind} onChange={choose} options={Object.entries(ACTION_UI).map(([key, text]) => ({ value: key, label: text[lang] }))} data-testid={`${testId}-kind`} />
      {value?.action === 'openPage' && <Select value={value.pageKey} onChange={(pageKey) => onChange?.({ action: 'openPage', pageKey })} options={pagesOf(doc)} aria-label={WIDGET_WORDS.page[lang]} data-testid={`${testId}-page`} />}
      {value?.action === 'openApp' && <Input value={value.packageName} placeholder={WIDGET_WORDS.packageName[lang]} onChange={(event) => onChange?.({ action: 'openApp', packageName: event.target.value.trim() })} data-testid={`${testId}-app`} />}
      {value?.action === 'openArea' && (
        <Select value={value.area} onChange={(area) => onChange?.({ action: 'openArea', area })} options={Object.entries(AREA_UI).map(([key, text]) => ({ value: key, label: text[lang] }))} aria-label={WIDGET_WORDS.area[lang]} data-testid={`${testId}-area`} />
      )}
      {value?.action === 'playMedia' && <MaterialInput value={value.materialId || undefined} onChange={(materialId) => onChange?.({ action: 'playMedia', materialId: typeof materialId === 'number' ? materialId : 0 })} testId={`${testId}-material`} />}
    </Space>
  );
}

type AutoShow = { mode: 'none' } | { mode: 'duration'; seconds: number } | { mode: 'timeRange'; from: string; to: string };

/** When a block or layout shows: always, for a while after switch-on, or within daily hours. */
export function AutoShowInput({ value, onChange, testId }: Controlled<AutoShow>) {
  const lang = useLang();
  const mode = value?.mode ?? 'none';
  const time = (text: string) => dayjs(text, 'HH:mm');
  const choose = (next: AutoShow['mode']) => onChange?.(next === 'duration' ? { mode: next, seconds: 30 } : next === 'timeRange' ? { mode: next, from: '08:00', to: '22:00' } : { mode: 'none' });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Select value={mode} onChange={choose} options={Object.entries(AUTO_SHOW_UI).map(([key, text]) => ({ value: key, label: text[lang] }))} />
      {value?.mode === 'duration' && <InputNumber min={1} max={86_400} addonAfter={WIDGET_WORDS.seconds[lang]} value={value.seconds} onChange={(seconds) => onChange?.({ mode: 'duration', seconds: seconds ?? 1 })} />}
      {value?.mode === 'timeRange' && (
        <Space>
          <TimePicker format="HH:mm" allowClear={false} placeholder={WIDGET_WORDS.from[lang]} value={time(value.from)} onChange={(at) => at && onChange?.({ ...value, from: at.format('HH:mm') })} />
          <TimePicker format="HH:mm" allowClear={false} placeholder={WIDGET_WORDS.to[lang]} value={time(value.to)} onChange={(at) => at && onChange?.({ ...value, to: at.format('HH:mm') })} />
        </Space>
      )}
    </Space>
  );
}

/** Typefaces the TVs have (the browser TV's fonts; Noto covers Chinese, Japanese and Korean). */
const FAMILIES = ['Noto Sans SC', 'Noto Serif SC', 'Arial', 'Georgia', 'Courier New'];

type Font = { family?: string; size: number; bold: boolean };

/** A typeface, a size and bold. */
export function FontInput({ value, onChange, testId }: Controlled<Font>) {
  const lang = useLang();
  const font: Font = { size: 24, bold: false, ...value };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Select
        value={font.family ?? ''}
        onChange={(family: string) => onChange?.({ ...font, family: family || undefined })}
        options={[{ value: '', label: WIDGET_WORDS.defaultFamily[lang] }, ...FAMILIES.map((family) => ({ value: family, label: <span style={{ fontFamily: family }}>{family}</span> }))]}
        aria-label={WIDGET_WORDS.family[lang]}
      />
      <SliderInput min={8} max={200} step={1} value={font.size} onChange={(size) => onChange?.({ ...font, size: size ?? 24 })} testId={`${testId}-size`} />
      <Space>
        <Switch checked={font.bold} onChange={(bold) => onChange?.({ ...font, bold })} />
        {WIDGET_WORDS.bold[lang]}
      </Space>
    </Space>
  );
}

interface Option {
  value: number;
  label: string;
}

/** Materials of the library chosen by name (one, or several in order), searched as the editor types. */
export function MaterialInput({ value, onChange, testId, multiple = false }: Controlled<number | number[]> & { multiple?: boolean }) {
  const lang = useLang();
  const [keyword, setKeyword] = useState('');
  const options = useQuery({ queryKey: ['materials', 'options', keyword], queryFn: ({ signal }) => api.get<Option[]>('/records/material/options', keyword ? { keyword } : {}, signal) });
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  // A chosen material the search does not list still shows as itself.
  const known = new Map((options.data ?? []).map((option) => [option.value, option.label]));
  const all = [...(options.data ?? []), ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` }))];
  return (
    <Select<number | number[]>
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={multiple ? chosen : chosen[0]}
      onChange={(next) => onChange?.(Array.isArray(next) && next.length === 0 ? undefined : next)}
      options={all}
      loading={options.isFetching}
      placeholder={WIDGET_WORDS.search[lang]}
      aria-label={WIDGET_WORDS.material[lang]}
      data-testid={testId}
    />
  );
}
