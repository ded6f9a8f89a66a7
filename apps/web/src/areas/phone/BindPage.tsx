import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GuestShell } from './GuestShell';
import { guestCall, phoneToken } from './guestApi';
import { PHONE_TEXTS } from './locales';
import { useTexts } from '../../locales';

/**
 * /h5_bind_tv (public, docs/phone.md): the page the TV's pairing QR code opens. It shows the hotel and
 * room the code names, and binds this phone on the guest's confirmation (the code is spent then), then
 * opens the remote.
 */
export default function BindPage() {
  const m = useTexts(PHONE_TEXTS);
  const navigate = useNavigate();
  const code = new URLSearchParams(window.location.search).get('code');
  const place = useQuery({ queryKey: ['phonePair', code], queryFn: () => guestCall<{ hotel: string; roomNumber: string | null }>('GET', '/phone/pair', { query: { code } }), enabled: !!code, retry: false });
  const [binding, setBinding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!code) return <GuestShell title={m('bindTitle')}><Result status="info" subTitle={m('scanTv')} data-testid="phone-scan-tv" /></GuestShell>;
  if (place.isError) return <GuestShell title={m('bindTitle')}><Result status="warning" title={(place.error as Error).message} subTitle={m('scanTv')} data-testid="phone-bad-code" /></GuestShell>;
  if (!place.data) return <Spin fullscreen />;

  const bind = async () => {
    setBinding(true);
    try {
      const bound = await guestCall<{ token: string }>('POST', '/phone/bind', { body: { code } });
      phoneToken.set(bound.token);
      navigate('/h5_remote_tv', { replace: true });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBinding(false);
    }
  };
  return (
    <GuestShell title={m('bindTitle')}>
      <Alert type="info" message={m('bindHint', { hotel: place.data.hotel, room: place.data.roomNumber ?? '' })} style={{ marginBottom: 16 }} data-testid="phone-place" />
      {failure && <Alert type="warning" message={failure} description={m('scanTv')} style={{ marginBottom: 16 }} data-testid="phone-bind-failed" />}
      <Button type="primary" size="large" block loading={binding} onClick={() => void bind()} data-testid="phone-bind">
        {m('bindButton')}
      </Button>
    </GuestShell>
  );
}
