/**
 * Dayparting bid schedules (see ../README.md "Bid schedules").
 * - A schedule governs the daily budgets of the campaigns in its scope and/or the bids of
 *   their keywords and targets. Each (entity, field) is governed by one schedule at a time.
 * - At each hour boundary (`runDueSchedules`, the recurring job) the hour's multiplier, read
 *   from the grid in the marketplace's local time, is applied to the BASE value kept per
 *   entity — never to the current value, so hours never compound — through `applyChanges`
 *   (source `schedule`), one batch per run. One run per schedule and hour whichever process
 *   gets there (unique (schedule, hour_start)).
 * - A value that is not the one the schedule last set was changed by someone else (a user,
 *   a rule, an undo elsewhere): it becomes the new base, and is not set back.
 * - Pausing, deleting or narrowing the scope restores the base values (one batch); an
 *   entity someone changed since the schedule's last change keeps that value.
 */
import { MARKETS, type ppcSchedules } from '@bo/contract';
import { adLimitsOf, type ChangeEntity } from '@bo/contract/ppc/changes';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import { anyInt, limitOffset } from '../../../db/sql';
import { type AuditActor, audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { badRequest, codedFieldError, notFound, staleVersion } from '../../../platform/errors';
import { narrowScope, type ShopScope, scopeHas } from '../../shops/shops/shop-scope';
import { applyChanges, type ChangeInput, type ChangeOrigin, presentChanges, undoChanges } from '../changes/changes.service';

type Body = z.infer<typeof ppcSchedules.scheduleBody>;
type UpdateBody = z.infer<typeof ppcSchedules.scheduleUpdateBody>;
type PreviewBody = z.infer<typeof ppcSchedules.previewSchedule.body>;
type Def = Pick<Body, 'shopId' | 'scope' | 'adjust' | 'grid'> & { id?: number };

const HOUR_MS = 3_600_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The marketplace-local weekday (0 = Monday), hour and wall time of an instant. */
export function localSlot(timeZone: string, at: Date): { weekday: number; hour: number; localTime: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  const hour = Number(p('hour')) % 24;
  return {
    weekday: WEEKDAYS.indexOf(p('weekday')),
    hour,
    localTime: `${p('year')}-${p('month')}-${p('day')} ${String(hour).padStart(2, '0')}:00`,
  };
}

export const timeZoneOf = (marketId: number) => MARKETS.find((m) => m.id === marketId)?.timeZone ?? 'UTC';
export const hourStartOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

const round2 = (v: number) => Math.round(v * 100) / 100;
const same = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) < 0.005;

/** base × pct, rounded to cents, within the marketplace's limits of the field. */
export function scaled(base: number, pct: number, field: 'bid' | 'daily_budget', currency: string): number {
  const l = adLimitsOf(currency);
  const [min, max] = field === 'bid' ? [l.minBid, l.maxBid] : [l.minBudget, l.maxBudget];
  return Math.min(max, Math.max(min, round2((base * pct) / 100)));
}

// ---------------------------------------------------------------------------------------
// Rows and presentation

