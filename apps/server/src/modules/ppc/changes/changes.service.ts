/**
 * The change path (see ../README.md "Changes"): every write to a bid, budget, state,
 * strategy, end date or placement adjustment goes through `applyChanges`, whoever makes
 * it — a user on /ppcMgr, a rule, a diagnosis fix, a harvest, a schedule, an undo.
 * - All or none: the entities are locked, every request is checked (visible shop, field of
 *   the entity, value within the marketplace's limits, version when given, not archived,
 *   the expected current value when given) before anything is written.
 * - Set-based: one UPDATE per (entity type, field) and one INSERT of the history, so a rule
 *   run over 100,000 keywords is a handful of statements.
 * - A request whose value equals the current one is counted as unchanged, not written.
 * - The marketplace is reached through the bulk sheet (`bulkSheetRows`); in demo mode the
 *   route answers 252.
 */

import { type FieldCode, type FieldParams, fieldText } from '@bo/contract';
import {
  adLimitsOf,
  BIDDING_STRATEGIES,
  CHANGE_FIELDS,
  type ChangeEntity,
  type ChangeRequest,
  type ChangeSource,
  CONFIRM_STEP_PCT,
  MONEY_FIELDS,
  PLACEMENTS,
  PLACEMENTS_OF_TYPE,
  stepPercent,
} from '@bo/contract/ppc/changes';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { anyInt } from '../../../db/sql';
import { type AuditActor, audit } from '../../../platform/audit/audit.service';
import { badRequest, codedFieldError, conflict, notFound, staleVersion } from '../../../platform/errors';

export type ChangeValue = number | string | null;

/** Who or what makes the changes of one batch. */
export interface ChangeOrigin {
  source: ChangeSource;
  /** The signed-in user; null for a rule or schedule run by a job. */
  actor: AuditActor | null;
  ruleId?: number | null;
  ruleRunId?: number | null;
  note?: string | null;
  /**
   * A person confirmed the changes: when false, a change that moves a bid or budget by more
   * than `CONFIRM_STEP_PCT` refuses the batch (400). Undefined: no such check (rules,
   * schedules and undo have their own limits).
   */
  confirmed?: boolean;
  /**
   * A batch opened already (`openBatch`) to put these changes into, so that the creates and
   * the changes of one action (a diagnosis fix) are one batch and one undo.
   */
  batchId?: number;
}

/** Opens a batch of changes for `origin` (applyChanges and recordCreates open their own unless given one). */
export async function openBatch(tx: Tx, origin: ChangeOrigin): Promise<number> {
  if (origin.batchId) return origin.batchId;
  const batch = await tx.execute<{ id: number }>(sql`
    INSERT INTO ppc_change_batches (source, rule_id, rule_run_id, user_id, note)
    VALUES (${origin.source}, ${origin.ruleId ?? null}, ${origin.ruleRunId ?? null}, ${origin.actor?.userId ?? null}, ${origin.note ?? null})
    RETURNING id`);
  const batchId = batch.rows[0]?.id;
  if (!batchId) throw new Error('no batch id');
  return batchId;
}

export interface ChangeInput extends ChangeRequest {
  /**
   * The value the caller believes is current (a rule's view, an undo's `after`): when the
   * entity holds another value now, the whole batch is refused (409).
   */
  expect?: ChangeValue;
}

export interface ApplyResult {
  batchId: number | null;
  changeIds: number[];
  unchanged: number;
}

interface EntityDef {
  table: string;
  /** Columns read besides id, shop, campaign, state, version. */
  name: SQL;
  hasUpdatedAt: boolean;
}

