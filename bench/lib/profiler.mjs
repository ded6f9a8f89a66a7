// Preload for benchmarks: `node --import ./bench/lib/profiler.mjs …` with HTV_PROFILE_DIR set.
// The first SIGUSR2 starts a V8 CPU profile, the second writes it to HTV_PROFILE_DIR/<pid>-<n>.cpuprofile,
// with the garbage collections of that time by kind (count, milliseconds) in <pid>-<n>.gc.json.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.HTV_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  let gc = {};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kinds[entry.detail?.kind] ?? 'other';
      gc[kind] ??= { count: 0, ms: 0 };
      gc[kind].count++;
      gc[kind].ms += entry.duration;
    }
  });
  let running = false;
  let n = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      gc = {};
      observer.observe({ entryTypes: ['gc'] });
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    running = false;
    observer.disconnect();
    const collections = gc;
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      const name = `${process.pid}-${++n}`;
      writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(result.profile));
      writeFileSync(join(dir, `${name}.gc.json`), JSON.stringify(collections, null, 2));
    });
  });
}
