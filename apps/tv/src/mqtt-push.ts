import type { DeviceCommand, DeviceConfig } from '@htv/shared/areas/devices/protocol';
import type { ProgressReport } from '@htv/shared/areas/releases/index';
import type { MqttClient } from './mqtt-client';

/** The `push` part of the configuration when the server offers MQTT (docs/scaling.md). */
interface MqttPart {
  wsUrl: string | null;
  clientId: string;
  username: string;
  password: string;
  subscribe: string[];
  ack: string;
  /** Where release progress goes (absent from servers before it was offered). */
  progress?: string;
}

/**
 * MQTT over WebSocket for the browser TV, when the configuration names a WebSocket address: commands
 * arrive on the TV's topics and are acknowledged; while connected the long-poll waits (the fallback).
 * The client is loaded only then, in a chunk of its own (the first script stays small).
 */
export class MqttPush {
  /** What the connection is for (address and credentials); '' when there is none. */
  private key = '';
  private client: MqttClient | undefined;
  private progressTopic: string | undefined;

  /** `onConnected`: the connection is up and subscribed, so the long-poll can stop. */
  constructor(
    private readonly onCommand: (command: DeviceCommand) => void,
    private readonly onConnected: () => void,
  ) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /**
   * Publishes release progress on the terminal's progress topic while connected (QoS 1: kept and sent
   * again after a reconnection until the broker has it); false when it must go over HTTP.
   */
  report(reports: readonly ProgressReport[]): boolean {
    if (!this.client?.connected || !this.progressTopic) return false;
    this.client.publish(this.progressTopic, JSON.stringify({ reports }));
    return true;
  }

  async follow(config: DeviceConfig | null): Promise<void> {
    const part = (config?.push as { mqtt?: MqttPart } | undefined)?.mqtt;
    const key = part?.wsUrl ? `${part.wsUrl}|${part.username}|${part.password}` : '';
    if (this.key === key) return;
    this.stop();
    this.key = key;
    if (!part?.wsUrl) return;
    const { MqttClient } = await import('./mqtt-client').catch((error: unknown) => {
      if (this.key === key) this.key = ''; // tried again with the next configuration
      throw error;
    });
    if (this.key !== key) return; // another configuration came meanwhile
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
    this.client = client;
    this.progressTopic = part.progress;
  }

  stop(): void {
    this.client?.end();
    this.client = undefined;
    this.progressTopic = undefined;
    this.key = '';
  }
}
