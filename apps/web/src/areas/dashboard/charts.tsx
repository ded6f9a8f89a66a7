import { Column, Line, Pie } from '@ant-design/plots';
import type { DashboardAnswer } from '@htv/shared/areas/dashboard/index';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import type { DashboardT } from './api';
import { FIGURE_COLORS } from './colors';
import type { FigureLinks, TerminalFilter } from './links';

/**
 * The dashboard's charts (@ant-design/plots, on G2). This module is its own lazy chunk: the chart
 * library loads with the home page's figures, never with the login page or the shell.
 */

const FONT = 12;
const HOUR_MS = 3_600_000;
const AXIS_LABEL = { labelFontSize: FONT, labelFill: '#595959', labelFillOpacity: 1 };
const LEGEND = { color: { position: 'top' as const, itemLabelFontSize: 13, itemMarkerSize: 10, layout: { justifyContent: 'center' } } };

/** A y axis that starts at 0 and shows whole numbers only (counts of terminals), even with no data. */
function countAxis(max: number) {
  return {
    scale: { y: { domainMin: 0, domainMax: Math.max(4, Math.ceil(max * 1.1)), nice: true } },
    axis: { y: { ...AXIS_LABEL, title: false, tickCount: 5, labelFormatter: (v: number) => (Number.isInteger(v) ? String(v) : '') } },
  };
}

type Series = 'online' | 'offline' | 'unauthorized';
const PRESENCE_FILTERS: Record<Series, TerminalFilter> = { online: { online: 'true' }, offline: { online: 'false' }, unauthorized: { authorization: 'unauthorized' } };

interface ChartProps {
  data: DashboardAnswer;
  d: DashboardT;
  links: FigureLinks;
}

/** Clicking a drawn element opens its list. */
function useOpen() {
  const navigate = useNavigate();
  return (to: string | null) => {
    if (to) void navigate(to);
  };
}

/** Terminals online, offline and unauthorized: the hourly snapshots, then now. */
export function PresenceChart({ data, d, links }: ChartProps) {
  const open = useOpen();
  const series: Series[] = ['online', 'offline', 'unauthorized'];
  const names = series.map((s) => d(s));
  const rows = data.presence.flatMap((point) => series.map((s, i) => ({ at: new Date(point.at), series: names[i]!, key: s, value: point[s] })));
  const { scale, axis } = countAxis(Math.max(0, ...rows.map((r) => r.value)));
  // At least an hour wide, so a short history does not crowd the axis with the same minute.
  const end = rows.length ? rows[rows.length - 1]!.at.getTime() : Date.now();
  const start = Math.min(rows[0]?.at.getTime() ?? end, end - HOUR_MS);
  const span = end - start;
  const format = span <= 36 * HOUR_MS ? 'HH:mm' : span <= 4 * 24 * HOUR_MS ? 'MM-DD HH:mm' : 'MM-DD';
  return (
    <div data-testid="chart-presence" data-points={data.presence.length}>
      <Line
        data={rows}
        xField="at"
        yField="value"
        colorField="series"
        height={300}
        autoFit
        scale={{ ...scale, x: { type: 'time', domain: [new Date(start), new Date(end)] }, color: { domain: names, range: series.map((s) => FIGURE_COLORS[s]) } }}
        axis={{ ...axis, x: { ...AXIS_LABEL, title: false, labelAutoHide: true, tickCount: 7, labelFormatter: (v: Date) => dayjs(v).format(format) } }}
        legend={LEGEND}
        style={{ lineWidth: 2 }}
        point={{ shapeField: 'circle', sizeField: data.presence.length > 48 ? 0 : 3 }}
        tooltip={{ title: (row: { at: Date }) => dayjs(row.at).format('YYYY-MM-DD HH:mm'), items: [{ channel: 'y' }] }}
        onEvent={(_chart: unknown, event: { type: string; data?: { data?: { key?: Series } } }) => {
          const key = event.type === 'element:click' ? event.data?.data?.key : undefined;
          if (key) open(links.terminals(PRESENCE_FILTERS[key]));
        }}
      />
    </div>
  );
}

/** Registrations and active terminals per day, side by side. */
export function DailyChart({ data, d, links }: ChartProps) {
  const open = useOpen();
  const series = ['registered', 'active'] as const;
  const names = series.map((s) => d(s));
  const rows = data.daily.flatMap((day) => series.map((s, i) => ({ day: day.day.slice(5), series: names[i]!, value: day[s] })));
  const { scale, axis } = countAxis(Math.max(0, ...rows.map((r) => r.value)));
  return (
    <div data-testid="chart-daily" data-points={data.daily.length}>
      <Column
        data={rows}
        xField="day"
        yField="value"
        colorField="series"
        group
        height={280}
        autoFit
        scale={{ ...scale, color: { domain: names, range: series.map((s) => FIGURE_COLORS[s]) } }}
        axis={{ ...axis, x: { ...AXIS_LABEL, title: false, labelAutoHide: true } }}
        legend={LEGEND}
        style={{ maxWidth: 28, radiusTopLeft: 2, radiusTopRight: 2 }}
        onEvent={(_chart: unknown, event: { type: string }) => {
          if (event.type === 'element:click') open(links.terminals({ sort: 'registeredAt', order: 'desc' }));
        }}
      />
    </div>
  );
}

/** Terminals per software version as a donut; a slice opens the terminals of that version. */
export function VersionChart({ data, d, links }: ChartProps) {
  const open = useOpen();
  const rows = data.versions.items.map((v) => ({ label: v.version ?? d('versionUnknown'), version: v.version, count: v.count }));
  if (data.versions.others) rows.push({ label: d('versionOthers'), version: null, count: data.versions.others });
  return (
    <div data-testid="chart-versions" data-points={rows.length}>
      <Pie
        data={rows}
        angleField="count"
        colorField="label"
        innerRadius={0.62}
        height={280}
        autoFit
        legend={{ color: { position: 'right', itemLabelFontSize: 13, itemMarkerSize: 10, rowPadding: 6, layout: { justifyContent: 'center' } } }}
        label={{ text: 'count', position: 'outside', fontSize: FONT, fill: '#595959', connector: true }}
        annotations={[{ type: 'text', style: { text: `${data.counts.total}\n${d('terminals')}`, x: '50%', y: '50%', textAlign: 'center', fontSize: 16, fill: '#262626', fontWeight: 600 } }]}
        tooltip={{ title: 'label', items: [{ channel: 'y', name: d('terminals') }] }}
        onEvent={(_chart: unknown, event: { type: string; data?: { data?: { version?: string | null } } }) => {
          const version = event.type === 'element:click' ? event.data?.data?.version : undefined;
          if (version) open(links.terminals({ softwareVersion: version }));
        }}
      />
    </div>
  );
}
