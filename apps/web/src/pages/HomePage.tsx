import { Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, menuRoutes } from '../app/routes';
import { displayName } from '../auth/access';
import { useSession } from '../auth/session';
import { useLang } from '../locales';

/** Welcome card plus shortcuts to every area the user may open. */
export default function HomePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const navigate = useNavigate();
  const shortcuts = menuRoutes(user).filter((route) => route.path !== HOME_PATH);
  const role = displayName(user.role);
  const hotel = displayName(user.hotel);

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
            { key: 'type', label: t('home.userType'), children: t(`userType.${user.user_type}`) },
            { key: 'email', label: t('home.email'), children: user.email },
            ...(role ? [{ key: 'role', label: t('home.role'), children: role }] : []),
            ...(hotel ? [{ key: 'hotel', label: t('home.hotel'), children: hotel }] : []),
          ]}
        />
      </Card>
      <Card title={t('home.shortcuts')} style={{ marginTop: 16 }}>
        {shortcuts.length === 0 ? (
          <Empty description={t('home.noShortcuts')} />
        ) : (
          <Row gutter={[16, 16]}>
            {shortcuts.map((route) => (
              <Col key={route.path} xs={12} md={8} lg={6} xl={4}>
                <Card hoverable size="small" onClick={() => void navigate(route.path)} style={{ textAlign: 'center' }}>
                  <div style={{ fontSize: 24, color: '#1677ff' }}>{route.icon}</div>
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
