import { rmSync } from 'node:fs';
import { ENV_MQTT_PID } from './broker.js';
import { ENV_WORK_DIR, ENV_SERVER_PID } from './server.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server and the broker global-setup started, by their own pids, and removes its temporary folder (build snapshot, data, log). */
export default async function globalTeardown() {
  const pid = Number(process.env[ENV_SERVER_PID]);
  if (pid > 0 && alive(pid)) {
    process.kill(pid, 'SIGTERM'); // the server finishes in-flight requests and closes the database
    const deadline = Date.now() + 15_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  const broker = Number(process.env[ENV_MQTT_PID]);
  if (broker > 0 && alive(broker)) process.kill(broker, 'SIGTERM');
  const workDir = process.env[ENV_WORK_DIR];
  if (workDir && !process.env.E2E_KEEP_DATA) rmSync(workDir, { recursive: true, force: true });
}
