/**
 * Rules: storage, conflicts, preview, runs, history and undo (see ../README.md "Rules").
 * A rule belongs to the caller's account; it is visible when every shop of its scope is
 * visible to the caller, and a run touches only those shops.
 */
import type { ppcRules } from '@bo/contract';
import type { ENTITY_RULE_LEVELS, RuleActionSpec, RuleKind, RuleLevel, RuleScope } from '@bo/contract/ppc/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { anyInt, limitOffset } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import { actorOfUser } from '../../../platform/auth/sessions.service';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../../platform/errors';
import { narrowScope, type ShopScope, scopeHas, shopScopeOf } from '../../shops/shops/shop-scope';
import { presentChanges, undoChanges } from '../changes/changes.service';
import { checkCreateAction } from './creates';
import { planRule, previewOf, type RuleDef, runRuleTx } from './engine';

type RuleBody = z.infer<typeof ppcRules.ruleBody>;
type RuleUpdate = z.infer<typeof ppcRules.ruleUpdateBody>;

interface RuleRow extends Record<string, unknown> {
  id: number;
  account_id: number;
  name: string;
  kind: RuleKind;
  level: RuleLevel;
  scope: RuleScope;
  window_days: number;
  conditions: RuleDef['conditions'];
  action: RuleActionSpec;
  schedule_hour: number | null;
  enabled: boolean;
  cooldown_days: number;
  max_changes: number;
  max_delta: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = sql`SELECT r.id, r.account_id, r.name, r.kind, r.level, r.scope, r.window_days, r.conditions, r.action,
  r.schedule_hour, r.enabled, r.cooldown_days, r.max_changes, r.max_delta, r.version, r.created_at, r.updated_at
  FROM ppc_rules r`;

export const defOf = (r: RuleRow): RuleDef & { id: number } => ({
  id: r.id,
  kind: r.kind,
  level: r.level,
  scope: r.scope,
  windowDays: r.window_days,
  conditions: r.conditions,
  action: r.action,
  cooldownDays: r.cooldown_days,
  maxChanges: r.max_changes,
  maxDelta: r.max_delta === null ? null : Number(r.max_delta),
});

const draftOf = (b: RuleBody): RuleDef => ({
  id: null,
  kind: b.kind,
  level: b.level,
  scope: b.scope,
  windowDays: b.windowDays,
  conditions: b.conditions,
  action: b.action,
  cooldownDays: b.cooldownDays,
  maxChanges: b.maxChanges,
  maxDelta: b.maxDelta,
});

// ---- conflicts -------------------------------------------------------------------------

/** The field a rule changes and the direction: +1 up, −1 down, 0 either way (set, smart). */
const effectOf = (d: Pick<RuleDef, 'level' | 'action'>): { field: string; dir: number } => {
  const a = d.action;
  switch (a.type) {
    case 'pause':
      return { field: 'state', dir: -1 };
    case 'enable':
      return { field: 'state', dir: 1 };
    case 'budget_pct':
      return { field: 'budget', dir: Math.sign(a.value ?? 0) };
    case 'bid_pct':
    case 'bid_amount':
      return { field: 'bid', dir: Math.sign(a.value ?? 0) };
    case 'add_negative':
    case 'harvest':
      // Creates: two rules creating the same negative or keyword meet as duplicates, not as a conflict.
      return { field: a.type, dir: 1 };
    default:
      return { field: 'bid', dir: 0 };
  }
};

const overlaps = (a: RuleScope, b: RuleScope) => {
  if (!a.shopIds.some((s) => b.shopIds.includes(s))) return false;
  if (a.campaignType && b.campaignType && a.campaignType !== b.campaignType) return false;
  if (a.campaignIds?.length && b.campaignIds?.length && !a.campaignIds.some((c) => b.campaignIds?.includes(c))) return false;
  return true;
};

/**
 * Enabled rules of the account that can act on the same entities (same level, overlapping
 * scope) in the opposite direction: raise vs lower, pause vs enable, a set or smart bid vs
 * any other bid rule.
 */
export async function conflictsOf(
  db: DbOrTx,
  accountId: number,
  rule: Pick<RuleDef, 'level' | 'action' | 'scope'> & { id: number | null },
) {
  const others = await db.execute<RuleRow>(
    sql`${SELECT} WHERE r.account_id = ${accountId} AND r.deleted_at IS NULL AND r.enabled AND r.level = ${rule.level}
         AND r.id <> ${rule.id ?? 0} ORDER BY r.id`,
  );
  const mine = effectOf(rule);
  const out: { ruleId: number; name: string; reason: string }[] = [];
  for (const o of others.rows) {
    const theirs = effectOf(defOf(o));
    if (theirs.field !== mine.field || !overlaps(rule.scope, o.scope)) continue;
    if (mine.dir === 0 || theirs.dir === 0 || mine.dir !== theirs.dir) {
      const what =
        mine.field === 'state'
          ? 'pauses and enables'
          : mine.field === 'budget'
            ? 'raises and lowers budgets of'
            : 'raises and lowers bids of';
      out.push({ ruleId: o.id, name: o.name, reason: `${what} the same ${rule.level.replace('_', ' ')}s` });
    }
  }
  return out;
}

// ---- presenting ------------------------------------------------------------------------

interface RunRow extends Record<string, unknown> {
  id: number;
  rule_id: number;
  rule_name: string;
  trigger: 'manual' | 'schedule';
  user_name: string | null;
  status: 'running' | 'done' | 'capped' | 'failed';
  window_start: string | null;
  window_end: string | null;
  matched: number;
  changed: number;
  skipped: number;
  capped: boolean;
  message: string | null;
  error: string | null;
  batch_id: number | null;
  undoable: number;
  started_at: Date | string;
  finished_at: Date | string | null;
}

const RUN_SELECT = sql`
  SELECT u.id, u.rule_id, r.name AS rule_name, u.trigger, us.user_name, u.status,
         to_char(u.window_start, 'YYYY-MM-DD') AS window_start, to_char(u.window_end, 'YYYY-MM-DD') AS window_end,
         u.matched, u.changed, u.skipped, u.capped, u.message, u.error, u.batch_id,
         (SELECT count(*)::int FROM ppc_changes ch WHERE ch.rule_run_id = u.id AND ch.undone_by IS NULL) AS undoable,
         u.started_at, u.finished_at
    FROM ppc_rule_runs u JOIN ppc_rules r ON r.id = u.rule_id LEFT JOIN users us ON us.id = u.user_id`;

const toRun = (u: RunRow) => ({
  id: u.id,
  ruleId: u.rule_id,
  ruleName: u.rule_name,
  trigger: u.trigger,
  userName: u.user_name,
  status: u.status,
  windowStart: u.window_start,
  windowEnd: u.window_end,
  matched: u.matched,
  changed: u.changed,
  skipped: u.skipped,
  capped: u.capped,
  message: u.message,
  error: u.error,
  batchId: u.batch_id,
  undoable: u.undoable,
  startedAt: new Date(u.started_at).toISOString(),
  finishedAt: u.finished_at ? new Date(u.finished_at).toISOString() : null,
});

async function present(db: DbOrTx, rows: RuleRow[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const runs = await db.execute<RunRow>(sql`${RUN_SELECT}
    WHERE u.id IN (SELECT max(id) FROM ppc_rule_runs WHERE rule_id = ${anyInt(ids)} GROUP BY rule_id)`);
  const lastRun = new Map(runs.rows.map((u) => [u.rule_id, toRun(u)]));
  const shopIds = [...new Set(rows.flatMap((r) => r.scope.shopIds))];
  const names = new Map(
    (await db.execute<{ id: number; name: string }>(sql`SELECT id, name FROM shops WHERE id = ${anyInt(shopIds)}`)).rows.map(
      (s) => [s.id, s.name],
    ),
  );
  const out = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      name: r.name,
      kind: r.kind,
      level: r.level,
      scope: r.scope,
      shopNames: r.scope.shopIds.map((id) => names.get(id) ?? `#${id}`),
      windowDays: r.window_days,
      conditions: r.conditions,
      action: r.action,
      scheduleHour: r.schedule_hour,
      enabled: r.enabled,
      cooldownDays: r.cooldown_days,
      maxChanges: r.max_changes,
      maxDelta: r.max_delta === null ? null : Number(r.max_delta),
      version: r.version,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      lastRun: lastRun.get(r.id) ?? null,
      conflicts: r.enabled ? await conflictsOf(db, r.account_id, defOf(r)) : [],
    });
  }
  return out;
}