interface ScheduleRow extends Record<string, unknown> {
  id: number;
  name: string;
  shop_id: number;
  shop_name: string;
  market_id: number;
  currency: string;
  scope: Body['scope'];
  adjust: Body['adjust'];
  grid: number[][];
  state: 'enabled' | 'paused';
  entities: number;
  created_by: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = sql`
  SELECT s.id, s.name, s.shop_id, sh.name AS shop_name, p.market_id, p.currency, s.scope, s.adjust, s.grid, s.state,
         (SELECT count(*)::int FROM ppc_schedule_bases b WHERE b.schedule_id = s.id) AS entities,
         u.user_name AS created_by, s.version, s.created_at, s.updated_at
    FROM ppc_schedules s
    JOIN shops sh ON sh.id = s.shop_id
    JOIN ppc_profiles p ON p.shop_id = s.shop_id
    LEFT JOIN users u ON u.id = s.created_by`;

interface RunRow extends Record<string, unknown> {
  id: number;
  schedule_id: number;
  trigger: 'schedule' | 'manual' | 'restore';
  hour_start: Date | string | null;
  weekday: number | null;
  hour: number | null;
  pct: number | null;
  status: 'done' | 'failed';
  entities: number;
  changed: number;
  rebased: number;
  message: string | null;
  batch_id: number | null;
  user_name: string | null;
  started_at: Date | string;
}

const RUN_SELECT = sql`
  SELECT r.id, r.schedule_id, r.trigger, r.hour_start, r.weekday, r.hour, r.pct, r.status, r.entities, r.changed, r.rebased,
         r.message, r.batch_id, u.user_name, r.started_at
    FROM ppc_schedule_runs r LEFT JOIN users u ON u.id = r.user_id`;

const iso = (v: Date | string) => new Date(v).toISOString();

const toRun = (r: RunRow): ppcSchedules.ScheduleRun => ({
  id: r.id,
  trigger: r.trigger,
  hourStart: r.hour_start ? iso(r.hour_start) : null,
  weekday: r.weekday,
  hour: r.hour,
  pct: r.pct,
  status: r.status,
  entities: r.entities,
  changed: r.changed,
  rebased: r.rebased,
  message: r.message,
  batchId: r.batch_id,
  userName: r.user_name,
  startedAt: iso(r.started_at),
});

async function present(db: DbOrTx, rows: ScheduleRow[]): Promise<ppcSchedules.Schedule[]> {
  const last = new Map<number, RunRow>();
  if (rows.length) {
    const r = await db.execute<RunRow>(sql`
      SELECT DISTINCT ON (x.schedule_id) x.*
        FROM (${RUN_SELECT} WHERE r.schedule_id = ${anyInt(rows.map((s) => s.id))}) x
       ORDER BY x.schedule_id, x.id DESC`);
    for (const run of r.rows) last.set(run.schedule_id, run);
  }
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    shopId: s.shop_id,
    shopName: s.shop_name,
    marketId: s.market_id,
    currency: s.currency,
    timeZone: timeZoneOf(s.market_id),
    scope: {
      campaignTypes: s.scope.campaignTypes,
      campaignIds: s.scope.campaignIds ?? [],
      nameFilter: s.scope.nameFilter ?? '',
      keywordFilter: s.scope.keywordFilter ?? '',
    },
    adjust: s.adjust,
    grid: s.grid,
    state: s.state,
    entities: s.entities,
    lastRun: last.has(s.id) ? toRun(last.get(s.id) as RunRow) : null,
    createdBy: s.created_by,
    version: s.version,
    createdAt: iso(s.created_at),
    updatedAt: iso(s.updated_at),
  }));
}

/** A schedule of a shop the caller may see, else 404. */
async function findVisible(db: DbOrTx, scope: ShopScope, id: number, lock = false): Promise<ScheduleRow> {
  const r = await db.execute<ScheduleRow>(
    sql`${SELECT} WHERE s.id = ${id} AND s.deleted_at IS NULL AND s.shop_id = ${anyInt(scope.shopIds)} ${lock ? sql`FOR UPDATE OF s` : sql``}`,
  );
  const row = r.rows[0];
  if (!row) throw notFound('schedule not found');
  return row;
}

const defOf = (s: ScheduleRow): Def & { id: number } => ({
  id: s.id,
  shopId: s.shop_id,
  scope: {
    campaignTypes: s.scope.campaignTypes,
    campaignIds: s.scope.campaignIds ?? [],
    nameFilter: s.scope.nameFilter ?? '',
    keywordFilter: s.scope.keywordFilter ?? '',
  },
  adjust: s.adjust,
  grid: s.grid,
});

// ---------------------------------------------------------------------------------------
// Scope: the entities a schedule governs, with their current values

interface ScopeEntity extends Record<string, unknown> {
  entity_type: 'campaign' | 'keyword' | 'target';
  entity_id: number;
  field: 'daily_budget' | 'bid';
  current: number;
  entity_name: string;
  campaign_type: string;
}

const keyOf = (e: { entity_type: string; entity_id: number; field: string }) => `${e.entity_type}:${e.entity_id}:${e.field}`;

