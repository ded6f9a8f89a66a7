import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';

/** The run's MQTT broker (`mqtt://127.0.0.1:port`), published by global-setup; unset when none could start. */
export const ENV_MQTT_URL = 'E2E_MQTT_URL';
/** The port of the browser TVs' MQTT WebSocket address (MQTT_TV_WS_URL): a test that wants it up starts the relay there. */
export const ENV_MQTT_WS_PORT = 'E2E_MQTT_WS_PORT';
export const ENV_MQTT_PID = 'E2E_MQTT_PID';

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * A Mosquitto of the run's own on `port`, anonymous and in memory, when Mosquitto is installed: the
 * PGlite and PostgreSQL runs go side by side with the same terminal ids, so on one shared broker their
 * TVs would take each other's client ids and topics. Answers its pid, or undefined when it cannot start.
 */
export async function startBroker(dir: string, port: number): Promise<number | undefined> {
  const config = join(dir, 'mosquitto.conf');
  // As this user: started as root, Mosquitto would switch to its own.
  writeFileSync(config, `user ${userInfo().username}\nlistener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const broker = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
  let exited = false;
  broker.on('error', () => (exited = true)); // not installed
  broker.on('exit', () => (exited = true));
  for (const deadline = Date.now() + 5000; !exited && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    if (await answers(port)) return broker.pid;
  }
  broker.kill('SIGKILL');
  return undefined;
}
