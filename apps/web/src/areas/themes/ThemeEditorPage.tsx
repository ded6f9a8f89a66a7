import { blockSchemaOf, blockTypeNames, containerSchema, layoutSchema, pageSchema, themeFields, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Select, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, showApiError } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { useTabSubject } from '../../layout/tabSubject';
import { useLang } from '../../locales';
import { themeApi } from './api';
import { useThemeText } from './locales';
import { SchemaForm } from './SchemaForm';

type Node = Record<string, unknown>;
/** A tree node's place: indexes of layout, page, container, block (as many as its depth). */
type Place = number[];

const CHILD_LISTS = ['layouts', 'pages', 'containers', 'blocks'] as const;
const placeKey = (place: Place) => (place.length ? place.join('.') : 'theme');
/** The document path of a place (`layouts.0.pages.1`), as the server's messages name them. */
const pathOf = (place: Place) => place.map((index, depth) => `${CHILD_LISTS[depth]}.${index}`).join('.');

function nodeAt(doc: ThemeDocument, place: Place): Node {
  let node: Node = doc as unknown as Node;
  place.forEach((index, depth) => (node = (node[CHILD_LISTS[depth]!] as Node[])[index]!));
  return place.length ? node : (doc.theme as unknown as Node);
}

function schemaAt(doc: ThemeDocument, place: Place): z.ZodObject | undefined {
  if (place.length === 0) return themeFields as unknown as z.ZodObject;
  if (place.length === 4) return blockSchemaOf(String(nodeAt(doc, place).type));
  return [layoutSchema, pageSchema, containerSchema][place.length - 1] as unknown as z.ZodObject;
}

/** Replaces a node's properties in place (its parent keeps the same object). */
function replaceNode(target: Node, next: Node) {
  for (const name of Object.keys(target)) delete target[name];
  Object.assign(target, next);
}

/** A key not yet used in the document (keys are unique in it). */
function freshKey(doc: ThemeDocument, stem: string): string {
  const used = JSON.stringify(doc);
  for (let n = 1; ; n++) if (!used.includes(`"key":"${stem}${n}"`)) return `${stem}${n}`;
}

/**
 * The structured editor of a theme's draft (/themes/themes_template/:id): the document as a tree of
 * layouts, pages, containers and blocks, and a property form generated from the schema of the chosen
 * node. The canvas editor keeps this tree as its layers panel. Save sends the whole draft with its
 * revision; the server's messages are shown on the nodes they name.
 */
