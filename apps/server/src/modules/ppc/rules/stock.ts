/**
 * Stock rules (issue #22, ../README.md "Rules" → "Stock rules"): a rule whose action carries
 * `stock` acts on the ad groups, keywords and targets that advertise a SKU whose days of cover
 * (inventory's published `listingCover`, the replenishment's own figures) are below the
 * threshold — the lead time (prep + sea transit) or `days` — and restores what it changed when a
 * later run finds the cover back at the threshold + STOCK_HYSTERESIS_DAYS.
 *
 * What the rule changed is its history in ppc_changes: the rule's latest change of the entity's
 * field that is not undone is its "hold" when it went down (a lower bid, paused). The restore
 * sets the hold's `before` back through the same change path, expecting the hold's `after`
 * (someone who changed the value since keeps theirs: `manual_edit`); undoing the hold or the
 * restore in the history simply moves the hold, so the next run sees the truth.
 */
import { STOCK_HYSTERESIS_DAYS, type StockSpec } from '@bo/contract/ppc/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { anyInt } from '../../../db/sql';
import { type ListingCover, listingCover } from '../../inventory/cover.reads';
import type { ShopScope } from '../../shops/shops/shop-scope';
import type { ChangeValue } from '../changes/changes.service';

/** The SKU an entity is judged on, its cover and the threshold. */
export interface StockInfo {
  sku: string;
  daysOfCover: number | null;
  threshold: number;
}

export interface StockStates {
  /** Entities whose every advertised SKU is below the threshold. */
  low: Map<number, StockInfo>;
  /** Entities one of whose SKUs is back at the threshold + STOCK_HYSTERESIS_DAYS (or has no stock-out in view). */
  back: Map<number, StockInfo>;
}

/** The threshold of a listing: its lead time, or the rule's days. */
export const thresholdOf = (spec: StockSpec, c: Pick<ListingCover, 'leadTimeDays'>): number =>
  spec.when === 'cover_below_lead' ? c.leadTimeDays : (spec.days ?? 0);

/**
 * Judges one entity on the covers of the SKUs it advertises (known ones only): low when every
 * SKU is below its threshold, back when one is at its threshold + the hysteresis (a cover beyond
 * the projection, null, is back). Neither in between, or without any known SKU.
 */
export function judge(
  spec: StockSpec,
  covers: readonly ListingCover[],
): { state: 'low' | 'back' | null; info: StockInfo | null } {
  if (!covers.length) return { state: null, info: null };
  const margin = (c: ListingCover) => (c.daysOfCover === null ? Number.POSITIVE_INFINITY : c.daysOfCover - thresholdOf(spec, c));
  const best = [...covers].sort((a, b) => margin(b) - margin(a))[0] as ListingCover;
  const info = { sku: best.sku, daysOfCover: best.daysOfCover, threshold: thresholdOf(spec, best) };
  if (margin(best) < 0) return { state: 'low', info };
  if (margin(best) >= STOCK_HYSTERESIS_DAYS) return { state: 'back', info };
  return { state: null, info };
}

/** The ad group an entity's ads are in. */
const groupOf = (level: string): SQL => (level === 'ad_group' ? sql`e.id` : sql`e.ad_group_id`);

/**
 * Every not-archived entity of the level in the rule's shops and scope with the listings its ad
 * group advertises, judged on their cover. `scope`: the caller's shops narrowed to the rule's;
 * the cover read is one query for all of them.
 */
export async function stockStates(
  db: DbOrTx,
  level: 'ad_group' | 'keyword' | 'target',
  table: string,
  spec: StockSpec,
  shops: readonly number[],
  scopeWhere: SQL,
  scope: ShopScope,
): Promise<StockStates> {
  const out: StockStates = { low: new Map(), back: new Map() };
  if (!shops.length || !scope.shopIds.length) return out;
  const r = await db.execute<{ id: number; listings: number[] }>(sql`
    SELECT e.id, array_agg(DISTINCT pa.listing_id) AS listings
      FROM ${sql.raw(table)} e
      JOIN ppc_campaigns c ON c.id = e.campaign_id
      ${level === 'ad_group' ? sql`` : sql`JOIN ppc_ad_groups g ON g.id = e.ad_group_id AND g.state <> 'archived'`}
      JOIN ppc_product_ads pa ON pa.ad_group_id = ${groupOf(level)} AND pa.state <> 'archived' AND pa.listing_id IS NOT NULL
     WHERE e.shop_id = ${anyInt(shops)} AND e.state <> 'archived' AND ${scopeWhere}
     GROUP BY e.id`);
  if (!r.rows.length) return out;
  const covers = await listingCover(db, scope);
  for (const row of r.rows) {
    const known = row.listings.map((id) => covers.get(Number(id))).filter((c): c is ListingCover => c !== undefined);
    const { state, info } = judge(spec, known);
    if (state && info) out[state].set(Number(row.id), info);
  }
  return out;
}

/** A hold: the rule's latest standing change of the field that went down. */
export interface Hold {
  changeId: number;
  before: ChangeValue;
  after: ChangeValue;
}

const wentDown = (field: string, before: ChangeValue, after: ChangeValue) =>
  field === 'state' ? after === 'paused' : after !== null && (before === null || Number(after) < Number(before));

/** The rule's holds on the entities: its latest change of the field not undone, when it went down. */
export async function holdsOf(
  db: DbOrTx,
  ruleId: number | null,
  level: string,
  field: string,
  ids: readonly number[],
): Promise<Map<number, Hold>> {
  const out = new Map<number, Hold>();
  if (ruleId === null || !ids.length) return out;
  const r = await db.execute<{ id: number; entity_id: number; before: ChangeValue; after: ChangeValue }>(sql`
    SELECT DISTINCT ON (entity_id) id, entity_id, before, after FROM ppc_changes
     WHERE rule_id = ${ruleId} AND source = 'rule' AND entity_type = ${level} AND field = ${field}
       AND entity_id = ${anyInt(ids)} AND undone_by IS NULL
     ORDER BY entity_id, id DESC`);
  for (const x of r.rows)
    if (wentDown(field, x.before, x.after)) out.set(Number(x.entity_id), { changeId: x.id, before: x.before, after: x.after });
  return out;
}
