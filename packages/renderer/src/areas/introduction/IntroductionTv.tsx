import type { IntroductionConfigPart, IntroItemOnTv, IntroPageOnTv, IntroTypeOnTv } from '@htv/shared/areas/introduction/device';
import type { ContentLang, LocalText } from '@htv/shared/areas/themes/document';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { qrPath } from '../../blocks/qr';
import { textIn } from '../../model';
import { useRemote } from '../host';
import { areaWords, type AreaPageProps, type AreaSlotProps } from '../registry';

const zh = { title: '酒店介绍', empty: '酒店暂未发布介绍', hint: '↑/↓ 选择 · →/OK 查看 · ←/→ 翻页 · 返回 退出', of: '/' };
const en: typeof zh = { title: 'Hotel introduction', empty: 'The hotel has not published any introductions yet', hint: '↑/↓ choose · →/OK view · ←/→ page · Back exit', of: '/' };

const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif';
const chinese = (lang: ContentLang) => lang.startsWith('zh');

/** One line of the page's menu: a type (second-level ones indented under their parent) or a custom page. */
type Entry = { key: string; depth: number; name: LocalText; type?: IntroTypeOnTv; page?: IntroPageOnTv };

/** The menu in order: each first-level type, its second-level types under it, then the custom pages. */
function entriesOf(part: IntroductionConfigPart | undefined): Entry[] {
  const entries: Entry[] = [];
  for (const type of part?.types ?? []) {
    entries.push({ key: `t${type.id}`, depth: 0, name: type.name, type });
    for (const child of type.children) entries.push({ key: `t${child.id}`, depth: 1, name: child.name, type: child });
  }
  for (const page of part?.pages ?? []) entries.push({ key: `p${page.id}`, depth: 0, name: { 'zh-CN': page.name }, page });
  return entries;
}

/** What an entry shows: a type's own items, or its second-level types' items when it has none of its own. */
const itemsOf = (type: IntroTypeOnTv): IntroItemOnTv[] => (type.items.length ? type.items : type.children.flatMap((child) => child.items));

/** A custom page's pictures in the content language, in groups of `slices` side by side. */
function groupsOf(page: IntroPageOnTv, lang: ContentLang): string[][] {
  const images = !chinese(lang) && page.imagesEn.length ? page.imagesEn : page.images;
  const slices = Math.max(1, page.slices);
  const groups: string[][] = [];
  for (let i = 0; i < images.length; i += slices) groups.push(images.slice(i, i + slices));
  return groups;
}

/** How many screens an entry has: a type's items, a custom page's image groups. */
const lengthOf = (entry: Entry | undefined, lang: ContentLang) => (entry?.type ? itemsOf(entry.type).length : entry?.page ? groupsOf(entry.page, lang).length : 0);

/** Where the QR code sits, by the item's position words, sized on a 1920-wide screen. */
function qrStyle(qr: NonNullable<IntroItemOnTv['qr']>): CSSProperties {
  const size = `${(qr.size / 1920) * 100}vw`;
  const edge = '4vw';
  const style: CSSProperties = { position: 'absolute', width: size, height: size, padding: qr.style === 'card' ? '0.8vw' : 0, background: '#fff', borderRadius: qr.style === 'card' ? 12 : 0 };
  if (qr.x === 'left') style.left = edge;
  else if (qr.x === 'right') style.right = edge;
  else style.left = `calc(50% - ${size} / 2)`;
  if (qr.y === 'top') style.top = edge;
  else if (qr.y === 'bottom') style.bottom = edge;
  else style.top = `calc(50% - ${size} / 2)`;
  return style;
}

function Qr({ qr }: { qr: NonNullable<IntroItemOnTv['qr']> }) {
  const shape = useMemo(() => qrPath(qr.url), [qr.url]);
  return (
    <div data-testid="intro-qr" data-url={qr.url} style={qrStyle(qr)}>
      <svg viewBox={`0 0 ${shape.size} ${shape.size}`} width="100%" height="100%" shapeRendering="crispEdges">
        <path d={shape.path} fill="#000" />
      </svg>
    </div>
  );
}

/** A video over the background: with sound when the TV allows it, else muted rather than not at all. */
function Video({ src }: { src: string }) {
  return (
    <video
      src={src}
      autoPlay
      loop
      playsInline
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', background: '#000' }}
      ref={(video) => {
        video?.play().catch(() => {
          video.muted = true;
          void video.play().catch(() => undefined);
        });
      }}
    />
  );
}

