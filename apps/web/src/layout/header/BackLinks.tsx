import { RollbackOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastLoading } from '../../api/notify';
import { returnToParent, useSessionInfo } from '../../auth/session';

/**
 * "Back to admin" (a platform session is above this one) and "back to brand" (a hotel entered from a
 * brand): a loading message, the return call, then tabs cleared and the browser at the url the
 * server answered. A failed return just dismisses the loading message (spec §4).
 */
export function BackLinks() {
  const { t } = useTranslation();
  const info = useSessionInfo();
  const [busy, setBusy] = useState(false);

  const back = async (to: 1 | 2) => {
    setBusy(true);
    const hide = toastLoading(t('header.returning'));
    try {
      await returnToParent(to);
    } catch {
      hide();
      setBusy(false);
    }
  };

  return (
    <>
      {info.fromBrand && (
        <Button size="small" icon={<RollbackOutlined />} loading={busy} onClick={() => void back(2)} data-testid="back-to-brand">
          {t('header.backToBrand')}
        </Button>
      )}
      {info.fromAdmin && (
        <Button size="small" icon={<RollbackOutlined />} loading={busy} onClick={() => void back(1)} data-testid="back-to-admin">
          {t('header.backToAdmin')}
        </Button>
      )}
    </>
  );
}
