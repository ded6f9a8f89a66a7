import type { GuestMessageOnTv, GuestMessagesPart } from '@htv/shared/areas/guestmessages/device';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import { useState, type CSSProperties } from 'react';
import { useRemote } from '../host';
import { shownTime, usePublished } from '../publishing/receipts';
import { areaWords, type AreaOverlayProps, type AreaPageProps } from '../registry';

const zh = { title: '客人消息', fresh: '您有一条新消息', open: 'OK 查看 · 返回 稍后', close: 'OK / 返回 关闭', empty: '暂无消息', hint: '↑/↓ 选择 · OK 查看 · 返回 退出', unread: '未读' };
const en = { title: 'Messages', fresh: 'You have a new message', open: 'OK to read · Back for later', close: 'OK / Back to close', empty: 'No messages', hint: '↑/↓ choose · OK read · Back exit', unread: 'Unread' };

const font = 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif';
const card: CSSProperties = { position: 'fixed', left: '50%', top: '50%', transform: 'translate(-50%, -50%)', width: '56vw', maxHeight: '70vh', padding: '4vh 3vw', borderRadius: 16, background: 'rgba(11,21,38,.96)', color: '#fff', fontFamily: font, boxShadow: '0 1vh 4vh rgba(0,0,0,.5)', display: 'flex', flexDirection: 'column', gap: '2.4vh', zIndex: 40 };

const messagesOf = (part: GuestMessagesPart | null | undefined): GuestMessageOnTv[] => part?.messages ?? [];

/** One message full size; OK or Back closes it. */
function Reader({ message, lang, onClose }: { message: GuestMessageOnTv; lang: ContentLang; onClose: () => void }) {
  const w = areaWords({ zh, en }, lang);
  useRemote((key) => (key === 'Enter' || key === 'Back') && onClose());
  return (
    <div data-testid="guest-message-reader" data-id={message.id} style={card}>
      <div style={{ fontSize: '3.6vh', fontWeight: 700 }}>✉ {w.title}</div>
      <div style={{ fontSize: '2vh', opacity: 0.6 }}>{shownTime(message.publishedAt)}</div>
      <div data-testid="guest-message-content" style={{ fontSize: '3vh', lineHeight: 1.5, whiteSpace: 'pre-wrap', overflow: 'hidden' }}>
        {message.content}
      </div>
      <div style={{ fontSize: '2vh', opacity: 0.6 }}>{w.close}</div>
    </div>
  );
}

/** "You have a new message": OK opens it, Back leaves it for later (the badge stays). */
function Prompt({ lang, onOpen, onLater }: { lang: ContentLang; onOpen: () => void; onLater: () => void }) {
  const w = areaWords({ zh, en }, lang);
  useRemote((key) => (key === 'Enter' ? onOpen() : key === 'Back' ? onLater() : undefined));
  return (
    <div data-testid="guest-message-prompt" style={{ ...card, width: '40vw', alignItems: 'center', textAlign: 'center' }}>
      <div style={{ fontSize: '6vh' }}>✉</div>
      <div style={{ fontSize: '3.4vh', fontWeight: 700 }}>{w.fresh}</div>
      <div style={{ fontSize: '2.2vh', opacity: 0.7 }}>{w.open}</div>
    </div>
  );
}

/**
 * Over every screen: the unread count as a badge, a prompt when a message arrives, and the message
 * read full size (reading it sends the receipt).
 */
export function Overlay({ part, lang }: AreaOverlayProps<GuestMessagesPart | null>) {
  const { items, read } = usePublished('guestMessage', messagesOf(part));
  const [prompted, setPrompted] = useState<ReadonlySet<number>>(new Set());
  const [reading, setReading] = useState<number | null>(null);
  const unread = items.filter((message) => !message.read);
  const arrived = unread.find((message) => !prompted.has(message.id));
  const open = reading === null ? undefined : items.find((message) => message.id === reading);
  const later = () => setPrompted(new Set([...prompted, ...unread.map((message) => message.id)]));
  const openMessage = (message: GuestMessageOnTv) => {
    later();
    setReading(message.id);
    if (!message.read) read(message.id);
  };
  return (
    <>
      {unread.length > 0 && !open && (
        <div data-testid="guest-message-badge" data-count={unread.length} style={{ position: 'fixed', top: '3vh', left: '3vw', display: 'flex', alignItems: 'center', gap: '0.6vw', padding: '1vh 1.4vw', borderRadius: 999, background: '#d4380d', color: '#fff', fontSize: '2.4vh', fontFamily: font, pointerEvents: 'none', zIndex: 30 }}>
          ✉ {unread.length}
        </div>
      )}
      {open ? <Reader message={open} lang={lang} onClose={() => setReading(null)} /> : arrived && <Prompt lang={lang} onOpen={() => openMessage(arrived)} onLater={later} />}
    </>
  );
}

/** The room's messages, newest first; OK reads one. */
export function Page({ part, lang }: AreaPageProps<GuestMessagesPart | null>) {
  const w = areaWords({ zh, en }, lang);
  const { items, read } = usePublished('guestMessage', messagesOf(part));
  const [at, setAt] = useState(0);
  const [reading, setReading] = useState<number | null>(null);
  const open = reading === null ? undefined : items.find((message) => message.id === reading);
  useRemote((key) => {
    if (open || !items.length) return;
    if (key === 'ArrowUp') setAt(Math.max(0, at - 1));
    if (key === 'ArrowDown') setAt(Math.min(items.length - 1, at + 1));
    if (key === 'Enter') {
      const message = items[Math.min(at, items.length - 1)]!;
      setReading(message.id);
      if (!message.read) read(message.id);
    }
  });
  return (
    <div data-testid="guest-messages-page" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: '2vh', padding: '5vh 5vw', fontFamily: font, fontSize: '2.6vh' }}>
      <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>{w.title}</div>
      {!items.length && <div style={{ opacity: 0.8 }}>{w.empty}</div>}
      {items.map((message, i) => (
        <div key={message.id} data-testid="guest-message-item" data-focused={i === at ? 'true' : undefined} data-read={message.read ? 'true' : 'false'} style={{ display: 'flex', gap: '2vw', padding: '1.6vh 1.6vw', borderRadius: 12, background: i === at ? 'rgba(245,166,35,.35)' : 'rgba(255,255,255,.06)' }}>
          <span style={{ opacity: 0.7, flexShrink: 0 }}>{shownTime(message.publishedAt)}</span>
          <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: message.read ? 400 : 700 }}>{message.content}</span>
          {!message.read && <span style={{ color: '#ff7a45' }}>{w.unread}</span>}
        </div>
      ))}
      <div style={{ marginTop: 'auto', fontSize: '2vh', opacity: 0.6 }}>{w.hint}</div>
      {open && <Reader message={open} lang={lang} onClose={() => setReading(null)} />}
    </div>
  );
}
