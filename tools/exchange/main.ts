/**
 * The ECB's daily reference rates, simulated, for a server without internet access:
 *
 *   node --import tsx tools/exchange/main.ts --port 8091
 *   EXCHANGE_URL=http://127.0.0.1:8091 npm start
 */
import { parseArgs } from 'node:util';
import { startExchangeSimulator } from './lib.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8091' }, host: { type: 'string', default: '127.0.0.1' } } });
const { url } = await startExchangeSimulator(Number(values.port), values.host);
process.stdout.write(`exchange simulator: ${url}/stats/eurofxref/eurofxref-daily.xml\n`);