const ENTITY: Record<ChangeEntity, EntityDef> = {
  campaign: { table: 'ppc_campaigns', name: sql`c.name`, hasUpdatedAt: true },
  ad_group: { table: 'ppc_ad_groups', name: sql`c.name || ' › ' || e.name`, hasUpdatedAt: true },
  keyword: {
    table: 'ppc_keywords',
    name: sql`c.name || ' › ' || g.name || ' › ' || e.keyword_text || ' (' || e.match_type || ')'`,
    hasUpdatedAt: true,
  },
  target: { table: 'ppc_targets', name: sql`c.name || ' › ' || g.name || ' › ' || e.expression`, hasUpdatedAt: true },
  product_ad: {
    table: 'ppc_product_ads',
    name: sql`c.name || ' › ' || g.name || ' › ' || coalesce(e.sku, e.asin, '')`,
    hasUpdatedAt: true,
  },
  negative_keyword: {
    table: 'ppc_negative_keywords',
    name: sql`c.name || coalesce(' › ' || g.name, '') || ' › −' || e.keyword_text || ' (' || e.match_type || ')'`,
    hasUpdatedAt: false,
  },
  negative_product: {
    table: 'ppc_negative_products',
    name: sql`c.name || coalesce(' › ' || g.name, '') || ' › −' || e.asin`,
    hasUpdatedAt: false,
  },
};

/** Column and SQL type of each field on its entity's table (placements live in ppc_placements). */
const COLUMN: Record<string, { column: string; type: 'numeric' | 'text' | 'date' | 'int' }> = {
  state: { column: 'state', type: 'text' },
  daily_budget: { column: 'daily_budget', type: 'numeric' },
  bidding_strategy: { column: 'bidding_strategy', type: 'text' },
  end_date: { column: 'end_date', type: 'date' },
  default_bid: { column: 'default_bid', type: 'numeric' },
  bid: { column: 'bid', type: 'numeric' },
};
const PLACEMENT_FIELD = /^placement_(top_of_search|product_pages|rest_of_search)$/;

interface Current extends Record<string, unknown> {
  id: number;
  shop_id: number;
  campaign_id: number;
  campaign_type: string;
  state: string;
  version: number;
  currency: string;
  start_date: string | null;
  values: Record<string, ChangeValue>;
}

const tableOf = (t: ChangeEntity) => sql.raw(ENTITY[t].table);

/** The locked entities of one type with the values of every changeable field. */
async function lockEntities(tx: Tx, type: ChangeEntity, ids: number[]): Promise<Map<number, Current>> {
  const fields = CHANGE_FIELDS[type].filter((f) => !PLACEMENT_FIELD.test(f));
  const cols = sql.join(
    fields.map((f) => {
      const c = COLUMN[f];
      if (!c) throw new Error(`no column for ${f}`);
      const expr =
        c.type === 'numeric'
          ? sql`e.${sql.raw(c.column)}::float8`
          : c.type === 'date'
            ? sql`to_char(e.${sql.raw(c.column)}, 'YYYY-MM-DD')`
            : sql`e.${sql.raw(c.column)}`;
      return sql`${sql.raw(`'${f}'`)}, ${expr}`;
    }),
    sql`, `,
  );
  const campaignOf = type === 'campaign' ? sql`e.id` : sql`e.campaign_id`;
  const r = await tx.execute<Current>(sql`
    SELECT e.id, e.shop_id, ${campaignOf} AS campaign_id, c.campaign_type, e.state, e.version,
           coalesce(p.currency, 'USD') AS currency, to_char(c.start_date, 'YYYY-MM-DD') AS start_date,
           json_build_object(${cols}) AS values
      FROM ${tableOf(type)} e
      JOIN ppc_campaigns c ON c.id = ${campaignOf}
      LEFT JOIN ppc_profiles p ON p.shop_id = e.shop_id
     WHERE e.id = ${anyInt(ids)}
     ORDER BY e.id
       FOR UPDATE OF e`);
  const out = new Map<number, Current>();
  for (const row of r.rows) out.set(row.id, row);
  if (type === 'campaign' && out.size) {
    const p = await tx.execute<{ campaign_id: number; placement: string; pct: number }>(sql`
      SELECT campaign_id, placement, bid_adjustment_pct AS pct FROM ppc_placements
       WHERE campaign_id = ${anyInt([...out.keys()])} FOR UPDATE`);
    for (const c of out.values()) for (const pl of PLACEMENTS) c.values[`placement_${pl}`] = 0;
    for (const row of p.rows) {
      const c = out.get(row.campaign_id);
      if (c) c.values[`placement_${row.placement}`] = row.pct;
    }
  }
  return out;
}