/** Every entity (not archived) in the schedule's scope, in a fixed order. */
async function scopeEntities(db: DbOrTx, d: Def): Promise<ScopeEntity[]> {
  const ids = d.scope.campaignIds ?? [];
  const name = (d.scope.nameFilter ?? '').toLowerCase();
  const kw = (d.scope.keywordFilter ?? '').toLowerCase();
  const campaigns = sql`
    SELECT c.id, c.name, c.campaign_type, c.daily_budget FROM ppc_campaigns c
     WHERE c.shop_id = ${d.shopId} AND c.state <> 'archived'
       AND c.campaign_type IN (SELECT jsonb_array_elements_text(${JSON.stringify(d.scope.campaignTypes)}::jsonb))
       AND ${ids.length ? sql`c.id = ${anyInt(ids)}` : sql`(${name} = '' OR position(${name} IN lower(c.name)) > 0)`}`;
  const parts: SQL[] = [];
  if (d.adjust.budgets)
    parts.push(sql`SELECT 'campaign' AS entity_type, c.id AS entity_id, 'daily_budget' AS field, c.daily_budget::float8 AS current,
                          c.name AS entity_name, c.campaign_type FROM c`);
  if (d.adjust.bids) {
    parts.push(sql`SELECT 'keyword' AS entity_type, k.id AS entity_id, 'bid' AS field, k.bid::float8 AS current,
                          c.name || ' › ' || g.name || ' › ' || k.keyword_text || ' (' || k.match_type || ')' AS entity_name,
                          c.campaign_type
                     FROM ppc_keywords k JOIN c ON c.id = k.campaign_id JOIN ppc_ad_groups g ON g.id = k.ad_group_id
                    WHERE k.state <> 'archived' AND g.state <> 'archived' AND k.bid IS NOT NULL
                      AND (${kw} = '' OR position(${kw} IN lower(k.keyword_text)) > 0)`);
    if (!kw)
      parts.push(sql`SELECT 'target' AS entity_type, t.id AS entity_id, 'bid' AS field, t.bid::float8 AS current,
                            c.name || ' › ' || g.name || ' › ' || t.expression AS entity_name, c.campaign_type
                       FROM ppc_targets t JOIN c ON c.id = t.campaign_id JOIN ppc_ad_groups g ON g.id = t.ad_group_id
                      WHERE t.state <> 'archived' AND g.state <> 'archived' AND t.bid IS NOT NULL`);
  }
  const r = await db.execute<ScopeEntity>(sql`
    WITH c AS MATERIALIZED (${campaigns})
    SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) x ORDER BY entity_type, entity_id`);
  return r.rows.map((e) => ({ ...e, current: Number(e.current) }));
}

interface BaseRow extends Record<string, unknown> {
  entity_type: 'campaign' | 'keyword' | 'target';
  entity_id: number;
  field: 'daily_budget' | 'bid';
  base: number;
  last_set: number | null;
  current: number | null;
  archived: boolean;
}

/** The base rows of a schedule with the entity's value now (locked when `lock`). */
async function basesOf(db: DbOrTx, scheduleId: number, lock: boolean): Promise<BaseRow[]> {
  const r = await db.execute<BaseRow>(sql`
    SELECT b.entity_type, b.entity_id, b.field, b.base::float8 AS base, b.last_set::float8 AS last_set,
           (CASE b.entity_type WHEN 'campaign' THEN c.daily_budget WHEN 'keyword' THEN k.bid ELSE t.bid END)::float8 AS current,
           coalesce(c.state, k.state, t.state, 'archived') = 'archived' AS archived
      FROM ppc_schedule_bases b
      LEFT JOIN ppc_campaigns c ON b.entity_type = 'campaign' AND c.id = b.entity_id
      LEFT JOIN ppc_keywords k ON b.entity_type = 'keyword' AND k.id = b.entity_id
      LEFT JOIN ppc_targets t ON b.entity_type = 'target' AND t.id = b.entity_id
     WHERE b.schedule_id = ${scheduleId}
     ORDER BY b.entity_type, b.entity_id, b.field
     ${lock ? sql`FOR UPDATE OF b` : sql``}`);
  return r.rows.map((b) => ({
    ...b,
    base: Number(b.base),
    last_set: b.last_set === null ? null : Number(b.last_set),
    current: b.current === null ? null : Number(b.current),
  }));
}

/** The base an entity's next change starts from: a value someone else set since the schedule's last change becomes the base. */
function effectiveBase(b: Pick<BaseRow, 'base' | 'last_set'>, current: number): { base: number; rebased: boolean } {
  const reference = b.last_set ?? b.base;
  if (!same(current, reference)) return { base: current, rebased: true };
  return { base: b.base, rebased: false };
}

/** Entities of the scope governed by another schedule, with its name. */
async function claimedElsewhere(db: DbOrTx, scheduleId: number | null, entities: ScopeEntity[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!entities.length) return out;
  const keys = entities.map((e) => ({ t: e.entity_type, id: e.entity_id, f: e.field }));
  const r = await db.execute<{ entity_type: string; entity_id: number; field: string; name: string }>(sql`
    SELECT b.entity_type, b.entity_id, b.field, s.name
      FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS x(t text, id int, f text)
      JOIN ppc_schedule_bases b ON b.entity_type = x.t AND b.entity_id = x.id AND b.field = x.f
      JOIN ppc_schedules s ON s.id = b.schedule_id
     WHERE ${scheduleId === null ? sql`true` : sql`b.schedule_id <> ${scheduleId}`}`);
  for (const row of r.rows) out.set(keyOf(row), row.name);
  return out;
}

