import type { ImageMessageOnTv, ImageMessagesPart } from '@htv/shared/areas/imagemessages/device';
import { useEffect, useState } from 'react';
import { useRemote } from '../host';
import { shownTime, usePublished } from '../publishing/receipts';
import { areaWords, type AreaPageProps } from '../registry';

const zh = { title: '图文消息', empty: '暂无图文消息', hint: '↑/↓ 选择 · 返回 退出', unread: '未读', scan: '扫码了解详情' };
const en = { title: 'Messages', empty: 'No messages', hint: '↑/↓ choose · Back exit', unread: 'Unread', scan: 'Scan for more' };

const font = 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif';
const messagesOf = (part: ImageMessagesPart | null | undefined): ImageMessageOnTv[] => part?.messages ?? [];

/** One message opened: title, subtitle, text, its pictures and the QR code. */
function Message({ message, scan }: { message: ImageMessageOnTv; scan: string }) {
  return (
    <div data-testid="image-message" data-id={message.id} style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2vh', padding: '3vh 2.4vw', borderRadius: 16, background: 'rgba(255,255,255,.06)', overflow: 'hidden' }}>
      <div style={{ display: 'flex', gap: '1.4vw', alignItems: 'center' }}>
        {message.icon && <img src={message.icon} alt="" style={{ width: '7vh', height: '7vh', objectFit: 'contain', borderRadius: 8 }} />}
        <div style={{ minWidth: 0 }}>
          <div data-testid="image-message-title" style={{ fontSize: '3.8vh', fontWeight: 700 }}>{message.title}</div>
          {message.subtitle && <div style={{ fontSize: '2.4vh', opacity: 0.75 }}>{message.subtitle}</div>}
        </div>
      </div>
      <div style={{ display: 'flex', gap: '2vw', minHeight: 0, flex: 1 }}>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2vh', overflow: 'hidden' }}>
          {message.content && <div data-testid="image-message-text" style={{ fontSize: '2.6vh', lineHeight: 1.5, whiteSpace: 'pre-wrap' }}>{message.content}</div>}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1vw' }}>
            {message.images.map((src) => (
              <img key={src} data-testid="image-message-image" src={src} alt="" style={{ height: '22vh', maxWidth: '100%', objectFit: 'contain', borderRadius: 8 }} />
            ))}
          </div>
        </div>
        {message.qrCode && (
          <div style={{ flexShrink: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1vh' }}>
            <img data-testid="image-message-qr" src={message.qrCode} alt="" style={{ width: '20vh', height: '20vh', objectFit: 'contain', background: '#fff', padding: '1vh', borderRadius: 8 }} />
            <div style={{ fontSize: '2vh', opacity: 0.75 }}>{scan}</div>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The room's image messages, newest first, on the left; the focused one is open on the right, which
 * is reading it: its read receipt is sent.
 */
export function Page({ part, lang }: AreaPageProps<ImageMessagesPart | null>) {
  const w = areaWords({ zh, en }, lang);
  const { items, read } = usePublished('imageMessage', messagesOf(part));
  const [at, setAt] = useState(0);
  const focused = items[Math.min(at, items.length - 1)];
  useRemote((key) => {
    if (key === 'ArrowUp') setAt(Math.max(0, at - 1));
    if (key === 'ArrowDown') setAt(Math.min(Math.max(0, items.length - 1), at + 1));
  });
  useEffect(() => {
    if (focused && !focused.read) read(focused.id);
  }, [focused?.id, focused?.read, read]);
  return (
    <div data-testid="image-messages-page" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', gap: '2vh', padding: '5vh 5vw', fontFamily: font, fontSize: '2.6vh', color: '#fff', background: 'rgba(11,21,38,.92)' }}>
      <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>{w.title}</div>
      {!items.length && <div style={{ opacity: 0.8 }}>{w.empty}</div>}
      {focused && (
        <div style={{ flex: 1, minHeight: 0, display: 'flex', gap: '2vw' }}>
          <div style={{ width: '26vw', flexShrink: 0, display: 'flex', flexDirection: 'column', gap: '1.2vh', overflow: 'hidden' }}>
            {items.map((message, i) => (
              <div key={message.id} data-testid="image-message-item" data-focused={message === focused ? 'true' : undefined} data-read={message.read ? 'true' : 'false'} style={{ padding: '1.4vh 1.2vw', borderRadius: 12, background: message === focused ? 'rgba(245,166,35,.35)' : 'rgba(255,255,255,.06)' }}>
                <div style={{ fontSize: '1.9vh', opacity: 0.7 }}>
                  {shownTime(message.publishedAt)} {!message.read && i !== at && <span style={{ color: '#ff7a45' }}>{w.unread}</span>}
                </div>
                <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: message.read ? 400 : 700 }}>{message.title}</div>
              </div>
            ))}
          </div>
          <Message message={focused} scan={w.scan} />
        </div>
      )}
      <div style={{ fontSize: '2vh', opacity: 0.6 }}>{w.hint}</div>
    </div>
  );
}
