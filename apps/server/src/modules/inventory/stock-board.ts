/**
 * Filtering, sorting and paging of kept stock rows in memory (supply-epoch.ts): the same
 * filters as `boardWhere` (shop, marketplace, product line, keyword) and the same order as the
 * lists' SQL (the field, nulls last in both directions, then the list's tie-break).
 */
import type { SortOrder } from '../../db/sql';
import type { BoardFilter } from './inventory.repository';

/** A kept row with what the filters need beyond what the screen shows. */
export interface Kept<T> {
  row: T;
  lineId: number | null;
  lineParentId: number | null;
}

interface Named {
  shopId: number;
  marketId: number;
  sku: string;
  asin: string;
  fnsku: string;
  model: string | null;
  productName: string | null;
  productNameEn: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The line columns of a raw row (`product_line_id`, `line_parent_id`). */
export const keep = <T>(row: T, raw: Record<string, unknown>): Kept<T> => ({
  row,
  lineId: num(raw.product_line_id),
  lineParentId: num(raw.line_parent_id),
});

/** The kept rows the filter takes (`boardWhere` in memory; the keyword as ILIKE '%…%'). */
export function filterBoard<K extends Kept<Named>>(kept: readonly K[], f: BoardFilter): K[] {
  const kw = f.keyword ? f.keyword.toLowerCase() : null;
  const has = (s: string | null) => s?.toLowerCase().includes(kw as string) === true;
  return kept.filter(({ row, lineId, lineParentId }) => {
    if (f.shopId !== undefined && row.shopId !== f.shopId) return false;
    if (f.marketId !== undefined && row.marketId !== f.marketId) return false;
    if (f.productLineId !== undefined && lineId !== f.productLineId && lineParentId !== f.productLineId) return false;
    if (kw !== null) {
      return has(row.sku) || has(row.asin) || has(row.fnsku) || has(row.model) || has(row.productName) || has(row.productNameEn);
    }
    return true;
  });
}

type Value = string | number | null;

const cmp = (x: Value, y: Value): number => (x === y ? 0 : (x as string | number) < (y as string | number) ? -1 : 1);

/** Compares by `value` (nulls last either way), then by `tie`: the lists' `orderBy(field, order, …, tieBreak)`. */
export function comparing<T>(value: (r: T) => Value, order: SortOrder | undefined, tie: (a: T, b: T) => number) {
  const dir = order === 'desc' || order === 'descend' ? -1 : 1;
  return (a: T, b: T) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const c = cmp(x, y);
      if (c !== 0) return c * dir;
    }
    return tie(a, b);
  };
}

/**
 * A kept row set and its orders: each order is sorted once per kept set, the first time a list asks for it, so a
 * read filters an ordered list (one pass) instead of sorting the whole set again.
 */
export class KeptRows<K> {
  private readonly orders = new Map<string, readonly K[]>();
  constructor(readonly rows: readonly K[]) {}

  ordered(key: string, compare: (a: K, b: K) => number): readonly K[] {
    let o = this.orders.get(key);
    if (!o) {
      o = [...this.rows].sort(compare);
      this.orders.set(key, o);
    }
    return o;
  }
}

/** The kept rows in the order of `field` (each order sorted once per kept set). */
export function inOrder<T, K extends Kept<T>>(
  kept: KeptRows<K>,
  field: string,
  order: SortOrder | undefined,
  value: (r: T) => Value,
  tie: (a: T, b: T) => number,
): readonly K[] {
  const compare = comparing(value, order, tie);
  const dir = order === 'desc' || order === 'descend' ? 'desc' : 'asc';
  return kept.ordered(`${field}|${dir}`, (a, b) => compare(a.row, b.row));
}

/** The tie-break of the stock lists: SKU, shop, warehouse. */
export const bySkuShopWarehouse = (
  a: { sku: string; shopId: number; warehouseId: number },
  b: { sku: string; shopId: number; warehouseId: number },
) => cmp(a.sku, b.sku) || a.shopId - b.shopId || a.warehouseId - b.warehouseId;

/** One page of `rows` (1-based) and their count. */
export function pageRows<T>(rows: readonly T[], q: { pageNum: number; pageSize: number }) {
  const from = (q.pageNum - 1) * q.pageSize;
  return { list: rows.slice(from, from + q.pageSize), total: rows.length, pageNum: q.pageNum, pageSize: q.pageSize };
}