// ---------------------------------------------------------------------------------------
// Runs

export interface RunTrigger {
  kind: 'schedule' | 'manual';
  actor: AuditActor | null;
  /** The hour to apply; for `schedule` also the hour the run is recorded for (once). */
  at: Date;
}

export interface RunOutcome {
  runId: number;
  changed: number;
}

/**
 * Applies the multiplier of the hour `trigger.at` falls in, in the caller's transaction (the
 * schedule row locked by the caller). A scheduled run whose hour is recorded already (another
 * process) does nothing and answers null.
 */
export async function runScheduleTx(tx: Tx, s: ScheduleRow, trigger: RunTrigger): Promise<RunOutcome | null> {
  const hourStart = hourStartOf(trigger.at);
  const slot = localSlot(timeZoneOf(s.market_id), hourStart);
  const pct = s.grid[slot.weekday]?.[slot.hour] ?? 100;
  const ins = await tx.execute<{ id: number }>(sql`
    INSERT INTO ppc_schedule_runs (schedule_id, trigger, hour_start, weekday, hour, pct, user_id)
    VALUES (${s.id}, ${trigger.kind}, ${trigger.kind === 'schedule' ? hourStart.toISOString() : null}, ${slot.weekday},
            ${slot.hour}, ${pct}, ${trigger.actor?.userId ?? null})
    ON CONFLICT (schedule_id, hour_start) WHERE hour_start IS NOT NULL DO NOTHING
    RETURNING id`);
  const runId = ins.rows[0]?.id;
  if (!runId) return null;

  const def = defOf(s);
  const entities = await scopeEntities(tx, def);
  const elsewhere = await claimedElsewhere(tx, s.id, entities);
  const mine = entities.filter((e) => !elsewhere.has(keyOf(e)));
  // Take over the entities new to the schedule: their value now is their base.
  if (mine.length) {
    await tx.execute(sql`
      INSERT INTO ppc_schedule_bases (schedule_id, entity_type, entity_id, field, base)
      SELECT ${s.id}, x.t, x.id, x.f, x.v FROM jsonb_to_recordset(${JSON.stringify(
        mine.map((e) => ({ t: e.entity_type, id: e.entity_id, f: e.field, v: e.current })),
      )}::jsonb) AS x(t text, id int, f text, v numeric)
      ON CONFLICT DO NOTHING`);
  }
  const bases = await basesOf(tx, s.id, true);
  const inScope = new Set(mine.map(keyOf));
  const requests: ChangeInput[] = [];
  const updates: { t: string; id: number; f: string; base: number; last: number }[] = [];
  const dropped: BaseRow[] = [];
  let rebased = 0;
  for (const b of bases) {
    if (b.current === null || b.archived) {
      dropped.push(b);
      continue;
    }
    if (!inScope.has(keyOf(b))) {
      // Out of scope now (a campaign renamed, a keyword filtered out): give its base back.
      dropped.push(b);
      if (b.last_set !== null && same(b.current, b.last_set) && !same(b.current, b.base))
        requests.push({ entityType: b.entity_type, entityId: b.entity_id, field: b.field, value: b.base, expect: b.current });
      continue;
    }
    const eff = effectiveBase(b, b.current);
    if (eff.rebased) rebased++;
    const next = scaled(eff.base, pct, b.field, s.currency);
    if (!same(next, b.current))
      requests.push({ entityType: b.entity_type, entityId: b.entity_id, field: b.field, value: next, expect: b.current });
    updates.push({ t: b.entity_type, id: b.entity_id, f: b.field, base: eff.base, last: next });
  }
  const origin: ChangeOrigin = {
    source: 'schedule',
    actor: trigger.actor,
    note: `schedule ${s.id} "${s.name}": ${WEEKDAYS[slot.weekday]} ${String(slot.hour).padStart(2, '0')}:00 ${pct} %`,
  };
  const applied = requests.length ? await applyChanges(tx, null, origin, requests) : { batchId: null, changeIds: [] };
  if (updates.length) {
    await tx.execute(sql`
      UPDATE ppc_schedule_bases b SET base = x.base, last_set = x.last, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(t text, id int, f text, base numeric, last numeric)
       WHERE b.schedule_id = ${s.id} AND b.entity_type = x.t AND b.entity_id = x.id AND b.field = x.f`);
  }
  await dropBases(tx, s.id, dropped);
  await tx.execute(sql`
    UPDATE ppc_schedule_runs SET entities = ${updates.length}, changed = ${applied.changeIds.length}, rebased = ${rebased},
           batch_id = ${applied.batchId},
           message = ${elsewhere.size ? `${elsewhere.size} entities are governed by another schedule` : null}
     WHERE id = ${runId}`);
  return { runId, changed: applied.changeIds.length };
}

