import { idSchema, pagingShape, type Lang } from '@htv/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/reply.js';
import { TERMINAL_STATES } from '../devices/logs.js';
import { stateLogPage } from '../devices/service.js';
import { launchLog } from './launches.js';
import { bootLog, heartbeatLog, LOG_CAP, logSheet } from './service.js';

const tags = ['runlogs'];
const range = { from: z.iso.datetime({ offset: true }).optional(), to: z.iso.datetime({ offset: true }).optional() };
const bootQuery = z.object({ ...pagingShape(), mac: z.string().trim().max(64).optional(), hotelId: idSchema.optional(), ...range });
const heartbeatQuery = z.object({ ...pagingShape(), mac: z.string().trim().min(1).max(64), state: z.string().trim().max(20).optional(), ...range });
const launchQuery = z.object({ ...pagingShape(), mac: z.string().trim().max(64).optional(), package: z.string().trim().max(128).optional(), hotelId: idSchema.optional(), ...range });
const stateQuery = z.object({ ...pagingShape(), mac: z.string().trim().max(64).optional(), state: z.enum(TERMINAL_STATES as [string, ...string[]]).optional(), hotelId: idSchema.optional(), ...range });

type Heading = Record<Lang, string>;
const h = (zh: string, en: string): Heading => ({ 'zh-CN': zh, 'en-US': en });
const BOOT_COLUMNS: [string, Heading][] = [
  ['at', h('开机时间', 'Switched on at')],
  ['mac', h('MAC地址', 'MAC')],
  ['hotelName', h('酒店', 'Hotel')],
  ['roomNumber', h('房间号', 'Room')],
  ['ip', h('IP', 'IP')],
  ['publicIp', h('公网IP', 'Public IP')],
  ['softwareVersion', h('软件版本', 'Software version')],
  ['launcher', h('Launcher', 'Launcher')],
];
const HEARTBEAT_COLUMNS: [string, Heading][] = [
  ['at', h('心跳时间', 'Heartbeat at')],
  ['mac', h('MAC地址', 'MAC')],
  ['state', h('运行状态', 'Run state')],
  ['ip', h('IP', 'IP')],
  ['publicIp', h('公网IP', 'Public IP')],
  ['softwareVersion', h('软件版本', 'Software version')],
  ['otaVersion', h('OTA版本', 'OTA version')],
  ['controlVersion', h('中控版本', 'Control version')],
];
const LAUNCH_COLUMNS: [string, Heading][] = [
  ['at', h('启动时间', 'Opened at')],
  ['mac', h('MAC地址', 'MAC')],
  ['hotelName', h('酒店', 'Hotel')],
  ['appName', h('应用名称', 'App')],
  ['package', h('包名', 'Package')],
  ['versionName', h('版本', 'Version')],
];
const STATE_COLUMNS: [string, Heading][] = [
  ['at', h('时间', 'Time')],
  ['mac', h('MAC地址', 'MAC')],
  ['state', h('状态', 'State')],
  ['detail', h('说明', 'Detail')],
  ['hotelName', h('酒店', 'Hotel')],
  ['userName', h('操作人', 'Operator')],
];

async function sendSheet(reply: FastifyReply, name: string, title: string, columns: [string, Heading][], lang: Lang, rows: Record<string, unknown>[]) {
  const buffer = await logSheet(title, columns.map(([key, header]) => ({ key, header: header[lang] })), rows);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(buffer);
}

/**
 * Fleet logs (docs/runlogs.md): the TV boot log (/runlog/tv), the app launch log (/runlog/app), a terminal's heartbeat log
 * (/terminal_manage/heartbeats/:mac) and the terminal state history (/operation/terminal_state/log),
 * each with filters and an Excel export of the filtered rows (at most 10,000, newest first).
 */
