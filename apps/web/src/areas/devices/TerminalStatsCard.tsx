import type { TerminalStats } from '@htv/shared/devices/console';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { can } from '../../auth/access';
import { useSession } from '../../auth/session';
import { deviceApi, deviceKeys } from './api';
import { useDeviceText, type DeviceT } from './locales';

const W = 560;
const H = 140;
const PAD = { left: 28, right: 8, top: 10, bottom: 22 };

/** Active terminals per day as bars, registrations as a line: plain SVG, no chart library. */
function SeriesChart({ series, d }: { series: TerminalStats['series']; d: DeviceT }) {
  if (!series.length) return null;
  const max = Math.max(1, ...series.map((s) => Math.max(s.active, s.registered)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / series.length;
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = series.map((s, i) => `${i ? 'L' : 'M'}${PAD.left + step * i + step / 2},${y(s.registered)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={d('last7days')} data-testid="terminal-stats-chart">
      <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="#d9d9d9" />
      <text x={PAD.left - 4} y={PAD.top + 8} fontSize="10" textAnchor="end" fill="#8c8c8c">
        {max}
      </text>
      {series.map((s, i) => (
        <g key={s.day}>
          <rect x={PAD.left + step * i + step * 0.2} width={step * 0.6} y={y(s.active)} height={PAD.top + innerH - y(s.active)} fill="#1677ff" opacity={0.75}>
            <title>{`${s.day} ${d('active')}: ${s.active}, ${d('registered')}: ${s.registered}`}</title>
          </rect>
          <text x={PAD.left + step * i + step / 2} y={H - 6} fontSize="10" textAnchor="middle" fill="#8c8c8c">
            {s.day.slice(5)}
          </text>
        </g>
      ))}
      <path d={line} fill="none" stroke="#fa8c16" strokeWidth={2} />
      {series.map((s, i) => (
        <circle key={s.day} cx={PAD.left + step * i + step / 2} cy={y(s.registered)} r={3} fill="#fa8c16" />
      ))}
    </svg>
  );
}

/**
 * Home-page terminal counts (online, offline, unauthorized…) and the last 7 days' active and
 * registered terminals, from GET /api/terminals/stats. Renders nothing without `terminal.read`.
 */
export function TerminalStatsCard() {
  const user = useSession();
  const allowed = can(user, 'terminal.read');
  if (!allowed) return null;
  return <StatsCard />;
}

function StatsCard() {
  const d = useDeviceText();
  const stats = useQuery({ queryKey: deviceKeys.stats, queryFn: ({ signal }) => deviceApi.stats(7, signal), refetchInterval: 30_000 });
  const data = stats.data;
  const items: { key: keyof TerminalStats & string; label: string; color?: string }[] = [
    { key: 'total', label: d('total') },
    { key: 'online', label: d('online'), color: '#52c41a' },
    { key: 'offline', label: d('offline'), color: '#8c8c8c' },
    { key: 'unauthorized', label: d('unauthorized'), color: '#fa8c16' },
    { key: 'disabled', label: d('disabled'), color: '#f5222d' },
  ];
  return (
    <Card title={d('statsTitle')} loading={stats.isLoading} data-testid="terminal-stats-card" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.key} xs={12} md={8} xl={4}>
            <Statistic title={item.label} value={(data?.[item.key] as number | undefined) ?? 0} styles={{ content: { color: item.color } }} data-testid={`terminal-stats-${item.key}`} />
          </Col>
        ))}
      </Row>
      {data && (
        <div style={{ marginTop: 16 }}>
          <div style={{ fontSize: 12, color: '#8c8c8c' }}>
            <span style={{ color: '#1677ff' }}>■</span> {d('active')} <span style={{ color: '#fa8c16', marginLeft: 8 }}>●</span> {d('registered')} · {d('last7days')}
          </div>
          <SeriesChart series={data.series} d={d} />
        </div>
      )}
    </Card>
  );
}

export default TerminalStatsCard;
