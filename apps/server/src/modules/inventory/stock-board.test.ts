/**
 * The stock lists in memory (stock-board.ts) answer as their SQL did: `boardWhere`'s filters (a parent line takes
 * its children; the keyword as ILIKE over SKU, ASIN, FNSKU, model and both product names), `orderBy`'s nulls last
 * in either direction with the tie-break ascending, and each order sorted once per kept set.
 */
import { describe, expect, it } from 'vitest';
import { bySkuShopWarehouse, filterBoard, inOrder, type Kept, KeptRows, pageRows } from './stock-board';

interface Row {
  shopId: number;
  marketId: number;
  warehouseId: number;
  sku: string;
  asin: string;
  fnsku: string;
  model: string | null;
  productName: string | null;
  productNameEn: string | null;
  cover: number | null;
}

const row = (sku: string, over: Partial<Row> = {}, lineId: number | null = 10, lineParentId: number | null = 1): Kept<Row> => ({
  row: {
    shopId: 1,
    marketId: 0,
    warehouseId: 1,
    sku,
    asin: `B0${sku}`,
    fnsku: `X0${sku}`,
    model: null,
    productName: null,
    productNameEn: null,
    cover: null,
    ...over,
  },
  lineId,
  lineParentId,
});

const skus = (rows: readonly Kept<Row>[]) => rows.map((k) => k.row.sku);

describe('filters', () => {
  const rows = [
    row('LAMP-1', { productNameEn: 'Floor Lamp', marketId: 1 }),
    row('STRIP-2', { model: 'H6199', shopId: 2 }, 20, 2),
    row('BULB_3', { productName: '智能灯泡' }, null, null),
  ];
  it('shop, marketplace, a line or its parent', () => {
    expect(skus(filterBoard(rows, { shopId: 2 }))).toEqual(['STRIP-2']);
    expect(skus(filterBoard(rows, { marketId: 1 }))).toEqual(['LAMP-1']);
    expect(skus(filterBoard(rows, { productLineId: 1 }))).toEqual(['LAMP-1']);
    expect(skus(filterBoard(rows, { productLineId: 20 }))).toEqual(['STRIP-2']);
    expect(skus(filterBoard(rows, {}))).toEqual(['LAMP-1', 'STRIP-2', 'BULB_3']);
  });
  it('the keyword: any case, any of the named fields, its wildcards taken literally', () => {
    expect(skus(filterBoard(rows, { keyword: 'floor lamp' }))).toEqual(['LAMP-1']);
    expect(skus(filterBoard(rows, { keyword: 'h61' }))).toEqual(['STRIP-2']);
    expect(skus(filterBoard(rows, { keyword: '灯泡' }))).toEqual(['BULB_3']);
    expect(skus(filterBoard(rows, { keyword: 'b0strip' }))).toEqual(['STRIP-2']);
    expect(skus(filterBoard(rows, { keyword: 'x0lamp' }))).toEqual(['LAMP-1']);
    expect(skus(filterBoard(rows, { keyword: '_' }))).toEqual(['BULB_3']);
    expect(skus(filterBoard(rows, { keyword: '%' }))).toEqual([]);
  });
});

describe('order', () => {
  const rows = [
    row('B', { cover: 5 }),
    row('A', { cover: null }),
    row('C', { cover: 5, shopId: 0 }),
    row('D', { cover: 1 }),
    row('A', { cover: 9, warehouseId: 0 }),
  ];
  const value = (r: Row) => r.cover;
  it('nulls last either way, ties by SKU, shop and warehouse ascending', () => {
    const kept = new KeptRows(rows);
    const asc = inOrder(kept, 'cover', 'asc', value, bySkuShopWarehouse);
    expect(asc.map((k) => `${k.row.sku}${k.row.cover}`)).toEqual(['D1', 'B5', 'C5', 'A9', 'Anull']);
    const desc = inOrder(kept, 'cover', 'descend', value, bySkuShopWarehouse);
    expect(desc.map((k) => `${k.row.sku}${k.row.cover}`)).toEqual(['A9', 'B5', 'C5', 'D1', 'Anull']);
    const bySku = inOrder(kept, 'sku', 'asc', (r: Row) => r.sku, bySkuShopWarehouse);
    expect(bySku.map((k) => `${k.row.sku}${k.row.warehouseId}`)).toEqual(['A0', 'A1', 'B1', 'C1', 'D1']);
  });
  it('sorts each order once per kept set; the kept rows stay as they were', () => {
    const kept = new KeptRows(rows);
    let compares = 0;
    const counted = (a: Kept<Row>, b: Kept<Row>) => {
      compares += 1;
      return a.row.sku < b.row.sku ? -1 : a.row.sku > b.row.sku ? 1 : 0;
    };
    const first = kept.ordered('sku|asc', counted);
    const n = compares;
    expect(kept.ordered('sku|asc', counted)).toBe(first);
    expect(compares).toBe(n);
    expect(skus(kept.rows)).toEqual(['B', 'A', 'C', 'D', 'A']);
  });
  it('pages', () => {
    expect(pageRows([1, 2, 3, 4, 5], { pageNum: 2, pageSize: 2 })).toEqual({ list: [3, 4], total: 5, pageNum: 2, pageSize: 2 });
    expect(pageRows([1, 2], { pageNum: 3, pageSize: 2 }).list).toEqual([]);
  });
});