const roundMoney = (v: number) => Math.round(v * 100) / 100;

/** An entity and a field in words, for messages a user reads ("the bid of keyword #12"). */
const ENTITY_WORDS: Record<ChangeEntity, string> = {
  campaign: 'campaign',
  ad_group: 'ad group',
  keyword: 'keyword',
  target: 'target',
  product_ad: 'product ad',
  negative_keyword: 'negative keyword',
  negative_product: 'negative product',
};
const FIELD_WORDS: Record<string, string> = {
  state: 'state',
  daily_budget: 'daily budget',
  bidding_strategy: 'bidding strategy',
  end_date: 'end date',
  default_bid: 'default bid',
  bid: 'bid',
  placement_top_of_search: 'top of search adjustment',
  placement_product_pages: 'product pages adjustment',
  placement_rest_of_search: 'rest of search adjustment',
};
const whatOf = (type: ChangeEntity, id: number, field: string) =>
  `The ${FIELD_WORDS[field] ?? field} of ${ENTITY_WORDS[type]} #${id}`;
const amount = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * The value a request sets, normalised, or a 400 naming the request: the message (and the
 * field's en-US text) names the entity and field in words; the request path stays in `fields`.
 */
function checkValue(path: string, type: ChangeEntity, e: Current, field: string, value: ChangeValue): ChangeValue {
  const refuse = (p: string, code: FieldCode, params: FieldParams = {}) => {
    const all = {
      fieldWord: FIELD_WORDS[field] ?? field,
      entityWord: ENTITY_WORDS[type],
      id: e.id,
      entity: type,
      field,
      ...params,
    };
    return codedFieldError(p, code, all, { message: fieldText(code, 'en-US', all) });
  };
  if (!(CHANGE_FIELDS[type] as readonly string[]).includes(field)) throw refuse(path, 'ppc.changeNoField');
  const limits = adLimitsOf(e.currency);
  const num = () => {
    if (typeof value !== 'number') throw refuse(path, 'ppc.changeNumber');
    return value;
  };
  switch (field) {
    case 'state': {
      const allowed: readonly string[] =
        type === 'negative_keyword' || type === 'negative_product' ? ['enabled', 'archived'] : ['enabled', 'paused', 'archived'];
      if (typeof value !== 'string' || !allowed.includes(value))
        throw refuse(path, 'ppc.changeState', { values: allowed.join(', ') });
      return value;
    }
    case 'daily_budget': {
      const v = roundMoney(num());
      if (v < limits.minBudget || v > limits.maxBudget)
        throw refuse(path, 'ppc.changeRange', {
          min: amount(limits.minBudget),
          max: amount(limits.maxBudget),
          currency: e.currency,
        });
      return v;
    }
    case 'bid':
    case 'default_bid': {
      // A keyword's or target's bid may be cleared: it bids its ad group's default again (an undo of a first own bid).
      if (value === null && field === 'bid') return null;
      const v = roundMoney(num());
      if (v < limits.minBid || v > limits.maxBid)
        throw refuse(path, 'ppc.changeRange', { min: amount(limits.minBid), max: amount(limits.maxBid), currency: e.currency });
      return v;
    }
    case 'bidding_strategy':
      if (e.campaign_type !== 'sp') throw refuse(path, 'ppc.changeStrategySpOnly');
      if (typeof value !== 'string' || !(BIDDING_STRATEGIES as readonly string[]).includes(value))
        throw refuse(path, 'ppc.changeStrategy', { values: BIDDING_STRATEGIES.join(', ') });
      return value;
    case 'end_date':
      if (value === null) return null;
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
        throw refuse(path, 'ppc.changeEndDate');
      if (e.start_date && value < e.start_date) throw refuse(path, 'ppc.changeEndBeforeStart');
      return value;
    default: {
      if (PLACEMENT_FIELD.test(field)) {
        const kind = PLACEMENTS_OF_TYPE[e.campaign_type as keyof typeof PLACEMENTS_OF_TYPE];
        if (!kind || e.campaign_type === 'sd') throw refuse(path, 'ppc.changeSdPlacements');
        const placement = field.slice('placement_'.length);
        if (!(kind.placements as readonly string[]).includes(placement)) throw refuse(path, 'ppc.changeSbPlacements');
        const v = num();
        if (!Number.isInteger(v) || v < kind.min || v > kind.max)
          throw refuse(path, 'ppc.changePlacementRange', { min: kind.min, max: kind.max });
        return v;
      }
      throw refuse(path, 'ppc.changeNoField');
    }
  }
}

const same = (a: ChangeValue | undefined, b: ChangeValue | undefined) =>
  (a ?? null) === (b ?? null) || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9);

