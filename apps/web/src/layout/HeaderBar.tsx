import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH, type AppRoute } from '../app/routes';
import { useLogout, useSession } from '../auth/session';
import { useLang } from '../locales';
import { LangSwitch } from './LangSwitch';

/** Top bar: menu toggle, breadcrumb, language switch and the user menu (logout). */
export function HeaderBar({ current, collapsed, onToggle }: { current?: AppRoute; collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const logout = useLogout();

  const crumbs = [{ key: 'home', title: <Link to={HOME_PATH}>{t('menu.home')}</Link> }];
  if (current?.group) crumbs.push({ key: current.group.key, title: <>{current.group.title[lang]}</> });
  if (current && current.path !== HOME_PATH) crumbs.push({ key: current.path, title: <>{current.title[lang]}</> });

  return (
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 16px 0 0',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: '1px solid #f0f0f0',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
        style={{ width: 64, height: 64 }}
      />
      <Breadcrumb items={crumbs} style={{ flex: 1, minWidth: 0 }} />
      <Space size="middle">
        <LangSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('header.logout') }],
            onClick: ({ key }) => {
              if (key === 'logout') void logout();
            },
          }}
        >
          <Button type="text" aria-label={t('header.userMenu')} data-testid="user-menu">
            <Space>
              <Avatar size="small" icon={<UserOutlined />} />
              <Typography.Text>{user.name}</Typography.Text>
            </Space>
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