async function dropBases(tx: Tx, scheduleId: number, rows: readonly BaseRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    DELETE FROM ppc_schedule_bases b
     USING jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ t: r.entity_type, id: r.entity_id, f: r.field })))}::jsonb)
           AS x(t text, id int, f text)
     WHERE b.schedule_id = ${scheduleId} AND b.entity_type = x.t AND b.entity_id = x.id AND b.field = x.f`);
}

/**
 * Gives every entity of the schedule its base value back (one batch, recorded as a run of
 * trigger `restore`) and forgets the bases. An entity someone changed since the schedule's
 * last change keeps that value.
 */
async function restoreTx(tx: Tx, s: ScheduleRow, actor: AuditActor | null, why: string): Promise<RunOutcome> {
  const bases = await basesOf(tx, s.id, true);
  // Nothing held (never ran, or restored already): nothing to give back, no run to record.
  if (!bases.length) return { runId: 0, changed: 0 };
  const requests: ChangeInput[] = bases
    .filter(
      (b) => !b.archived && b.current !== null && b.last_set !== null && same(b.current, b.last_set) && !same(b.current, b.base),
    )
    .map((b) => ({
      entityType: b.entity_type as ChangeEntity,
      entityId: b.entity_id,
      field: b.field,
      value: b.base,
      expect: b.current,
    }));
  const applied = requests.length
    ? await applyChanges(
        tx,
        null,
        { source: 'schedule', actor, note: `schedule ${s.id} "${s.name}": ${why}, base values restored` },
        requests,
      )
    : { batchId: null, changeIds: [] };
  await tx.execute(sql`DELETE FROM ppc_schedule_bases WHERE schedule_id = ${s.id}`);
  const run = await tx.execute<{ id: number }>(sql`
    INSERT INTO ppc_schedule_runs (schedule_id, trigger, entities, changed, batch_id, user_id, message)
    VALUES (${s.id}, 'restore', ${bases.length}, ${applied.changeIds.length}, ${applied.batchId}, ${actor?.userId ?? null}, ${why})
    RETURNING id`);
  return { runId: run.rows[0]?.id ?? 0, changed: applied.changeIds.length };
}

/** Runs every enabled schedule that has no run for the current hour yet (the hourly job). */
export async function runDueSchedules(ctx: Pick<AppContext, 'db' | 'log'>, now = new Date()): Promise<number> {
  const hourStart = hourStartOf(now);
  const due = await ctx.db.execute<{ id: number }>(sql`
    SELECT s.id FROM ppc_schedules s
     WHERE s.deleted_at IS NULL AND s.state = 'enabled'
       AND NOT EXISTS (SELECT 1 FROM ppc_schedule_runs r WHERE r.schedule_id = s.id AND r.hour_start = ${hourStart.toISOString()})
     ORDER BY s.id`);
  let ran = 0;
  for (const { id } of due.rows) {
    try {
      const out = await ctx.db.transaction(async (tx) => {
        const r = await tx.execute<ScheduleRow>(
          sql`${SELECT} WHERE s.id = ${id} AND s.deleted_at IS NULL AND s.state = 'enabled' FOR UPDATE OF s`,
        );
        const row = r.rows[0];
        return row ? runScheduleTx(tx, row, { kind: 'schedule', actor: null, at: now }) : null;
      });
      if (out) ran++;
    } catch (err) {
      ctx.log.warn({ err, scheduleId: id }, 'ppc schedules: hourly run failed');
      // Recorded for the hour, so a refusal (an entity changed under the run) is not retried every minute.
      await ctx.db.execute(sql`
        INSERT INTO ppc_schedule_runs (schedule_id, trigger, hour_start, status, message)
        VALUES (${id}, 'schedule', ${hourStart.toISOString()}, 'failed', ${String((err as Error).message ?? err).slice(0, 500)})
        ON CONFLICT (schedule_id, hour_start) WHERE hour_start IS NOT NULL DO NOTHING`);
    }
  }
  return ran;
}

// ---------------------------------------------------------------------------------------
// Calls

/** The shop must be visible (else 404) and advertise (else 400); chosen campaigns must be of it and its types. */
async function checkDef(ctx: AppContext, scope: ShopScope, d: Def) {
  if (!scopeHas(scope, d.shopId)) throw notFound('shop not found');
  const p = await ctx.db.execute(sql`SELECT 1 FROM ppc_profiles WHERE shop_id = ${d.shopId}`);
  if (!p.rows.length) throw codedFieldError('shopId', 'ppc.noAdProfile');
  const ids = d.scope.campaignIds ?? [];
  if (ids.length) {
    const r = await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM ppc_campaigns WHERE id = ${anyInt(ids)} AND shop_id = ${d.shopId} AND state <> 'archived'
         AND campaign_type IN (SELECT jsonb_array_elements_text(${JSON.stringify(d.scope.campaignTypes)}::jsonb))`);
    const found = new Set(r.rows.map((x) => x.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw codedFieldError('scope.campaignIds', 'ppc.campaignsNotOfShop', { ids: missing.join(', ') });
  }
}

