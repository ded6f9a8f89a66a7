import type { NoticeOnTv, NoticesPart } from '@htv/shared/areas/notices/device';
import { textOnTv } from '@htv/shared/areas/publishing/device';
import type { LocalText } from '@htv/shared/areas/themes/document';
import { useState } from 'react';
import { textIn } from '../../model';
import { useRemote } from '../host';
import { shownTime, usePublished } from '../publishing/receipts';
import { areaWords, type AreaOverlayProps, type AreaPageProps, type AreaSlotProps } from '../registry';

const zh = { title: '通知', ok: 'OK 知道了', empty: '暂无通知', hint: '↑/↓ 浏览 · 返回 退出' };
const en = { title: 'Notices', ok: 'OK', empty: 'No notices', hint: '↑/↓ browse · Back exit' };

const font = 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif';
const noticesOf = (part: NoticesPart | null | undefined): NoticeOnTv[] => part?.notices ?? [];

/**
 * The newest notice not yet answered pops up when it arrives; OK dismisses it and sends the receipt
 * (read). Back hides it on this TV without answering.
 */
export function Overlay({ part, lang, fallbacks }: AreaOverlayProps<NoticesPart | null>) {
  const w = areaWords({ zh, en }, lang);
  const { items, read } = usePublished('messageNotice', noticesOf(part));
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const shown = items.find((notice) => !notice.read && !hidden.has(notice.id));
  return shown ? <Popup key={shown.id} notice={shown} text={textOnTv(shown.content, lang, fallbacks)} ok={w.ok} title={w.title} onOk={() => read(shown.id)} onBack={() => setHidden(new Set([...hidden, shown.id]))} /> : null;
}

function Popup({ notice, text, ok, title, onOk, onBack }: { notice: NoticeOnTv; text: string; ok: string; title: string; onOk: () => void; onBack: () => void }) {
  useRemote((key) => (key === 'Enter' ? onOk() : key === 'Back' ? onBack() : undefined));
  return (
    <div data-testid="notice-popup" data-id={notice.id} style={{ position: 'fixed', left: '50%', top: '50%', transform: 'translate(-50%, -50%)', width: '50vw', padding: '4vh 3vw', borderRadius: 16, background: 'rgba(11,21,38,.96)', color: '#fff', fontFamily: font, display: 'flex', flexDirection: 'column', gap: '2.4vh', boxShadow: '0 1vh 4vh rgba(0,0,0,.5)', zIndex: 41 }}>
      <div style={{ fontSize: '3.4vh', fontWeight: 700 }}>📢 {title}</div>
      <div data-testid="notice-popup-text" style={{ fontSize: '3vh', lineHeight: 1.5, whiteSpace: 'pre-wrap' }}>
        {text}
      </div>
      <div style={{ alignSelf: 'center', padding: '1vh 3vw', borderRadius: 999, background: '#f5a623', color: '#14233d', fontSize: '2.4vh', fontWeight: 700 }}>{ok}</div>
    </div>
  );
}

/** The launcher's `notice` slot: the live notices, newest first, under the block's title. */
export function Slot({ block, context, part }: AreaSlotProps<NoticesPart | null>) {
  const w = areaWords({ zh, en }, context.lang);
  const notices = noticesOf(part);
  const title = textIn((block as { title?: LocalText }).title, context.lang, context.fallbacks) || w.title;
  return (
    <div data-testid="notice-slot" data-count={notices.length} style={{ width: '100%', height: '100%', boxSizing: 'border-box', padding: '5%', overflow: 'hidden', background: 'rgba(0,0,0,.3)', color: '#fff', fontFamily: font, display: 'flex', flexDirection: 'column', gap: '0.6em' }}>
      <div style={{ fontWeight: 700 }}>📢 {title}</div>
      {!notices.length && <div style={{ opacity: 0.7 }}>{w.empty}</div>}
      {notices.slice(0, 5).map((notice) => (
        <div key={notice.id} data-testid="notice-slot-item" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {textOnTv(notice.content, context.lang, context.fallbacks)}
        </div>
      ))}
    </div>
  );
}

/** Every live notice of the room, newest first. */
export function Page({ part, lang, fallbacks }: AreaPageProps<NoticesPart | null>) {
  const w = areaWords({ zh, en }, lang);
  const notices = noticesOf(part);
  const [at, setAt] = useState(0);
  useRemote((key) => {
    if (key === 'ArrowUp') setAt(Math.max(0, at - 1));
    if (key === 'ArrowDown') setAt(Math.min(Math.max(0, notices.length - 1), at + 1));
  });
  return (
    <div data-testid="notices-page" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: '2vh', padding: '5vh 5vw', fontFamily: font, fontSize: '2.6vh', overflow: 'hidden' }}>
      <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>{w.title}</div>
      {!notices.length && <div style={{ opacity: 0.8 }}>{w.empty}</div>}
      {notices.slice(at).map((notice, i) => (
        <div key={notice.id} data-testid="notice-item" data-focused={i === 0 ? 'true' : undefined} style={{ padding: '1.6vh 1.6vw', borderRadius: 12, background: i === 0 ? 'rgba(245,166,35,.35)' : 'rgba(255,255,255,.06)' }}>
          <div style={{ fontSize: '2vh', opacity: 0.7 }}>{shownTime(notice.publishedAt)}</div>
          <div style={{ whiteSpace: 'pre-wrap' }}>{textOnTv(notice.content, lang, fallbacks)}</div>
        </div>
      ))}
      <div style={{ marginTop: 'auto', fontSize: '2vh', opacity: 0.6 }}>{w.hint}</div>
    </div>
  );
}
