import { DASHBOARD_PERIODS, type DashboardAnswer } from '@htv/shared/areas/dashboard/index';
import { Alert, Card, Col, Descriptions, Empty, List, Progress, Row, Segmented, Skeleton, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HOME_PATH, menuRoutes } from '../../app/routes';
import { lazyPage } from '../../app/lazyPage';
import { can, displayName } from '../../auth/access';
import { useSession, useSessionInfo } from '../../auth/session';
import { QueryStatus } from '../../crud/QueryStatus';
import { useLang } from '../../locales';
import { useUnreadCount } from '../messages/api';
import type { AlarmRow } from '../devices/api';
import { useDeviceText } from '../devices/locales';
import { useDashboard, useDashboardText, type DashboardT } from './api';
import { FIGURE_COLORS } from './colors';
import { useFigureLinks, type FigureLinks } from './links';

// One chunk holds the chart library and all three charts.
const charts = () => import('./charts');
const PresenceChart = lazyPage(() => charts().then((m) => ({ default: m.PresenceChart })));
const DailyChart = lazyPage(() => charts().then((m) => ({ default: m.DailyChart })));
const VersionChart = lazyPage(() => charts().then((m) => ({ default: m.VersionChart })));

/** The home page: who is signed in, the terminal dashboard of their reach (with `terminal.read`), shortcuts. */
export default function DashboardPage() {
  const user = useSession();
  return (
    <>
      <WelcomeCard />
      {can(user, 'terminal.read') && <TerminalDashboard />}
      <Shortcuts />
    </>
  );
}

function WelcomeCard() {
  const { t } = useTranslation();
  const info = useSessionInfo();
  const user = info.loginInfo;
  const unread = useUnreadCount();
  const role = user.role_name ?? displayName(user.role);
  const hotel = displayName(user.hotel);
  const customer = user.customer?.name ?? '';
  const typeName = info.user_type_names?.[String(user.user_type)] ?? t(`userType.${user.user_type}`);
  return (
    <Card data-testid="welcome-card" size="small">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('home.welcome', { name: user.name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3, xl: 6 }}
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
  );
}

function TerminalDashboard() {
  const d = useDashboardText();
  const links = useFigureLinks();
  const [days, setDays] = useState<number>(7);
  const query = useDashboard(days);
  const data = query.data;
  const periods = DASHBOARD_PERIODS.map((value) => ({ value, label: value === 1 ? d('today') : d('period', { days: value }) }));
  return (
    <div data-testid="dashboard" style={{ marginTop: 16 }}>
      <Row justify="space-between" align="middle" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {d('title')}
        </Typography.Title>
        <Segmented options={periods} value={days} onChange={(value) => setDays(value)} data-testid="dashboard-period" />
      </Row>
      <QueryStatus query={query} minHeight={320}>
        {data && <Figures data={data} d={d} links={links} />}
      </QueryStatus>
    </div>
  );
}

interface FiguresProps {
  data: DashboardAnswer;
  d: DashboardT;
  links: FigureLinks;
}

function Figures({ data, d, links }: FiguresProps) {
  const lang = useLang();
  const { counts } = data;
  const tiles = [
    { key: 'total', value: counts.total, to: links.terminals() },
    { key: 'online', value: counts.online, color: FIGURE_COLORS.online, to: links.terminals({ online: 'true' }) },
    { key: 'offline', value: counts.offline, color: FIGURE_COLORS.offline, to: links.terminals({ online: 'false' }) },
    { key: 'unauthorized', value: counts.unauthorized, color: FIGURE_COLORS.unauthorized, to: links.terminals({ authorization: 'unauthorized' }) },
    { key: 'disabled', value: counts.disabled, color: FIGURE_COLORS.disabled, to: links.terminals({ authorization: 'disabled' }) },
    { key: 'openAlarms', value: data.alarms.open, color: data.alarms.open ? FIGURE_COLORS.alarms : undefined, to: links.alarms },
  ] as const;
  const empty = counts.total === 0;
  const props = { data, d, links };
  // Charts are drawn again in the new language (axis dates, series names).
  const chart = (node: ReactNode) => (
    <Suspense key={lang} fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      {node}
    </Suspense>
  );
  return (
    <>
      <Row gutter={[16, 16]}>
        {tiles.map((tile) => (
          <Col key={tile.key} xs={12} md={8} xl={4}>
            <Figure to={tile.to} testId={`figure-${tile.key}`}>
              <Statistic title={d(tile.key)} value={tile.value} styles={{ content: { color: 'color' in tile ? tile.color : undefined } }} />
            </Figure>
          </Col>
        ))}
      </Row>
      {empty && <Alert type="info" showIcon title={d('noTerminals')} style={{ marginTop: 16 }} data-testid="dashboard-empty" />}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Card title={d('presenceTitle')} extra={<ViewAll to={links.terminals()} d={d} />} style={{ height: '100%' }}>
            {empty ? <Empty description={d('noData')} /> : chart(<PresenceChart {...props} />)}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={d('versionsTitle')} style={{ height: '100%' }}>
            {data.versions.items.length ? chart(<VersionChart {...props} />) : <Empty description={d('noData')} />}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={d('registrationsTitle')} extra={<ViewAll to={links.terminals({ sort: 'registeredAt', order: 'desc' })} d={d} />} style={{ height: '100%' }}>
            {data.daily.some((day) => day.registered || day.active) ? chart(<DailyChart {...props} />) : <Empty description={d('noData')} />}
          </Card>
        </Col>
        {data.offlineHotels && (
          <Col xs={24} xl={12}>
            <OfflineHotels hotels={data.offlineHotels} d={d} links={links} />
          </Col>
        )}
        <Col xs={24} xl={data.offlineHotels ? 24 : 12}>
          <Alarms alarms={data.alarms} d={d} links={links} />
        </Col>
      </Row>
    </>
  );
}

