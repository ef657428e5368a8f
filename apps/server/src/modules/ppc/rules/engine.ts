/**
 * The rule engine (see ../README.md "Rules"). `planRule` is the one evaluation: a preview
 * returns its plan, a run applies exactly the plan's changes through `applyChanges`, so a
 * dry run equals the real run. Evaluation is set-based: one query aggregates every entity
 * of the level over the window (rollups for campaigns and ad groups, ppc_performance for
 * keywords and targets) and keeps those meeting the conditions; the guards read the
 * history of the matched entities in one query per guard.
 */
import { PPC_METRICS } from '@bo/contract/ppc/board';
import { adLimitsOf } from '@bo/contract/ppc/changes';
import {
  CONVERSION_METRICS,
  CREATE_ACTIONS,
  type PreviewChange,
  type RuleActionSpec,
  type RuleCondition,
  type RuleKind,
  type RuleLevel,
  type RuleScope,
} from '@bo/contract/ppc/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { anyInt } from '../../../db/sql';
import type { AuditActor } from '../../../platform/audit/audit.service';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { applyChanges, type ChangeInput, type ChangeValue } from '../changes/changes.service';
import { FIGURES, type Metric, metricExpr } from '../model/metrics';
import { applyCreates, type CreateSpec, planCreates } from './creates';
import { holdsOf, type StockInfo, type StockStates, stockStates } from './stock';

/** Days before today that ad metrics need to settle; conversions are restated up to 28 days. */
export const SETTLE_DAYS = 3;
export const CONVERSION_DAYS = 28;
/** Rows of a preview's answer (the counts cover everything). */
export const PREVIEW_ROWS = 2000;

/** What the engine needs of a rule (saved or a draft). */
export interface RuleDef {
  id: number | null;
  kind: RuleKind;
  level: RuleLevel;
  scope: RuleScope;
  windowDays: number;
  conditions: RuleCondition[][];
  action: RuleActionSpec;
  cooldownDays: number;
  maxChanges: number;
  maxDelta: number | null;
}

export type SkipReason = 'oscillation' | 'manual_edit' | 'limit' | 'cap' | 'duplicate';

export interface PlannedChange {
  entityType: RuleLevel;
  entityId: number;
  entityName: string;
  shopId: number;
  shopName: string;
  currency: string;
  field: string;
  /** The value the rule saw (the `expect` of the change). */
  before: ChangeValue;
  after: ChangeValue;
  metrics: Record<Metric, number | null>;
  skipped: SkipReason | null;
  /** add_negative / harvest (field `create`): what the change makes. */
  create?: CreateSpec;
  /** A stock rule's change: the SKU judged and whether it restores. */
  stock?: StockInfo & { restore: boolean };
}

export interface Plan {
  windowStart: string | null;
  windowEnd: string | null;
  conversionsSettling: boolean;
  matched: number;
  changes: PlannedChange[];
  skipped: PlannedChange[];
  capped: boolean;
  capMessage: string | null;
}

interface LevelDef {
  table: string;
  /** The field a bid action sets. */
  bidField: string | null;
  /** The entity's current value of the bid field (null keyword bid: the ad group's default). */
  bidValue: SQL;
  /** The stored value (what `applyChanges` compares `expect` with). */
  bidStored: SQL;
  name: SQL;
  joinGroup: boolean;
  /** Per entity sums over the window, named as metricExpr expects. */
  agg: (shops: readonly number[], start: string, end: string) => SQL;
}

const rollupAgg = (table: string, key: string) => (shops: readonly number[], start: string, end: string) =>
  sql`
  SELECT r.${sql.raw(key)} AS id, sum(r.impressions)::bigint AS impressions, sum(r.clicks)::bigint AS clicks,
         sum(r.spend_cents)::bigint AS spend_cents, sum(r.orders)::bigint AS orders,
         sum(r.sales_cents)::bigint AS sales_cents, sum(r.units)::bigint AS units
    FROM ${sql.raw(table)} r
   WHERE r.shop_id = ${anyInt(shops)} AND r.day BETWEEN ${start}::date AND ${end}::date
   GROUP BY r.${sql.raw(key)}`;

