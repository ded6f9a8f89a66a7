import type { FastifyInstance } from 'fastify';

/**
 * A background job of this process (a scheduler's tick, escalations, callbacks): run every `everyMs`
 * once the app is ready (and once at once with `atStart`), never two runs at a time, a failure logged
 * and the next run tried; stopped when the app closes. Answers the guarded run, for a test hook.
 */
export function runPeriodically(app: FastifyInstance, name: string, everyMs: number, job: () => Promise<unknown>, options: { atStart?: boolean; timer?: boolean } = {}): () => Promise<void> {
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      await job();
    } catch (error) {
      app.log.error({ err: error }, `${name} failed`);
    } finally {
      busy = false;
    }
  };
  if (options.timer === false) return run;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (options.atStart) void run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return run;
}
