import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** CPU seconds (user + system) a process has used so far (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by each PostgreSQL backend serving a database (by pid). */
export async function pgCpuSeconds(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [database]);
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}

/** CPU seconds the backends used since `before` (backends gone since then count what they had). */
export function pgCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  return [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);
}

/** What a process is, for a machine-wide CPU account: read from its command line. */
function role(cmdline: string): string {
  if (cmdline.startsWith('postgres: ')) {
    // "postgres: 15/main: postgres htv_bench 127.0.0.1(5432) idle" is a backend; "postgres: 15/main:
    // walwriter", "…: autovacuum worker htv_bench" and the like are the server's own processes.
    const what = cmdline.slice('postgres: '.length).replace(/^\d+\/\S+: /, '');
    if (/\(\d+\)|\[local\]/.test(what)) return 'PostgreSQL backends';
    return `PostgreSQL ${what.replace(/ (worker|launcher) .*$/, ' $1').trim()}`;
  }
  if (/(^|\/)postgres\b/.test(cmdline)) return 'PostgreSQL postmaster';
  if (/(^|\/)wrk\b/.test(cmdline)) return 'wrk';
  if (cmdline.includes('apps/server/src/main.ts') || cmdline.includes('apps/server/dist/main')) return 'server';
  if (/mosquitto/.test(cmdline)) return 'mosquitto';
  if (/(^|\/)(redis-server)\b/.test(cmdline)) return 'redis';
  if (cmdline.includes('bench/')) return 'bench script';
  return 'other';
}

/** CPU seconds used so far by every process of the machine, by pid, with its role (`roles` names some pids). */
function machineCpu(roles: ReadonlyMap<number, string> = new Map()): Map<number, { role: string; seconds: number }> {
  const result = new Map<number, { role: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      result.set(pid, { role: roles.get(pid) ?? role(cmdline), seconds: cpuSeconds(pid) });
    } catch {
      // gone meanwhile
    }
  }
  return result;
}

/**
 * Cores each role used between two `machineCpu` readings `wallSeconds` apart (processes started
 * meanwhile count from zero; processes gone meanwhile are not counted), largest first.
 */
function coresByRole(before: Map<number, { role: string; seconds: number }>, after: Map<number, { role: string; seconds: number }>, wallSeconds: number): [string, number][] {
  const totals = new Map<string, number>();
  for (const [pid, now] of after) totals.set(now.role, (totals.get(now.role) ?? 0) + now.seconds - (before.get(pid)?.seconds ?? 0));
  return [...totals].map(([name, seconds]): [string, number] => [name, seconds / wallSeconds]).sort((a, b) => b[1] - a[1]);
}

/**
 * Runs `run` and gives the cores each role of the machine used meanwhile, largest first; `spawned`
 * adds the CPU seconds of processes that started and ended inside it (wrk's own account).
 */
export async function coresDuring<T>(run: () => Promise<T>, spawned: (value: T) => [string, number | undefined][] = () => [], roles?: ReadonlyMap<number, string>): Promise<{ value: T; cores: [string, number][] }> {
  const before = machineCpu(roles);
  const started = performance.now();
  const value = await run();
  const wall = (performance.now() - started) / 1000;
  const cores = coresByRole(before, machineCpu(roles), wall);
  for (const [name, seconds] of spawned(value)) if (seconds !== undefined) cores.push([name, seconds / wall]);
  return { value, cores: cores.sort((a, b) => b[1] - a[1]) };
}

/** "server 0.96, PostgreSQL backends 0.33, …": the roles that used at least half a percent of a core. */
export function formatCores(cores: [string, number][]): string {
  return cores.filter(([, c]) => c >= 0.005).map(([name, c]) => `${name} ${c.toFixed(2)}`).join(', ');
}
