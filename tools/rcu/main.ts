/**
 * A room-control gateway, simulated, for a server without one (docs/rcu.md):
 *
 *   node --import tsx tools/rcu/main.ts --port 8091 --key demo-key
 *   RCU_GATEWAYS=http://127.0.0.1:8091 npm start   (then enter the address and key on /rcu)
 */
import { parseArgs } from 'node:util';
import { startRcuSimulator } from './lib.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8091' }, host: { type: 'string', default: '127.0.0.1' }, key: { type: 'string' } } });
const simulator = await startRcuSimulator({ port: Number(values.port), host: values.host, key: values.key, anyRoom: true });
process.stdout.write(`room-control simulator: ${simulator.url}/api/rooms/{room}/devices (every room exists)\n`);
