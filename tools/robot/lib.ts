import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hotel's delivery robot, simulated (docs/robot.md): an HTTP server taking delivery tasks and
 * moving them along with time: queued, moving (progress 0-100), arrived at the room, done.
 *
 *   POST /api/tasks {room, content}  → 201 {id}
 *   GET  /api/tasks/{id}             → 200 {id, room, state, progress}
 *
 * `Authorization: Bearer <key>` when it has a key (401 otherwise); an unknown task 404.
 */
export interface RobotSimulatorOptions {
  key?: string;
  /** How long each step lasts (queued → moving → … → arrived → done). */
  stepMs?: number;
  port?: number;
  host?: string;
}

interface Task {
  id: string;
  room: string;
  content: string;
  startedAt: number;
}

const MOVING_STEPS = 4;

export class RobotSimulator {
  readonly tasks = new Map<string, Task>();
  private server?: Server;
  private next = 1;
  url = '';

  constructor(private readonly options: RobotSimulatorOptions = {}) {}

  /** A task's state at `now`. */
  statusOf(task: Task, now = Date.now()): { state: string; progress: number } {
    const step = Math.floor((now - task.startedAt) / (this.options.stepMs ?? 10_000));
    if (step < 1) return { state: 'queued', progress: 0 };
    if (step <= MOVING_STEPS) return { state: 'moving', progress: Math.round((step / (MOVING_STEPS + 1)) * 100) };
    if (step === MOVING_STEPS + 1) return { state: 'arrived', progress: 100 };
    return { state: 'done', progress: 100 };
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${(this.server.address() as AddressInfo).port}`;
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
    if (this.options.key && request.headers.authorization !== `Bearer ${this.options.key}`) return send(401, { error: 'unauthorized' });
    const path = new URL(request.url ?? '/', 'http://robot').pathname;
    if (request.method === 'POST' && path === '/api/tasks') {
      let body: { room?: unknown; content?: unknown };
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { error: 'bad body' });
      }
      if (typeof body.room !== 'string' || !body.room || typeof body.content !== 'string') return send(400, { error: 'room and content required' });
      const task = { id: `T${this.next++}`, room: body.room, content: body.content.slice(0, 500), startedAt: Date.now() };
      this.tasks.set(task.id, task);
      return send(201, { id: task.id });
    }
    const match = /^\/api\/tasks\/([^/]+)$/.exec(path);
    const task = match && request.method === 'GET' ? this.tasks.get(decodeURIComponent(match[1]!)) : undefined;
    if (!task) return send(404, { error: 'unknown task' });
    send(200, { id: task.id, room: task.room, ...this.statusOf(task) });
  }
}

export async function startRobotSimulator(options: RobotSimulatorOptions = {}): Promise<RobotSimulator> {
  const simulator = new RobotSimulator(options);
  await simulator.start();
  return simulator;
}
