import type { DeviceCommand, DeviceConfig } from '@htv/shared/areas/devices/protocol';

/** The `push` part of the configuration when the server offers MQTT (docs/scaling.md). */
interface MqttPart {
  wsUrl: string | null;
  clientId: string;
  username: string;
  password: string;
  subscribe: string[];
  ack: string;
}

interface Connection {
  key: string;
  end(): void;
  connected(): boolean;
}

/**
 * MQTT over WebSocket for the browser TV, when the configuration names a WebSocket address: commands
 * arrive on the TV's topics and are acknowledged; while connected the long-poll waits (the fallback).
 * The mqtt library is loaded only then, in a chunk of its own.
 */
export class MqttPush {
  private connection: Connection | undefined;

  constructor(private readonly onCommand: (command: DeviceCommand) => void) {}

  get connected(): boolean {
    return this.connection?.connected() ?? false;
  }

  async follow(config: DeviceConfig | null): Promise<void> {
    const part = (config?.push as { mqtt?: MqttPart } | undefined)?.mqtt;
    const key = part?.wsUrl ? `${part.wsUrl}|${part.username}|${part.password}` : '';
    if (this.connection?.key === key) return;
    this.stop();
    if (!part?.wsUrl) return;
    const { default: mqtt } = await import('mqtt');
    const client = mqtt.connect(part.wsUrl, { clientId: part.clientId, username: part.username, password: part.password, reconnectPeriod: 5000 });
    client.on('connect', () => client.subscribe(part.subscribe, { qos: 1 }));
    client.on('error', () => undefined); // it reconnects; the long-poll covers the gap
    client.on('message', (_topic, payload) => {
      try {
        const command = JSON.parse(new TextDecoder().decode(payload)) as DeviceCommand;
        client.publish(part.ack, JSON.stringify({ id: command.id, type: command.type }), { qos: 1 });
        this.onCommand(command);
      } catch {
        // not a command
      }
    });
    this.connection = { key, end: () => client.end(true), connected: () => client.connected };
  }

  stop(): void {
    this.connection?.end();
    this.connection = undefined;
  }
}