/** Keyword and target facts in USD cents, as the rollups hold them. */
const factAgg = (entityType: string) => (shops: readonly number[], start: string, end: string) =>
  sql`
  SELECT p.entity_id AS id, sum(p.impressions)::bigint AS impressions, sum(p.clicks)::bigint AS clicks,
         round(sum(p.spend * p.rate) * 100)::bigint AS spend_cents, sum(p.orders)::bigint AS orders,
         round(sum(p.sales * p.rate) * 100)::bigint AS sales_cents, sum(p.units)::bigint AS units
    FROM ppc_performance p
   WHERE p.shop_id = ${anyInt(shops)} AND p.day BETWEEN ${start}::date AND ${end}::date AND p.entity_type = ${entityType}
   GROUP BY p.entity_id`;

const LEVELS: Record<Exclude<RuleLevel, 'search_term'>, LevelDef> = {
  campaign: {
    table: 'ppc_campaigns',
    bidField: null,
    bidValue: sql`NULL::float8`,
    bidStored: sql`NULL::float8`,
    name: sql`c.name`,
    joinGroup: false,
    agg: rollupAgg('ppc_campaign_day', 'campaign_id'),
  },
  ad_group: {
    table: 'ppc_ad_groups',
    bidField: 'default_bid',
    bidValue: sql`e.default_bid::float8`,
    bidStored: sql`e.default_bid::float8`,
    name: sql`c.name || ' › ' || e.name`,
    joinGroup: false,
    agg: rollupAgg('ppc_ad_group_day', 'ad_group_id'),
  },
  keyword: {
    table: 'ppc_keywords',
    bidField: 'bid',
    bidValue: sql`coalesce(e.bid, g.default_bid)::float8`,
    bidStored: sql`e.bid::float8`,
    name: sql`c.name || ' › ' || g.name || ' › ' || e.keyword_text || ' (' || e.match_type || ')'`,
    joinGroup: true,
    agg: factAgg('keyword'),
  },
  target: {
    table: 'ppc_targets',
    bidField: 'bid',
    bidValue: sql`coalesce(e.bid, g.default_bid)::float8`,
    bidStored: sql`e.bid::float8`,
    name: sql`c.name || ' › ' || g.name || ' › ' || e.expression`,
    joinGroup: true,
    agg: factAgg('target'),
  },
};

const OPS: Record<RuleCondition['op'], string> = { gte: '>=', lte: '<=', gt: '>', lt: '<', eq: '=' };

/** The conditions as one SQL predicate over the sums aliased `x` (a null metric matches nothing). */
export function conditionSql(groups: readonly RuleCondition[][]): SQL {
  const or = groups.map(
    (g) =>
      sql`(${sql.join(
        g.map((c) => sql`${metricExpr(c.metric, sql`x`)} ${sql.raw(OPS[c.op])} ${c.value}`),
        sql` AND `,
      )})`,
  );
  return sql`(${sql.join(or, sql` OR `)})`;
}

/** Campaign-level scope: type, chosen campaigns, name label; never archived campaigns. */
function scopeSql(scope: RuleScope): SQL {
  const parts: SQL[] = [sql`c.state <> 'archived'`];
  if (scope.campaignType) parts.push(sql`c.campaign_type = ${scope.campaignType}`);
  if (scope.campaignIds?.length) parts.push(sql`c.id = ${anyInt(scope.campaignIds)}`);
  if (scope.label) parts.push(sql`strpos(lower(c.name), lower(${scope.label})) > 0`);
  return sql.join(parts, sql` AND `);
}

const minusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The window: `windowDays` days ending at the shops' last day of data, 3 days ago at the latest. */
export async function windowOf(
  db: DbOrTx,
  shops: readonly number[],
  windowDays: number,
): Promise<{ start: string; end: string; settling: boolean } | null> {
  if (!shops.length) return null;
  const r = await db.execute<{ end: string | null; settling: boolean | null }>(sql`
    SELECT to_char(e, 'YYYY-MM-DD') AS end, e > current_date - ${CONVERSION_DAYS}::int AS settling
      FROM (SELECT least(max(day), current_date - ${SETTLE_DAYS}::int) AS e
              FROM ppc_campaign_day WHERE shop_id = ${anyInt(shops)}) w`);
  const end = r.rows[0]?.end;
  if (!end) return null;
  return { start: minusDays(end, windowDays - 1), end, settling: Boolean(r.rows[0]?.settling) };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Direction of a change: +1 up / enable, −1 down / pause. */
const directionOf = (field: string, before: ChangeValue, after: ChangeValue): number => {
  if (field === 'state') return after === 'enabled' ? 1 : -1;
  return Math.sign(Number(after) - Number(before ?? 0));
};

interface Candidate extends Record<string, unknown> {
  id: number;
  shop_id: number;
  shop_name: string;
  currency: string;
  name: string;
  state: string;
  value: number | null;
  stored: number | null;
}

/** The new value of a numeric field, within the rule's floor/ceiling and the marketplace's limits. */
function numericAfter(a: RuleActionSpec, field: string, current: number, currency: string, acos: number | null): number | null {
  const v = a.value ?? 0;
  let after: number;
  switch (a.type) {
    case 'bid_pct':
    case 'budget_pct':
      after = current * (1 + v / 100);
      break;
    case 'bid_amount':
      after = current + v;
      break;
    case 'bid_set':
      after = v;
      break;
    case 'acos_target': {
      const target = a.target ?? 0;
      if (acos !== null && Math.abs(acos - target) < 1e-9) return null;
      after = acos === null || acos > target ? current * (1 - v / 100) : current * (1 + v / 100);
      break;
    }
    default:
      return null;
  }
  const lim = adLimitsOf(currency);
  const [lo, hi] = field === 'daily_budget' ? [lim.minBudget, lim.maxBudget] : [lim.minBid, lim.maxBid];
  if (a.floor != null) after = Math.max(after, a.floor);
  if (a.ceiling != null) after = Math.min(after, a.ceiling);
  return round2(Math.min(hi, Math.max(lo, after)));
}

/**
 * Evaluates a rule over the shops given (the caller's visible shops within the rule's
 * scope) and plans its changes, guards and cap applied. Reads only; the run applies.
 */
export async function planRule(
  db: DbOrTx,
  rule: RuleDef,
  shops: readonly number[],
  /** The caller's shops (a scheduled run: its creator's) for a stock rule's cover read; without it a stock rule matches nothing. */
  stockScope?: ShopScope,
): Promise<Plan> {
  const conversions = rule.conditions.some((g) => g.some((c) => (CONVERSION_METRICS as readonly string[]).includes(c.metric)));
  const empty: Plan = {
    windowStart: null,
    windowEnd: null,
    conversionsSettling: false,
    matched: 0,
    changes: [],
    skipped: [],
    capped: false,
    capMessage: null,
  };
  const w = await windowOf(db, shops, rule.windowDays);
  if (!w) return empty;
  const a = rule.action;
  if ((CREATE_ACTIONS as readonly string[]).includes(a.type)) {
    const { matched, proposed } = await planCreates(db, rule, shops, w, scopeSql(rule.scope), conditionSql(rule.conditions));
    return capped(rule, 'create', proposed, {
      ...empty,
      windowStart: w.start,
      windowEnd: w.end,
      conversionsSettling: w.settling && conversions,
      matched,
    });
  }
  if (rule.level === 'search_term') return { ...empty, windowStart: w.start, windowEnd: w.end };
  const lv = LEVELS[rule.level];
  const field = a.type === 'pause' || a.type === 'enable' ? 'state' : a.type === 'budget_pct' ? 'daily_budget' : lv.bidField;
  if (!field) return { ...empty, windowStart: w.start, windowEnd: w.end };
  const wantedState = a.type === 'enable' ? 'paused' : 'enabled';
  const campaignOf = rule.level === 'campaign' ? sql`e.id` : sql`e.campaign_id`;
  const value = field === 'daily_budget' ? sql`e.daily_budget::float8` : field === 'state' ? sql`NULL::float8` : lv.bidValue;
  const stored = field === 'daily_budget' ? sql`e.daily_budget::float8` : field === 'state' ? sql`NULL::float8` : lv.bidStored;
  const groupJoin = lv.joinGroup ? sql`JOIN ppc_ad_groups g ON g.id = e.ad_group_id AND g.state <> 'archived'` : sql``;
  let stock: StockStates | null = null;
  if (a.stock) {
    if (rule.level !== 'ad_group' && rule.level !== 'keyword' && rule.level !== 'target')
      return { ...empty, windowStart: w.start, windowEnd: w.end };
    stock = stockScope
      ? await stockStates(db, rule.level, lv.table, a.stock, shops, scopeSql(rule.scope), stockScope)
      : { low: new Map(), back: new Map() };
  }
  // A stock rule acts only on the entities whose SKUs are low and that it does not hold already.
  const holds = stock ? await holdsOf(db, rule.id, rule.level, field, [...stock.low.keys(), ...stock.back.keys()]) : null;
  const stockWhere = stock && holds ? sql`AND e.id = ${anyInt([...stock.low.keys()].filter((id) => !holds.has(id)))}` : sql``;
  const r = await db.execute<Candidate>(sql`
    SELECT e.id, e.shop_id, s.name AS shop_name, coalesce(pf.currency, 'USD') AS currency, ${lv.name} AS name, e.state,
           ${value} AS value, ${stored} AS stored, ${FIGURES(sql`x`)}
      FROM ${sql.raw(lv.table)} e
      JOIN ppc_campaigns c ON c.id = ${campaignOf}
      ${groupJoin}
      JOIN shops s ON s.id = e.shop_id
      LEFT JOIN ppc_profiles pf ON pf.shop_id = e.shop_id
      LEFT JOIN (${lv.agg(shops, w.start, w.end)}) x ON x.id = e.id
     WHERE e.shop_id = ${anyInt(shops)} AND e.state = ${wantedState} AND ${scopeSql(rule.scope)}
       AND ${conditionSql(rule.conditions)} ${stockWhere}
     ORDER BY e.id`);
  const matched = r.rows;
  const restores = stock && holds ? await restoresOf(db, rule, lv, field, stock, holds) : [];
  const plan: Plan = {
    ...empty,
    windowStart: w.start,
    windowEnd: w.end,
    conversionsSettling: w.settling && (conversions || a.type === 'acos_target'),
    matched: matched.length + restores.length,
  };
  if (!matched.length && !restores.length) return plan;

  const proposed: PlannedChange[] = [];
  for (const m of matched) {
    const metrics = Object.fromEntries(
      PPC_METRICS.map((k) => [k, m[k] === null || m[k] === undefined ? null : Number(m[k])]),
    ) as Record<Metric, number | null>;
    const base = {
      entityType: rule.level,
      entityId: m.id,
      entityName: m.name,
      shopId: m.shop_id,
      shopName: m.shop_name,
      currency: m.currency,
      field,
      metrics,
      skipped: null,
      ...(stock ? { stock: { ...(stock.low.get(m.id) as StockInfo), restore: false } } : {}),
    };
    if (field === 'state') {
      proposed.push({ ...base, before: m.state, after: a.type === 'pause' ? 'paused' : 'enabled' });
      continue;
    }
    const current = m.value === null ? null : Number(m.value);
    if (current === null) continue;
    const after = numericAfter(a, field, current, m.currency, metrics.acos);
    if (after === null) continue;
    const before = m.stored === null ? null : Number(m.stored);
    if (Math.abs(after - current) < 1e-9) proposed.push({ ...base, before, after, skipped: 'limit' });
    else proposed.push({ ...base, before, after });
  }

  await applyGuards(db, rule, field, proposed);
  return capped(
    rule,
    field,
    [...proposed, ...restores].sort((x, y) => x.entityId - y.entityId),
    plan,
  );
}

/**
 * A stock rule's restores: the entities it holds (see stock.ts) whose SKUs are back get the
 * hold's `before` again, expecting its `after`; one whose value moved since is left to whoever
 * moved it (`manual_edit`). The metric conditions do not apply: the rule undoes its own doing.
 */
async function restoresOf(
  db: DbOrTx,
  rule: RuleDef,
  lv: LevelDef,
  field: string,
  stock: StockStates,
  holds: Map<number, { before: ChangeValue; after: ChangeValue }>,
): Promise<PlannedChange[]> {
  const ids = [...stock.back.keys()].filter((id) => holds.has(id));
  if (!ids.length) return [];
  const stored = field === 'state' ? sql`e.state` : lv.bidStored;
  const groupJoin = lv.joinGroup ? sql`JOIN ppc_ad_groups g ON g.id = e.ad_group_id` : sql``;
  const r = await db.execute<{
    id: number;
    shop_id: number;
    shop_name: string;
    currency: string;
    name: string;
    stored: ChangeValue;
  }>(sql`
    SELECT e.id, e.shop_id, s.name AS shop_name, coalesce(pf.currency, 'USD') AS currency, ${lv.name} AS name, ${stored} AS stored
      FROM ${sql.raw(lv.table)} e
      JOIN ppc_campaigns c ON c.id = e.campaign_id
      ${groupJoin}
      JOIN shops s ON s.id = e.shop_id
      LEFT JOIN ppc_profiles pf ON pf.shop_id = e.shop_id
     WHERE e.id = ${anyInt(ids)} AND e.state <> 'archived'
     ORDER BY e.id`);
  const nothing = Object.fromEntries(PPC_METRICS.map((k) => [k, null])) as Record<Metric, number | null>;
  const same = (x: ChangeValue, y: ChangeValue) =>
    (x ?? null) === (y ?? null) || (x !== null && y !== null && Math.abs(Number(x) - Number(y)) < 1e-9);
  return r.rows.map((m) => {
    const hold = holds.get(m.id) as { before: ChangeValue; after: ChangeValue };
    const current = m.stored === null || field === 'state' ? m.stored : Number(m.stored);
    return {
      entityType: rule.level,
      entityId: m.id,
      entityName: m.name,
      shopId: m.shop_id,
      shopName: m.shop_name,
      currency: m.currency,
      field,
      before: current,
      after: hold.before,
      metrics: nothing,
      skipped: same(current, hold.after) ? null : 'manual_edit',
      stock: { ...(stock.back.get(m.id) as StockInfo), restore: true },
    };
  });
}

/** The cap: in entity order, up to the rule's count and total delta (creates move nothing); the rest is not made. */
function capped(rule: RuleDef, field: string, proposed: PlannedChange[], plan: Plan): Plan {
  // The cap: in entity order, up to the rule's count and total delta; the rest is not made.
  let count = 0;
  let delta = 0;
  for (const p of proposed) {
    if (p.skipped) {
      plan.skipped.push(p);
      continue;
    }
    const d = field === 'state' || field === 'create' ? 0 : Math.abs(Number(p.after) - Number(p.before ?? p.after));
    if (plan.capped || count + 1 > rule.maxChanges || (rule.maxDelta !== null && delta + d > rule.maxDelta + 1e-9)) {
      if (!plan.capped) {
        plan.capped = true;
        plan.capMessage =
          count + 1 > rule.maxChanges
            ? `stopped at ${count} changes: the rule makes at most ${rule.maxChanges} per run`
            : `stopped at a total change of ${round2(delta)}: the rule moves bids and budgets by at most ${rule.maxDelta} per run`;
      }
      plan.skipped.push({ ...p, skipped: 'cap' });
      continue;
    }
    count++;
    delta += d;
    plan.changes.push(p);
  }
  return plan;
}

/**
 * Oscillation: an entity a rule moved one way within the cooldown is not moved back the
 * other way. Manual edit: when the entity's value differs from this rule's last `after`
 * within the cooldown, someone else changed it and the rule leaves the field alone.
 */
async function applyGuards(db: DbOrTx, rule: RuleDef, field: string, proposed: PlannedChange[]): Promise<void> {
  const open = proposed.filter((p) => !p.skipped);
  if (!open.length) return;
  const ids = open.map((p) => p.entityId);
  // The latest change any rule made to the field within the cooldown and that still stands.
  const byRules = new Map(
    (
      await db.execute<{ entity_id: number; before: ChangeValue; after: ChangeValue }>(sql`
        SELECT DISTINCT ON (entity_id) entity_id, before, after FROM ppc_changes
         WHERE entity_type = ${rule.level} AND field = ${field} AND entity_id = ${anyInt(ids)}
           AND source = 'rule' AND undone_by IS NULL AND created_at > now() - make_interval(days => ${rule.cooldownDays})
         ORDER BY entity_id, id DESC`)
    ).rows.map((x) => [x.entity_id, x]),
  );
  // This rule's own latest change within the cooldown (undone or not): its `after` is what it left.
  const own =
    rule.id === null
      ? new Map<number, ChangeValue>()
      : new Map(
          (
            await db.execute<{ entity_id: number; after: ChangeValue }>(sql`
              SELECT DISTINCT ON (entity_id) entity_id, after FROM ppc_changes
               WHERE rule_id = ${rule.id} AND entity_type = ${rule.level} AND field = ${field} AND entity_id = ${anyInt(ids)}
                 AND created_at > now() - make_interval(days => ${rule.cooldownDays})
               ORDER BY entity_id, id DESC`)
          ).rows.map((x) => [x.entity_id, x.after]),
        );
  const same = (a: ChangeValue, b: ChangeValue) =>
    (a ?? null) === (b ?? null) || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9);
  for (const p of open) {
    if (own.has(p.entityId) && !same(own.get(p.entityId) ?? null, p.before)) {
      p.skipped = 'manual_edit';
      continue;
    }
    const prev = byRules.get(p.entityId);
    if (prev) {
      const was = directionOf(field, prev.before, prev.after);
      const now = directionOf(field, p.before, p.after);
      if (was !== 0 && now !== 0 && was !== now) p.skipped = 'oscillation';
    }
  }
}

