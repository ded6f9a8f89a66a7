import { Bar } from '@ant-design/plots';

/** Support per option as horizontal bars (@ant-design/plots, as the statistics pages), in its own lazy chunk. */
export default function ResultsChart({ rows }: { rows: { label: string; count: number; percent: number }[] }) {
  const max = Math.max(0, ...rows.map((r) => r.count));
  return (
    <Bar
      data={rows}
      xField="label"
      yField="count"
      height={Math.max(160, rows.length * 48)}
      autoFit
      scale={{ y: { domainMin: 0, domainMax: Math.max(4, max), nice: true } }}
      axis={{ x: { title: false }, y: { title: false, labelFormatter: (v: number) => (Number.isInteger(v) ? String(v) : '') } }}
      label={{ text: (d: { count: number; percent: number }) => (d.count ? `${d.count} (${d.percent}%)` : ''), position: 'right', fontSize: 12 }}
      style={{ maxWidth: 28 }}
    />
  );
}
