import type { DeviceCommand, DeviceConfig } from '@htv/shared/areas/devices/protocol';
import { MqttClient } from './mqtt-client';

/** The `push` part of the configuration when the server offers MQTT (docs/scaling.md). */
interface MqttPart {
  wsUrl: string | null;
  clientId: string;
  username: string;
  password: string;
  subscribe: string[];
  ack: string;
}

/**
 * MQTT over WebSocket for the browser TV, when the configuration names a WebSocket address: commands
 * arrive on the TV's topics and are acknowledged; while connected the long-poll waits (the fallback).
 */
export class MqttPush {
  private connection: { key: string; client: MqttClient } | undefined;

  /** `onConnected`: the connection is up and subscribed, so the long-poll can stop. */
  constructor(
    private readonly onCommand: (command: DeviceCommand) => void,
    private readonly onConnected: () => void,
  ) {}

  get connected(): boolean {
    return this.connection?.client.connected ?? false;
  }

  follow(config: DeviceConfig | null): void {
    const part = (config?.push as { mqtt?: MqttPart } | undefined)?.mqtt;
    const key = part?.wsUrl ? `${part.wsUrl}|${part.username}|${part.password}` : '';
    if (this.connection?.key === key) return;
    this.stop();
    if (!part?.wsUrl) return;
    const client = new MqttClient({
      url: part.wsUrl,
      clientId: part.clientId,
      username: part.username,
      password: part.password,
      subscribe: part.subscribe,
      open: (url) => new WebSocket(url, 'mqtt'),
      onMessage: (_topic, payload) => {
        try {
          const command = JSON.parse(new TextDecoder().decode(payload)) as DeviceCommand;
          client.publish(part.ack, JSON.stringify({ id: command.id, type: command.type }));
          this.onCommand(command);
        } catch {
          // not a command
        }
      },
      onState: (connected) => {
        if (connected) this.onConnected();
      },
    });
    this.connection = { key, client };
  }

  stop(): void {
    this.connection?.client.end();
    this.connection = undefined;
  }
}