export async function list(ctx: AppContext, scope: ShopScope, q: z.infer<typeof ppcSchedules.listSchedules.query>) {
  const parts: SQL[] = [sql`s.deleted_at IS NULL`, sql`s.shop_id = ${anyInt(narrowScope(scope, q.shopId).shopIds)}`];
  if (q.state) parts.push(sql`s.state = ${q.state}`);
  if (q.name) parts.push(sql`position(${q.name.toLowerCase()} IN lower(s.name)) > 0`);
  const where = sql.join(parts, sql` AND `);
  const [rows, total] = await Promise.all([
    ctx.db.execute<ScheduleRow>(sql`${SELECT} WHERE ${where} ORDER BY s.id DESC
      ${limitOffset(q)}`),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ppc_schedules s WHERE ${where}`),
  ]);
  return { list: await present(ctx.db, rows.rows), total: total.rows[0]?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, scope: ShopScope, id: number) {
  const [one] = await present(ctx.db, [await findVisible(ctx.db, scope, id)]);
  return one as ppcSchedules.Schedule;
}

async function getIn(db: DbOrTx, id: number) {
  const r = await db.execute<ScheduleRow>(sql`${SELECT} WHERE s.id = ${id}`);
  const [one] = await present(db, r.rows);
  if (!one) throw notFound('schedule not found');
  return one;
}

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: Body) {
  await checkDef(ctx, scope, b);
  return ctx.db.transaction(async (tx) => {
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO ppc_schedules (account_id, shop_id, name, scope, adjust, grid, state, created_by)
      VALUES (${actor.accountId}, ${b.shopId}, ${b.name}, ${JSON.stringify(b.scope)}::jsonb, ${JSON.stringify(b.adjust)}::jsonb,
              ${JSON.stringify(b.grid)}::jsonb, ${b.state}, ${actor.userId})
      RETURNING id`);
    const id = r.rows[0]?.id;
    if (!id) throw new Error('no schedule id');
    await audit(tx, actor, { action: 'ppc.schedule.create', entity: 'ppc_schedule', entityId: id, after: b });
    return getIn(tx, id);
  });
}

