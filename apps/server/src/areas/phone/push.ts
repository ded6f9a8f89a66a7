import type { PhoneCommandData } from '@htv/shared/areas/phone/protocol';
import { mqttTopics } from '../devices/mqtt.js';
import type { DeviceRuntime } from '../devices/runtime.js';

const TOPIC = 'phone.remote';

/**
 * Sends a phone's command to its TV on the push channel: the TV's long-poll in this process gets it at
 * once (one process: else it waits in the queue for the TV's next poll), MQTT when a broker is
 * configured. With several server processes the process holding the TV's long-poll hands it over;
 * nobody queues it then (a queue in one process and a delivery in another would press the key twice),
 * so a press in the instant between two polls is lost: the guest presses again (docs/phone.md).
 */
export function pushToTv(runtime: DeviceRuntime, terminalId: number, data: PhoneCommandData): void {
  const taken = runtime.hub.push(terminalId, 'remote', !runtime.bus.shared, data);
  runtime.mqtt?.publish(mqttTopics.terminal(terminalId), 'remote', data);
  if (!taken && runtime.bus.shared) runtime.bus.publish(TOPIC, { terminalId, data });
}

/** Hands other processes' commands to the long-polls held here (once per runtime). */
export function listenForPhoneCommands(runtime: DeviceRuntime): () => void {
  return runtime.bus.subscribe<{ terminalId: number; data: unknown }>(TOPIC, ({ terminalId, data }) => {
    runtime.hub.push(terminalId, 'remote', false, data);
  });
}
