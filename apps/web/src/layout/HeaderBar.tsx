import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH, type AppRoute } from '../app/routes';
import { useLang } from '../locales';
import { BackLinks } from './header/BackLinks';
import { FullscreenToggle } from './header/FullscreenToggle';
import { HeaderLinks } from './header/HeaderLinks';
import { MessageBell } from './header/MessageBell';
import { ProjectSelector } from './header/ProjectSelector';
import { UserMenu } from './header/UserMenu';
import { LangSwitch } from './LangSwitch';

export const MESSAGE_CENTER_PATH = '/message/center';

/**
 * Top bar: menu toggle, breadcrumb, back-to-admin / back-to-brand, project selector, feedback and help
 * links, message bell, full-screen toggle, language switch and the user menu.
 */
export function HeaderBar({
  current,
  collapsed,
  onToggle,
  onOpen,
}: {
  current?: AppRoute;
  collapsed: boolean;
  onToggle: () => void;
  onOpen: (path: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();

  const crumbs = [{ key: 'home', title: <Link to={HOME_PATH}>{t('menu.home')}</Link> }];
  if (current?.group) crumbs.push({ key: current.group.path, title: <>{current.group.title[lang]}</> });
  if (current && current.path !== HOME_PATH) crumbs.push({ key: current.path, title: <>{current.title[lang]}</> });

  return (
    <Layout.Header
      data-testid="header"
      style={{
        background: '#fff',
        padding: '0 12px 0 0',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: '1px solid #f0f0f0',
        height: 56,
        lineHeight: '56px',
      }}
    >
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
        data-testid="menu-toggle"
        style={{ width: 56, height: 56 }}
      />
      <nav aria-label={t('header.breadcrumb')} style={{ flex: 1, minWidth: 0 }} data-testid="breadcrumb">
        <Breadcrumb items={crumbs} />
      </nav>
      <Space size={4} wrap={false}>
        <BackLinks />
        <ProjectSelector />
        <HeaderLinks />
        <MessageBell onOpen={() => onOpen(MESSAGE_CENTER_PATH)} />
        <FullscreenToggle />
        <LangSwitch />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
