import type { RemoteKey } from '@htv/shared/areas/phone/protocol';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Result, Space, Spin } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useTexts } from '../../locales';
import { GuestShell } from './GuestShell';
import { guestCall, phoneToken } from './guestApi';
import { PHONE_TEXTS } from './locales';

const pad: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, margin: '16px 0' };
const big: CSSProperties = { height: 64, fontSize: 18 };

/**
 * /h5_remote_tv (public, docs/phone.md): a bound phone's remote. Each key is sent to the server, which
 * hands it to the bound TV on the push channel; a binding that ended (check-out, unbinding, expiry)
 * is forgotten here and the guest is told to scan again.
 */
export default function RemotePage() {
  const m = useTexts(PHONE_TEXTS);
  const [token, setToken] = useState(phoneToken.get());
  const [ended, setEnded] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [text, setText] = useState('');
  const me = useQuery({ queryKey: ['phoneMe', token], queryFn: () => guestCall<{ roomNumber: string | null }>('GET', '/phone/me', { phoneToken: token }), enabled: !!token, retry: false });

  const end = (message: string) => {
    phoneToken.clear();
    setToken(null);
    setEnded(message);
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) end(error.message);
    else setProblem((error as Error).message);
  };
  const press = (key: RemoteKey, extra: { text?: string } = {}) => {
    setProblem(null);
    guestCall('POST', '/phone/remote', { body: { key, ...extra }, phoneToken: token }).catch(failed);
  };

  useEffect(() => {
    // Once per failure of the look-up: an ended binding is forgotten and said.
    if (me.error) failed(me.error);
  }, [me.error]); // eslint-disable-line react-hooks/exhaustive-deps

  if (ended || !token) return <GuestShell title={m('remoteTitle')}><Result status="warning" title={ended ?? m('ended')} subTitle={m('scanTv')} data-testid="phone-ended" /></GuestShell>;
  if (!me.data) return <Spin fullscreen />;

  const key = (name: RemoteKey, label: string, style: CSSProperties = big) => (
    <Button style={style} onClick={() => press(name)} data-testid={`remote-${name}`}>
      {label}
    </Button>
  );
  return (
    <GuestShell title={m('remoteTitle')}>
      <div data-testid="phone-remote">{me.data.roomNumber ? m('room', { room: me.data.roomNumber }) : null}</div>
      {problem && <Alert type="warning" message={problem} style={{ marginTop: 8 }} data-testid="phone-problem" />}
      <div style={pad}>
        {key('home', m('home'))}
        {key('up', `▲ ${m('up')}`)}
        {key('back', m('back'))}
        {key('left', `◀ ${m('left')}`)}
        {key('ok', m('ok'), { ...big, fontWeight: 600 })}
        {key('right', `${m('right')} ▶`)}
        {key('volumeDown', m('volumeDown'))}
        {key('down', `▼ ${m('down')}`)}
        {key('volumeUp', m('volumeUp'))}
        {key('channelDown', m('channelDown'))}
        {key('mute', m('mute'))}
        {key('channelUp', m('channelUp'))}
      </div>
      <Space.Compact style={{ width: '100%' }}>
        <Input placeholder={m('text')} value={text} maxLength={200} onChange={(e) => setText(e.target.value)} data-testid="remote-text" />
        <Button type="primary" disabled={!text} onClick={() => (press('text', { text }), setText(''))} data-testid="remote-send-text">
          {m('sendText')}
        </Button>
      </Space.Compact>
      <Link to="/castscreen">
        <Button block style={{ marginTop: 16 }} data-testid="open-cast">
          {m('openCast')}
        </Button>
      </Link>
      <Button
        block
        danger
        style={{ marginTop: 24 }}
        onClick={() => guestCall('DELETE', '/phone/bind', { phoneToken: token }).then(() => end(m('unbound')), failed)}
        data-testid="phone-unbind"
      >
        {m('unbind')}
      </Button>
    </GuestShell>
  );
}
