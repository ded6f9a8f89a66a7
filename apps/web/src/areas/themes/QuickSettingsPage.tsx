import { blockSchemaOf, containerSchema, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { startPage, ThemeStage } from '@htv/renderer';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Popconfirm, Row, Select, Space, Typography } from 'antd';
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
import { useThemeAssets } from './useThemeAssets';

type Values = Record<string, Record<string, unknown>>;
const partId = (kind: 'block' | 'container', key: string) => `${kind}:${key}`;

/**
 * The document as the stage draws it: each tagged part with its quick-set values (the saved ones, a
 * hotel's override included, then the unsaved changes; null removes an attribute).
 */
function withValues(doc: ThemeDocument, values: Values): ThemeDocument {
  const apply = <T extends object>(kind: 'block' | 'container', part: T & { key: string }): T => {
    const set = values[partId(kind, part.key)];
    if (!set) return part;
    const next: Record<string, unknown> = { ...part };
    for (const [name, value] of Object.entries(set)) {
      if (value === null || value === undefined) delete next[name];
      else next[name] = value;
    }
    return next as T;
  };
  return {
    ...doc,
    layouts: doc.layouts.map((layout) => ({
      ...layout,
      pages: layout.pages.map((page) => ({
        ...page,
        containers: page.containers.map((container) => ({ ...apply('container', container), blocks: container.blocks.map((block) => apply('block', block as typeof block & { key: string })) })),
      })),
    })),
  };
}

/**
 * The real stage of the template's page with the tagged parts outlined: only they can be chosen (a
 * click shows the part's form); everything else is drawn as the TV draws it and stays as it is.
 */
function QuickStage({ doc, pageKey, parts, chosen, onChoose }: { doc: ThemeDocument; pageKey: string; parts: { id: string; part: TaggedPart }[]; chosen?: string; onChoose: (id: string) => void }) {
  const assets = useThemeAssets(doc);
  const boxes = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const layout of doc.layouts)
    for (const page of layout.pages)
      for (const container of page.containers) {
        boxes.set(partId('container', container.key), container);
        for (const block of container.blocks as { key: string; x: number; y: number; width: number; height: number }[]) boxes.set(partId('block', block.key), block);
      }
  return (
    <div style={{ width: '100%', aspectRatio: doc.theme.orientation === 'portrait' ? '9 / 16' : '16 / 9', maxHeight: '70vh' }} data-testid="quick-stage">
      <ThemeStage document={doc} assets={assets.data ?? {}} lang={doc.theme.languages[0]!} pageKey={pageKey}>
        {parts
          .filter(({ part }) => part.pageKey === pageKey)
          .map(({ id, part }) => {
            const box = boxes.get(id);
            if (!box) return null;
            const active = id === chosen;
            return (
              <div
                key={id}
                role="button"
                tabIndex={0}
                title={part.key}
                data-testid={`quick-box-${part.key}`}
                onClick={() => onChoose(id)}
                onKeyDown={(event) => event.key === 'Enter' && onChoose(id)}
                style={{ position: 'absolute', left: box.x, top: box.y, width: box.width, height: box.height, boxSizing: 'border-box', cursor: 'pointer', border: `${active ? 6 : 3}px ${active ? 'solid' : 'dashed'} ${active ? '#fa541c' : '#40a9ff'}`, background: active ? 'rgba(250,84,28,.12)' : undefined }}
              />
            );
          })}
      </ThemeStage>
    </div>
  );
}

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
 * /themes/themes_tag_setting/:tid: the template drawn by the renderer with the containers and blocks
 * that carry the chosen quick-settings tag outlined; their quick-set attributes (and nothing else) are
 * edited beside it, drawn at once, and saved together. A hotel on its brand's template saves into its
 * own override (docs/themes.md, "Quick settings").
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
  const [changes, setChanges] = useState<Values>({});
  const [saving, setSaving] = useState(false);
  const [chosenPart, choosePart] = useState<string>();
  const tagged = useMemo(
    () => [...(list.data?.containers ?? []).map((part) => ({ id: partId('container', part.key), part })), ...(list.data?.blocks ?? []).map((part) => ({ id: partId('block', part.key), part }))],
    [list.data],
  );
  const drawn = useMemo(() => {
    const doc = theme.data?.document;
    if (!doc) return undefined;
    const values: Values = {};
    for (const { id, part } of tagged) values[id] = { ...part.attrs, ...changes[id] };
    return withValues(doc, values);
  }, [theme.data, tagged, changes]);
  const stagePage = page ?? tagged[0]?.part.pageKey ?? (drawn && startPage(drawn)?.key);

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
      const id = partId(kind, part.key);
      const value = { ...part.attrs, ...changes[id] };
      return (
        <Card
          key={id}
          size="small"
          title={`${part.key}${part.type ? ` · ${part.type}` : ''}`}
          extra={part.pageKey}
          data-testid={`quick-${kind}-${part.key}`}
          data-chosen={id === chosenPart ? 'true' : undefined}
          style={id === chosenPart ? { borderColor: '#fa541c' } : undefined}
          onClick={() => choosePart(id)}
        >
          {schema && (
            <SchemaForm
              key={`${id}-${list.dataUpdatedAt}`}
              schema={schema}
              blockType={kind === 'block' ? part.type : undefined}
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
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          {drawn && stagePage && (
            <QuickStage
              doc={drawn}
              pageKey={stagePage}
              parts={tagged}
              chosen={chosenPart}
              onChoose={(id) => (choosePart(id), document.querySelector(`[data-testid="quick-${id.replace(':', '-')}"]`)?.scrollIntoView({ block: 'nearest' }))}
            />
          )}
        </Col>
        <Col xs={24} xl={10}>
          {data && (
            <Space direction="vertical" style={{ width: '100%' }}>
              {data.containers.length > 0 && <Typography.Title level={5}>{m('containers')}</Typography.Title>}
              {section('container', data.containers)}
              {data.blocks.length > 0 && <Typography.Title level={5}>{m('blocks')}</Typography.Title>}
              {section('block', data.blocks)}
            </Space>
          )}
        </Col>
      </Row>
    </Card>
  );
}
