/**
 * Forecast settings (/forecast/advanceConfig): exclusions, warning thresholds, labels. Every
 * row is a listing's or a shop's, read and written within the caller's ShopScope; writes run in
 * one transaction with their audit row.
 */
import type { EndpointBody, EndpointQuery } from '@bo/contract';
import {
  type addExclusions,
  type addOrUpdateSkuWarning,
  DEFAULT_WARNING,
  type Exclusion,
  type getWarningConfig,
  type LabelType,
  type listExclusions,
  type listSkuWarnings,
  type putWarningConfig,
  type removeExclusions,
  type removeSkuWarnings,
  type SkuWarning,
  type setLabel,
  type updateExclusion,
  type WarningConfig,
} from '@bo/contract/forecasts/forecast-settings';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intSet, likeContains, pageOfQuery } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { narrowScope, type ShopScope, scopeHas, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';
import { iso, listingOfRow } from './forecasts.service';

type Raw = Record<string, unknown>;

// ---- exclusions ----

const exclusionSelect = sql`
  SELECT x.listing_id, x.shop_id, s.name AS shop_name, lp.market_id, lp.sku, lp.asin, x.reason,
         to_char(x.from_day, 'YYYY-MM-DD') AS from_day, to_char(x.to_day, 'YYYY-MM-DD') AS to_day,
         ud.user_name AS created_by, x.created_at, x.updated_at
    FROM forecast_exclusions x
    JOIN ${listingProducts} lp ON lp.id = x.listing_id
    JOIN ${shopDirectory} s ON s.id = x.shop_id
    LEFT JOIN ${userDirectory} ud ON ud.id = x.created_by`;

function toExclusion(r: Raw): Exclusion {
  return {
    ...listingOfRow(r),
    reason: String(r.reason),
    fromDay: (r.from_day as string | null) ?? null,
    toDay: (r.to_day as string | null) ?? null,
    createdBy: (r.created_by as string | null) ?? null,
    createdAt: iso(r.created_at) ?? '',
    updatedAt: iso(r.updated_at) ?? '',
  };
}

export async function exclusionsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listExclusions>) {
  const parts: SQL[] = [shopIn(sql`x.shop_id`, narrowScope(scope, q.shopId))];
  if (q.marketId !== undefined) parts.push(sql`lp.market_id = ${q.marketId}`);
  const like = likeContains(q.keyword);
  if (like) parts.push(sql`(lp.sku ILIKE ${like} OR lp.asin ILIKE ${like} OR x.reason ILIKE ${like})`);
  const query = sql`${exclusionSelect} WHERE ${sql.join(parts, sql` AND `)} ORDER BY x.created_at DESC, x.listing_id`;
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, query, page);
  return { list: rows.map(toExclusion), total, ...page };
}

