/**
 * Monitors and their alerts. A monitor judges its metric over the `windowDays` days that
 * end at the latest day of its shop's ad data whose metrics have settled (3 days before
 * today at the latest); while the value is beyond the threshold one alert is open, and it
 * is resolved when the value comes back (or the monitor is switched off). Evaluation runs
 * when the list is read, when a monitor is written, and when an import changes the shop's
 * facts (`evaluateShop`), always from the rollups.
 */

import type { ppcMonitoring } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../../platform/errors';
import { catalogListings, listingSkus } from '../../catalog/catalog.reads';
import { narrowScope, type ShopScope, scopeHas, shopIn } from '../../shops/shops/shop-scope';
import { shopDirectory } from '../../shops/shops.reads';
import { ppcSettlementOf } from '../model/facts.service';
import { FIGURES, figuresOf, type Metric, metricExpr, SUM_FIGURES } from '../model/metrics';

type MonitorBody = z.infer<typeof ppcMonitoring.monitorBody>;
type MonitorUpdate = z.infer<typeof ppcMonitoring.monitorUpdateBody>;

/** Days before today that ad metrics need to settle. */
const SETTLE_DAYS = 3;

interface MonitorRow extends Record<string, unknown> {
  id: number;
  name: string;
  shop_id: number;
  shop_name: string;
  scope: 'campaign' | 'sku';
  campaign_id: number | null;
  listing_id: number | null;
  target_name: string | null;
  metric: Metric;
  comparator: 'gt' | 'lt';
  threshold: string;
  window_days: number;
  enabled: boolean;
  version: number;
}

const SELECT = sql`
  SELECT m.id, m.name, m.shop_id, s.name AS shop_name, m.scope, m.campaign_id, m.listing_id,
         coalesce(c.name, li.sku) AS target_name, m.metric, m.comparator, m.threshold, m.window_days, m.enabled, m.version
    FROM ppc_monitors m JOIN ${shopDirectory} s ON s.id = m.shop_id
    LEFT JOIN ppc_campaigns c ON c.id = m.campaign_id
    LEFT JOIN ${listingSkus} li ON li.id = m.listing_id`;

const rollupOf = (m: Pick<MonitorRow, 'scope' | 'campaign_id' | 'listing_id'>): SQL =>
  m.scope === 'campaign'
    ? sql`SELECT r.* FROM ppc_campaign_day r WHERE r.campaign_id = ${m.campaign_id}`
    : sql`SELECT r.* FROM ppc_sku_day r WHERE r.listing_id = ${m.listing_id}`;

/** The last settled day of a shop's ad data, or null without data. */
async function windowEndOf(db: DbOrTx, shopId: number): Promise<string | null> {
  const r = await db.execute<{ end: string | null }>(sql`
    SELECT to_char(least(max(day), current_date - ${SETTLE_DAYS}::int), 'YYYY-MM-DD') AS end
      FROM ppc_campaign_day WHERE shop_id = ${shopId}`);
  return r.rows[0]?.end ?? null;
}

const minusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

interface Evaluation {
  value: number | null;
  windowStart: string | null;
  windowEnd: string | null;
}

/** Evaluates one monitor and opens, refreshes or resolves its alert. */
async function evaluate(db: DbOrTx, m: MonitorRow, ends: Map<number, string | null>): Promise<Evaluation> {
  if (!ends.has(m.shop_id)) ends.set(m.shop_id, await windowEndOf(db, m.shop_id));
  const end = ends.get(m.shop_id) ?? null;
  let value: number | null = null;
  let start: string | null = null;
  if (end) {
    start = minusDays(end, m.window_days - 1);
    const r = await db.execute<{ v: number | null }>(sql`
      SELECT ${metricExpr(m.metric)} AS v FROM (SELECT ${SUM_FIGURES} FROM (${rollupOf(m)}) r
        WHERE r.day BETWEEN ${start}::date AND ${end}::date) x`);
    const v = r.rows[0]?.v;
    value = v === null || v === undefined ? null : Number(v);
  }
  const threshold = Number(m.threshold);
  const breached = m.enabled && value !== null && (m.comparator === 'gt' ? value > threshold : value < threshold);
  if (breached) {
    const upd = await db.execute(sql`
      UPDATE ppc_monitor_alerts SET value = ${value}, threshold = ${threshold}, window_start = ${start}, window_end = ${end}
       WHERE monitor_id = ${m.id} AND resolved_at IS NULL`);
    if (!upd.rowCount) {
      await db.execute(sql`
        INSERT INTO ppc_monitor_alerts (monitor_id, value, threshold, window_start, window_end)
        VALUES (${m.id}, ${value}, ${threshold}, ${start}, ${end})
        ON CONFLICT (monitor_id) WHERE resolved_at IS NULL DO NOTHING`);
    }
  } else {
    await db.execute(sql`UPDATE ppc_monitor_alerts SET resolved_at = now() WHERE monitor_id = ${m.id} AND resolved_at IS NULL`);
  }
  return { value, windowStart: start, windowEnd: end };
}

