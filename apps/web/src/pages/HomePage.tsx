import { Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, menuRoutes } from '../app/routes';
import { useUnreadCount } from '../areas/messages/api';
import { TerminalStatsCard } from '../areas/devices/TerminalStatsCard';
import { displayName } from '../auth/access';
import { useSessionInfo } from '../auth/session';
import { useLang } from '../locales';

/** Welcome card plus shortcuts to every area the user may open. */
export default function HomePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const info = useSessionInfo();
  const user = info.loginInfo;
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const shortcuts = menuRoutes(user).filter((route) => route.path !== HOME_PATH);
  const role = user.role_name ?? displayName(user.role);
  const hotel = displayName(user.hotel);
  const customer = user.customer?.name ?? '';
  const typeName = info.user_type_names?.[String(user.user_type)] ?? t(`userType.${user.user_type}`);

  return (
    <>
      <Card data-testid="welcome-card">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('home.welcome', { name: user.name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'type', label: t('home.userType'), children: <span data-testid="home-user-type">{typeName}</span> },
            { key: 'email', label: t('home.email'), children: user.email },
            ...(role ? [{ key: 'role', label: t('home.role'), children: role }] : []),
            ...(customer ? [{ key: 'customer', label: t('home.customer'), children: customer }] : []),
            ...(hotel ? [{ key: 'hotel', label: t('home.hotel'), children: hotel }] : []),
            { key: 'unread', label: t('home.unread'), children: unread },
          ]}
        />
      </Card>
      <TerminalStatsCard />
      <Card title={t('home.shortcuts')} style={{ marginTop: 16 }}>
        {shortcuts.length === 0 ? (
          <Empty description={t('home.noShortcuts')} />
        ) : (
          <Row gutter={[16, 16]}>
            {shortcuts.map((route) => (
              <Col key={route.path} xs={12} md={8} lg={6} xl={4}>
                <Card hoverable size="small" onClick={() => void navigate(route.path)} style={{ textAlign: 'center' }} data-testid="shortcut">
                  <div style={{ fontSize: 24, color: '#1677ff' }}>{route.group && !route.entry.icon ? route.group.icon : route.icon}</div>
                  <div>{route.title[lang]}</div>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </>
  );
}
