import { translate } from '@htv/shared';
import {
  activationsQuery,
  SETTLEMENT_STATE_OPTIONS,
  settleRequest,
  settlementQuery,
  type ActivationsQuery,
  type SettleRequest,
  type SettlementQuery,
} from '@htv/shared/areas/settlement/index';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/reply.js';
import { sendXlsx, tableXlsx } from '../../records/export.js';
import { activationPage, recordActivations, settle, settlementPeriods, type SettlementOptions } from './service.js';

const tags = ['settlement'];
/** First authorizations are recorded this often (and before every read). */
const RECORD_EVERY_MS = 5 * 60_000;

/** SETTLEMENT_MONTHLY_STANDARD: activations a hotel needs in a month (default 10). */
export function settlementStandardFromEnv(env: NodeJS.ProcessEnv): number {
  const value = Number(env.SETTLEMENT_MONTHLY_STANDARD ?? 10);
  return Number.isInteger(value) && value >= 1 ? value : 10;
}

/**
 * Settlement: periods with their activations and states, the settle action, activated terminals, and
 * their exports; a job records first authorizations.
 */
export function registerSettlement(app: FastifyInstance, db: Db, overrides: Partial<SettlementOptions> = {}) {
  const options: SettlementOptions = {
    monthlyStandard: settlementStandardFromEnv(process.env),
    utcOffsetMin: app.devices.options.statsUtcOffsetMin,
    ...overrides,
  };
  const read = { auth: { userTypes: [1, 2, 3], permission: 'settlement.read' } } as const;

  app.get('/api/settlement/periods', { schema: { querystring: settlementQuery, tags, summary: 'Activations per hotel and period, with each period’s state' }, config: read }, async (request) =>
    ok(await settlementPeriods(db, actorOf(request), request.query as SettlementQuery, options, app.devices.today(), request.lang)),
  );
  app.get('/api/settlement/periods/export', { schema: { querystring: settlementQuery, tags, summary: 'The periods as .xlsx' }, config: read }, async (request, reply) => {
    const lang = request.lang;
    const { items } = await settlementPeriods(db, actorOf(request), request.query as SettlementQuery, options, app.devices.today(), lang);
    const h = (key: Parameters<typeof translate>[0]) => translate(key, lang);
    const title = h('settlement.listTitle');
    const file = await tableXlsx(
      title,
      [
        { key: 'period', header: h('settlement.period'), width: 12 },
        { key: 'brandName', header: h('settlement.brand'), width: 24 },
        { key: 'hotelName', header: h('settlement.hotel'), width: 30 },
        { key: 'activations', header: h('settlement.activations'), width: 12 },
        { key: 'state', header: h('settlement.state'), width: 16 },
        { key: 'settledAt', header: h('settlement.settledAt'), width: 22 },
      ],
      items.map((i) => ({ ...i, state: SETTLEMENT_STATE_OPTIONS[i.state][lang], settledAt: i.settledAt ? new Date(i.settledAt) : '' })),
    );
    return sendXlsx(reply, file, 'settlement', title);
  });
  app.post(
    '/api/settlement/settle',
    { schema: { body: settleRequest, tags, summary: 'Settles a hotel’s ended period that is up to standard' }, config: { auth: { userTypes: [1], permission: 'settlement.settle' } } },
    async (request) => ok(await settle(db, actorOf(request), request.body as SettleRequest, options, app.devices.today(), request.ip)),
  );
  app.get('/api/settlement/activations', { schema: { querystring: activationsQuery, tags, summary: 'Activated terminals (first authorized) of a date range' }, config: read }, async (request) =>
    ok(await activationPage(db, actorOf(request), request.query as ActivationsQuery, options, request.lang)),
  );
  app.get('/api/settlement/activations/export', { schema: { querystring: activationsQuery, tags, summary: 'Activated terminals as .xlsx' }, config: read }, async (request, reply) => {
    const lang = request.lang;
    const { items } = await activationPage(db, actorOf(request), request.query as ActivationsQuery, options, lang, true);
    const h = (key: Parameters<typeof translate>[0]) => translate(key, lang);
    const title = h('settlement.activationsTitle');
    const file = await tableXlsx(
      title,
      [
        { key: 'mac', header: h('settlement.mac'), width: 16 },
        { key: 'brandName', header: h('settlement.brand'), width: 24 },
        { key: 'hotelName', header: h('settlement.hotel'), width: 30 },
        { key: 'activatedAt', header: h('settlement.activatedAt'), width: 22 },
      ],
      items.map((i) => ({ ...i, activatedAt: new Date(i.activatedAt) })),
    );
    return sendXlsx(reply, file, 'activations', title);
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const record = () => {
    running = recordActivations(db).catch((error: unknown) => app.log.error({ err: error }, 'recording activations failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(record, RECORD_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
