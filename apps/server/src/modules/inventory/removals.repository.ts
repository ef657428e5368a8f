/**
 * Removal orders' queries, each within the caller's ShopScope: the lines list (order × SKU ×
 * disposition) with its shop and product, one order's lines and shipments, and the units of
 * removals in process per shop and SKU (what the replenishment advice leaves out of the stock).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, type SortOrder } from '../../db/sql';
import { listingProducts } from '../catalog/catalog.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

export interface RemovalFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  keyword?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sortField: string;
  sortOrder: SortOrder;
}

const lineSelect = sql`
  SELECT r.shop_id, s.name AS shop_name, s.market_id, r.order_id, to_char(r.request_date, 'YYYY-MM-DD') AS request_date,
         r.order_type, r.order_status, to_char(r.last_updated AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_updated,
         r.sku, r.fnsku, r.listing_id, lp.product_name, lp.product_name_en, r.disposition, r.requested, r.cancelled, r.disposed,
         r.shipped, r.in_process, r.removal_fee::text AS removal_fee, r.currency,
         (SELECT count(*) FROM inventory_removal_shipments x
           WHERE x.shop_id = r.shop_id AND x.order_id = r.order_id AND x.sku = r.sku AND x.disposition = r.disposition)::int AS shipments
    FROM inventory_removal_lines r
    JOIN ${shopDirectory} s ON s.id = r.shop_id
    LEFT JOIN ${listingProducts} lp ON lp.id = r.listing_id`;

export function removalsQuery(scope: ShopScope, f: RemovalFilter): SQL {
  const parts: SQL[] = [shopIn(sql`r.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  if (f.type) parts.push(sql`r.order_type = ${f.type}`);
  if (f.status) parts.push(sql`r.order_status = ${f.status}`);
  if (f.from) parts.push(sql`r.request_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`r.request_date <= ${f.to}::date`);
  const like = likeContains(f.keyword);
  if (like) parts.push(sql`(r.order_id ILIKE ${like} OR r.sku ILIKE ${like} OR r.fnsku ILIKE ${like})`);
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      requestDate: sql`r.request_date`,
      lastUpdated: sql`r.last_updated`,
      requested: sql`r.requested`,
      inProcess: sql`r.in_process`,
      removalFee: sql`r.removal_fee`,
      sku: sql`r.sku`,
    },
    sql`r.order_id, r.sku, r.disposition`,
  );
  return sql`${lineSelect} WHERE ${sql.join(parts, sql` AND `)} ORDER BY ${order}`;
}

export async function orderLines(db: DbOrTx, scope: ShopScope, shopId: number, orderId: string) {
  return (
    await db.execute<Record<string, unknown>>(sql`${lineSelect}
      WHERE ${shopIn(sql`r.shop_id`, narrowScope(scope, shopId))} AND r.order_id = ${orderId} ORDER BY r.sku, r.disposition`)
  ).rows;
}

export async function orderShipments(db: DbOrTx, scope: ShopScope, shopId: number, orderId: string) {
  return (
    await db.execute<Record<string, unknown>>(sql`
      SELECT sku, fnsku, disposition, to_char(shipment_date, 'YYYY-MM-DD') AS shipment_date, carrier, tracking_number, quantity
        FROM inventory_removal_shipments x
       WHERE ${shopIn(sql`x.shop_id`, narrowScope(scope, shopId))} AND x.order_id = ${orderId}
       ORDER BY shipment_date, sku, tracking_number`)
  ).rows;
}

/** Units of removal orders in process per shop and seller SKU (a subquery to join: shop_id, sku, units). */
export const removalsInProcess: SQL = sql`(SELECT shop_id, sku, sum(in_process)::int AS units FROM inventory_removal_lines
   WHERE in_process > 0 GROUP BY shop_id, sku)`;