async function presentOne(db: DbOrTx, row: RuleRow) {
  const [out] = await present(db, [row]);
  if (!out) throw notFound('rule not found');
  return out;
}

/** Rules of the account whose every scope shop the caller sees. */
const visibleSql = (actor: RequestActor, scope: ShopScope) =>
  sql`r.account_id = ${actor.accountId} AND r.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(r.scope->'shopIds') s(id) WHERE NOT (s.id::int = ${anyInt(scope.shopIds.length ? scope.shopIds : [0])}))`;

/** Rules (kinds rule and advanced, under ppc:rules) or smart bidding rules (under ppc:smart). */
export type Family = 'rules' | 'smart';
const familySql = (f: Family) => (f === 'smart' ? sql`r.kind = 'smart'` : sql`r.kind <> 'smart'`);
const checkFamily = (f: Family, kind: RuleKind) => {
  if ((f === 'smart') !== (kind === 'smart'))
    throw codedFieldError('kind', f === 'smart' ? 'ppc.smartKind' : 'ppc.smartOnItsScreen');
};

async function findVisible(
  db: DbOrTx,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  family: Family,
  lock = false,
): Promise<RuleRow> {
  const r = await db.execute<RuleRow>(
    sql`${SELECT} WHERE r.id = ${id} AND ${visibleSql(actor, scope)} AND ${familySql(family)} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = r.rows[0];
  if (!row) throw notFound('rule not found');
  return row;
}

// ---- CRUD ------------------------------------------------------------------------------

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  family: Family,
  q: z.infer<typeof ppcRules.rulesQuery>,
) {
  const parts: SQL[] = [visibleSql(actor, scope), familySql(family)];
  if (q.level) parts.push(sql`r.level = ${q.level}`);
  if (q.kind) parts.push(sql`r.kind = ${q.kind}`);
  if (q.shopId !== undefined) parts.push(sql`r.scope->'shopIds' @> ${JSON.stringify([q.shopId])}::jsonb`);
  if (q.name) parts.push(sql`strpos(lower(r.name), lower(${q.name})) > 0`);
  const where = sql.join(parts, sql` AND `);
  const [rows, total] = await Promise.all([
    ctx.db.execute<RuleRow>(sql`${SELECT} WHERE ${where} ORDER BY r.id DESC ${limitOffset(q)}`),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ppc_rules r WHERE ${where}`),
  ]);
  return { list: await present(ctx.db, rows.rows), total: total.rows[0]?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, actor: RequestActor, scope: ShopScope, family: Family, id: number) {
  return presentOne(ctx.db, await findVisible(ctx.db, actor, scope, id, family));
}

