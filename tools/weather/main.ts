/**
 * Open-Meteo's forecast API, simulated, for a server without internet access:
 *
 *   node --import tsx tools/weather/main.ts --port 8090
 *   WEATHER_URL=http://127.0.0.1:8090 npm start
 */
import { parseArgs } from 'node:util';
import { startWeatherSimulator } from './lib.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8090' }, host: { type: 'string', default: '127.0.0.1' } } });
const { url } = await startWeatherSimulator(Number(values.port), values.host);
process.stdout.write(`weather simulator: ${url}/v1/forecast\n`);
