import { Column, Pie } from '@ant-design/plots';

/** The statistics pages' charts (@ant-design/plots, as on the dashboard), in the pages' lazy chunks. */

const FONT = 12;
const AXIS_LABEL = { labelFontSize: FONT, labelFill: '#595959', labelFillOpacity: 1 };

/** A donut of counts per label. */
export function ShareDonut({ rows, total, totalLabel, testId }: { rows: { label: string; count: number }[]; total: number; totalLabel: string; testId: string }) {
  return (
    <div data-testid={testId} data-points={rows.length}>
      <Pie
        data={rows}
        angleField="count"
        colorField="label"
        innerRadius={0.62}
        height={320}
        autoFit
        legend={{ color: { position: 'right', itemLabelFontSize: 13, itemMarkerSize: 10, rowPadding: 6, layout: { justifyContent: 'center' } } }}
        label={{ text: 'count', position: 'outside', fontSize: FONT, fill: '#595959', connector: true }}
        annotations={[{ type: 'text', style: { text: `${total}\n${totalLabel}`, x: '50%', y: '50%', textAlign: 'center', fontSize: 16, fill: '#262626', fontWeight: 600 } }]}
        tooltip={{ title: 'label', items: [{ channel: 'y', name: totalLabel }] }}
      />
    </div>
  );
}

/** Grouped columns: one group per label, one column per series. */
export function GroupedColumns({ rows, testId, height = 300 }: { rows: { label: string; series: string; value: number }[]; testId: string; height?: number }) {
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <div data-testid={testId} data-points={rows.length}>
      <Column
        data={rows}
        xField="label"
        yField="value"
        colorField="series"
        group
        height={height}
        autoFit
        scale={{ y: { domainMin: 0, domainMax: Math.max(4, Math.ceil(max * 1.1)), nice: true } }}
        axis={{ x: { ...AXIS_LABEL, title: false, labelAutoHide: true }, y: { ...AXIS_LABEL, title: false, tickCount: 5, labelFormatter: (v: number) => (Number.isInteger(v) ? String(v) : '') } }}
        legend={{ color: { position: 'top', itemLabelFontSize: 13, itemMarkerSize: 10, layout: { justifyContent: 'center' } } }}
        style={{ maxWidth: 28, radiusTopLeft: 2, radiusTopRight: 2 }}
      />
    </div>
  );
}