export function registerRunlogs(app: FastifyInstance, db: Db) {
  const bootAuth = { auth: { userTypes: [1 as const], permission: 'runlogTv.read' } };
  const stateAuth = { auth: { userTypes: [1 as const], permission: 'terminalStateLog.read' } };

  app.get('/api/runlogs/tv', { schema: { querystring: bootQuery, tags, summary: 'TV boot log of the fleet, newest first' }, config: bootAuth }, async (request) =>
    ok(await bootLog(db, request.query as z.infer<typeof bootQuery>, request.lang)),
  );
  app.get('/api/runlogs/tv/export', { schema: { querystring: bootQuery, tags, summary: 'The filtered TV boot log as .xlsx' }, config: bootAuth }, async (request, reply) => {
    const { items } = await bootLog(db, { ...(request.query as z.infer<typeof bootQuery>), page: 1, pagesize: LOG_CAP }, request.lang);
    const rows = items.map((r) => ({ ...r, at: r.at, hotelName: r.hotelName ? `${r.hotelName} (${r.hotelPublicId ?? ''})` : '' }));
    return sendSheet(reply, 'tv-boot-log', h('电视开机日志', 'TV boot log')[request.lang], BOOT_COLUMNS, request.lang, rows);
  });

  // The app launch log: the platform sees every launch, a brand its hotels', a hotel its own.
  const launchAuth = { auth: { userTypes: [1 as const, 2 as const, 3 as const], permission: 'runlogApp.read' } };
  app.get('/api/runlogs/app', { schema: { querystring: launchQuery, tags, summary: 'App launch log in the caller’s reach, newest first' }, config: launchAuth }, async (request) =>
    ok(await launchLog(db, actorOf(request), request.query as z.infer<typeof launchQuery>, request.lang)),
  );
  app.get('/api/runlogs/app/export', { schema: { querystring: launchQuery, tags, summary: 'The filtered app launch log as .xlsx' }, config: launchAuth }, async (request, reply) => {
    const { items } = await launchLog(db, actorOf(request), { ...(request.query as z.infer<typeof launchQuery>), page: 1, pagesize: LOG_CAP }, request.lang);
    const rows = items.map((r) => ({ ...r, hotelName: r.hotelName ? `${r.hotelName} (${r.hotelPublicId ?? ''})` : '' }));
    return sendSheet(reply, 'app-launch-log', h('应用启动日志', 'App launch log')[request.lang], LAUNCH_COLUMNS, request.lang, rows);
  });

  const heartbeatAuth = { auth: { userTypes: [1 as const], permission: 'terminal.read' } };
  app.get('/api/runlogs/heartbeats', { schema: { querystring: heartbeatQuery, tags, summary: "One terminal's heartbeat log, newest first" }, config: heartbeatAuth }, async (request) =>
    ok(await heartbeatLog(db, actorOf(request), request.query as z.infer<typeof heartbeatQuery>)),
  );
  app.get('/api/runlogs/heartbeats/export', { schema: { querystring: heartbeatQuery, tags, summary: "One terminal's filtered heartbeat log as .xlsx" }, config: heartbeatAuth }, async (request, reply) => {
    const { items } = await heartbeatLog(db, actorOf(request), { ...(request.query as z.infer<typeof heartbeatQuery>), page: 1, pagesize: LOG_CAP });
    return sendSheet(reply, 'heartbeat-log', h('终端心跳日志', 'Heartbeat log')[request.lang], HEARTBEAT_COLUMNS, request.lang, items);
  });

  app.get('/api/runlogs/terminal-states', { schema: { querystring: stateQuery, tags, summary: 'Terminal state history, newest first' }, config: stateAuth }, async (request) =>
    ok(await stateLogPage(db, actorOf(request), request.query as z.infer<typeof stateQuery>, request.lang)),
  );
  app.get('/api/runlogs/terminal-states/export', { schema: { querystring: stateQuery, tags, summary: 'The filtered terminal state history as .xlsx' }, config: stateAuth }, async (request, reply) => {
    const { items } = await stateLogPage(db, actorOf(request), { ...(request.query as z.infer<typeof stateQuery>), page: 1, pagesize: LOG_CAP }, request.lang);
    return sendSheet(reply, 'terminal-state-log', h('终端状态历史日志', 'Terminal state history')[request.lang], STATE_COLUMNS, request.lang, items as Record<string, unknown>[]);
  });
}
