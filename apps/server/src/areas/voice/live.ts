import type { CallEvent } from '@htv/shared/areas/voice/console';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { actorOf } from '../../auth/plugin.js';
import { AppError } from '../../http/errors.js';

/** A comment line every so often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;
/** Streams a process holds at most (a hotel's staff pages, a few each). */
const MAX_STREAMS = 2_000;
const BUS_TOPIC = 'voice.call';

interface Listener {
  reach: { brandId: number | null; hotelId: number | null };
  raw: ServerResponse;
}

/** Each app's channel (tests run several apps in one process; the record hooks that report changes are global). */
const channels = new Set<CallChannel>();

/** A service call was saved or changed: every channel of this process delivers it and tells the other processes. */
export function callChanged(event: CallEvent & { brandId: number | null }): void {
  for (const channel of channels) channel.emit(event, true);
}

/**
 * The service-call list's live channel (docs/voice.md): `GET /api/ai/service-calls/live`, a
 * text/event-stream of `call` events (for a request that accepts one), each the id, hotel and state of a call just saved or changed,
 * within the caller's reach (a hotel user: the hotel's; a brand user: the brand's; the platform: all).
 * The staff page reloads its list on an event, so a guest's call shows at once; its slower polling
 * covers a lost stream.
 */
class CallChannel {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly app: FastifyInstance) {}

  emit(event: CallEvent & { brandId: number | null }, publish: boolean): void {
    if (publish) this.app.bus.publish(BUS_TOPIC, event);
    if (!this.listeners.size) return;
    const { brandId, ...data } = event;
    const frame = `event: call\ndata: ${JSON.stringify(data)}\n\n`;
    for (const listener of this.listeners) {
      const { reach } = listener;
      if (reach.hotelId !== null && reach.hotelId !== event.hotelId) continue;
      if (reach.hotelId === null && reach.brandId !== null && reach.brandId !== brandId) continue;
      listener.raw.write(frame);
    }
  }

  register(): void {
    const unsubscribe = this.app.bus.subscribe<CallEvent & { brandId: number | null }>(BUS_TOPIC, (event) => this.emit(event, false));
    this.app.get(
      '/api/ai/service-calls/live',
      { schema: { tags: ['voice'], summary: 'The service calls of the caller’s reach as they are saved and change (text/event-stream)' }, config: { auth: { userTypes: [1, 2, 3], permission: 'aiCallService.read' } } },
      (request, reply) => {
        // A stream for clients that ask for one (EventSource, the staff page): any other caller gets an answer, not a call that never ends.
        if (!String(request.headers.accept ?? '').includes('text/event-stream')) throw new AppError('badRequest', 'voice.liveAccept');
        if (this.listeners.size >= MAX_STREAMS) throw new AppError('rateLimited', 'error.rateLimited');
        const actor = actorOf(request);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
        raw.write(': live\n\n');
        const listener: Listener = { reach: { brandId: actor.userType === 1 ? null : actor.brandId, hotelId: actor.userType === 3 ? actor.hotelId : null }, raw };
        this.listeners.add(listener);
        const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
        keepalive.unref();
        const close = () => {
          clearInterval(keepalive);
          this.listeners.delete(listener);
        };
        request.raw.on('close', close);
        raw.on('close', close);
      },
    );
    // Open streams never end by themselves: close them before the server waits for its connections.
    this.app.addHook('preClose', async () => {
      for (const listener of this.listeners) listener.raw.end();
      this.listeners.clear();
    });
    this.app.addHook('onClose', async () => {
      unsubscribe();
      channels.delete(this);
    });
    channels.add(this);
  }
}

export function registerCallChannel(app: FastifyInstance): void {
  new CallChannel(app).register();
}
