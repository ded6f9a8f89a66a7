import { RollbackOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { enterSession, useSessionInfo, type SessionAnswer } from '../../auth/session';

/**
 * "Back to admin" (a platform session is above this one) and "back to brand" (a hotel entered from a
 * brand): a loading message, the return call, then tabs cleared and the browser at the url the
 * server answered. A failed return just dismisses the loading message (spec §4).
 */
export function BackLinks() {
  const { t } = useTranslation();
  const info = useSessionInfo();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const back = async (path: string) => {
    setBusy(true);
    const hide = message.loading(t('header.returning'), 0);
    try {
      const answer = await api.post<SessionAnswer>(path);
      enterSession(answer);
    } catch {
      hide();
      setBusy(false);
    }
  };

  return (
    <>
      {info.fromBrand && (
        <Button size="small" icon={<RollbackOutlined />} loading={busy} onClick={() => void back('/hotel/back')} data-testid="back-to-brand">
          {t('header.backToBrand')}
        </Button>
      )}
      {info.fromAdmin && (
        <Button size="small" icon={<RollbackOutlined />} loading={busy} onClick={() => void back('/admin/back')} data-testid="back-to-admin">
          {t('header.backToAdmin')}
        </Button>
      )}
    </>
  );
}
