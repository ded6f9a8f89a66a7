import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BorderBottomOutlined,
  BorderTopOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  DeleteOutlined,
  EyeOutlined,
  NodeIndexOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  VerticalAlignMiddleOutlined,
} from '@ant-design/icons';
import { CONTENT_LANGS, type ContentLang, type LocalText, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { stageOf, type Direction } from '@htv/renderer';
import { align, clampToStage, distribute, type Alignment, type Rect } from '@htv/renderer/editing';
import { CONTENT_LANG_NAMES } from '@htv/renderer/languages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Modal, Progress, Row, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { startTransition, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { showApiError } from '../../api/client';
import { toastError, toastSuccess } from '../../api/notify';
import { useTabSubject } from '../../layout/tabSubject';
import { useLang } from '../../locales';
import { themeApi } from './api';
import { useEditorText } from './editor-locales';
import { BlockPalette } from './editor/BlockPalette';
import { blockPlace, blocksOf, childList, firstPagePlace, freshKey, moveNode, newBlock, newBlockBox, nodeAt, pageAt, pathOf, placeBlock, placeKey, problemPlace, replaceNode, schemaAt, type MoveTarget, type Node, type Place, type PlacedBlock } from './editor/documentTree';
import { EditorCanvas } from './editor/EditorCanvas';
import { LayersTree, NodeTitle } from './editor/LayersTree';
import { NavPanel } from './editor/NavPanel';
import { uploadPicture } from './editor/uploadPicture';
import { problemsOf, useDraftEditor, type SaveStatus } from './editor/useDraftEditor';
import { useThemeText } from './locales';
import { SchemaForm } from './SchemaForm';
import { Preview } from './ThemePreviewPage';
import { useThemeAssets } from './useThemeAssets';

const STATUS_COLOURS: Record<SaveStatus, string> = { saved: 'success', saving: 'processing', unsaved: 'warning', stale: 'error' };
const BLOCK_PATH = /^layouts\.(\d+)\.pages\.(\d+)\.containers\.(\d+)\.blocks\.(\d+)(\.|$)/;
const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && !!target.closest('input, textarea, select, [contenteditable="true"], [role="tree"], .ant-select');

/** The place a node still has in a document (an undo may have taken it away): its deepest existing ancestor otherwise. */
function existingPlace(doc: ThemeDocument, place: Place): Place {
  for (let depth = 1; depth <= place.length; depth++) {
    const parent = place.slice(0, depth - 1);
    if (!childList(doc, parent)?.[place[depth - 1]!]) return parent;
  }
  return place;
}

/**
 * The visual editor of a theme's draft (/themes/themes_template/:id): the layers (the document's
 * tree), the canvas (the renderer with an editing layer) and the property form generated from the
 * chosen node's schema. The draft saves itself after each pause; publishing runs the server's check
 * and marks the blocks it finds problems on. See docs/themes.md "The editor".
 */
export default function ThemeEditorPage({ themeId }: { themeId?: number }) {
  const m = useThemeText();
  const e = useEditorText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const routeId = Number(useParams().id);
  const id = themeId ?? routeId;
  const uiLang = useLang();
  const loaded = useQuery({ queryKey: ['themes', 'document', id, uiLang], queryFn: ({ signal }) => themeApi.get(id, signal) });
  useTabSubject(loaded.data?.name);
  const draft = useDraftEditor(id, loaded.data);
  const assets = useThemeAssets(draft.doc);
  const [chosen, setChosen] = useState<Place>([]);
  const [chosenPage, setChosenPage] = useState<Place | undefined>();
  const [selection, setSelection] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState(false);
  const [lang, setLang] = useState<ContentLang | undefined>();
  const [focusView, setFocusView] = useState(false);
  const [picking, setPicking] = useState<Direction | undefined>();
  const [upload, setUpload] = useState<number | null>(null);
  const [publishing, setPublishing] = useState(false);
  const clipboard = useRef<PlacedBlock[]>([]);
  const canvas = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  // Shortcuts reach the editor from anywhere on it, or from nothing focused (a toolbar button that
  // turned disabled), while its tab is shown; never from dialogs or other tabs.
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      const editor = root.current;
      if (!editor || editor.getClientRects().length === 0) return;
      if (event.target === document.body || editor.contains(event.target as globalThis.Node)) keyHandler.current(event);
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, []);

  const doc = draft.doc;
  if (!doc || !loaded.data) return <Card loading />;

  const place = existingPlace(doc, chosen);
  const pagePlace = place.length >= 2 ? place.slice(0, 2) : chosenPage && pageAt(doc, chosenPage) ? chosenPage : firstPagePlace(doc);
  const page = pagePlace && pageAt(doc, pagePlace);
  const blocks = blocksOf(page);
  const selected = selection.filter((key) => blocks.some((b) => b.key === key));
  const selectedBlocks = blocks.filter((b) => selected.includes(b.key));
  const stage = stageOf(doc);
  const canvasLang = lang && doc.theme.languages.includes(lang) ? lang : (doc.theme.languages[0] ?? 'zh-CN');

  const choosePlace = (next: Place) => {
    setChosen(next);
    setPicking(undefined);
    if (next.length >= 2) setChosenPage(next.slice(0, 2));
    setSelection(next.length === 4 ? [String(nodeAt(doc, next).key)] : []);
  };
  /** A node dragged in the layers panel: one undo step; it stays chosen at its new place. */
  const moveInTree = (from: Place, target: MoveTarget) => {
    const moved = String(nodeAt(doc, from).key);
    let landed: Place = from;
    draft.change((next) => void (landed = moveNode(next, from, target)));
    setChosen(landed);
    setPicking(undefined);
    if (landed.length >= 2) setChosenPage(landed.slice(0, 2));
    setSelection(landed.length === 4 ? [moved] : []);
  };
  const chooseBlocks = (keys: string[]) => {
    setSelection(keys);
    const last = keys.at(-1);
    const at = last && pagePlace ? blockPlace(doc, pagePlace, last) : undefined;
    setChosen(at ?? pagePlace ?? []);
  };

  /** Changes blocks of the shown page by key (one undo step, or one per `merge` burst). */
  const changeBlocks = (edit: (block: PlacedBlock) => void, keys: readonly string[], merge?: string) =>
    draft.change((next) => {
      for (const block of blocksOf(pagePlace && pageAt(next, pagePlace))) if (keys.includes(block.key)) edit(block);
    }, merge);
  const setBoxes = (boxes: Record<string, Rect>, merge?: string) => changeBlocks((block) => Object.assign(block, boxes[block.key]), Object.keys(boxes), merge);
  const arrange = (rects: Rect[]) => setBoxes(Object.fromEntries(selectedBlocks.map((b, i) => [b.key, clampToStage(rects[i]!, stage)])));
  const nudge = (dx: number, dy: number) => setBoxes(Object.fromEntries(selectedBlocks.map((b) => [b.key, clampToStage({ x: b.x + dx, y: b.y + dy, width: b.width, height: b.height }, stage)])), 'nudge');

  const removeSelected = () => {
    draft.change((next) => {
      for (const container of pagePlace ? (pageAt(next, pagePlace)?.containers ?? []) : []) container.blocks = container.blocks.filter((b) => !selected.includes((b as PlacedBlock).key));
    });
    chooseBlocks([]);
  };
  const paste = () => {
    if (!page || !pagePlace || !clipboard.current.length) return;
    const taken = new Set<string>();
    const copies = clipboard.current.map((block) => {
      const key = freshKey(doc, block.type, taken);
      taken.add(key);
      const { nav: _nav, ...rest } = structuredClone(block);
      return { ...rest, key, ...clampToStage({ x: block.x + 20, y: block.y + 20, width: block.width, height: block.height }, stage) };
    });
    draft.change((next) => {
      const containers = pageAt(next, pagePlace)!.containers;
      if (!containers.length) containers.push({ key: freshKey(next, 'container'), name: 'Container', x: 0, y: 0, ...stage, focusable: false, blocks: [] });
      containers[0]!.blocks.push(...(copies as never[]));
    });
    setSelection(copies.map((c) => c.key));
    setChosen(pagePlace);
  };

  keyHandler.current = (event: KeyboardEvent) => {
    // The preview's remote sends the TV's keys: they belong to the preview, not to the editor under it.
    if (previewing || isTyping(event.target)) return;
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const handled = () => event.preventDefault();
    if (command && key === 'z') return handled(), event.shiftKey ? draft.redo() : draft.undo();
    if (command && key === 'y') return handled(), draft.redo();
    if (event.key === 'Escape') return handled(), picking ? setPicking(undefined) : chooseBlocks([]);
    if (!selectedBlocks.length && !(command && key === 'v')) return;
    if (command && key === 'c') return handled(), (clipboard.current = structuredClone(selectedBlocks));
    if (command && key === 'v') return handled(), paste();
    if (event.key === 'Delete' || event.key === 'Backspace') return handled(), removeSelected();
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) return handled(), nudge(...move);
  };

  /** Pictures dropped or chosen: each into the material library, then an image block centred on the point. */
  const addPictures = async (files: File[], at: { x: number; y: number }) => {
    if (!pagePlace || !page) return toastError(e('noPage'));
    for (const file of files) {
      try {
        setUpload(0);
        const picture = await uploadPicture(file, (share) => setUpload(Math.round(share * 100)));
        const fit = Math.min(1, 480 / picture.width, 270 / picture.height);
        const size = { width: Math.max(1, Math.round(picture.width * fit)), height: Math.max(1, Math.round(picture.height * fit)) };
        const box = clampToStage({ x: at.x - size.width / 2, y: at.y - size.height / 2, ...size }, stage);
        const key = freshKey(draft.doc ?? doc, 'image');
        draft.change((next) => void placeBlock(next, pagePlace, { ...newBlock('image', key, box), materialIds: [picture.materialId] }));
        setSelection([key]);
      } catch (error) {
        if (!problemsOf(error)) toastError(e('uploadFailed'));
        showApiError(error);
      } finally {
        setUpload(null);
      }
    }
  };

  /**
   * A block from the palette: its type's starting size and content, centred on the point (a drop) or
   * on the stage, into the chosen container (a click) or the one under it; chosen at once.
   */
  const addBlock = (type: string, at?: { x: number; y: number }) => {
    if (!pagePlace || !page) return toastError(e('noPage'));
    // A click's block goes in the middle, 40 px further down and right for each block already centred there.
    const centre = at ?? { x: stage.width / 2, y: stage.height / 2 };
    for (let step = 0; !at && step < 10 && blocks.some((b) => Math.abs(b.x + b.width / 2 - centre.x) < 20 && Math.abs(b.y + b.height / 2 - centre.y) < 20); step++) {
      centre.x += 40;
      centre.y += 40;
    }
    const box = newBlockBox(type, centre, stage);
    const block = newBlock(type, freshKey(doc, type), box, doc.theme.languages);
    const container = !at && place.length >= 3 && place[0] === pagePlace[0] && place[1] === pagePlace[1] ? place[2] : undefined;
    let landed: Place = pagePlace;
    draft.change((next) => void (landed = placeBlock(next, pagePlace, block, container)));
    setChosen(landed);
    setChosenPage(pagePlace);
    setSelection([String(block.key)]);
  };
  /** A text block's words in the canvas's language, typed on the canvas: one undo step, none when unchanged. */
  const editText = (key: string, value: string) => {
    const block = blocks.find((b) => b.key === key);
    if (!block || ((block.text as LocalText | undefined)?.[canvasLang] ?? '') === value) return;
    changeBlocks((target) => void (target.text = { ...(target.text as LocalText), [canvasLang]: value }), [key]);
  };

  const publish = async () => {
    setPublishing(true);
    try {
      if (!(await draft.save())) return;
      await themeApi.publish(id);
      draft.setProblems({});
      toastSuccess(e('published'));
      await client.invalidateQueries({ queryKey: ['themes'], refetchType: 'none' });
    } catch (error) {
      const found = problemsOf(error);
      if (found) draft.setProblems(found);
      showApiError(error);
    } finally {
      setPublishing(false);
    }
  };

  const reload = () =>
    Modal.confirm({
      title: e('reload'),
      content: e('reloadConfirm'),
      onOk: async () => {
        const fresh = await loaded.refetch();
        if (fresh.data) draft.reset(fresh.data.document, fresh.data.draftRevision);
      },
    });

  // Add buttons of the tree: a node at a depth (0 layout .. 3 block) under the chosen node's ancestor of that depth.
  const depth = place.length;
  const add = (level: number, node: Node) => {
    const parent = place.slice(0, level);
    let index = 0;
    draft.change((next) => {
      const list = childList(next, parent);
      list.push(node);
      index = list.length - 1;
    });
    const at = [...parent, index];
    setChosen(at);
    if (at.length >= 2) setChosenPage(at.slice(0, 2));
    setSelection(level === 3 ? [String(node.key)] : []);
  };
  const containerBox = { x: 0, y: 0, width: 400, height: 200 };
  const adders: { label: string; make: () => Node; at: number; testId: string }[] = [
    { at: 0, label: m('addLayout'), testId: 'add-layout', make: () => ({ key: freshKey(doc, 'layout'), name: 'Layout', type: 'main', pages: [] }) },
    { at: 1, label: m('addPage'), testId: 'add-page', make: () => ({ key: freshKey(doc, 'page'), name: 'Page', containers: [] }) },
    { at: 2, label: m('addContainer'), testId: 'add-container', make: () => ({ key: freshKey(doc, 'container'), name: 'Container', ...containerBox, blocks: [] }) },
  ];

  const node = nodeAt(doc, place);
  const schema = schemaAt(doc, place);
  /** A problem's place in words ("Block 'welcome' · Background blur"), never its document path. */
  const problemText = (path: string) => {
    const at = problemPlace(doc, path, uiLang);
    return e('problemAt', { kind: e(`kind_${at.kind}`), name: at.name }) + (at.property ? e('problemProperty', { property: at.property }) : '');
  };
  const base = place.length ? `${pathOf(place)}.` : 'theme.';
  const nodeErrors = Object.fromEntries(Object.entries(draft.problems).filter(([path]) => path.startsWith(base) && !path.slice(base.length).includes('.')).map(([path, list]) => [path.slice(base.length), list]));
  const problemKeys = new Set(
    Object.keys(draft.problems).flatMap((path) => {
      const match = BLOCK_PATH.exec(path);
      const block = match && (doc.layouts[+match[1]!]?.pages[+match[2]!]?.containers[+match[3]!]?.blocks[+match[4]!] as PlacedBlock | undefined);
      return block ? [block.key] : [];
    }),
  );
  const primary = place.length === 4 ? (node as PlacedBlock) : undefined;
  const alignments: [Alignment, React.ReactNode, string][] = [
    ['left', <AlignLeftOutlined />, e('alignLeft')],
    ['center', <AlignCenterOutlined />, e('alignCenter')],
    ['right', <AlignRightOutlined />, e('alignRight')],
    ['top', <BorderTopOutlined />, e('alignTop')],
    ['middle', <VerticalAlignMiddleOutlined />, e('alignMiddle')],
    ['bottom', <BorderBottomOutlined />, e('alignBottom')],
  ];
  const statusText: Record<SaveStatus, string> = { saved: e('statusSaved'), saving: e('statusSaving'), unsaved: e('statusUnsaved'), stale: e('statusStale') };
  const tool = (testId: string, title: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={title}>
      <Button size="small" icon={icon} aria-label={title} onClick={onClick} disabled={disabled} data-testid={testId} />
    </Tooltip>
  );

  return (
    <div ref={root} data-testid="theme-editor">
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button type="text" onClick={() => navigate(-1)}>
            {m('back')}
          </Button>
          <Typography.Text strong>{loaded.data.name}</Typography.Text>
          <Typography.Text type="secondary">{m('revision', { n: draft.revision })}</Typography.Text>
          <Tag color={STATUS_COLOURS[draft.status]} data-testid="save-status" data-status={draft.status}>
            {statusText[draft.status]}
          </Tag>
        </Space>
        <Space wrap>
          {tool('editor-undo', e('undo'), <UndoOutlined />, draft.undo, !draft.canUndo)}
          {tool('editor-redo', e('redo'), <RedoOutlined />, draft.redo, !draft.canRedo)}
          {alignments.map(([how, icon, title]) => tool(`align-${how}`, title, icon, () => arrange(align(selectedBlocks, how)), selectedBlocks.length < 2))}
          {tool('distribute-x', e('distributeX'), <ColumnWidthOutlined />, () => arrange(distribute(selectedBlocks, 'x')), selectedBlocks.length < 3)}
          {tool('distribute-y', e('distributeY'), <ColumnHeightOutlined />, () => arrange(distribute(selectedBlocks, 'y')), selectedBlocks.length < 3)}
          {tool('delete-blocks', e('deleteBlocks'), <DeleteOutlined />, removeSelected, !selectedBlocks.length)}
          <Space size={4}>
            <NodeIndexOutlined />
            <Switch size="small" checked={focusView} onChange={setFocusView} aria-label={e('focusOrder')} data-testid="focus-view" />
            <Typography.Text>{e('focusOrder')}</Typography.Text>
          </Space>
          <Select<ContentLang>
            size="small"
            value={canvasLang}
            onChange={setLang}
            aria-label={m('contentLang')}
            data-testid="canvas-lang"
            options={CONTENT_LANGS.filter((l) => doc.theme.languages.includes(l)).map((l) => ({ value: l, label: CONTENT_LANG_NAMES[l] }))}
            style={{ minWidth: 110 }}
          />
          <Button size="small" icon={<PictureOutlined />} onClick={() => fileInput.current?.click()} disabled={upload !== null || !page} data-testid="add-picture">
            {e('addPicture')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            data-testid="picture-input"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length) void addPictures(files, { x: stage.width / 2, y: stage.height / 2 });
            }}
          />
          {upload !== null && <Progress percent={upload} size="small" style={{ width: 120 }} data-testid="upload-progress" />}
          <Button size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="editor-preview">
            {e('preview')}
          </Button>
          <Button size="small" loading={draft.status === 'saving'} disabled={!!draft.stale} onClick={() => void draft.save()} data-testid="theme-save">
            {m('save')}
          </Button>
          <Button size="small" type="primary" loading={publishing} disabled={!!draft.stale} onClick={() => void publish()} data-testid="editor-publish">
            {e('publish')}
          </Button>
        </Space>
      </Space>
      {previewing && createPortal(<Preview document={doc} label={e('previewDraft')} onClose={() => setPreviewing(false)} />, document.body)}
      {draft.stale && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          message={e('staleTitle')}
          description={<span data-testid="stale-message">{draft.stale}</span>}
          action={
            <Button danger onClick={reload} data-testid="reload-draft">
              {e('reload')}
            </Button>
          }
          data-testid="stale-draft"
        />
      )}
      <Row gutter={12}>
        <Col xs={24} lg={5}>
          <Card size="small" title={m('addBlock')} style={{ marginBottom: 12 }}>
            <BlockPalette disabled={!page} onAdd={(type) => addBlock(type)} />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
              {e('paletteHint')}
            </Typography.Text>
          </Card>
          <Card size="small" title={e('layers')} styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflow: 'auto' } }}>
            <Space wrap style={{ marginBottom: 8 }}>
              {adders
                .filter((adder) => adder.at <= depth)
                .map((adder) => (
                  <Button key={adder.testId} size="small" onClick={() => add(adder.at, adder.make())} data-testid={adder.testId}>
                    {adder.label}
                  </Button>
                ))}
              {depth > 0 && (
                <Button
                  size="small"
                  danger
                  onClick={() => {
                    draft.change((next) => childList(next, place.slice(0, -1)).splice(place.at(-1)!, 1));
                    choosePlace(place.slice(0, -1));
                  }}
                  data-testid="remove-node"
                >
                  {m('removeNode')}
                </Button>
              )}
            </Space>
            <LayersTree doc={doc} problems={draft.problems} onSelect={choosePlace} onMove={moveInTree} selectedKeys={selected.length > 1 && pagePlace ? selected.map((key) => placeKey(blockPlace(doc, pagePlace, key)!)) : [placeKey(place)]} />
            {Object.keys(draft.problems).length > 0 && (
              <Alert style={{ marginTop: 12 }} type="error" message={m('problems')} data-testid="editor-problems" description={Object.entries(draft.problems).map(([path, list]) => <div key={path}>{`${problemText(path)}: ${list.join('; ')}`}</div>)} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={13}>
          {/* The stage's own shape, as wide as the column and no taller than the window: no bands above and below. */}
          <div style={{ width: '100%', aspectRatio: `${stage.width} / ${stage.height}`, maxHeight: 'calc(100vh - 180px)', minHeight: 240 }}>
            {page && assets.data ? (
              <EditorCanvas
                canvasRef={canvas}
                doc={doc}
                page={page}
                lang={canvasLang}
                assets={assets.data}
                selection={selected}
                // Choosing on the canvas redraws the panels (tree, form) in a transition: the frame that
                // shows the choice on the canvas does not wait for them.
                onSelect={(keys) => startTransition(() => chooseBlocks(keys))}
                onGeometry={(boxes) => setBoxes(boxes)}
                problemKeys={problemKeys}
                focusView={focusView || !!picking}
                picking={!!picking}
                onPick={(key) => {
                  if (primary && picking && key !== primary.key) changeBlocks((block) => (block.nav = { ...(block.nav as object), [picking]: key }), [primary.key]);
                  setPicking(undefined);
                }}
                onDropFiles={(files, at) => void addPictures(files, at)}
                onDropBlock={addBlock}
                onEditText={editText}
              />
            ) : (
              <Card style={{ height: '100%' }}>{page ? null : <Empty description={e('noPage')} />}</Card>
            )}
          </div>
          {picking && <Alert type="info" style={{ marginTop: 8 }} message={e('navPickHint', { direction: e(picking) })} data-testid="nav-pick-hint" />}
        </Col>
        <Col xs={24} lg={6}>
          <Card size="small" title={selected.length > 1 ? e('selected', { count: selected.length }) : place.length ? <NodeTitle node={node} place={place} problems={draft.problems} /> : m('themeNode')} styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflow: 'auto' } }}>
            {primary && (
              <Card size="small" type="inner" title={e('navTitle')} style={{ marginBottom: 12 }}>
                <NavPanel
                  block={primary}
                  blocks={blocks}
                  picking={picking}
                  onPick={(direction) => setPicking(picking === direction ? undefined : direction)}
                  onSet={(direction, key) =>
                    changeBlocks((block) => {
                      const nav = { ...(block.nav as Record<string, string>), [direction]: key };
                      if (!key) delete nav[direction];
                      if (Object.keys(nav).length) block.nav = nav;
                      else delete block.nav;
                    }, [primary.key])
                  }
                />
              </Card>
            )}
            {schema ? (
              <SchemaForm key={placeKey(place)} schema={schema} value={node} errors={nodeErrors} context={{ document: doc }} onChange={(next) => draft.change((d) => replaceNode(nodeAt(d, place), next), `form:${placeKey(place)}`)} />
            ) : (
              <Empty description={m('selectNode')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** /skin/edit?id=: the same editor on a welcome template (the route table gives the path no id). */
export function WelcomeEditorPage() {
  const id = Number(useSearchParams()[0].get('id'));
  return <ThemeEditorPage key={id} themeId={id} />;
}