export default function ThemeEditorPage() {
  const m = useThemeText();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = Number(useParams().id);
  const loaded = useQuery({ queryKey: ['themes', 'document', id, lang], queryFn: ({ signal }) => themeApi.get(id, signal) });
  useTabSubject(loaded.data?.name);
  const [doc, setDoc] = useState<ThemeDocument | null>(null);
  const [revision, setRevision] = useState(0);
  const [selected, setSelected] = useState<Place>([]);
  const [blockType, setBlockType] = useState('text');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  // Nodes are open unless closed by hand, so a node just added shows at once.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (loaded.data && doc === null) {
      setDoc(loaded.data.document);
      setRevision(loaded.data.draftRevision);
    }
  }, [loaded.data, doc]);

  if (!doc || !loaded.data) return <Card loading />;

  const change = (mutate: (draft: ThemeDocument) => void) => {
    const next = structuredClone(doc);
    mutate(next);
    setDoc(next);
  };
  const childList = (draft: ThemeDocument, place: Place) => (place.length ? (nodeAt(draft, place)[CHILD_LISTS[place.length]!] as Node[]) : (draft.layouts as unknown as Node[]));
  /** Adds a node at a depth (0 layout .. 3 block) under the selected node's ancestor of that depth. */
  const add = (level: number, node: Node) => {
    const parent = selected.slice(0, level);
    let index = 0;
    change((draft) => {
      const list = childList(draft, parent);
      list.push(node);
      index = list.length - 1;
    });
    setSelected([...parent, index]);
  };
  const depth = selected.length;
  const box = { x: 0, y: 0, width: 400, height: 200 };
  const adders: { label: string; make: () => Node; at: number; testId: string }[] = [
    { at: 0, label: m('addLayout'), testId: 'add-layout', make: () => ({ key: freshKey(doc, 'layout'), name: 'Layout', type: 'main', pages: [] }) },
    { at: 1, label: m('addPage'), testId: 'add-page', make: () => ({ key: freshKey(doc, 'page'), name: 'Page', containers: [] }) },
    { at: 2, label: m('addContainer'), testId: 'add-container', make: () => ({ key: freshKey(doc, 'container'), name: 'Container', ...box, blocks: [] }) },
  ];

  const save = async () => {
    setBusy(true);
    try {
      const saved = await themeApi.saveDraft(id, revision, doc);
      setDoc(saved.document);
      setRevision(saved.draftRevision);
      setErrors({});
      toastSuccess(m('saved'));
      await client.invalidateQueries({ queryKey: ['themes'] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(Object.fromEntries(Object.entries(error.errors ?? {}).map(([path, list]) => [path, Array.isArray(list) ? list : [list]])));
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const title = (node: Node, place: Place) => {
    const own = errors[pathOf(place)] ?? Object.keys(errors).some((path) => path.startsWith(`${pathOf(place)}.`));
    const text = place.length === 4 ? `${String(node.type)} · ${String(node.key)}` : `${String(node.name ?? node.key)}`;
    return <Typography.Text type={own ? 'danger' : undefined}>{text}</Typography.Text>;
  };
  const treeOf = (node: Node, place: Place): DataNode => {
    const children = place.length < 4 ? ((node[CHILD_LISTS[place.length]!] as Node[] | undefined) ?? []) : [];
    return { key: placeKey(place), title: title(node, place), children: children.map((child, index) => treeOf(child, [...place, index])) };
  };
  const tree: DataNode[] = [{ key: 'theme', title: <Typography.Text strong>{doc.theme.name || m('themeNode')}</Typography.Text>, children: doc.layouts.map((layout, index) => treeOf(layout as unknown as Node, [index])) }];
  const allKeys: string[] = [];
  const collect = (nodes: DataNode[]) => nodes.forEach((n) => (allKeys.push(String(n.key)), collect(n.children ?? [])));
  collect(tree);
  const node = nodeAt(doc, selected);
  const schema = schemaAt(doc, selected);
  const base = selected.length ? `${pathOf(selected)}.` : 'theme.';
  const nodeErrors = Object.fromEntries(Object.entries(errors).filter(([path]) => path.startsWith(base) && !path.slice(base.length).includes('.')).map(([path, list]) => [path.slice(base.length), list]));

  return (
    <Row gutter={16}>
      <Col xs={24} md={9}>
        <Card
          size="small"
          title={
            <Space>
              <Button type="text" onClick={() => navigate(-1)}>
                {m('back')}
              </Button>
              <span>{loaded.data.name}</span>
              <Typography.Text type="secondary">{m('revision', { n: revision })}</Typography.Text>
            </Space>
          }
          extra={
            <Button type="primary" loading={busy} onClick={save} data-testid="theme-save">
              {m('save')}
            </Button>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            {adders
              .filter((adder) => adder.at <= depth)
              .map((adder) => (
                <Button key={adder.testId} size="small" onClick={() => add(adder.at, adder.make())} data-testid={adder.testId}>
                  {adder.label}
                </Button>
              ))}
            {depth >= 3 && (
              <Space.Compact>
                <Select size="small" value={blockType} onChange={setBlockType} options={blockTypeNames().map((type) => ({ value: type, label: type }))} style={{ width: 120 }} aria-label={m('blockType')} data-testid="block-type" />
                <Button size="small" onClick={() => add(3, { type: blockType, key: freshKey(doc, blockType), ...box, ...(blockType === 'text' ? { text: {} } : {}) })} data-testid="add-block">
                  {m('addBlock')}
                </Button>
              </Space.Compact>
            )}
            {depth > 0 && (
              <Button
                size="small"
                danger
                onClick={() => {
                  change((draft) => childList(draft, selected.slice(0, -1)).splice(selected.at(-1)!, 1));
                  setSelected(selected.slice(0, -1));
                }}
              >
                {m('removeNode')}
              </Button>
            )}
          </Space>
          <Tree
            treeData={tree}
            showLine
            expandedKeys={allKeys.filter((key) => !collapsed.has(key))}
            onExpand={(keys) => setCollapsed(new Set(allKeys.filter((key) => !keys.includes(key))))}
            selectedKeys={[placeKey(selected)]}
            onSelect={(keys) => keys[0] !== undefined && setSelected(keys[0] === 'theme' ? [] : String(keys[0]).split('.').map(Number))}
            data-testid="theme-tree"
          />
          {Object.keys(errors).length > 0 && <Alert style={{ marginTop: 12 }} type="error" message={m('problems')} description={Object.entries(errors).map(([path, list]) => <div key={path}>{`${path}: ${list.join('; ')}`}</div>)} />}
        </Card>
      </Col>
      <Col xs={24} md={15}>
        <Card size="small" title={selected.length ? title(node, selected) : m('themeNode')}>
          {schema ? (
            <SchemaForm key={placeKey(selected) + String(revision)} schema={schema} value={node} errors={nodeErrors} onChange={(next) => change((draft) => replaceNode(nodeAt(draft, selected), next))} />
          ) : (
            <Empty description={m('selectNode')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
