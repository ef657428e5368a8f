/**
 * The shipment forecast (/shipmentForcast, docs/supply-boards.md "Shipment forecast"): each FBA listing's replenishment
 * inputs (inventory's boards.reads.ts `forecastInputs`, as /replenish reads them) run forward by the contract's
 * `forecastShipments`; EOL SKUs left out. Like /replenish, every row of the filters is computed, then sorted and paged.
 */
import type { EndpointData, EndpointQuery } from '@bo/contract';
import { addDays } from '@bo/contract/inventory/delivery';
import {
  FORECAST_WEEKS,
  type ForecastRow,
  forecastShipments,
  type listShipmentForecast,
} from '@bo/contract/supplyboards/forecast';
import type { AppContext } from '../../platform/context';
import { exportLang, named, tr } from '../../platform/export/lang';
import { type XlsxColumn, xlsxOfRows } from '../../platform/export/xlsx-stream';
import { filterBoard, forecastInputs, type Kept, KeptRows, scopeKey, supplyMemo } from '../inventory/boards.reads';
import type { ShopScope } from '../shops/shops/shop-scope';
import { todayUtc } from './boards.service';

type Query = Omit<EndpointQuery<typeof listShipmentForecast>, 'pageNum' | 'pageSize'>;

/** The first day of each week: the day after today, then every 7 days (each row counts from its position's day). */
export const weekStartsOf = (today: string) => Array.from({ length: FORECAST_WEEKS }, (_, w) => addDays(today, 7 * w + 1));

function sorter(field: Query['sortField'], order: Query['sortOrder']) {
  const dir = order === 'desc' ? -1 : 1;
  return (a: ForecastRow, b: ForecastRow) => {
    const x = a[field];
    const y = b[field];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * dir;
    }
    return a.sku.localeCompare(b.sku) || a.shopId - b.shopId;
  };
}

/** Every FBA listing of the scope that is not EOL, run forward under the settings; kept while the supply epoch stands. */
function keptForecast(ctx: AppContext, scope: ShopScope, q: Query): Promise<KeptRows<Kept<ForecastRow>>> {
  const key = `shipment-forecast|${scopeKey(scope)}|${q.serviceLevel}|${q.moq}|${q.unitsPerCarton}`;
  return supplyMemo(ctx.db, key, async () => {
    const rows = (await forecastInputs(ctx.db, scope, q))
      .filter((r) => !r.input.eol)
      .map((r) => {
        const weeks = Array.from({ length: FORECAST_WEEKS }, () => 0);
        const modes: ForecastRow['modes'] = Array.from({ length: FORECAST_WEEKS }, () => null);
        let cartons = 0;
        const shipments = forecastShipments(r.input);
        for (const s of shipments) {
          weeks[s.week] = s.units;
          modes[s.week] = s.mode;
          cartons += s.cartons;
        }
        const row: ForecastRow = {
          ...r.listing,
          unitsPerCarton: r.unitsPerCarton,
          weeks,
          modes,
          total: weeks.reduce((a, x) => a + x, 0),
          cartons,
          firstWeek: shipments[0]?.week ?? null,
        };
        return { row, lineId: r.lineId, lineParentId: r.lineParentId };
      });
    return new KeptRows(rows);
  });
}

/** Every row of the filters, forecast and sorted, with the totals per marketplace and week. */
export async function forecastRows(ctx: AppContext, scope: ShopScope, q: Query) {
  const compare = sorter(q.sortField, q.sortOrder);
  const kept = await keptForecast(ctx, scope, q);
  const all = filterBoard(
    kept.ordered(`${q.sortField}|${q.sortOrder}`, (a, b) => compare(a.row, b.row)),
    q,
  ).map((k) => k.row);
  const rows = q.all === 'true' ? all : all.filter((r) => r.total > 0);
  const byMarket = new Map<number, number[]>();
  for (const r of rows) {
    const m = byMarket.get(r.marketId) ?? Array.from({ length: FORECAST_WEEKS }, () => 0);
    r.weeks.forEach((u, i) => {
      m[i] = (m[i] ?? 0) + u;
    });
    byMarket.set(r.marketId, m);
  }
  const totals = [...byMarket.entries()].sort((a, b) => a[0] - b[0]).map(([marketId, weeks]) => ({ marketId, weeks }));
  return { rows, totals };
}

export async function forecastPage(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof listShipmentForecast>,
  today = todayUtc(),
): Promise<EndpointData<typeof listShipmentForecast>> {
  const { rows, totals } = await forecastRows(ctx, scope, q);
  const from = (q.pageNum - 1) * q.pageSize;
  return {
    list: rows.slice(from, from + q.pageSize),
    total: rows.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    weekStarts: weekStartsOf(today),
    totals,
  };
}

export function exportForecast(ctx: AppContext, scope: ShopScope, q: Query, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const starts = weekStartsOf(todayUtc());
  const columns: XlsxColumn<ForecastRow>[] = [
    { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
    { header: t('仓库', 'Warehouse'), width: 10, value: (r) => r.warehouseCode },
    { header: 'SKU', width: 18, value: (r) => r.sku },
    { header: 'ASIN', width: 13, value: (r) => r.asin },
    { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
    { header: t('每箱件数', 'Units per carton'), value: (r) => r.unitsPerCarton },
    ...starts.map(
      (day, w): XlsxColumn<ForecastRow> => ({
        header: day,
        width: 11,
        value: (r) => (r.weeks[w] ? `${r.weeks[w]}${r.modes[w] === 'air' ? t(' 空运', ' air') : ''}` : null),
      }),
    ),
    { header: t('合计件数', 'Total units'), value: (r) => r.total },
    { header: t('合计箱数', 'Total cartons'), value: (r) => r.cartons },
  ];
  return xlsxOfRows<ForecastRow>({
    fileName: `${t('发货预测', 'shipment-forecast')}_${todayUtc()}.xlsx`,
    sheetName: t('发货预测', 'Shipment forecast'),
    columns,
    rows: async () => (await forecastRows(ctx, scope, q)).rows,
  });
}
