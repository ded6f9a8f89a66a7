import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Result, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useTexts } from '../../locales';
import { GuestShell } from './GuestShell';
import { guestCall, phoneToken, refusalText } from './guestApi';
import { PHONE_TEXTS } from './locales';

/**
 * /castscreen (public, docs/phone.md "Casting"): a bound phone sends a picture, a video or a web
 * address to its TV. The server checks the file by its content and hands the TV a signed address of
 * it; the page only picks the kind from the file's type (the server refuses a mismatch).
 */
export default function CastPage() {
  const m = useTexts(PHONE_TEXTS);
  const [token, setToken] = useState(phoneToken.get());
  const [ended, setEnded] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState('');
  const me = useQuery({ queryKey: ['phoneMe', token], queryFn: () => guestCall<{ roomNumber: string | null }>('GET', '/phone/me', { phoneToken: token }), enabled: !!token, retry: false });

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      phoneToken.clear();
      setToken(null);
      setEnded(error.message);
    } else setProblem(refusalText(error));
  };
  useEffect(() => {
    if (me.error) failed(me.error);
  }, [me.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = (call: () => Promise<unknown>, said: string) => {
    setProblem(null);
    setDone(null);
    setBusy(true);
    call()
      .then(() => setDone(said), failed)
      .finally(() => setBusy(false));
  };
  const sendFile = (file: File) => {
    const kind = file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : null;
    if (!kind) return void setProblem(m('castUnsupported'));
    const form = new FormData();
    form.append('file', file, file.name);
    run(() => guestCall('POST', '/phone/cast', { query: { kind }, body: form, phoneToken: token }), m('castSent'));
  };

  if (ended || !token) return <GuestShell title={m('castTitle')}><Result status="warning" title={ended ?? m('ended')} subTitle={m('scanTv')} data-testid="phone-ended" /></GuestShell>;
  if (!me.data) return <Spin fullscreen />;
  return (
    <GuestShell title={m('castTitle')}>
      <div data-testid="phone-cast">{me.data.roomNumber ? m('room', { room: me.data.roomNumber }) : null}</div>
      <Typography.Paragraph type="secondary">{m('castHint')}</Typography.Paragraph>
      {problem && <Alert type="warning" message={problem} style={{ marginBottom: 12 }} data-testid="phone-problem" />}
      {done && <Alert type="success" message={done} style={{ marginBottom: 12 }} data-testid="cast-done" />}
      <Upload accept="image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/ogg" showUploadList={false} beforeUpload={(file) => (sendFile(file), false)} disabled={busy}>
        <Button type="primary" block size="large" loading={busy} data-testid="cast-file">
          {m('castFile')}
        </Button>
      </Upload>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4 }}>{m('castFileHint')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', marginTop: 16 }}>
        <Input type="url" inputMode="url" placeholder={m('castUrl')} value={url} maxLength={2000} onChange={(e) => setUrl(e.target.value)} data-testid="cast-url" />
        <Button disabled={!url.trim() || busy} onClick={() => run(() => guestCall('POST', '/phone/cast/url', { body: { url: url.trim() }, phoneToken: token }), m('castSent'))} data-testid="cast-url-send">
          {m('castUrlSend')}
        </Button>
      </Space.Compact>
      <Button block danger style={{ marginTop: 24 }} onClick={() => run(() => guestCall('DELETE', '/phone/cast', { phoneToken: token }), m('castStopped'))} data-testid="cast-stop">
        {m('castStop')}
      </Button>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/h5_remote_tv">{m('openRemote')}</Link>
      </div>
    </GuestShell>
  );
}