/** The scope's shops must be visible and its campaigns in them. */
async function checkScope(db: DbOrTx, scope: ShopScope, b: RuleBody) {
  const bad = b.scope.shopIds.find((s) => !scopeHas(scope, s));
  if (bad !== undefined) throw codedFieldError('scope.shopIds', 'catalog.noSuchShop', { id: bad });
  if (b.scope.campaignIds?.length) {
    const r = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ppc_campaigns WHERE id = ${anyInt(b.scope.campaignIds)} AND shop_id = ${anyInt(b.scope.shopIds)}`);
    if ((r.rows[0]?.n ?? 0) !== new Set(b.scope.campaignIds).size)
      throw codedFieldError('scope.campaignIds', 'ppc.campaignNotInShops');
  }
  await checkCreateAction(db, b.action, b.scope.shopIds);
}

const scopeJson = (s: RuleScope) =>
  JSON.stringify({
    shopIds: [...new Set(s.shopIds)],
    campaignType: s.campaignType ?? null,
    campaignIds: [...new Set(s.campaignIds ?? [])],
    label: s.label ? s.label : null,
  });

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, family: Family, b: RuleBody) {
  checkFamily(family, b.kind);
  return ctx.db.transaction(async (tx) => {
    await checkScope(tx, scope, b);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO ppc_rules (account_id, name, kind, level, scope, window_days, conditions, action, schedule_hour, enabled,
                             cooldown_days, max_changes, max_delta, created_by)
      VALUES (${actor.accountId}, ${b.name}, ${b.kind}, ${b.level}, ${scopeJson(b.scope)}::jsonb, ${b.windowDays},
              ${JSON.stringify(b.conditions)}::jsonb, ${JSON.stringify(b.action)}::jsonb, ${b.scheduleHour}, ${b.enabled},
              ${b.cooldownDays}, ${b.maxChanges}, ${b.maxDelta}, ${actor.userId})
      RETURNING id`);
    const id = Number(r.rows[0]?.id);
    await audit(tx, actor, { action: 'create', entity: 'ppc_rule', entityId: id, after: b });
    return presentOne(tx, await findVisible(tx, actor, scope, id, family));
  });
}