/** The changes of a plan as requests to the change path (`expect`: the value the rule saw). */
export const requestsOf = (plan: Plan): ChangeInput[] =>
  plan.changes
    .filter((c) => !c.create)
    .map((c) => ({
      entityType: c.entityType as Exclude<RuleLevel, 'search_term'>,
      entityId: c.entityId,
      field: c.field,
      value: c.after,
      expect: c.before,
    }));

/** A plan as the preview answer. */
export const previewOf = (plan: Plan, conflicts: { ruleId: number; name: string; reason: string }[]) => {
  const rows: PreviewChange[] = [...plan.changes, ...plan.skipped].slice(0, PREVIEW_ROWS).map((c) => ({
    entityType: c.entityType,
    entityId: c.entityId,
    entityName: c.entityName,
    shopName: c.shopName,
    currency: c.currency,
    field: c.field,
    before: c.before,
    after: c.after,
    metrics: c.metrics,
    skipped: c.skipped,
    create: c.create ?? null,
    stock: c.stock ?? null,
  }));
  return {
    windowStart: plan.windowStart,
    windowEnd: plan.windowEnd,
    conversionsSettling: plan.conversionsSettling,
    matched: plan.matched,
    changes: plan.changes.length,
    skipped: plan.skipped.length,
    capped: plan.capped,
    capMessage: plan.capMessage,
    conflicts,
    rows,
  };
};