interface Planned {
  type: ChangeEntity;
  e: Current;
  field: string;
  before: ChangeValue;
  after: ChangeValue;
  undoes: number | null;
}

/**
 * Checks and writes a batch of changes in the caller's transaction. `shops`: the shops the
 * caller may change (null: every shop, for jobs). Returns the ids of the history rows.
 */
export async function applyChanges(
  tx: Tx,
  shops: readonly number[] | null,
  origin: ChangeOrigin,
  requests: readonly (ChangeInput & { undoes?: number | null })[],
): Promise<ApplyResult> {
  const seen = new Set<string>();
  const byType = new Map<ChangeEntity, number[]>();
  requests.forEach((r, i) => {
    const key = `${r.entityType}:${r.entityId}:${r.field}`;
    if (seen.has(key)) throw codedFieldError(`changes.${i}`, 'ppc.changedTwice');
    seen.add(key);
    // Push, not spread: a rule run hands over 100,000 requests.
    const ids = byType.get(r.entityType);
    if (ids) ids.push(r.entityId);
    else byType.set(r.entityType, [r.entityId]);
  });
  const current = new Map<ChangeEntity, Map<number, Current>>();
  // A fixed order of types and ids: two batches lock in the same order and cannot deadlock.
  for (const type of [...byType.keys()].sort()) {
    current.set(
      type,
      await lockEntities(
        tx,
        type,
        [...new Set(byType.get(type))].sort((a, b) => a - b),
      ),
    );
  }
  const planned: Planned[] = [];
  const shopSet = shops ? new Set(shops) : null;
  let unchanged = 0;
  requests.forEach((r, i) => {
    const path = `changes.${i}`;
    const e = current.get(r.entityType)?.get(r.entityId);
    if (!e || (shopSet && !shopSet.has(e.shop_id))) throw notFound(`${r.entityType} ${r.entityId} not found`);
    if (r.version !== undefined && r.version !== e.version) throw staleVersion();
    if (e.state === 'archived') throw conflict(`${r.entityType} ${r.entityId} is archived and cannot be changed`);
    const after = checkValue(`${path}.value`, r.entityType, e, r.field, r.value);
    const before = e.values[r.field] ?? null;
    if (r.expect !== undefined && !same(before, r.expect))
      throw conflict(`${r.entityType} ${r.entityId} changed since: ${r.field} is ${String(before)}, not ${String(r.expect)}`, {
        entityType: r.entityType,
        entityId: r.entityId,
        field: r.field,
        current: before,
      });
    if (same(before, after)) {
      unchanged++;
      return;
    }
    planned.push({ type: r.entityType, e, field: r.field, before, after, undoes: r.undoes ?? null });
  });
  if (origin.confirmed === false) refuseUnconfirmedSteps(planned);
  if (!planned.length) return { batchId: null, changeIds: [], unchanged };

  await writeValues(tx, planned);
  const batchId = await openBatch(tx, origin);
  const rows = planned.map((p) => ({
    shop_id: p.e.shop_id,
    campaign_id: p.e.campaign_id,
    campaign_type: p.e.campaign_type,
    entity_type: p.type,
    entity_id: p.e.id,
    field: p.field,
    before: p.before,
    after: p.after,
    undoes: p.undoes,
  }));
  const ins = await tx.execute<{ id: number; undoes: number | null }>(sql`
    INSERT INTO ppc_changes (batch_id, shop_id, campaign_id, campaign_type, entity_type, entity_id, field, before, after,
                             source, rule_id, rule_run_id, undoes)
    SELECT ${batchId}, x.shop_id, x.campaign_id, x.campaign_type, x.entity_type, x.entity_id, x.field, x.before, x.after,
           ${origin.source}, ${origin.ruleId ?? null}, ${origin.ruleRunId ?? null}, x.undoes
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(shop_id int, campaign_id int, campaign_type text, entity_type text, entity_id int, field text,
             before jsonb, after jsonb, undoes int)
    RETURNING id, undoes`);
  const undone = ins.rows.filter((r) => r.undoes !== null);
  if (undone.length) {
    await tx.execute(sql`
      UPDATE ppc_changes o SET undone_by = x.id
        FROM jsonb_to_recordset(${JSON.stringify(undone)}::jsonb) AS x(id int, undoes int)
       WHERE o.id = x.undoes`);
  }
  await audit(tx, origin.actor, {
    action: `ppc.changes.${origin.source}`,
    entity: 'ppc_change_batch',
    entityId: batchId,
    after: { changes: planned.length, ruleId: origin.ruleId ?? null, ruleRunId: origin.ruleRunId ?? null },
  });
  return { batchId, changeIds: ins.rows.map((r) => r.id).sort((a, b) => a - b), unchanged };
}