/** Updates; entities that left the scope (or all, when paused) get their base back. Answers the schedule and what changed. */
export async function update(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, b: UpdateBody) {
  await checkDef(ctx, scope, b);
  return ctx.db.transaction(async (tx) => {
    const s = await findVisible(tx, scope, id, true);
    if (s.version !== b.version) throw staleVersion();
    if (b.shopId !== s.shop_id) throw codedFieldError('shopId', 'ppc.scheduleShopFixed');
    await tx.execute(sql`
      UPDATE ppc_schedules SET name = ${b.name}, scope = ${JSON.stringify(b.scope)}::jsonb, adjust = ${JSON.stringify(b.adjust)}::jsonb,
             grid = ${JSON.stringify(b.grid)}::jsonb, state = ${b.state}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const fresh = await findVisible(tx, scope, id, true);
    const changed = await releaseTx(tx, fresh, actor, b.state === 'paused' ? 'paused' : 'scope changed');
    await audit(tx, actor, { action: 'ppc.schedule.update', entity: 'ppc_schedule', entityId: id, before: defOf(s), after: b });
    return { schedule: await getIn(tx, id), changed };
  });
}

/** A paused schedule gives every base back; an enabled one those no longer in its scope. */
async function releaseTx(tx: Tx, s: ScheduleRow, actor: AuditActor | null, why: string): Promise<number> {
  if (s.state === 'paused') return (await restoreTx(tx, s, actor, why)).changed;
  const inScope = new Set((await scopeEntities(tx, defOf(s))).map(keyOf));
  const bases = await basesOf(tx, s.id, true);
  const gone = bases.filter((b) => !inScope.has(keyOf(b)));
  if (!gone.length) return 0;
  const requests: ChangeInput[] = gone
    .filter(
      (b) => !b.archived && b.current !== null && b.last_set !== null && same(b.current, b.last_set) && !same(b.current, b.base),
    )
    .map((b) => ({ entityType: b.entity_type, entityId: b.entity_id, field: b.field, value: b.base, expect: b.current }));
  const applied = requests.length
    ? await applyChanges(
        tx,
        null,
        { source: 'schedule', actor, note: `schedule ${s.id} "${s.name}": ${why}, base values restored` },
        requests,
      )
    : { batchId: null, changeIds: [] };
  await dropBases(tx, s.id, gone);
  await tx.execute(sql`
    INSERT INTO ppc_schedule_runs (schedule_id, trigger, entities, changed, batch_id, user_id, message)
    VALUES (${s.id}, 'restore', ${gone.length}, ${applied.changeIds.length}, ${applied.batchId}, ${actor?.userId ?? null}, ${why})`);
  return applied.changeIds.length;
}

export async function setState(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: { state: 'enabled' | 'paused'; version: number },
) {
  return ctx.db.transaction(async (tx) => {
    const s = await findVisible(tx, scope, id, true);
    if (s.version !== b.version) throw staleVersion();
    let changed = 0;
    if (s.state !== b.state) {
      await tx.execute(
        sql`UPDATE ppc_schedules SET state = ${b.state}, version = version + 1, updated_at = now() WHERE id = ${id}`,
      );
      if (b.state === 'paused') changed = (await restoreTx(tx, s, actor, 'paused')).changed;
      await audit(tx, actor, {
        action: 'ppc.schedule.state',
        entity: 'ppc_schedule',
        entityId: id,
        before: { state: s.state },
        after: b,
      });
    }
    return { schedule: await getIn(tx, id), changed };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number) {
  return ctx.db.transaction(async (tx) => {
    const s = await findVisible(tx, scope, id, true);
    const out = await restoreTx(tx, s, actor, 'deleted');
    await tx.execute(sql`UPDATE ppc_schedules SET deleted_at = now(), state = 'paused', version = version + 1 WHERE id = ${id}`);
    await audit(tx, actor, { action: 'ppc.schedule.delete', entity: 'ppc_schedule', entityId: id, before: defOf(s) });
    return { changed: out.changed };
  });
}

/** Applies the current hour now (an enabled schedule). */
export async function runNow(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const s = await findVisible(tx, scope, id, true);
    if (s.state !== 'enabled') throw badRequest('the schedule is paused: enable it first');
    const out = await runScheduleTx(tx, s, { kind: 'manual', actor, at: now });
    if (!out) throw new Error('run not recorded');
    const r = await tx.execute<RunRow>(sql`${RUN_SELECT} WHERE r.id = ${out.runId}`);
    return { run: toRun(r.rows[0] as RunRow), changed: out.changed };
  });
}

export async function preview(ctx: AppContext, scope: ShopScope, b: PreviewBody, now = new Date()) {
  await checkDef(ctx, scope, b);
  const prof = await ctx.db.execute<{ market_id: number; currency: string }>(
    sql`SELECT market_id, currency FROM ppc_profiles WHERE shop_id = ${b.shopId}`,
  );
  const { market_id: marketId, currency } = prof.rows[0] as { market_id: number; currency: string };
  let scheduleId: number | null = null;
  if (b.id !== undefined) scheduleId = (await findVisible(ctx.db, scope, b.id)).id;
  const timeZone = timeZoneOf(marketId);
  const slot = localSlot(timeZone, new Date(hourStartOf(now).getTime() + HOUR_MS));
  const pct = b.grid[slot.weekday]?.[slot.hour] ?? 100;
  const entities = await scopeEntities(ctx.db, b);
  const elsewhere = await claimedElsewhere(ctx.db, scheduleId, entities);
  const bases = new Map((scheduleId === null ? [] : await basesOf(ctx.db, scheduleId, false)).map((x) => [keyOf(x), x]));
  const rows = entities.slice(0, 200).map((e) => {
    const stored = bases.get(keyOf(e));
    const base = stored ? effectiveBase(stored, e.current).base : e.current;
    const other = elsewhere.get(keyOf(e)) ?? null;
    return {
      entityType: e.entity_type,
      entityId: e.entity_id,
      entityName: e.entity_name,
      campaignType: e.campaign_type,
      field: e.field,
      current: e.current,
      base,
      next: other ? e.current : scaled(base, pct, e.field, currency),
      otherSchedule: other,
    };
  });
  return {
    timeZone,
    localTime: slot.localTime,
    weekday: slot.weekday,
    hour: slot.hour,
    pct,
    currency,
    total: entities.length,
    rows,
  };
}

export async function runs(ctx: AppContext, scope: ShopScope, id: number, q: { pageNum: number; pageSize: number }) {
  await findVisible(ctx.db, scope, id);
  const [rows, total] = await Promise.all([
    ctx.db.execute<RunRow>(sql`${RUN_SELECT} WHERE r.schedule_id = ${id} ORDER BY r.id DESC ${limitOffset(q)}`),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ppc_schedule_runs WHERE schedule_id = ${id}`),
  ]);
  return { list: rows.rows.map(toRun), total: total.rows[0]?.n ?? 0, ...q };
}