export async function update(ctx: AppContext, actor: RequestActor, scope: ShopScope, family: Family, id: number, b: RuleUpdate) {
  checkFamily(family, b.kind);
  return ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, scope, id, family, true);
    if (before.version !== b.version) throw staleVersion();
    await checkScope(tx, scope, b);
    await tx.execute(sql`
      UPDATE ppc_rules SET name = ${b.name}, kind = ${b.kind}, level = ${b.level}, scope = ${scopeJson(b.scope)}::jsonb,
             window_days = ${b.windowDays}, conditions = ${JSON.stringify(b.conditions)}::jsonb,
             action = ${JSON.stringify(b.action)}::jsonb, schedule_hour = ${b.scheduleHour}, enabled = ${b.enabled},
             cooldown_days = ${b.cooldownDays}, max_changes = ${b.maxChanges}, max_delta = ${b.maxDelta},
             version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    await audit(tx, actor, { action: 'update', entity: 'ppc_rule', entityId: id, before, after: b });
    return presentOne(tx, await findVisible(tx, actor, scope, id, family));
  });
}

export async function setEnabled(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: { enabled: boolean; version: number },
) {
  return ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, scope, id, 'rules', true);
    if (before.version !== b.version) throw staleVersion();
    await tx.execute(
      sql`UPDATE ppc_rules SET enabled = ${b.enabled}, version = version + 1, updated_at = now() WHERE id = ${id}`,
    );
    await audit(tx, actor, { action: b.enabled ? 'enable' : 'disable', entity: 'ppc_rule', entityId: id });
    return presentOne(tx, await findVisible(tx, actor, scope, id, 'rules'));
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, scope: ShopScope, family: Family, id: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, scope, id, family, true);
    await tx.execute(sql`UPDATE ppc_rules SET deleted_at = now(), enabled = false, version = version + 1 WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'ppc_rule', entityId: id, before });
    return null;
  });
}

// ---- preview and run -------------------------------------------------------------------

/** The shops a run of the rule touches for this caller. */
const shopsFor = (scope: ShopScope, rule: RuleScope) => {
  return rule.shopIds.filter((s) => scopeHas(scope, s));
};

export async function previewDraft(ctx: AppContext, actor: RequestActor, scope: ShopScope, family: Family, b: RuleBody) {
  checkFamily(family, b.kind);
  await checkScope(ctx.db, scope, b);
  const d = draftOf(b);
  const shops = shopsFor(scope, b.scope);
  const plan = await planRule(ctx.db, d, shops, narrowScope(scope, shops));
  return previewOf(plan, await conflictsOf(ctx.db, actor.accountId, d));
}

export async function previewSaved(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number) {
  const r = await findVisible(ctx.db, actor, scope, id, 'rules');
  const d = defOf(r);
  const shops = shopsFor(scope, d.scope);
  const plan = await planRule(ctx.db, d, shops, narrowScope(scope, shops));
  return previewOf(plan, await conflictsOf(ctx.db, actor.accountId, d));
}

async function runById(db: DbOrTx, id: number) {
  const r = await db.execute<RunRow>(sql`${RUN_SELECT} WHERE u.id = ${id}`);
  const row = r.rows[0];
  if (!row) throw notFound('run not found');
  return toRun(row);
}