/** The listings of `ids` the scope sees, with their shop; 404 naming the first missing one. */
async function visibleListings(db: DbOrTx, scope: ShopScope, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = (
    await db.execute<{ id: number; shop_id: number }>(
      sql`SELECT lp.id, lp.shop_id FROM ${listingProducts} lp WHERE lp.id IN ${intSet(ids)} AND ${shopIn(sql`lp.shop_id`, scope)}`,
    )
  ).rows;
  const found = new Map(rows.map((r) => [Number(r.id), Number(r.shop_id)]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`no such listing: ${missing}`);
  return found;
}

export async function addExclusionsOf(
  ctx: AppContext,
  scope: ShopScope,
  actor: RequestActor,
  body: EndpointBody<typeof addExclusions>,
) {
  const ids = [...new Set(body.listingIds)];
  return ctx.db.transaction(async (tx) => {
    const shops = await visibleListings(tx, scope, ids);
    const taken = (
      await tx.execute<{ listing_id: number }>(
        sql`SELECT listing_id FROM forecast_exclusions WHERE listing_id IN ${intSet(ids)} FOR UPDATE`,
      )
    ).rows.map((r) => Number(r.listing_id));
    if (taken.length) throw conflict(`already excluded: ${taken.join(', ')}`, { listingIds: taken });
    for (const id of ids) {
      const after = { reason: body.reason, fromDay: body.fromDay ?? null, toDay: body.toDay ?? null };
      await tx.execute(sql`
        INSERT INTO forecast_exclusions (listing_id, shop_id, reason, from_day, to_day, created_by)
        VALUES (${id}, ${shops.get(id)}, ${body.reason}, ${after.fromDay}::date, ${after.toDay}::date, ${actor.userId})`);
      await audit(tx, actor, { action: 'create', entity: 'forecast_exclusion', entityId: id, after });
    }
    // The list shows no forecast for an excluded listing from now on, not from the next run.
    await tx.execute(sql`DELETE FROM forecast_listings WHERE listing_id IN ${intSet(ids)}`);
    return { added: ids.length };
  });
}

export async function updateExclusionOf(
  ctx: AppContext,
  scope: ShopScope,
  actor: RequestActor,
  body: EndpointBody<typeof updateExclusion>,
): Promise<Exclusion> {
  return ctx.db.transaction(async (tx) => {
    const [before] = (
      await tx.execute<Raw>(
        sql`${exclusionSelect} WHERE x.listing_id = ${body.listingId} AND ${shopIn(sql`x.shop_id`, scope)} FOR UPDATE OF x`,
      )
    ).rows;
    if (!before) throw notFound('no such exclusion');
    await tx.execute(sql`
      UPDATE forecast_exclusions SET reason = ${body.reason}, from_day = ${body.fromDay ?? null}::date, to_day = ${body.toDay ?? null}::date,
             updated_at = now()
       WHERE listing_id = ${body.listingId}`);
    const [after] = (await tx.execute<Raw>(sql`${exclusionSelect} WHERE x.listing_id = ${body.listingId}`)).rows;
    const b = toExclusion(before);
    const a = toExclusion(after as Raw);
    await audit(tx, actor, {
      action: 'update',
      entity: 'forecast_exclusion',
      entityId: body.listingId,
      before: { reason: b.reason, fromDay: b.fromDay, toDay: b.toDay },
      after: { reason: a.reason, fromDay: a.fromDay, toDay: a.toDay },
    });
    return a;
  });
}

export async function removeExclusionsOf(
  ctx: AppContext,
  scope: ShopScope,
  actor: RequestActor,
  body: EndpointBody<typeof removeExclusions>,
) {
  const ids = [...new Set(body.listingIds)];
  return ctx.db.transaction(async (tx) => {
    const rows = (
      await tx.execute<Raw>(
        sql`SELECT listing_id, reason FROM forecast_exclusions x
             WHERE listing_id IN ${intSet(ids)} AND ${shopIn(sql`x.shop_id`, scope)} FOR UPDATE`,
      )
    ).rows;
    const found = new Set(rows.map((r) => Number(r.listing_id)));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`no such exclusion: ${missing}`);
    await tx.execute(sql`DELETE FROM forecast_exclusions WHERE listing_id IN ${intSet(ids)}`);
    for (const r of rows)
      await audit(tx, actor, {
        action: 'delete',
        entity: 'forecast_exclusion',
        entityId: Number(r.listing_id),
        before: { reason: r.reason },
      });
    return { removed: ids.length };
  });
}

/** The filter a recalculation adds to its read of a line's sales: no listing excluded on `origin`. */
export const notExcludedOn = (listingId: SQL, origin: string): SQL => sql`NOT EXISTS (
  SELECT 1 FROM forecast_exclusions fx WHERE fx.listing_id = ${listingId}
     AND (fx.from_day IS NULL OR fx.from_day <= ${origin}::date) AND (fx.to_day IS NULL OR fx.to_day >= ${origin}::date))`;

// ---- warning thresholds ----

const GLOBAL = 0;

async function configRow(db: DbOrTx, shopId: number): Promise<Raw | undefined> {
  return (
    await db.execute<Raw>(sql`
      SELECT c.shop_id, c.stockout_days, c.overstock_days, c.lead_time_days, ud.user_name AS updated_by, c.updated_at
        FROM forecast_warning_configs c LEFT JOIN ${userDirectory} ud ON ud.id = c.updated_by
       WHERE c.shop_id = ${shopId}`)
  ).rows[0];
}