/** The schedule's changes and the undos of them. */
const changesWhere = (
  id: number,
) => sql`(ch.batch_id IN (SELECT batch_id FROM ppc_schedule_runs WHERE schedule_id = ${id} AND batch_id IS NOT NULL)
  OR ch.undoes IN (SELECT c2.id FROM ppc_changes c2 JOIN ppc_schedule_runs r2 ON r2.batch_id = c2.batch_id WHERE r2.schedule_id = ${id}))`;

export async function changes(ctx: AppContext, scope: ShopScope, id: number, q: { pageNum: number; pageSize: number }) {
  await findVisible(ctx.db, scope, id);
  const where = changesWhere(id);
  const [list, total] = await Promise.all([
    presentChanges(ctx.db, where, q.pageSize, (q.pageNum - 1) * q.pageSize),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ppc_changes ch WHERE ${where}`),
  ]);
  return { list, total: total.rows[0]?.n ?? 0, ...q };
}

/**
 * Undoes changes of the schedule (a run's batch or some changes). The schedule keeps its
 * bases and records the restored value as the one it left, so the next hour applies its
 * multiplier to the base as usual (pause the schedule to stop it).
 */
export async function undo(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: { changeIds?: number[]; batchId?: number },
) {
  return ctx.db.transaction(async (tx) => {
    const s = await findVisible(tx, scope, id, true);
    const target = b.batchId ? sql`ch.batch_id = ${b.batchId}` : sql`ch.id = ${anyInt(b.changeIds ?? [])}`;
    const own = await tx.execute<{ n: number; all: number }>(sql`
      SELECT count(*) FILTER (WHERE ch.batch_id IN (SELECT batch_id FROM ppc_schedule_runs WHERE schedule_id = ${s.id}))::int AS n,
             count(*)::int AS all
        FROM ppc_changes ch WHERE ${target}`);
    const counts = own.rows[0];
    if (!counts?.all || counts.n !== counts.all) throw notFound('change not found among the changes of this schedule');
    const out = await undoChanges(tx, scope.shopIds, actor, b);
    const restored = await tx.execute<{ entity_type: string; entity_id: number; field: string; after: number | null }>(sql`
      SELECT entity_type, entity_id, field, (after #>> '{}')::float8 AS after FROM ppc_changes WHERE id = ${anyInt(out.changeIds)}`);
    if (restored.rows.length) {
      await tx.execute(sql`
        UPDATE ppc_schedule_bases b SET last_set = x.after, updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(restored.rows)}::jsonb) AS x(entity_type text, entity_id int, field text, after numeric)
         WHERE b.schedule_id = ${s.id} AND b.entity_type = x.entity_type AND b.entity_id = x.entity_id AND b.field = x.field`);
    }
    const applied = out.changeIds.length ? await presentChanges(tx, sql`ch.id = ${anyInt(out.changeIds)}`, 1000, 0) : [];
    return { batchId: out.batchId, applied, unchanged: out.unchanged };
  });
}

export async function campaigns(ctx: AppContext, scope: ShopScope, shopId: number) {
  if (!scopeHas(scope, shopId)) throw notFound('shop not found');
  const r = await ctx.db.execute<{
    id: number;
    name: string;
    campaign_type: 'sp' | 'sb' | 'sd';
    state: string;
    budget: number;
  }>(sql`
    SELECT id, name, campaign_type, state, daily_budget::float8 AS budget FROM ppc_campaigns
     WHERE shop_id = ${shopId} AND state <> 'archived' ORDER BY name, id LIMIT 1000`);
  return r.rows.map((c) => ({
    id: c.id,
    name: c.name,
    campaignType: c.campaign_type,
    state: c.state,
    dailyBudget: Number(c.budget),
  }));
}
