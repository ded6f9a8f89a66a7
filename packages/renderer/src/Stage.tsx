import type { ContentLang, ThemeAction, ThemeBlock, ThemeDocument, ThemePage } from '@htv/shared/areas/themes/document';
import { doesFocusableExist, FocusContext, getCurrentFocusKey, init as initNavigation, destroy as destroyNavigation, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import './blocks/index';
import { useElementSize, useNow } from './hooks';
import { assetResolver, findPage, fitScale, focusableBlocks, handSetMove, isShown, stageOf, startPage, type AssetResolver, type BlockFilter, type Direction, type StageAsset, type TextVariables } from './model';
import { blockRenderer, type BlockContext } from './registry';
import { blockStyle, placed, STAGE_CSS } from './style';

export interface ThemeStageProps {
  document: ThemeDocument;
  /** The materials the document names, by id. */
  assets: AssetResolver | Readonly<Record<number, StageAsset>>;
  lang: ContentLang;
  /**
   * A TV or a preview: D-pad focus between focusable blocks, Enter runs click events, Back returns,
   * media play. Otherwise a still picture (an editor's canvas).
   */
  interactive?: boolean;
  /** Media play and texts scroll without the remote's navigation (a TV's welcome screen); implied by `interactive`. */
  live?: boolean;
  /** What texts' `{guest}` and `{room}` become; without it they show as written (an editor). */
  variables?: TextVariables;
  /** The page to show (an editor chooses it); without it the stage starts at the start page and navigates itself. */
  pageKey?: string;
  /** Called when the shown page changes by an action or Back. */
  onPageChange?: (key: string) => void;
  /** Actions the stage does not run itself: opening an app or a content area. */
  onAction?: (action: ThemeAction) => void;
  /**
   * Blocks left out (a TV's content modules hidden at boot): not drawn, not focusable, so the remote's
   * arrows pass over them. Keep it the same function while what it hides is the same.
   */
  hidden?: BlockFilter;
  weather?: BlockContext['weather'];
  /** When the TV booted or the stage opened: duration rules count from it. */
  since?: Date;
  /** Drawn over the page in stage pixels (the editor's layer). */
  children?: ReactNode;
  style?: CSSProperties;
}

const BACK_KEYS = new Set(['Backspace', 'Escape', 'GoBack', 'BrowserBack']);

/**
 * Draws a theme document on its stage (1920x1080, or 1080x1920 portrait), scaled to fit the box it is
 * given and centred in it: the page's containers and blocks at their positions with their styles.
 */
export function ThemeStage(props: ThemeStageProps) {
  const { document: doc, interactive = false, lang } = props;
  // The remote's navigation starts before the blocks register (their effects run before this
  // component's); starting twice is harmless. It stops with the stage.
  if (interactive) initNavigation({ useGetBoundingClientRect: true, throttle: 0 });
  useEffect(() => (interactive ? () => destroyNavigation() : undefined), [interactive]);
  const stage = stageOf(doc);
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const scale = fitScale(stage, size);

  const since = useMemo(() => props.since ?? new Date(), [props.since]);
  // Only a document with a rule that changes with time redraws the stage with the clock (a saved
  // document carries the default rule, `none`, on every part).
  const timed = useMemo(() => /"mode":"(?:duration|timeRange)"/.test(JSON.stringify(doc)), [doc]);
  const now = useNow(timed ? 1000 : 3_600_000);

  // The page stack: actions open pages, Back returns.
  const first = startPage(doc, now, since)?.key;
  const [stack, setStack] = useState<string[]>(() => (first ? [first] : []));
  const shownKey = props.pageKey ?? stack[stack.length - 1] ?? first;
  const found = shownKey ? findPage(doc, shownKey) : undefined;
  const [playing, setPlaying] = useState<StageAsset | null>(null);

  const assets = useMemo(() => assetResolver(props.assets), [props.assets]);
  const { onAction, onPageChange } = props;
  const run = useCallback(
    (action: ThemeAction) => {
      if (action.action === 'openPage') {
        if (!findPage(doc, action.pageKey)) return;
        setStack((s) => [...s, action.pageKey]);
        onPageChange?.(action.pageKey);
      } else if (action.action === 'playMedia') {
        const asset = assets(action.materialId);
        if (asset) setPlaying(asset);
      } else onAction?.(action);
    },
    [doc, assets, onAction, onPageChange],
  );

  useEffect(() => {
    if (!interactive) return;
    const onKey = (event: KeyboardEvent) => {
      if (!BACK_KEYS.has(event.key)) return;
      event.preventDefault();
      if (playing) return setPlaying(null);
      setStack((s) => {
        if (s.length <= 1) return s;
        const back = s.slice(0, -1);
        onPageChange?.(back[back.length - 1]!);
        return back;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [interactive, playing, onPageChange]);

  // The same context while nothing it holds changes, so the page is not drawn again for the host's
  // own changes (an editor's selection) or an open media overlay.
  const context = useMemo<BlockContext>(
    () => ({ lang, fallbacks: doc.theme.languages, assets, run, weather: props.weather, live: interactive || !!props.live, variables: props.variables }),
    [lang, doc.theme.languages, assets, run, props.weather, interactive, props.live, props.variables],
  );
  const left = (size.width - stage.width * scale) / 2;
  const top = (size.height - stage.height * scale) / 2;

  return (
    <div ref={box} data-testid="theme-stage" style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', background: '#000', ...props.style }}>
      <style>{STAGE_CSS}</style>
      <div
        data-stage-scale={scale}
        style={{
          position: 'absolute',
          left,
          top,
          width: stage.width,
          height: stage.height,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          visibility: scale ? 'visible' : 'hidden',
          ['--htv-focus' as string]: doc.theme.color,
          background: 'linear-gradient(135deg, #0b1526, #14233d)',
          fontFamily: 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif',
        }}
      >
        {found &&
          (interactive ? (
            <LivePage key={found.page.key} page={found.page} context={context} now={now} since={since} hidden={props.hidden} />
          ) : (
            <StillPage page={found.page} context={context} now={now} since={since} hidden={props.hidden} />
          ))}
        {props.children}
        {playing && <MediaOverlay asset={playing} onEnd={() => setPlaying(null)} />}
      </div>
    </div>
  );
}

interface PageProps {
  page: ThemePage;
  context: BlockContext;
  now: Date;
  since: Date;
  hidden?: BlockFilter;
}

/** A page's containers and their blocks; parts whose auto-show rule hides them now, and those the host hides, are left out. */
function PageView({ page, context, now, since, hidden, focusable = false }: PageProps & { focusable?: boolean }) {
  return (
    <div data-page={page.key} style={{ position: 'absolute', inset: 0 }}>
      {page.containers.map((container) => (
        <div key={container.key} data-container={container.key} style={placed(container)}>
          {(container.blocks as ThemeBlock[])
            .filter((block) => isShown(block.autoShow as Parameters<typeof isShown>[0], now, since) && !hidden?.(block))
            .map((block) =>
              focusable && block.focusable ? (
                <FocusableBlock key={block.key} block={block} context={context} origin={container} />
              ) : (
                <BlockView key={block.key} block={block} context={context} origin={container} focused={false} />
              ),
            )}
        </div>
      ))}
    </div>
  );
}

/**
 * The page of a still stage (an editor's canvas), drawn again only when the page, the context or the
 * time rules' clock change: not for the host's own changes (a selection, a gesture on the layer over
 * it). Under the remote the page is drawn as it is (`FocusPage`).
 */
const StillPage = memo(PageView);

/**
 * A page under the remote: a focus boundary whose first focusable block (reading order) takes the
 * focus, and takes it again when the host hides the focused block.
 */
function FocusPage(props: PageProps) {
  const { ref, focusKey } = useFocusable({ focusKey: `page:${props.page.key}`, trackChildren: true, isFocusBoundary: true, focusable: true });
  const opened = useRef<ThemePage | null>(null);
  useEffect(() => {
    const firstBlock = focusableBlocks(props.page, props.hidden)[0];
    const reopened = opened.current !== props.page;
    opened.current = props.page;
    const focusFirst = () => {
      const current = getCurrentFocusKey();
      if (!reopened && current !== focusKey && doesFocusableExist(current)) return;
      if (firstBlock && doesFocusableExist(firstBlock.key)) setFocus(firstBlock.key);
    };
    // The blocks registered themselves in their effects, which run before this one: the focus is
    // drawn in the page's next frame. One not registered yet is focused a frame later.
    if (!firstBlock || doesFocusableExist(firstBlock.key)) return void focusFirst();
    const frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [props.page, props.hidden, focusKey]);
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} style={{ position: 'absolute', inset: 0 }}>
        <PageView {...props} focusable />
      </div>
    </FocusContext.Provider>
  );
}

/**
 * The page under the remote, drawn again only when the page, the context, the time rules' clock or
 * the hidden blocks change: not when the stage's size is first measured (a TV's first picture draws
 * its 40 blocks once) nor for the host's other changes.
 */
const LivePage = memo(FocusPage);

interface BlockProps {
  block: ThemeBlock;
  context: BlockContext;
  origin: { x: number; y: number };
}

/** The action Enter runs on a block: its click event, else its own (an app launcher opens its app). */
function clickOf(block: ThemeBlock): ThemeAction | undefined {
  const click = block.clickEvent as ThemeAction | undefined;
  if (click) return click;
  if (block.type === 'app') return { action: 'openApp', packageName: block.packageName as string };
  return undefined;
}

function FocusableBlock({ block, context, origin }: BlockProps) {
  const { ref, focused } = useFocusable({
    focusKey: block.key,
    onEnterPress: () => {
      const click = clickOf(block);
      if (click) context.run(click);
    },
    onFocus: () => {
      const focus = block.focusEvent as ThemeAction | undefined;
      if (focus) context.run(focus);
    },
    onArrowPress: (direction) => {
      const target = handSetMove(block, direction as Direction);
      if (target && doesFocusableExist(target)) {
        setFocus(target);
        return false;
      }
      return true;
    },
  });
  return <BlockView block={block} context={context} origin={origin} focused={focused} elementRef={ref} />;
}

function BlockView({ block, context, origin, focused, elementRef }: BlockProps & { focused: boolean; elementRef?: React.Ref<HTMLDivElement> }) {
  const Renderer = blockRenderer(block.type);
  const style = blockStyle(block);
  return (
    <div
      ref={elementRef}
      className="htv-block"
      data-block={block.key}
      data-type={block.type}
      data-focused={focused ? 'true' : undefined}
      style={{ ...style, left: (style.left as number) - origin.x, top: (style.top as number) - origin.y }}
    >
      {Renderer ? <Renderer block={block} context={context} focused={focused} /> : null}
    </div>
  );
}

/** A picture or a video of a play-media action over the whole stage; Back or the video's end closes it. */
function MediaOverlay({ asset, onEnd }: { asset: StageAsset; onEnd: () => void }) {
  const style = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', background: '#000', zIndex: 100 } as const;
  return asset.kind === 'video' ? (
    <video data-testid="media-overlay" src={asset.url} autoPlay playsInline style={style} onEnded={onEnd} />
  ) : asset.kind === 'audio' ? (
    <audio data-testid="media-overlay" src={asset.url} autoPlay onEnded={onEnd} />
  ) : (
    <img data-testid="media-overlay" src={asset.url} alt="" style={style} />
  );
}