/** The background an item shows in a language: the English one outside Chinese, when it has one. */
const backgroundIn = (item: IntroItemOnTv, lang: ContentLang) => (!chinese(lang) && item.backgroundEn ? item.backgroundEn : item.background);

/** Pictures fetched and decoded ahead of the guest (the items beside the one shown); the last few are kept. */
const ahead = new Map<string, HTMLImageElement>();
const AHEAD_KEPT = 6;

/**
 * Fetches and decodes a picture the guest may move to next, so the move shows it at once rather than
 * after its download and decoding (docs/benchmarks.md, the introduction with 200 items).
 */
function preload(url: string | undefined): void {
  if (!url || ahead.has(url) || typeof Image === 'undefined') return;
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  img.decode().catch(() => undefined);
  ahead.set(url, img);
  if (ahead.size > AHEAD_KEPT) ahead.delete(ahead.keys().next().value!);
}

/** One introduction full screen: its background (the English one outside Chinese), video, title, text and QR code. */
function ItemView({ item, lang, fallbacks }: { item: IntroItemOnTv; lang: ContentLang; fallbacks: readonly ContentLang[] }) {
  const background = backgroundIn(item, lang);
  return (
    <div data-testid="intro-item" data-item-id={item.id} style={{ position: 'absolute', inset: 0 }}>
      <img src={background} alt="" draggable={false} data-testid="intro-background" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
      {item.video && <Video src={item.video} />}
      <div style={{ position: 'absolute', left: '30vw', right: 0, bottom: 0, padding: '6vh 5vw', background: 'linear-gradient(transparent, rgba(0,0,0,.75))' }}>
        <div data-testid="intro-title" style={{ fontSize: '4.4vh', fontWeight: 700, marginBottom: '1.5vh' }}>
          {textIn(item.title, lang, fallbacks)}
        </div>
        <div data-testid="intro-text" style={{ fontSize: '2.6vh', lineHeight: 1.6, whiteSpace: 'pre-line', maxHeight: '30vh', overflow: 'hidden' }}>
          {textIn(item.text, lang, fallbacks)}
        </div>
      </div>
      {item.qr && <Qr qr={item.qr} />}
    </div>
  );
}

function GroupView({ group }: { group: string[] }) {
  return (
    <div data-testid="intro-group" style={{ position: 'absolute', inset: 0, display: 'flex', background: '#000' }}>
      {group.map((src, i) => (
        <img key={`${i}-${src}`} src={src} alt="" draggable={false} style={{ flex: 1, minWidth: 0, height: '100%', objectFit: 'contain' }} />
      ))}
    </div>
  );
}

/**
 * Advances `next` every `seconds` while the page is showing (0: never); restarted by `restart`
 * (a guest's key, another entry), so a guest reading is not moved on under their eyes.
 */
