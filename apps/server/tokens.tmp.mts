import { registerMany } from '../../tools/simulator/lib.js';
import { writeFileSync } from 'node:fs';
const tvs = await registerMany({ url: 'http://127.0.0.1:18190', seed: 'ovh' + Date.now(), count: 500 });
writeFileSync('/tmp/ovh-tokens.txt', tvs.map((t) => t.token).join('\n') + '\n');
