import { once } from 'node:events';
import { connect } from 'node:net';
import { parser, type Packet } from 'mqtt-packet';
import { WebSocketServer } from 'ws';

/** An MQTT packet seen passing the relay: who sent it, and what. */
export interface RelayedPacket {
  from: 'client' | 'broker';
  packet: Packet;
}

/**
 * MQTT over WebSocket in front of a broker that listens on TCP only (the tests' Mosquitto is built
 * without a WebSocket listener): each WebSocket that asks for the `mqtt` subprotocol gets its own TCP
 * connection to the broker, and the bytes pass unchanged both ways, as a broker's WebSocket listener
 * carries them. The packets are also decoded on the side (the `mqtt-packet` parser), so a test sees
 * what a client and the broker said to each other.
 */
export class MqttWsRelay {
  readonly packets: RelayedPacket[] = [];

  private constructor(private readonly server: WebSocketServer) {}

  /** Listens on 127.0.0.1 (`port` 0: any free port) and relays to the broker's `mqtt://host:port`. */
  static async start(broker: string, port = 0): Promise<MqttWsRelay> {
    const { hostname, port: brokerPort } = new URL(broker);
    const server = new WebSocketServer({ host: '127.0.0.1', port, handleProtocols: (asked) => (asked.has('mqtt') ? 'mqtt' : false) });
    await once(server, 'listening');
    const relay = new MqttWsRelay(server);
    server.on('connection', (socket) => {
      if (socket.protocol !== 'mqtt') return socket.close(1002, 'the mqtt subprotocol is required');
      const tcp = connect(Number(brokerPort || 1883), hostname);
      const fromClient = relay.tap('client');
      const fromBroker = relay.tap('broker');
      socket.on('message', (data) => {
        fromClient(data as Buffer); // binary frames arrive as one Buffer each
        tcp.write(data as Buffer);
      });
      tcp.on('data', (data) => {
        fromBroker(data);
        socket.send(data);
      });
      const close = () => {
        socket.terminate();
        tcp.destroy();
      };
      socket.on('close', close);
      socket.on('error', close);
      tcp.on('close', close);
      tcp.on('error', close);
    });
    return relay;
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** The packets one party sent, in order. */
  sent(from: RelayedPacket['from']): Packet[] {
    return this.packets.filter((p) => p.from === from).map((p) => p.packet);
  }

  /** Stops listening and cuts every connection at once, as a broker or a network going away would. */
  async stop(): Promise<void> {
    for (const socket of this.server.clients) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private tap(from: RelayedPacket['from']): (data: Buffer) => void {
    const decoder = parser({ protocolVersion: 4 });
    decoder.on('packet', (packet: Packet) => this.packets.push({ from, packet }));
    decoder.on('error', () => undefined); // what the parser cannot read is relayed unchanged all the same
    return (data) => void decoder.parse(data);
  }
}