/** After facts of a shop changed (an import): re-evaluate its monitors in the writer's transaction. */
export async function evaluateShop(tx: DbOrTx, shopId: number): Promise<void> {
  const r = await tx.execute<MonitorRow>(sql`${SELECT} WHERE m.shop_id = ${shopId} ORDER BY m.id`);
  const ends = new Map<number, string | null>();
  for (const m of r.rows) await evaluate(tx, m, ends);
}

interface AlertRow extends Record<string, unknown> {
  id: number;
  monitor_id: number;
  value: string;
  threshold: string;
  window_start: string;
  window_end: string;
  raised_at: string | Date;
  resolved_at: string | Date | null;
}
const ALERT_SELECT = sql`SELECT id, monitor_id, value, threshold, to_char(window_start, 'YYYY-MM-DD') AS window_start,
  to_char(window_end, 'YYYY-MM-DD') AS window_end, raised_at, resolved_at FROM ppc_monitor_alerts`;
const toAlert = (a: AlertRow) => ({
  id: a.id,
  value: Number(a.value),
  threshold: Number(a.threshold),
  windowStart: a.window_start,
  windowEnd: a.window_end,
  raisedAt: new Date(a.raised_at).toISOString(),
  resolvedAt: a.resolved_at ? new Date(a.resolved_at).toISOString() : null,
});

async function present(db: DbOrTx, m: MonitorRow, e: Evaluation) {
  const a = await db.execute<AlertRow>(sql`${ALERT_SELECT} WHERE monitor_id = ${m.id} AND resolved_at IS NULL`);
  return {
    id: m.id,
    name: m.name,
    shopId: m.shop_id,
    shopName: m.shop_name,
    scope: m.scope,
    campaignId: m.campaign_id,
    listingId: m.listing_id,
    targetName: m.target_name ?? '',
    metric: m.metric,
    comparator: m.comparator,
    threshold: Number(m.threshold),
    windowDays: m.window_days,
    enabled: m.enabled,
    version: m.version,
    currentValue: e.value,
    windowStart: e.windowStart,
    windowEnd: e.windowEnd,
    alert: a.rows[0] ? toAlert(a.rows[0]) : null,
  };
}

export async function list(
  ctx: AppContext,
  scope: ShopScope,
  q: { shopId?: number; alerting?: 'true' | 'false'; pageNum: number; pageSize: number },
) {
  const shops = narrowScope(scope, q.shopId);
  if (shops.shopIds.length === 0) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  return ctx.db.transaction(async (tx) => {
    const all = (await tx.execute<MonitorRow>(sql`${SELECT} WHERE ${shopIn(sql`m.shop_id`, shops)} ORDER BY m.id DESC`)).rows;
    const ends = new Map<number, string | null>();
    const evaluated = [];
    for (const m of all) evaluated.push({ m, e: await evaluate(tx, m, ends) });
    const open = new Set(
      (
        await tx.execute<{ monitor_id: number }>(sql`
          SELECT monitor_id FROM ppc_monitor_alerts WHERE resolved_at IS NULL
             AND monitor_id IN ${intSet(all.length ? all.map((m) => m.id) : [0])}`)
      ).rows.map((r) => r.monitor_id),
    );
    const chosen = q.alerting === undefined ? evaluated : evaluated.filter((x) => open.has(x.m.id) === (q.alerting === 'true'));
    const page = chosen.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
    const listOut = [];
    for (const x of page) listOut.push(await present(tx, x.m, x.e));
    return { list: listOut, total: chosen.length, pageNum: q.pageNum, pageSize: q.pageSize };
  });
}

/** The monitor if the caller sees its shop; else 404. */
async function findVisible(db: DbOrTx, scope: ShopScope, id: number, lock = false) {
  const r = await db.execute<MonitorRow>(sql`${SELECT} WHERE m.id = ${id} ${lock ? sql`FOR UPDATE OF m` : sql``}`);
  const m = r.rows[0];
  if (!m || !scopeHas(scope, m.shop_id)) throw notFound('monitor not found');
  return m;
}

/** The shop must be visible and the target must belong to it. */
async function checkTarget(db: DbOrTx, scope: ShopScope, b: MonitorBody) {
  if (!scopeHas(scope, b.shopId)) throw codedFieldError('shopId', 'catalog.noSuchShop');
  if (b.scope === 'campaign') {
    const r = await db.execute(sql`SELECT 1 FROM ppc_campaigns WHERE id = ${b.campaignId ?? 0} AND shop_id = ${b.shopId}`);
    if (!r.rows.length) throw codedFieldError('campaignId', 'ppc.noCampaignInShop');
  } else {
    const r = await db.execute(
      sql`SELECT 1 FROM ${catalogListings} l WHERE l.id = ${b.listingId ?? 0} AND l.shop_id = ${b.shopId}`,
    );
    if (!r.rows.length) throw codedFieldError('listingId', 'ppc.noSkuInShop');
  }
}

