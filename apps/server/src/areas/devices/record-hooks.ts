import { splitList } from '@htv/shared/areas/devices/protocol';
import { sql } from 'drizzle-orm';
import { recordTables, terminalBootRecords, terminalHeartbeats } from '../../db/schema/index.js';
import { AppError, invalidFields } from '../../http/errors.js';
import { addRecordHooks } from '../../records/hooks.js';
import { logStates } from './logs.js';
import { allRuntimes } from './runtime.js';
import { AUTHORIZATION_ACTIONS, assertAuthorizationQuota, assertDeletable, decorateTerminals, notifyConfigChanged, type AuthorizationAction, type Row } from './service.js';

let installed = false;

/**
 * Server-side rules of the `terminal` and `terminalAuthRule` records (installed once per process):
 * terminals come only from registration, registered ones cannot be deleted, rows carry their hotel
 * and last-seen time, and state actions run through the engine notify the TVs and the state history.
 */
export function installDeviceRecordHooks(): void {
  if (installed) return;
  installed = true;

  addRecordHooks('terminal', {
    beforeWrite(_ctx, values, existing) {
      if (!existing) throw new AppError('forbidden', 'terminal.registerOnly');
      return values;
    },
    async beforeAction(ctx, row, action) {
      if (action in AUTHORIZATION_ACTIONS && AUTHORIZATION_ACTIONS[action as AuthorizationAction].to === 'authorized') await assertAuthorizationQuota(ctx.db, [row]);
    },
    async beforeDelete(ctx, rows) {
      assertDeletable(rows);
      const ids = rows.map((r) => r.id);
      await ctx.db.execute(sql`delete from ${terminalHeartbeats} where terminal_id = any(${sql.param(ids)}::int[])`);
      await ctx.db.execute(sql`delete from ${terminalBootRecords} where terminal_id = any(${sql.param(ids)}::int[])`);
    },
    afterRead(ctx, rows) {
      return decorateTerminals(ctx.db, rows as Row[], ctx.lang);
    },
    async afterCommit(ctx, change) {
      const ids = change.rows.map((r) => r.id);
      if (change.action === 'delete') {
        for (const runtime of allRuntimes()) for (const id of ids) runtime.forget(id);
        return;
      }
      if (change.action in AUTHORIZATION_ACTIONS) {
        const rule = AUTHORIZATION_ACTIONS[change.action as AuthorizationAction];
        const t = recordTables.terminal!;
        // The engine's action sets the state only: an authorization clears the old tip and stamps the time.
        if (rule.to === 'authorized') {
          await ctx.db.execute(sql`update ${t} set disabled_tip = null, authorized_at = now() where id = any(${sql.param(ids)}::int[])`);
        }
        await logStates(
          ctx.db,
          change.rows.map((r) => ({ terminalId: r.id, mac: r.mac as string, brandId: (r.brandId as number | null) ?? null, hotelId: (r.hotelId as number | null) ?? null, state: rule.state })),
          ctx.actor,
        );
      }
      notifyConfigChanged(ids);
    },
  });

  addRecordHooks('terminalAuthRule', {
    beforeWrite(_ctx, values, existing) {
      const merged = { ...(existing ?? {}), ...values } as Record<string, unknown>;
      const macs = splitList(merged.macList as string | null);
      const sns = splitList(merged.snList as string | null);
      if (!macs.length && !sns.length) throw invalidFields({ macList: { key: 'terminal.listRequired' } });
      const from = Date.parse(String(merged.validFrom));
      const to = Date.parse(String(merged.validTo));
      if (from > to) throw invalidFields({ validTo: { key: 'terminal.validityOrder' } });
      return {
        ...values,
        ...('macList' in values ? { macList: macs.length ? macs.join('|') : null } : {}),
        ...('snList' in values ? { snList: sns.length ? sns.join('|') : null } : {}),
        entries: macs.length + sns.length,
      };
    },
    afterCommit() {
      for (const runtime of allRuntimes()) runtime.invalidateRules();
    },
  });
}
