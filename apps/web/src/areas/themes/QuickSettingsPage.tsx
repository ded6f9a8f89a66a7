import { blockSchemaOf, containerSchema, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Popconfirm, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { useLang } from '../../locales';
import { themeApi } from './api';
import { SchemaForm } from './SchemaForm';
import { transferApi, type TaggedPart } from './transfer-api';
import { useTransferText } from './transfer-locales';

/** The quick-settings tags and page keys a document uses. */
function tagsAndPages(doc: ThemeDocument | undefined): { tags: string[]; pages: string[] } {
  const tags = new Set<string>();
  const pages: string[] = [];
  for (const layout of doc?.layouts ?? [])
    for (const page of layout.pages) {
      pages.push(page.key);
      for (const container of page.containers) {
        if (container.attrTag) tags.add(container.attrTag);
        for (const block of container.blocks as { attrTag?: string }[]) if (block.attrTag) tags.add(block.attrTag);
      }
    }
  return { tags: [...tags], pages };
}

/** The form schema of a part's quick-set attributes: its type's own properties, or a container's name. */
function partSchema(kind: 'block' | 'container', part: TaggedPart): z.ZodObject | undefined {
  const schema = kind === 'block' ? blockSchemaOf(part.type ?? '') : (containerSchema as unknown as z.ZodObject);
  return schema?.pick(Object.fromEntries(part.attrNames.map((name) => [name, true])) as Record<string, true>);
}

/**
 * /themes/themes_tag_setting/:tid: the containers and blocks of a template that carry a quick-settings
 * tag, their quick-set attributes edited in place and saved together. A hotel on its brand's template
 * saves into its own override (docs/themes.md, "Quick settings").
 */
export default function QuickSettingsPage() {
  const m = useTransferText();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const themeId = Number(useParams().tid);
  const theme = useQuery({ queryKey: ['themes', 'quick', themeId, lang], queryFn: ({ signal }) => themeApi.get(themeId, signal) });
  const { tags, pages } = useMemo(() => tagsAndPages(theme.data?.document), [theme.data]);
  const [chosenTag, setTag] = useState<string>();
  const [page, setPage] = useState<string>();
  const tag = chosenTag ?? tags[0];
  const list = useQuery({
    queryKey: ['themes', 'quick', themeId, 'parts', tag, page, lang],
    queryFn: ({ signal }) => transferApi.tagged({ theme_id: themeId, attr_tag: tag!, page_id: page }, signal),
    enabled: tag !== undefined,
  });
  const [changes, setChanges] = useState<Record<string, Record<string, unknown>>>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const pick = (kind: string) => Object.entries(changes).filter(([id]) => id.startsWith(`${kind}:`)).map(([id, attrs]) => ({ key: id.slice(kind.length + 1), attrs }));
    setSaving(true);
    try {
      const saved = await transferApi.updateContents({ theme_id: themeId, blocks: pick('block'), containers: pick('container') });
      toastSuccess(saved.baseThemeId ? m('savedOverride', { id: saved.themeId }) : m('savedDraft'));
      setChanges({});
      await client.invalidateQueries({ queryKey: ['themes'] });
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const section = (kind: 'block' | 'container', parts: TaggedPart[]) =>
    parts.map((part) => {
      const schema = partSchema(kind, part);
      const id = `${kind}:${part.key}`;
      const value = { ...part.attrs, ...changes[id] };
      return (
        <Card key={id} size="small" title={`${part.key}${part.type ? ` · ${part.type}` : ''}`} extra={part.pageKey} data-testid={`quick-${kind}-${part.key}`}>
          {schema && (
            <SchemaForm
              key={`${id}-${list.dataUpdatedAt}`}
              schema={schema}
              value={value}
              errors={{}}
              onChange={(next) => setChanges((all) => ({ ...all, [id]: Object.fromEntries(part.attrNames.map((name) => [name, next[name] ?? null])) }))}
            />
          )}
        </Card>
      );
    });

  const data = list.data;
  return (
    <Card
      title={`${m('quickSettings')} · ${theme.data?.name ?? ''}`}
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>{m('back')}</Button>
          <Popconfirm title={m('saveConfirm')} onConfirm={save} okText={m('ok')} cancelText={m('cancel')} disabled={Object.keys(changes).length === 0}>
            <Button type="primary" loading={saving} disabled={Object.keys(changes).length === 0} data-testid="quick-save">
              {m('save')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>{m('tag')}</Typography.Text>
        <Select style={{ width: 200 }} value={tag} onChange={(value: string) => (setTag(value), setChanges({}))} options={tags.map((value) => ({ value, label: value }))} data-testid="quick-tag" />
        <Typography.Text>{m('page')}</Typography.Text>
        <Select allowClear style={{ width: 200 }} placeholder={m('allPages')} value={page} onChange={(value?: string) => setPage(value)} options={pages.map((value) => ({ value, label: value }))} />
      </Space>
      {data?.baseThemeId ? <Alert type="info" showIcon message={m('overrideNote')} style={{ marginBottom: 16 }} /> : null}
      {tag === undefined || (data && data.blocks.length + data.containers.length === 0) ? <Empty description={m('nothingTagged')} /> : null}
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {data.containers.length > 0 && <Typography.Title level={5}>{m('containers')}</Typography.Title>}
          {section('container', data.containers)}
          {data.blocks.length > 0 && <Typography.Title level={5}>{m('blocks')}</Typography.Title>}
          {section('block', data.blocks)}
        </Space>
      )}
    </Card>
  );
}