/**
 * A person's change that moves a bid or budget by more than `CONFIRM_STEP_PCT` of its
 * current value is refused unless the request says it was confirmed: a script or a stale
 * screen cannot skip the question the screen asks.
 */
function refuseUnconfirmedSteps(planned: readonly Planned[]): void {
  const over = planned.filter((p) => {
    if (!(MONEY_FIELDS as readonly string[]).includes(p.field)) return false;
    const step = stepPercent(p.before as number | null, p.after as number | null);
    return step !== null && Math.abs(step) > CONFIRM_STEP_PCT + 1e-9;
  });
  const first = over[0];
  if (!first) return;
  const step = stepPercent(first.before as number, first.after as number) ?? 0;
  const message =
    `${over.length} change${over.length === 1 ? '' : 's'} move${over.length === 1 ? 's' : ''} a bid or budget by more than ` +
    `±${CONFIRM_STEP_PCT} % (${whatOf(first.type, first.e.id, first.field).replace(/^The/, 'the')}: ` +
    `${amount(first.before as number)} → ${amount(first.after as number)}, ${step > 0 ? '+' : ''}${Math.round(step)} %); ` +
    'confirm them to apply (confirmed: true)';
  throw codedFieldError(
    'confirmed',
    'ppc.confirmSteps',
    { n: over.length, pct: CONFIRM_STEP_PCT },
    {
      message,
      data: {
        needsConfirmation: over.map((p) => ({
          entityType: p.type,
          entityId: p.e.id,
          field: p.field,
          before: p.before,
          after: p.after,
        })),
      },
    },
  );
}

/** One UPDATE per (entity type, field); the entity's version moves on once per field changed. */
async function writeValues(tx: Tx, planned: readonly Planned[]): Promise<void> {
  const groups = new Map<string, Planned[]>();
  for (const p of planned) {
    const list = groups.get(`${p.type}|${p.field}`);
    if (list) list.push(p);
    else groups.set(`${p.type}|${p.field}`, [p]);
  }
  for (const [key, list] of groups) {
    const [type, field] = key.split('|') as [ChangeEntity, string];
    const values = JSON.stringify(list.map((p) => ({ id: p.e.id, v: p.after === null ? null : String(p.after) })));
    const placement = PLACEMENT_FIELD.exec(field)?.[1];
    if (placement) {
      await tx.execute(sql`
        INSERT INTO ppc_placements (campaign_id, placement, bid_adjustment_pct)
        SELECT x.id, ${placement}, x.v::int FROM jsonb_to_recordset(${values}::jsonb) AS x(id int, v text)
        ON CONFLICT (campaign_id, placement) DO UPDATE
          SET bid_adjustment_pct = EXCLUDED.bid_adjustment_pct, version = ppc_placements.version + 1`);
      await tx.execute(sql`
        UPDATE ppc_campaigns e SET version = e.version + 1, updated_at = now()
          FROM jsonb_to_recordset(${values}::jsonb) AS x(id int, v text) WHERE e.id = x.id`);
      continue;
    }
    const c = COLUMN[field];
    if (!c) throw badRequest(`no field ${field}`);
    const cast = sql.raw(c.type === 'numeric' ? '::numeric' : c.type === 'date' ? '::date' : c.type === 'int' ? '::int' : '');
    await tx.execute(sql`
      UPDATE ${tableOf(type)} e SET ${sql.raw(c.column)} = x.v${cast}, version = e.version + 1
             ${ENTITY[type].hasUpdatedAt ? sql`, updated_at = now()` : sql``}
        FROM jsonb_to_recordset(${values}::jsonb) AS x(id int, v text)
       WHERE e.id = x.id`);
  }
}