/** A figure card; it opens its list when the user may open it. */
function Figure({ to, testId, children }: { to: string | null; testId: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Card
      size="small"
      hoverable={!!to}
      data-testid={testId}
      data-href={to ?? undefined}
      role={to ? 'link' : undefined}
      tabIndex={to ? 0 : undefined}
      onClick={to ? () => void navigate(to) : undefined}
      onKeyDown={to ? (event) => event.key === 'Enter' && void navigate(to) : undefined}
      style={{ cursor: to ? 'pointer' : 'default' }}
    >
      {children}
    </Card>
  );
}

function ViewAll({ to, d }: { to: string | null; d: DashboardT }) {
  return to ? <Link to={to}>{d('viewAll')}</Link> : null;
}

function OfflineHotels({ hotels, d, links }: { hotels: NonNullable<DashboardAnswer['offlineHotels']>; d: DashboardT; links: FigureLinks }) {
  return (
    <Card title={d('offlineHotelsTitle')} extra={<Typography.Text type="secondary">{d('offlineOfTotal')}</Typography.Text>} style={{ height: '100%' }} data-testid="offline-hotels">
      {hotels.length === 0 ? (
        <Empty description={d('noOffline')} />
      ) : (
        <List
          size="small"
          dataSource={hotels}
          renderItem={(hotel) => {
            const to = links.terminals({ hotelId: String(hotel.hotelId), online: 'false' });
            return (
              <List.Item key={hotel.hotelId} style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 2fr) 80px', gap: 12 }}>
                <Typography.Text ellipsis={{ tooltip: true }}>
                  {to ? <Link to={to}>{hotel.hotelName}</Link> : hotel.hotelName}
                  {hotel.brandName && <Typography.Text type="secondary"> · {hotel.brandName}</Typography.Text>}
                </Typography.Text>
                <Progress percent={Math.round((hotel.offline / hotel.total) * 100)} showInfo={false} strokeColor={FIGURE_COLORS.offline} size="small" />
                <span style={{ textAlign: 'right' }}>
                  {hotel.offline} / {hotel.total}
                </span>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

function Alarms({ alarms, d, links }: { alarms: DashboardAnswer['alarms']; d: DashboardT; links: FigureLinks }) {
  const deviceText = useDeviceText();
  return (
    <Card title={d('alarmsTitle')} extra={<ViewAll to={links.alarms} d={d} />} style={{ height: '100%' }} data-testid="recent-alarms">
      {alarms.recent.length === 0 ? (
        <Empty description={d('noAlarms')} />
      ) : (
        <List
          size="small"
          dataSource={alarms.recent}
          renderItem={(alarm) => {
            const to = links.terminals({ mac: alarm.mac });
            return (
              <List.Item key={alarm.id} extra={<Typography.Text type="secondary">{dayjs(alarm.lastAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>}>
                <Tag color="red">{deviceText(`kind_${alarm.kind as AlarmRow['kind']}`)}</Tag>
                {to ? <Link to={to}>{alarm.mac}</Link> : alarm.mac}
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {[alarm.hotelName, alarm.roomNumber].filter(Boolean).join(' · ')} · {d('hits', { hits: alarm.hits })}
                </Typography.Text>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

function Shortcuts() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const navigate = useNavigate();
  const shortcuts = menuRoutes(user).filter((route) => route.path !== HOME_PATH);
  return (
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
  );
}
