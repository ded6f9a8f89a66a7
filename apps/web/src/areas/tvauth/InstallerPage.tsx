import { MAC_PATTERN, type TvAuthResponse } from '@htv/shared/areas/devices/protocol';
import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, failureText, request, showApiError } from '../../api/client';
import { LangSwitch } from '../../layout/LangSwitch';
import { useTexts } from '../../locales';
import { INSTALLER_TEXTS } from './locales';

/** How long the phone may take to find itself before the MAC is sent without a location. */
const LOCATION_TIMEOUT_MS = 10_000;

/** The phone's position, or nothing when it is refused, unknown or slow (the server says if it was needed). */
function currentPlace(): Promise<{ longitude: number; latitude: number } | null> {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ longitude: coords.longitude, latitude: coords.latitude }),
      () => resolve(null),
      { timeout: LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    ),
  );
}

/**
 * /tv-auth?key=… (public, docs/devices.md "TV-auth projects"): the installer scans a project's QR code
 * on site, types the TV's MAC and sends it with the phone's location; the server checks the project's
 * rules and authorizes the TV. No session: the project's key is the credential, and the server limits
 * refusals per address.
 */
export default function InstallerPage() {
  const m = useTexts(INSTALLER_TEXTS);
  const key = new URLSearchParams(window.location.search).get('key');
  const [form] = Form.useForm<{ mac: string }>();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<TvAuthResponse | null>(null);

  const submit = async ({ mac }: { mac: string }) => {
    setSending(true);
    setFailure(null);
    try {
      const place = await currentPlace();
      setDone(await request<TvAuthResponse>('POST', '/device/v1/tv-auth', { body: { key, mac: mac.trim(), ...place } }));
    } catch (error) {
      // A bad MAC on its field; a refusal (wrong model, too far, rate limit…) above the button.
      if (error instanceof ApiError && error.status === 422 && error.errors?.mac) showApiError(error, form, ['mac']);
      else setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  };

  const again = () => {
    setDone(null);
    form.resetFields();
  };

  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: 12 }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <LangSwitch />
      </div>
      <Card title={m('title')} data-testid="tv-auth-page">
        {!key ? (
          <Result status="info" subTitle={m('noKey')} data-testid="tv-auth-no-key" />
        ) : done ? (
          <Result
            status="success"
            title={m('done')}
            subTitle={m('doneDetail', { mac: done.mac, hotel: done.hotel ? ` · ${done.hotel.name}` : '' })}
            extra={<Button onClick={again}>{m('another')}</Button>}
            data-testid="tv-auth-done"
          />
        ) : (
          <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
            <Typography.Paragraph>{m('intro')}</Typography.Paragraph>
            <Form.Item
              name="mac"
              label={m('mac')}
              rules={[{ required: true, whitespace: true, message: m('macRequired') }, { pattern: MAC_PATTERN, message: m('macPlaceholder') }]}
            >
              <Input size="large" placeholder={m('macPlaceholder')} autoCapitalize="characters" autoComplete="off" spellCheck={false} maxLength={12} data-testid="tv-auth-mac" />
            </Form.Item>
            <Typography.Paragraph type="secondary">{m('location')}</Typography.Paragraph>
            {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="tv-auth-failure" />}
            <Button type="primary" size="large" htmlType="submit" block loading={sending} data-testid="tv-auth-submit">
              {m('submit')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
