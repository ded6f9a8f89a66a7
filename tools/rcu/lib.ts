import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hotel's room-control gateway, simulated (docs/rcu.md): an HTTP server keeping each room's
 * devices and their states, in the reference protocol the server's `htv-json` adapter speaks.
 *
 *   GET  /api/rooms/{room}/devices         → 200 {room, devices: [{id, type, name, on, setpoint?, mode?, roomTemperature?}]}
 *   POST /api/rooms/{room}/devices/{id}    {on} | {setpoint} | {mode} → 200 {device}
 *
 * `Authorization: Bearer <key>` when the simulator has a key (401 otherwise); an unknown room or
 * device is 404, a command the device does not take 400 (`{error}`). Setting do-not-disturb clears
 * make-up-room and the other way round, as a room's panel does.
 */

export interface SimDevice {
  id: string;
  type: 'light' | 'curtain' | 'aircon' | 'dnd' | 'mur';
  name: string;
  on: boolean;
  setpoint?: number;
  mode?: 'cool' | 'heat' | 'fan' | 'auto';
  roomTemperature?: number;
}

export interface RcuSimulatorOptions {
  /** The rooms it knows at start (each gets the standard devices). */
  rooms?: readonly string[];
  /** Any room asked for exists (the demo: every room of the demo hotel is a simulated room). */
  anyRoom?: boolean;
  /** The access key the gateway asks for; none: open. */
  key?: string;
  port?: number;
  host?: string;
}

/** A room's devices as a new room has them: lights on, curtains closed, the air conditioner at 24 °C. */
export function standardDevices(): SimDevice[] {
  return [
    { id: 'light-main', type: 'light', name: 'Main light', on: true },
    { id: 'light-bed', type: 'light', name: 'Bedside lamp', on: false },
    { id: 'curtain', type: 'curtain', name: 'Curtain', on: false },
    { id: 'aircon', type: 'aircon', name: 'Air conditioning', on: true, setpoint: 24, mode: 'cool', roomTemperature: 26 },
    { id: 'dnd', type: 'dnd', name: 'Do not disturb', on: false },
    { id: 'mur', type: 'mur', name: 'Make up room', on: false },
  ];
}

const MODES = new Set(['cool', 'heat', 'fan', 'auto']);

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 4096) throw new Error('too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

export class RcuSimulator {
  readonly rooms = new Map<string, SimDevice[]>();
  /** Every request as received (method, path), for tests. */
  readonly requests: { method: string; path: string; body?: unknown }[] = [];
  private server?: Server;
  url = '';

  constructor(private readonly options: RcuSimulatorOptions = {}) {
    for (const room of options.rooms ?? []) this.rooms.set(room, standardDevices());
  }

  /** A room's devices (created when `anyRoom`), or undefined. */
  room(number: string): SimDevice[] | undefined {
    let devices = this.rooms.get(number);
    if (!devices && this.options.anyRoom) this.rooms.set(number, (devices = standardDevices()));
    return devices;
  }

  /** Sets a device from outside (a guest at the room's panel, a test). */
  set(number: string, id: string, change: Partial<SimDevice>): void {
    const device = this.room(number)?.find((d) => d.id === id);
    if (device) this.apply(number, device, change);
  }

  private apply(number: string, device: SimDevice, change: Partial<SimDevice>) {
    Object.assign(device, change);
    // Do-not-disturb and make-up-room exclude each other.
    if ((device.type === 'dnd' || device.type === 'mur') && change.on) {
      for (const other of this.rooms.get(number) ?? []) if (other !== device && (other.type === 'dnd' || other.type === 'mur')) other.on = false;
    }
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${address.port}`;
    return this.url;
  }

  stop(): void {
    this.server?.close();
    this.server?.closeAllConnections?.();
  }

  private async handle(request: IncomingMessage, response: import('node:http').ServerResponse) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://gateway').pathname;
    const entry: { method: string; path: string; body?: unknown } = { method: request.method ?? 'GET', path };
    this.requests.push(entry);
    if (this.options.key && request.headers.authorization !== `Bearer ${this.options.key}`) return send(401, { error: 'unauthorized' });
    const match = /^\/api\/rooms\/([^/]+)\/devices(?:\/([^/]+))?$/.exec(path);
    if (!match) return send(404, { error: 'not found' });
    const number = decodeURIComponent(match[1]!);
    const devices = this.room(number);
    if (!devices) return send(404, { error: 'unknown room' });
    if (request.method === 'GET' && !match[2]) return send(200, { room: number, devices });
    if (request.method !== 'POST' || !match[2]) return send(405, { error: 'method not allowed' });
    const device = devices.find((d) => d.id === decodeURIComponent(match[2]!));
    if (!device) return send(404, { error: 'unknown device' });
    let body: Record<string, unknown>;
    try {
      body = (await bodyOf(request)) as Record<string, unknown>;
      entry.body = body;
    } catch {
      return send(400, { error: 'bad body' });
    }
    if (typeof body.on === 'boolean') this.apply(number, device, { on: body.on });
    else if (typeof body.setpoint === 'number' && device.type === 'aircon' && body.setpoint >= 16 && body.setpoint <= 30) this.apply(number, device, { setpoint: Math.round(body.setpoint) });
    else if (typeof body.mode === 'string' && device.type === 'aircon' && MODES.has(body.mode)) this.apply(number, device, { mode: body.mode as SimDevice['mode'] });
    else return send(400, { error: 'unsupported command' });
    send(200, { device });
  }
}

/** Starts a simulated gateway; answers it (its `url` set). */
export async function startRcuSimulator(options: RcuSimulatorOptions = {}): Promise<RcuSimulator> {
  const simulator = new RcuSimulator(options);
  await simulator.start();
  return simulator;
}
