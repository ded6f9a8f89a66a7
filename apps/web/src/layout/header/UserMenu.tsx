import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../auth/access';
import { useLogout, useSessionInfo } from '../../auth/session';
import { ChangePasswordModal } from './ChangePasswordModal';

/**
 * The user menu: who is signed in, change password (not for API auth users, nor in a session
 * entered from another account: the server refuses both) and logout.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const info = useSessionInfo();
  const user = info.loginInfo;
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  const entered = !!info.fromAdmin || !!info.fromBrand;
  const passwordBlocked = user.is_apiauth_user ? t('header.authUserNoPassword') : entered ? t('header.enteredNoPassword') : null;
  const typeName = info.user_type_names?.[String(user.user_type)] ?? t(`userType.${user.user_type}`);
  const role = user.role_name ?? displayName(user.role);

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div style={{ maxWidth: 260 }}>
                  <Typography.Text strong>{user.name}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{[typeName, role].filter(Boolean).join(' · ')}</Typography.Text>
                </div>
              ),
            },
            { type: 'divider' },
            {
              key: 'password',
              icon: <KeyOutlined />,
              disabled: !!passwordBlocked,
              title: passwordBlocked ?? undefined,
              label: <span data-testid="menu-change-password">{t('header.changePassword')}</span>,
            },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('header.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
            if (key === 'password' && !passwordBlocked) setChanging(true);
          },
        }}
      >
        <Button type="text" aria-label={t('header.userMenu')} data-testid="user-menu">
          <Space size={6}>
            <Avatar size="small" src={info.avatar || undefined} icon={<UserOutlined />} />
            <Typography.Text style={{ maxWidth: 140 }} ellipsis>
              {user.name}
            </Typography.Text>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