export interface RunOutcome {
  runId: number;
  plan: Plan;
  batchId: number | null;
  changed: number;
}

/**
 * Runs a saved rule in the caller's transaction: plans and applies exactly the plan,
 * recording the run. `scheduledFor`: a scheduled run's day — when that day's run exists
 * already (another process), nothing happens and null is answered.
 */
export async function runRuleTx(
  tx: Tx,
  rule: RuleDef & { id: number },
  shops: readonly number[],
  trigger: { kind: 'manual' | 'schedule'; actor: AuditActor | null; scheduledFor?: string; stockScope?: ShopScope },
): Promise<RunOutcome | null> {
  const ins = await tx.execute<{ id: number }>(sql`
    INSERT INTO ppc_rule_runs (rule_id, trigger, scheduled_for, user_id)
    VALUES (${rule.id}, ${trigger.kind}, ${trigger.scheduledFor ?? null}, ${trigger.actor?.userId ?? null})
    ON CONFLICT (rule_id, scheduled_for) WHERE scheduled_for IS NOT NULL DO NOTHING
    RETURNING id`);
  const runId = ins.rows[0]?.id;
  if (!runId) return null;
  const plan = await planRule(tx, rule, shops, trigger.stockScope);
  const origin = { source: 'rule' as const, actor: trigger.actor, ruleId: rule.id, ruleRunId: runId, note: null };
  const applied = !plan.changes.length
    ? { batchId: null, changeIds: [], unchanged: 0 }
    : plan.changes[0]?.create
      ? await applyCreates(tx, shops, origin, plan.changes)
      : await applyChanges(tx, null, origin, requestsOf(plan));
  await tx.execute(sql`
    UPDATE ppc_rule_runs SET status = ${plan.capped ? 'capped' : 'done'}, window_start = ${plan.windowStart},
           window_end = ${plan.windowEnd}, matched = ${plan.matched}, changed = ${applied.changeIds.length},
           skipped = ${plan.skipped.length}, capped = ${plan.capped}, message = ${plan.capMessage},
           batch_id = ${applied.batchId}, finished_at = clock_timestamp()
     WHERE id = ${runId}`);
  return { runId, plan, batchId: applied.batchId, changed: applied.changeIds.length };
}
