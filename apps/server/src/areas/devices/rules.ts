import { splitList } from '@htv/shared/areas/devices/protocol';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';

/** What a rule compares: the values a TV reports at registration. */
export interface RuleSubject {
  mac: string;
  sn: string;
  launcher?: string | null;
  clientType?: string | null;
  vendor?: string | null;
  size?: string | null;
}

export interface CompiledRule {
  id: number;
  launcher: string;
  clientType: string;
  vendor: string;
  sizes: Set<string>;
  macs: Set<string>;
  sns: Set<string>;
  from: number;
  to: number;
}

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** "55", "55 inch", "55寸" and '55"' are the same size. */
export function normalizeSize(value: string | null | undefined): string {
  return (value ?? '')
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/(INCHES|INCH|英寸|寸|")$/u, '');
}

export function compileRule(row: Record<string, unknown>): CompiledRule {
  return {
    id: row.id as number,
    launcher: norm(row.launcher as string),
    clientType: norm(row.clientType as string),
    vendor: norm(row.vendor as string),
    sizes: new Set(splitList(row.sizes as string).map(normalizeSize)),
    macs: new Set(splitList(row.macList as string | null)),
    sns: new Set(splitList(row.snList as string | null)),
    from: Date.parse(row.validFrom as string),
    to: Date.parse(row.validTo as string),
  };
}

/** True when every condition of the rule holds for the subject at `now`. */
export function ruleMatches(rule: CompiledRule, subject: RuleSubject, now = Date.now()): boolean {
  return (
    now >= rule.from &&
    now <= rule.to &&
    rule.launcher === norm(subject.launcher) &&
    rule.clientType === norm(subject.clientType) &&
    rule.vendor === norm(subject.vendor) &&
    rule.sizes.has(normalizeSize(subject.size)) &&
    (rule.macs.has(subject.mac.toUpperCase()) || rule.sns.has(subject.sn.toUpperCase()))
  );
}

/**
 * Enabled rules still in force, compiled into sets and kept in memory (registration is rare, the MAC
 * lists can be long); reloaded after any rule is written and at least once a minute.
 */
export class RuleSet {
  private compiled: Promise<CompiledRule[]> | undefined;
  private loadedAt = 0;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.compiled = undefined;
  }

  /** The compiled rules (load them before a transaction: PGlite runs one query at a time). */
  rules(): Promise<CompiledRule[]> {
    if (!this.compiled || Date.now() - this.loadedAt > 60_000) {
      this.loadedAt = Date.now();
      const table = recordTables.terminalAuthRule!;
      this.compiled = this.db
        .select()
        .from(table)
        .where(and(eq(table.enabled, true), gte(table.validTo, new Date().toISOString())))
        .orderBy(table.id)
        .then((rows) => rows.map((row) => compileRule(row as Record<string, unknown>)))
        .catch((error) => {
          this.compiled = undefined;
          throw error;
        });
    }
    return this.compiled;
  }

  /** The first rule (oldest) that authorizes the subject, if any. */
  async match(subject: RuleSubject): Promise<CompiledRule | undefined> {
    return firstMatch(await this.rules(), subject);
  }
}

export function firstMatch(rules: readonly CompiledRule[], subject: RuleSubject, now = Date.now()): CompiledRule | undefined {
  return rules.find((rule) => ruleMatches(rule, subject, now));
}
