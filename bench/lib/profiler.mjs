// Preload for benchmarks: `node --import ./bench/lib/profiler.mjs …` with HTV_PROFILE_DIR set.
// The first SIGUSR2 starts a V8 CPU profile, the second writes it to HTV_PROFILE_DIR/<pid>-<n>.cpuprofile.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.HTV_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let n = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${process.pid}-${++n}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