function useEvery(seconds: number, next: () => void, restart: unknown) {
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(next, seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds, restart]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * The hotel's introductions full screen: the menu of types and custom pages on the left over the
 * chosen item's background. ↑/↓ choose an entry, →/OK move into it, ←/→ page through its items or
 * image groups (← from the first returns to the menu), OK there shows or hides the menu. A type's
 * items advance by its per-item play time, and the page moves to the next type after its total play
 * time. Back is the host's.
 */
export function Page({ part, lang, fallbacks }: AreaPageProps<IntroductionConfigPart>) {
  const w = areaWords({ zh, en }, lang);
  const entries = useMemo(() => entriesOf(part), [part]);
  const first = Math.max(0, entries.findIndex((entry) => entry.type?.showDefault));
  const [at, setAt] = useState({ entry: first, screen: 0, menu: true, moved: 0 });
  const index = Math.min(at.entry, Math.max(0, entries.length - 1));
  const entry = entries[index];
  const length = lengthOf(entry, lang);
  const screen = Math.min(at.screen, Math.max(0, length - 1));
  const go = (next: Partial<typeof at>) => setAt((now) => ({ ...now, ...next, moved: now.moved + 1 }));

  useEvery(entry?.type?.itemSeconds ?? 0, () => setAt((now) => ({ ...now, screen: length ? (now.screen + 1) % length : 0 })), `${at.moved}:${entry?.key}`);
  useEvery(entry?.type?.totalSeconds ?? 0, () => setAt((now) => ({ ...now, entry: (now.entry + 1) % entries.length, screen: 0 })), `${at.moved}:${entry?.key}`);

  useRemote((key) => {
    if (!entry) return;
    if (at.menu) {
      if (key === 'ArrowUp' || key === 'ArrowDown') return go({ entry: Math.max(0, Math.min(entries.length - 1, index + (key === 'ArrowUp' ? -1 : 1))), screen: 0 });
      if (key === 'ArrowRight' || key === 'Enter') return go({ menu: false });
      return;
    }
    if (key === 'Enter') return go({ menu: true });
    if (key === 'ArrowLeft') return screen === 0 ? go({ menu: true }) : go({ screen: screen - 1 });
    if (key === 'ArrowRight') return go({ screen: Math.min(length - 1, screen + 1) });
  });

  const item = entry?.type ? itemsOf(entry.type)[screen] : undefined;
  // The pictures one move away: the items beside this one.
  useEffect(() => {
    if (!entry?.type) return;
    const items = itemsOf(entry.type);
    for (const next of [items[screen + 1], items[screen - 1]]) if (next) preload(backgroundIn(next, lang));
  }, [entry, screen, lang]);
  const group = entry?.page ? groupsOf(entry.page, lang)[screen] : undefined;
  return (
    <div data-testid="intro-page" data-menu={at.menu ? 'true' : undefined} style={{ position: 'absolute', inset: 0, overflow: 'hidden', fontFamily: font }}>
      {item && <ItemView item={item} lang={lang} fallbacks={fallbacks} />}
      {group && <GroupView group={group} />}
      {!entry && (
        <div data-testid="intro-empty" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '3vh', opacity: 0.8 }}>
          {w.empty}
        </div>
      )}
      {entry && at.menu && (
        <div style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: '26vw', padding: '5vh 2vw', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', gap: '1vh', background: 'rgba(11,21,38,.85)' }}>
          <div style={{ fontSize: '4vh', fontWeight: 700, marginBottom: '2vh' }}>{w.title}</div>
          {entries.map((line, i) => (
            <div
              key={line.key}
              data-testid="intro-entry"
              data-selected={i === index ? 'true' : undefined}
              style={{ display: 'flex', alignItems: 'center', gap: '1vw', padding: '1.2vh 1.5vh', paddingLeft: `${1.5 + line.depth * 3}vh`, borderRadius: 8, fontSize: line.depth ? '2.3vh' : '2.7vh', background: i === index ? '#f5a623' : 'transparent', color: i === index ? '#14233d' : '#fff', flexShrink: 0 }}
            >
              {line.type?.icon && <img src={line.type.icon} alt="" style={{ width: '3.4vh', height: '3.4vh', objectFit: 'contain' }} />}
              {textIn(line.name, lang, fallbacks)}
            </div>
          ))}
          <div style={{ marginTop: 'auto', fontSize: '1.8vh', opacity: 0.6 }}>{w.hint}</div>
        </div>
      )}
      {length > 1 && (
        <div data-testid="intro-position" style={{ position: 'absolute', top: '3vh', right: '3vw', padding: '0.6vh 1.2vw', borderRadius: 20, background: 'rgba(0,0,0,.5)', fontSize: '2vh' }}>
          {screen + 1} {w.of} {length}
        </div>
      )}
    </div>
  );
}

/** An `introduction` block on the launcher: the default type's first picture under its name. */
export function Slot({ block, context, part }: AreaSlotProps<IntroductionConfigPart>) {
  const types = part?.types ?? [];
  const type = types.find((entry) => entry.showDefault) ?? types[0];
  const item = type ? itemsOf(type)[0] : undefined;
  const picture = item ? (!chinese(context.lang) && item.backgroundEn ? item.backgroundEn : item.background) : null;
  const title = textIn((block as { title?: LocalText }).title, context.lang, context.fallbacks) || (type ? textIn(type.name, context.lang, context.fallbacks) : areaWords({ zh, en }, context.lang).title);
  return (
    <div data-testid="intro-slot" style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', background: 'linear-gradient(135deg, #3a9a6b, #14233d)', fontFamily: font }}>
      {picture && <img src={picture} alt="" draggable={false} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />}
      <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '6%', background: 'linear-gradient(transparent, rgba(0,0,0,.7))', fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</div>
    </div>
  );
}