async function configOf(db: DbOrTx, shopId: number | null): Promise<WarningConfig> {
  const own = await configRow(db, shopId ?? GLOBAL);
  const r = own ?? (shopId === null ? undefined : await configRow(db, GLOBAL));
  return {
    shopId,
    stockoutDays: r ? Number(r.stockout_days) : DEFAULT_WARNING.stockoutDays,
    overstockDays: r ? Number(r.overstock_days) : DEFAULT_WARNING.overstockDays,
    leadTimeDays: r ? Number(r.lead_time_days) : DEFAULT_WARNING.leadTimeDays,
    inherited: !own,
    updatedBy: (r?.updated_by as string | null) ?? null,
    updatedAt: iso(r?.updated_at),
  };
}

export async function warningConfigOf(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof getWarningConfig>) {
  if (q.shopId !== undefined && !scopeHas(scope, q.shopId)) throw notFound('no such shop');
  return configOf(ctx.db, q.shopId ?? null);
}

export async function putWarningConfigOf(
  ctx: AppContext,
  scope: ShopScope,
  actor: RequestActor,
  body: EndpointBody<typeof putWarningConfig>,
): Promise<WarningConfig> {
  if (body.shopId !== null && !scopeHas(scope, body.shopId)) throw notFound('no such shop');
  return ctx.db.transaction(async (tx) => {
    const key = body.shopId ?? GLOBAL;
    const before = await configRow(tx, key);
    await tx.execute(sql`
      INSERT INTO forecast_warning_configs (shop_id, stockout_days, overstock_days, lead_time_days, updated_by)
      VALUES (${key}, ${body.stockoutDays}, ${body.overstockDays}, ${body.leadTimeDays}, ${actor.userId})
      ON CONFLICT (shop_id) DO UPDATE SET stockout_days = EXCLUDED.stockout_days, overstock_days = EXCLUDED.overstock_days,
             lead_time_days = EXCLUDED.lead_time_days, updated_by = EXCLUDED.updated_by, updated_at = now()`);
    const { shopId: _s, ...after } = body;
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'forecast_warning_config',
      entityId: key,
      before: before
        ? { stockoutDays: before.stockout_days, overstockDays: before.overstock_days, leadTimeDays: before.lead_time_days }
        : undefined,
      after,
    });
    return configOf(tx, body.shopId);
  });
}

// ---- labels ----

export async function setLabelOf(ctx: AppContext, scope: ShopScope, actor: RequestActor, body: EndpointBody<typeof setLabel>) {
  return ctx.db.transaction(async (tx) => {
    const shops = await visibleListings(tx, scope, [body.id]);
    const [before] = (
      await tx.execute<Raw>(sql`SELECT type, value FROM forecast_labels WHERE listing_id = ${body.id} FOR UPDATE`)
    ).rows;
    const value = body.type === null ? null : body.value || null;
    if (body.type === null) {
      if (before) await tx.execute(sql`DELETE FROM forecast_labels WHERE listing_id = ${body.id}`);
    } else
      await tx.execute(sql`
        INSERT INTO forecast_labels (listing_id, shop_id, type, value, updated_by)
        VALUES (${body.id}, ${shops.get(body.id)}, ${body.type}, ${value}, ${actor.userId})
        ON CONFLICT (listing_id) DO UPDATE SET type = EXCLUDED.type, value = EXCLUDED.value,
               updated_by = EXCLUDED.updated_by, updated_at = now()`);
    if (before || body.type !== null)
      await audit(tx, actor, {
        action: !before ? 'create' : body.type === null ? 'delete' : 'update',
        entity: 'forecast_label',
        entityId: body.id,
        before: before ?? undefined,
        after: body.type === null ? undefined : { type: body.type, value },
      });
    return { listingId: body.id, type: body.type as LabelType | null, value };
  });
}

// ---- per-listing thresholds ----

const skuWarningSelect = sql`
  SELECT w.listing_id, w.shop_id, s.name AS shop_name, lp.market_id, lp.sku, lp.asin, w.stockout_days, w.overstock_days,
         w.lead_time_days, ud.user_name AS updated_by, w.updated_at
    FROM forecast_sku_warnings w
    JOIN ${listingProducts} lp ON lp.id = w.listing_id
    JOIN ${shopDirectory} s ON s.id = w.shop_id
    LEFT JOIN ${userDirectory} ud ON ud.id = w.updated_by`;