const values = (b: MonitorBody) => ({
  name: b.name,
  shopId: b.shopId,
  scope: b.scope,
  campaignId: b.scope === 'campaign' ? (b.campaignId ?? null) : null,
  listingId: b.scope === 'sku' ? (b.listingId ?? null) : null,
  metric: b.metric,
  comparator: b.comparator,
  threshold: b.threshold,
  windowDays: b.windowDays,
  enabled: b.enabled,
});

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: MonitorBody) {
  return ctx.db.transaction(async (tx) => {
    await checkTarget(tx, scope, b);
    const v = values(b);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO ppc_monitors (account_id, shop_id, name, scope, campaign_id, listing_id, metric, comparator, threshold,
                                window_days, enabled, created_by)
      VALUES (${actor.accountId}, ${v.shopId}, ${v.name}, ${v.scope}, ${v.campaignId}, ${v.listingId}, ${v.metric},
              ${v.comparator}, ${v.threshold}, ${v.windowDays}, ${v.enabled}, ${actor.userId})
      RETURNING id`);
    const id = Number(r.rows[0]?.id);
    await audit(tx, actor, { action: 'create', entity: 'ppc_monitor', entityId: id, after: v });
    const m = await findVisible(tx, scope, id);
    return present(tx, m, await evaluate(tx, m, new Map()));
  });
}

export async function update(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, b: MonitorUpdate) {
  return ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, scope, id, true);
    if (before.version !== b.version) throw staleVersion();
    await checkTarget(tx, scope, b);
    const v = values(b);
    await tx.execute(sql`
      UPDATE ppc_monitors SET shop_id = ${v.shopId}, name = ${v.name}, scope = ${v.scope}, campaign_id = ${v.campaignId},
             listing_id = ${v.listingId}, metric = ${v.metric}, comparator = ${v.comparator}, threshold = ${v.threshold},
             window_days = ${v.windowDays}, enabled = ${v.enabled}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    // A changed condition starts afresh: the alert of the old condition is resolved.
    await tx.execute(sql`UPDATE ppc_monitor_alerts SET resolved_at = now() WHERE monitor_id = ${id} AND resolved_at IS NULL`);
    await audit(tx, actor, { action: 'update', entity: 'ppc_monitor', entityId: id, before, after: v });
    const m = await findVisible(tx, scope, id);
    return present(tx, m, await evaluate(tx, m, new Map()));
  });
}

export async function setEnabled(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: { ids: number[]; enabled: boolean }) {
  if (scope.shopIds.length === 0) return { updated: 0 };
  return ctx.db.transaction(async (tx) => {
    const r = await tx.execute<{ id: number }>(sql`
      UPDATE ppc_monitors SET enabled = ${b.enabled}, version = version + 1, updated_at = now()
       WHERE id IN ${intSet(b.ids)} AND ${shopIn(sql`shop_id`, scope)} AND enabled <> ${b.enabled}
      RETURNING id`);
    const ids = r.rows.map((x) => x.id);
    if (ids.length) {
      if (!b.enabled) {
        await tx.execute(
          sql`UPDATE ppc_monitor_alerts SET resolved_at = now() WHERE monitor_id IN ${intSet(ids)} AND resolved_at IS NULL`,
        );
      }
      await audit(tx, actor, { action: b.enabled ? 'enable' : 'disable', entity: 'ppc_monitor', after: { ids } });
    }
    return { updated: ids.length };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, scope, id, true);
    await tx.execute(sql`DELETE FROM ppc_monitors WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'ppc_monitor', entityId: id, before });
    return null;
  });
}

export async function chart(ctx: AppContext, scope: ShopScope, id: number, q: { days: number }) {
  const m = await findVisible(ctx.db, scope, id);
  const end =
    (await windowEndOf(ctx.db, m.shop_id)) ?? new Date(Date.now() - SETTLE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const start = minusDays(end, q.days - 1);
  const points = await ctx.db.execute(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${FIGURES()}
      FROM generate_series(${start}::date, ${end}::date, interval '1 day') d(day)
      LEFT JOIN (SELECT r.day, ${SUM_FIGURES} FROM (${rollupOf(m)}) r WHERE r.day BETWEEN ${start}::date AND ${end}::date
                  GROUP BY r.day) x ON x.day = d.day
     ORDER BY d.day`);
  const alerts = await ctx.db.execute<AlertRow>(sql`${ALERT_SELECT} WHERE monitor_id = ${id} ORDER BY raised_at DESC LIMIT 100`);
  return {
    metric: m.metric,
    threshold: Number(m.threshold),
    comparator: m.comparator,
    points: points.rows.map((r) => ({
      day: String(r.day),
      settlement: ppcSettlementOf(String(r.day), new Date()),
      ...figuresOf(r as Record<string, unknown>),
    })),
    alerts: alerts.rows.map(toAlert),
  };
}