/** Records a run that failed (its transaction rolled back). */
async function recordFailure(
  ctx: Pick<AppContext, 'db'>,
  ruleId: number,
  trigger: 'manual' | 'schedule',
  userId: number | null,
  err: unknown,
  scheduledFor?: string,
) {
  const r = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO ppc_rule_runs (rule_id, trigger, scheduled_for, user_id, status, error, finished_at)
    VALUES (${ruleId}, ${trigger}, ${scheduledFor ?? null}, ${userId}, 'failed', ${(err as Error).message?.slice(0, 500) ?? 'failed'}, now())
    ON CONFLICT (rule_id, scheduled_for) WHERE scheduled_for IS NOT NULL DO NOTHING
    RETURNING id`);
  return r.rows[0]?.id ?? null;
}

export async function runNow(ctx: AppContext, actor: RequestActor, scope: ShopScope, family: Family, id: number) {
  const rule = await findVisible(ctx.db, actor, scope, id, family);
  const shops = shopsFor(scope, rule.scope);
  try {
    const out = await ctx.db.transaction(async (tx) => {
      // One run of a rule at a time.
      const locked = await tx.execute<RuleRow>(sql`${SELECT} WHERE r.id = ${id} AND r.deleted_at IS NULL FOR UPDATE`);
      const row = locked.rows[0];
      if (!row) throw notFound('rule not found');
      return runRuleTx(tx, defOf(row), shops, { kind: 'manual', actor, stockScope: narrowScope(scope, shops) });
    });
    if (!out) throw new Error('run not recorded');
    return { run: await runById(ctx.db, out.runId), changed: out.changed };
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    // A refused change (409 changed since, 404) is the caller's answer; anything else is a failed run too.
    const runId = await recordFailure(ctx, id, 'manual', actor.userId, err);
    if (status && status < 500) throw err;
    if (runId) return { run: await runById(ctx.db, runId), changed: 0 };
    throw err;
  }
}

/**
 * A scheduled stock rule reads the cover its creator may see now (their shop scope narrowed to
 * the rule's shops); a creator who can no longer sign in gives no scope, and the rule then
 * matches nothing.
 */
async function creatorScope(ctx: Pick<AppContext, 'db'>, ruleId: number, shops: readonly number[]) {
  const r = await ctx.db.execute<{ created_by: number }>(sql`SELECT created_by FROM ppc_rules WHERE id = ${ruleId}`);
  const userId = r.rows[0]?.created_by;
  const actor = userId === undefined ? null : await actorOfUser(ctx.db, userId);
  if (!actor) return undefined;
  return narrowScope(await shopScopeOf(ctx as AppContext, actor), shops);
}

/** Runs the enabled scheduled rules whose hour has come today (UTC) and that have no run for today yet. */
export async function runDueRules(ctx: Pick<AppContext, 'db' | 'log'>, now = new Date()): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const due = await ctx.db.execute<{ id: number }>(sql`
    SELECT r.id FROM ppc_rules r
     WHERE r.deleted_at IS NULL AND r.enabled AND r.schedule_hour IS NOT NULL AND r.schedule_hour <= ${now.getUTCHours()}
       AND NOT EXISTS (SELECT 1 FROM ppc_rule_runs u WHERE u.rule_id = r.id AND u.scheduled_for = ${day}::date)
     ORDER BY r.id`);
  let ran = 0;
  for (const { id } of due.rows) {
    try {
      const out = await ctx.db.transaction(async (tx) => {
        const locked = await tx.execute<RuleRow>(
          sql`${SELECT} WHERE r.id = ${id} AND r.deleted_at IS NULL AND r.enabled FOR UPDATE`,
        );
        const row = locked.rows[0];
        if (!row) return null;
        const stockScope = row.action.stock ? await creatorScope(ctx, id, row.scope.shopIds) : undefined;
        return runRuleTx(tx, defOf(row), row.scope.shopIds, { kind: 'schedule', actor: null, scheduledFor: day, stockScope });
      });
      if (out) ran++;
    } catch (err) {
      ctx.log.warn({ err, ruleId: id }, 'ppc rules: scheduled run failed');
      await recordFailure(ctx, id, 'schedule', null, err, day);
    }
  }
  return ran;
}

export async function listRuns(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: z.infer<typeof ppcRules.runsQuery>) {
  const parts: SQL[] = [visibleSql(actor, scope), familySql('rules')];
  if (q.ruleId !== undefined) parts.push(sql`r.id = ${q.ruleId}`);
  if (q.level) parts.push(sql`r.level = ${q.level}`);
  if (q.kind) parts.push(sql`r.kind = ${q.kind}`);
  const where = sql.join(parts, sql` AND `);
  const [rows, total] = await Promise.all([
    ctx.db.execute<RunRow>(sql`${RUN_SELECT} WHERE ${where} ORDER BY u.id DESC ${limitOffset(q)}`),
    ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ppc_rule_runs u JOIN ppc_rules r ON r.id = u.rule_id WHERE ${where}`,
    ),
  ]);
  return { list: rows.rows.map(toRun), total: total.rows[0]?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

// ---- history and undo ------------------------------------------------------------------

type ChangesQuery = z.infer<typeof ppcRules.ruleChangesQuery>;

/** Rule changes of visible shops; `smart` picks the smart rules' changes, else the others'. */
function historyWhere(
  shops: readonly number[],
  actor: RequestActor,
  smart: boolean,
  q: Omit<ChangesQuery, 'pageNum' | 'pageSize'>,
): SQL {
  const parts: SQL[] = [
    sql`ch.shop_id = ${anyInt(shops.length ? shops : [0])}`,
    sql`ch.source = 'rule'`,
    sql`ch.rule_id IN (SELECT id FROM ppc_rules WHERE account_id = ${actor.accountId}
          AND ${smart ? sql`kind = 'smart'` : sql`kind <> 'smart'`} ${q.level ? sql`AND level = ${q.level}` : sql``}
          ${q.kind ? sql`AND kind = ${q.kind}` : sql``})`,
  ];
  if (q.ruleId !== undefined) parts.push(sql`ch.rule_id = ${q.ruleId}`);
  if (q.runId !== undefined) parts.push(sql`ch.rule_run_id = ${q.runId}`);
  if (q.startDate) parts.push(sql`ch.created_at >= ${q.startDate}::date`);
  if (q.endDate) parts.push(sql`ch.created_at < ${q.endDate}::date + 1`);
  return sql.join(parts, sql` AND `);
}

export async function history(ctx: AppContext, actor: RequestActor, scope: ShopScope, smart: boolean, q: ChangesQuery) {
  const where = historyWhere(scope.shopIds, actor, smart, q);
  const [list, total] = await Promise.all([
    presentChanges(ctx.db, where, q.pageSize, (q.pageNum - 1) * q.pageSize),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ppc_changes ch WHERE ${where}`),
  ]);
  return { list, total: total.rows[0]?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * Undoes rule changes by id or a whole run (the run's changes not undone yet), all or none
 * through `undoChanges`; only changes of the caller's kind of rules (smart or not).
 */
export async function undo(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  smart: boolean,
  b: { changeIds?: number[]; runId?: number },
) {
  const shops = scope.shopIds;
  const where = historyWhere(shops, actor, smart, {});
  const ids = b.runId
    ? (
        await ctx.db.execute<{ id: number }>(
          sql`SELECT ch.id FROM ppc_changes ch WHERE ${where} AND ch.rule_run_id = ${b.runId} AND ch.undone_by IS NULL ORDER BY ch.id`,
        )
      ).rows.map((r) => r.id)
    : (
        await ctx.db.execute<{ id: number }>(
          sql`SELECT ch.id FROM ppc_changes ch WHERE ${where} AND ch.id = ${anyInt(b.changeIds ?? [])}`,
        )
      ).rows.map((r) => r.id);
  if (!ids.length || (b.changeIds && ids.length !== new Set(b.changeIds).size)) throw notFound('change not found');
  const r = await ctx.db.transaction((tx) => undoChanges(tx, shops, actor, { changeIds: ids }));
  return { batchId: r.batchId, undone: r.changeIds.length };
}

// ---- automation lists ------------------------------------------------------------------

type EntityLevel = (typeof ENTITY_RULE_LEVELS)[number];
const ENTITY_SQL: Record<EntityLevel, { table: string; name: SQL; value: SQL; group: boolean }> = {
  campaign: { table: 'ppc_campaigns', name: sql`c.name`, value: sql`e.daily_budget::float8`, group: false },
  ad_group: { table: 'ppc_ad_groups', name: sql`c.name || ' › ' || e.name`, value: sql`e.default_bid::float8`, group: false },
  keyword: {
    table: 'ppc_keywords',
    name: sql`c.name || ' › ' || g.name || ' › ' || e.keyword_text || ' (' || e.match_type || ')'`,
    value: sql`coalesce(e.bid, g.default_bid)::float8`,
    group: true,
  },
  target: {
    table: 'ppc_targets',
    name: sql`c.name || ' › ' || g.name || ' › ' || e.expression`,
    value: sql`coalesce(e.bid, g.default_bid)::float8`,
    group: true,
  },
};

/** Does the campaign `c` fall in a rule's scope (SQL)? */
const inScope = (s: RuleScope): SQL => {
  const parts: SQL[] = [sql`e.shop_id = ${anyInt(s.shopIds)}`];
  if (s.campaignType) parts.push(sql`c.campaign_type = ${s.campaignType}`);
  if (s.campaignIds?.length) parts.push(sql`c.id = ${anyInt(s.campaignIds)}`);
  if (s.label) parts.push(sql`strpos(lower(c.name), lower(${s.label})) > 0`);
  return sql`(${sql.join(parts, sql` AND `)})`;
};

/** Entities of a level under the caller's enabled rules, each with those rules and its last rule change. */
export async function autoEntities(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: { level: EntityLevel; shopId?: number; name?: string; pageNum: number; pageSize: number },
) {
  const shops = narrowScope(scope, q.shopId);
  const rules = (
    await ctx.db.execute<RuleRow>(
      sql`${SELECT} WHERE ${visibleSql(actor, shops)} AND r.enabled AND r.level = ${q.level} ORDER BY r.id`,
    )
  ).rows;
  const empty = { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  if (!rules.length || !shops.shopIds.length) return empty;
  const d = ENTITY_SQL[q.level];
  const campaignOf = q.level === 'campaign' ? sql`e.id` : sql`e.campaign_id`;
  const ruleIds = sql`array_remove(ARRAY[${sql.join(
    rules.map((r) => sql`CASE WHEN ${inScope(r.scope)} THEN ${r.id}::int END`),
    sql`, `,
  )}], NULL)`;
  const base = sql`
    SELECT e.id, e.shop_id, s.name AS shop_name, c.campaign_type, e.state, ${d.name} AS name, ${d.value} AS value,
           coalesce(pf.currency, 'USD') AS currency, ${ruleIds} AS rule_ids
      FROM ${sql.raw(d.table)} e JOIN ppc_campaigns c ON c.id = ${campaignOf}
      ${d.group ? sql`JOIN ppc_ad_groups g ON g.id = e.ad_group_id` : sql``}
      JOIN shops s ON s.id = e.shop_id LEFT JOIN ppc_profiles pf ON pf.shop_id = e.shop_id
     WHERE e.shop_id = ${anyInt(shops.shopIds)} AND e.state <> 'archived' AND c.state <> 'archived'
       ${q.name ? sql`AND strpos(lower(${d.name}), lower(${q.name})) > 0` : sql``}`;
  const [page, total] = await Promise.all([
    ctx.db.execute<{
      id: number;
      shop_name: string;
      campaign_type: string;
      state: string;
      name: string;
      value: number | null;
      currency: string;
      rule_ids: number[];
      last_change: number | null;
    }>(sql`
      SELECT x.*, (SELECT max(ch.id) FROM ppc_changes ch WHERE ch.entity_type = ${q.level} AND ch.entity_id = x.id
                     AND ch.source = 'rule') AS last_change
        FROM (${base}) x WHERE cardinality(x.rule_ids) > 0
       ORDER BY x.id ${limitOffset(q)}`),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${base}) x WHERE cardinality(x.rule_ids) > 0`),
  ]);
  const changeIds = page.rows.map((r) => r.last_change).filter((x): x is number => x !== null);
  const changes = changeIds.length ? await presentChanges(ctx.db, sql`ch.id = ${anyInt(changeIds)}`, changeIds.length, 0) : [];
  const byId = new Map(changes.map((c) => [c.id, c]));
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  return {
    list: page.rows.map((r) => ({
      entityType: q.level,
      entityId: r.id,
      entityName: r.name,
      shopName: r.shop_name,
      campaignType: r.campaign_type,
      state: r.state,
      value: r.value === null ? null : Number(r.value),
      currency: r.currency,
      rules: r.rule_ids.map((id) => {
        const x = ruleById.get(id);
        return { id, name: x?.name ?? '', kind: x?.kind ?? 'rule' };
      }),
      lastChange: r.last_change ? (byId.get(r.last_change) ?? null) : null,
    })),
    total: total.rows[0]?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
