import { LoginOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@htv/shared';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../api/client';
import { toastLoading } from '../../api/notify';
import { can } from '../../auth/access';
import { enterSession, useSession } from '../../auth/session';
import { extendRecord, type RowActionProps } from '../../crud/extensions';

/**
 * Login-as (spec §4, §6): the platform enters a brand (`POST /api/admin/login_as {brand_id}`) or a
 * hotel (`{hotel_id}`); a brand enters one of its hotels (`POST /api/brand/login_as {hotel_id}`). On
 * success the new session's token is stored and the browser goes to the url it answered.
 */
function EnterAction({ row, kind }: RowActionProps & { kind: 'brand' | 'hotel' }) {
  const { t } = useTranslation();
  const user = useSession();
  const [busy, setBusy] = useState(false);
  const path = user.user_type === 1 ? '/admin/login_as' : '/brand/login_as';
  const body = kind === 'brand' ? { brand_id: row.id } : { hotel_id: row.id };

  const enter = async () => {
    setBusy(true);
    const hide = toastLoading(t('loginAs.entering'));
    try {
      await enterSession(path, body);
    } catch (error) {
      hide();
      setBusy(false);
      showApiError(error);
    }
  };

  return (
    <Tooltip title={kind === 'brand' ? t('loginAs.enterBrand') : t('loginAs.enterHotel')}>
      <Button type="link" size="small" icon={<LoginOutlined />} loading={busy} onClick={() => void enter()} data-testid="login-as">
        {t('loginAs.enter')}
      </Button>
    </Tooltip>
  );
}

const EnterBrand = (props: RowActionProps) => <EnterAction {...props} kind="brand" />;
const EnterHotel = (props: RowActionProps) => <EnterAction {...props} kind="hotel" />;

extendRecord('brand', {
  rowActions: [{ key: 'loginAs', visible: (s) => s.loginInfo.user_type === 1 && can(s.loginInfo, PERMISSIONS.loginAs), Component: EnterBrand }],
});
extendRecord('hotel', {
  rowActions: [{ key: 'loginAs', visible: (s) => (s.loginInfo.user_type === 1 || s.loginInfo.user_type === 2) && can(s.loginInfo, PERMISSIONS.loginAs), Component: EnterHotel }],
});
