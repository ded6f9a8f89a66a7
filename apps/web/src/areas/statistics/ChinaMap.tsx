import boundaries from './china-provinces.json';

/**
 * China by province as SVG, from the bundled boundaries (china-provinces.json, built by
 * tools/geo/china-provinces.mjs; no map service). A plain equirectangular projection scaled by the
 * cosine of 35°N is enough at this size. Provinces are shaded by their terminal count.
 */

interface Province {
  name: string;
  center: [number, number];
  rings: [number, number][][];
}

const PROVINCES = (boundaries as unknown as { provinces: Province[] }).provinces;
const K = 10;
const COS = Math.cos((35 * Math.PI) / 180);
const WEST = 73;
const NORTH = 54;
const x = (lon: number) => ((lon - WEST) * COS * K).toFixed(1);
const y = (lat: number) => ((NORTH - lat) * K).toFixed(1);
const PATHS = PROVINCES.map((p) => ({ ...p, d: p.rings.map((ring) => `M${ring.map(([lon, lat]) => `${x(lon)},${y(lat)}`).join('L')}Z`).join('') }));
const SHADES = ['#f0f5ff', '#bae0ff', '#69b1ff', '#1677ff', '#003eb3'];

export interface MapFigure {
  total: number;
  online: number;
}

export function ChinaMap({ figures, selected, onSelect, title }: { figures: Map<string, MapFigure>; selected: string | null; onSelect: (name: string) => void; title: (name: string, f: MapFigure | undefined) => string }) {
  const max = Math.max(1, ...[...figures.values()].map((f) => f.total));
  const shade = (total: number) => (total ? SHADES[Math.min(SHADES.length - 1, 1 + Math.floor(((total - 1) / max) * (SHADES.length - 1)))] : SHADES[0]);
  return (
    <svg viewBox="0 0 510 370" style={{ width: '100%', maxHeight: 520 }} data-testid="china-map" data-provinces={PATHS.length} role="img">
      {PATHS.map((p) => {
        const f = figures.get(p.name);
        const active = selected === p.name;
        return (
          <g key={p.name} onClick={() => onSelect(p.name)} style={{ cursor: 'pointer' }} data-province={p.name} data-total={f?.total ?? 0}>
            <title>{title(p.name, f)}</title>
            {p.d ? (
              <path d={p.d} fill={shade(f?.total ?? 0)} stroke={active ? '#fa541c' : '#8c8c8c'} strokeWidth={active ? 1.5 : 0.5} fillRule="evenodd" />
            ) : (
              <circle cx={x(p.center[0])} cy={y(p.center[1])} r={2.5} fill={shade(f?.total ?? 0)} stroke="#8c8c8c" strokeWidth={0.5} />
            )}
            {f?.total ? (
              <text x={x(p.center[0])} y={y(p.center[1])} fontSize={9} textAnchor="middle" fill="#262626" pointerEvents="none">
                {f.total}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