function toSkuWarning(r: Raw): SkuWarning {
  return {
    ...listingOfRow(r),
    stockoutDays: Number(r.stockout_days),
    overstockDays: Number(r.overstock_days),
    leadTimeDays: Number(r.lead_time_days),
    updatedBy: (r.updated_by as string | null) ?? null,
    updatedAt: iso(r.updated_at) ?? '',
  };
}

export async function skuWarningsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listSkuWarnings>) {
  const parts: SQL[] = [shopIn(sql`w.shop_id`, narrowScope(scope, q.shopId))];
  if (q.marketId !== undefined) parts.push(sql`lp.market_id = ${q.marketId}`);
  const like = likeContains(q.keyword);
  if (like) parts.push(sql`(lp.sku ILIKE ${like} OR lp.asin ILIKE ${like})`);
  const query = sql`${skuWarningSelect} WHERE ${sql.join(parts, sql` AND `)} ORDER BY w.updated_at DESC, w.listing_id`;
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, query, page);
  return { list: rows.map(toSkuWarning), total, ...page };
}

export async function addOrUpdateSkuWarningOf(
  ctx: AppContext,
  scope: ShopScope,
  actor: RequestActor,
  body: EndpointBody<typeof addOrUpdateSkuWarning>,
): Promise<SkuWarning> {
  return ctx.db.transaction(async (tx) => {
    const shops = await visibleListings(tx, scope, [body.listingId]);
    const [before] = (
      await tx.execute<Raw>(
        sql`SELECT stockout_days, overstock_days, lead_time_days FROM forecast_sku_warnings WHERE listing_id = ${body.listingId} FOR UPDATE`,
      )
    ).rows;
    await tx.execute(sql`
      INSERT INTO forecast_sku_warnings (listing_id, shop_id, stockout_days, overstock_days, lead_time_days, updated_by)
      VALUES (${body.listingId}, ${shops.get(body.listingId)}, ${body.stockoutDays}, ${body.overstockDays}, ${body.leadTimeDays}, ${actor.userId})
      ON CONFLICT (listing_id) DO UPDATE SET stockout_days = EXCLUDED.stockout_days, overstock_days = EXCLUDED.overstock_days,
             lead_time_days = EXCLUDED.lead_time_days, updated_by = EXCLUDED.updated_by, updated_at = now()`);
    const { listingId, ...after } = body;
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'forecast_sku_warning',
      entityId: listingId,
      before: before
        ? { stockoutDays: before.stockout_days, overstockDays: before.overstock_days, leadTimeDays: before.lead_time_days }
        : undefined,
      after,
    });
    const [row] = (await tx.execute<Raw>(sql`${skuWarningSelect} WHERE w.listing_id = ${listingId}`)).rows;
    return toSkuWarning(row as Raw);
  });
}

export async function removeSkuWarningsOf(
  ctx: AppContext,
  scope: ShopScope,
  actor: RequestActor,
  body: EndpointBody<typeof removeSkuWarnings>,
) {
  const ids = [...new Set(body.listingIds)];
  return ctx.db.transaction(async (tx) => {
    const rows = (
      await tx.execute<Raw>(
        sql`SELECT listing_id, stockout_days, overstock_days, lead_time_days FROM forecast_sku_warnings w
             WHERE listing_id IN ${intSet(ids)} AND ${shopIn(sql`w.shop_id`, scope)} FOR UPDATE`,
      )
    ).rows;
    const found = new Set(rows.map((r) => Number(r.listing_id)));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`no thresholds of listing ${missing}`);
    await tx.execute(sql`DELETE FROM forecast_sku_warnings WHERE listing_id IN ${intSet(ids)}`);
    for (const r of rows)
      await audit(tx, actor, {
        action: 'delete',
        entity: 'forecast_sku_warning',
        entityId: Number(r.listing_id),
        before: { stockoutDays: r.stockout_days, overstockDays: r.overstock_days, leadTimeDays: r.lead_time_days },
      });
    return { removed: ids.length };
  });
}