/**
 * Records entities made outside `applyChanges` (the create pages, a harvest): one `create`
 * row per entity, before null, after its snapshot, so they are in the history and the
 * bulk sheet (Operation Create) and an undo archives them.
 */
export async function recordCreates(
  tx: Tx,
  origin: ChangeOrigin,
  created: readonly { entityType: ChangeEntity; entityId: number; snapshot: Record<string, unknown> }[],
): Promise<ApplyResult> {
  if (!created.length) return { batchId: null, changeIds: [], unchanged: 0 };
  const batchId = await openBatch(tx, origin);
  const ids: number[] = [];
  for (const c of created) {
    const campaignOf = c.entityType === 'campaign' ? sql`e.id` : sql`e.campaign_id`;
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO ppc_changes (batch_id, shop_id, campaign_id, campaign_type, entity_type, entity_id, field, before, after,
                               source, rule_id, rule_run_id)
      SELECT ${batchId}, e.shop_id, ${campaignOf}, cc.campaign_type, ${c.entityType}, e.id, 'create', NULL,
             ${JSON.stringify(c.snapshot)}::jsonb, ${origin.source}, ${origin.ruleId ?? null}, ${origin.ruleRunId ?? null}
        FROM ${tableOf(c.entityType)} e JOIN ppc_campaigns cc ON cc.id = ${campaignOf}
       WHERE e.id = ${c.entityId}
      RETURNING id`);
    const id = r.rows[0]?.id;
    if (!id) throw notFound(`${c.entityType} ${c.entityId} not found`);
    ids.push(id);
  }
  await audit(tx, origin.actor, {
    action: `ppc.changes.${origin.source}`,
    entity: 'ppc_change_batch',
    entityId: batchId,
    after: { created: created.length },
  });
  return { batchId, changeIds: ids, unchanged: 0 };
}

interface HistoryRow extends Record<string, unknown> {
  id: number;
  entity_type: ChangeEntity;
  entity_id: number;
  field: string;
  before: ChangeValue;
  after: ChangeValue;
  undone_by: number | null;
  shop_id: number;
}

/**
 * Undoes changes (by id, or a whole batch) in one batch of source `undo`: each field goes
 * back to its before, provided it still holds the change's after (else 409); an undone
 * `create` archives the entity. Refused: a change already undone, or two changes of the
 * same field in one undo (undo the later one first).
 */
export async function undoChanges(
  tx: Tx,
  shops: readonly number[] | null,
  actor: AuditActor | null,
  by: { changeIds?: number[]; batchId?: number },
): Promise<ApplyResult> {
  const where = by.batchId ? sql`batch_id = ${by.batchId}` : sql`id = ${anyInt(by.changeIds ?? [])}`;
  const r = await tx.execute<HistoryRow>(sql`
    SELECT id, entity_type, entity_id, field, before, after, undone_by, shop_id FROM ppc_changes
     WHERE ${where} ORDER BY id DESC FOR UPDATE`);
  const rows = r.rows.filter((c) => !shops || shops.includes(c.shop_id));
  const wanted = by.changeIds ? new Set(by.changeIds) : null;
  if (!rows.length || (wanted && rows.length !== wanted.size)) throw notFound('change not found');
  const requests: (ChangeInput & { undoes: number })[] = [];
  for (const c of rows) {
    if (c.undone_by !== null) throw conflict(`change ${c.id} was already undone`);
    if (c.field === 'create') {
      requests.push({ entityType: c.entity_type, entityId: c.entity_id, field: 'state', value: 'archived', undoes: c.id });
    } else {
      requests.push({
        entityType: c.entity_type,
        entityId: c.entity_id,
        field: c.field,
        value: c.before,
        expect: c.after,
        undoes: c.id,
      });
    }
  }
  return applyChanges(tx, shops, { source: 'undo', actor, note: by.batchId ? `undo of batch ${by.batchId}` : null }, requests);
}

/** Presents history rows (newest first) for the API. */
export async function presentChanges(db: DbOrTx, where: SQL, limit: number, offset: number) {
  const r = await db.execute<{
    id: number;
    batch_id: number;
    shop_id: number;
    shop_name: string;
    campaign_type: string;
    entity_type: ChangeEntity;
    entity_id: number;
    entity_name: string | null;
    field: string;
    before: ChangeValue | Record<string, unknown>;
    after: ChangeValue | Record<string, unknown>;
    source: ChangeSource;
    rule_id: number | null;
    rule_name: string | null;
    rule_run_id: number | null;
    rule_run_at: Date | string | null;
    note: string | null;
    user_name: string | null;
    created_at: Date | string;
    undone_by: number | null;
    undoes: number | null;
    exported_at: Date | string | null;
  }>(sql`
    SELECT ch.id, ch.batch_id, ch.shop_id, s.name AS shop_name, ch.campaign_type, ch.entity_type, ch.entity_id,
           ${entityNameSql()} AS entity_name, ch.field, ch.before, ch.after, ch.source, ch.rule_id, ch.rule_run_id,
           b.note, u.user_name, ch.created_at, ch.undone_by, ch.undoes, ch.exported_at,
           pr.name AS rule_name, rr.started_at AS rule_run_at
      FROM ppc_changes ch
      JOIN ppc_change_batches b ON b.id = ch.batch_id
      JOIN shops s ON s.id = ch.shop_id
      LEFT JOIN users u ON u.id = b.user_id
      LEFT JOIN ppc_rules pr ON pr.id = ch.rule_id
      LEFT JOIN ppc_rule_runs rr ON rr.id = ch.rule_run_id
     WHERE ${where}
     ORDER BY ch.id DESC
     LIMIT ${limit} OFFSET ${offset}`);
  const scalar = (v: unknown): ChangeValue =>
    v === null || v === undefined ? null : typeof v === 'number' || typeof v === 'string' ? v : JSON.stringify(v);
  return r.rows.map((c) => ({
    id: c.id,
    batchId: c.batch_id,
    shopId: c.shop_id,
    shopName: c.shop_name,
    campaignType: c.campaign_type,
    entityType: c.entity_type,
    entityId: c.entity_id,
    entityName: c.entity_name ?? `${c.entity_type} ${c.entity_id}`,
    field: c.field,
    before: scalar(c.before),
    after: scalar(c.after),
    source: c.source,
    ruleId: c.rule_id,
    ruleName: c.rule_name,
    ruleRunId: c.rule_run_id,
    ruleRunAt: c.rule_run_at ? new Date(c.rule_run_at).toISOString() : null,
    note: c.note,
    userName: c.user_name,
    createdAt: new Date(c.created_at).toISOString(),
    undoneBy: c.undone_by,
    undoes: c.undoes,
    exportedAt: c.exported_at ? new Date(c.exported_at).toISOString() : null,
  }));
}

/** The display name of the changed entity, per type (correlated, evaluated for the page only). */
function entityNameSql(): SQL {
  const cases = (Object.keys(ENTITY) as ChangeEntity[]).map((t) => {
    const campaignOf = t === 'campaign' ? sql`e.id` : sql`e.campaign_id`;
    const group = t === 'campaign' || t === 'ad_group' ? sql`` : sql`LEFT JOIN ppc_ad_groups g ON g.id = e.ad_group_id`;
    return sql`WHEN ${t} THEN (SELECT ${ENTITY[t].name} FROM ${tableOf(t)} e JOIN ppc_campaigns c ON c.id = ${campaignOf} ${group}
      WHERE e.id = ch.entity_id)`;
  });
  return sql`CASE ch.entity_type ${sql.join(cases, sql` `)} END`;
}
