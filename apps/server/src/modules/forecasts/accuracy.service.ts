/** /forecastAccuracy: the backtest grouped, its headline and buckets, the export, and the overrides' accuracy. */
import type { EndpointQuery } from '@bo/contract';
import { marketCode } from '@bo/contract/constants';
import {
  ACCURACY_BUCKET_KEYS,
  type AccuracyRow,
  type AccuracySummary,
  type accuracySummary,
  type listAccuracy,
  type listOverrideAccuracy,
  type OverrideRow,
} from '@bo/contract/forecasts/accuracy';
import { BACKTEST_HORIZON, BACKTEST_ORIGINS } from '@bo/contract/forecasts/forecasts';
import { poolOf } from '../../db/client';
import { pageOfQuery } from '../../db/sql';
import type { AppContext } from '../../platform/context';
import { exportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import type { ShopScope } from '../shops/shops/shop-scope';
import * as repo from './accuracy.repository';
import { salesSpan } from './forecasts.repository';
import { bias, wape } from './method/backtest';
import { dayNum, isoOf } from './method/calendar';

type Raw = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const r4 = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);
const r1 = (v: number) => Math.round(v * 10) / 10;

/** WAPE of the method and of seasonal naive, the gain, the bias, from a group's sums. */
function figuresOf(r: Raw) {
  const actual = n(r.actual);
  const w = wape(n(r.abs_error), actual);
  const naive = wape(n(r.naive_abs_error), actual);
  return {
    actual: r1(actual),
    wape: r4(w),
    naiveWape: r4(naive),
    gain: w === null || naive === null ? null : r4(naive - w),
    bias: r4(bias(n(r.error), actual)),
    days: n(r.days),
  };
}

export const toAccuracyRow = (r: Raw): AccuracyRow => ({
  key: String(r.key),
  label: String(r.label ?? r.key),
  marketId: r.market_id === null || r.market_id === undefined ? null : n(r.market_id),
  shopId: r.shop_id === null || r.shop_id === undefined ? null : n(r.shop_id),
  listings: n(r.listings),
  ...figuresOf(r),
});

const page = (q: { pageNum: number; pageSize: number }) => ({ pageNum: q.pageNum, pageSize: q.pageSize });

export async function accuracyPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listAccuracy>) {
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, repo.accuracyQuery(scope, q), page(q));
  return { list: rows.map(toAccuracyRow), total, ...page(q) };
}

export async function summaryOf(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof accuracySummary>,
): Promise<AccuracySummary> {
  const { total, buckets } = await repo.accuracySums(ctx.db, scope, q);
  const byNo = new Map(buckets.map((b) => [n(b.i), b as unknown as Raw]));
  return {
    origin: total?.origin ?? null,
    origins: BACKTEST_ORIGINS,
    horizonDays: BACKTEST_HORIZON,
    total: { listings: n(total?.listings), ...figuresOf((total ?? {}) as Raw) },
    buckets: ACCURACY_BUCKET_KEYS.map((bucket, k) => ({ bucket, ...figuresOf(byNo.get(k + 1) ?? {}) })),
  };
}

type ExportQuery = Omit<EndpointQuery<typeof listAccuracy>, 'pageNum' | 'pageSize'>;

const DIMENSION_TEXT = {
  sku: { zh: 'SKU', en: 'SKU' },
  market: { zh: '站点', en: 'Marketplace' },
  shop: { zh: '店铺', en: 'Shop' },
} as const;

const BUCKET_TEXT = {
  d1_7: { zh: '第1-7天', en: 'Days 1-7' },
  d8_14: { zh: '第8-14天', en: 'Days 8-14' },
  d15_28: { zh: '第15-28天', en: 'Days 15-28' },
} as const;

/** The rows of the screen, streamed. */
export function exportAccuracy(ctx: AppContext, scope: ShopScope, q: ExportQuery, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const horizon = q.horizon ? tr(lang, BUCKET_TEXT[q.horizon].zh, BUCKET_TEXT[q.horizon].en) : t('全部天数', 'All days');
  return streamXlsx<AccuracyRow>(poolOf(ctx.db), {
    fileName: `${t('预测准确率', 'forecast-accuracy')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('预测准确率', 'Forecast accuracy'),
    query: repo.accuracyQuery(scope, q),
    map: toAccuracyRow,
    columns: [
      {
        header: tr(lang, DIMENSION_TEXT[q.by].zh, DIMENSION_TEXT[q.by].en),
        width: 22,
        value: (r) =>
          r.marketId === null ? r.label : q.by === 'market' ? marketCode(r.marketId) : `${r.label} · ${marketCode(r.marketId)}`,
      },
      { header: t('预测期', 'Horizon'), width: 12, value: () => horizon },
      { header: t('商品数', 'Listings'), value: (r) => r.listings },
      { header: t('实际销量', 'Units'), numFmt: '#,##0', value: (r) => r.actual },
      { header: 'WAPE', numFmt: '0.0%', value: (r) => r.wape },
      { header: t('季节性朴素 WAPE', 'Seasonal naive WAPE'), numFmt: '0.0%', value: (r) => r.naiveWape },
      { header: t('提升', 'Gain'), numFmt: '0.0%', value: (r) => r.gain },
      { header: t('偏差', 'Bias'), numFmt: '0.0%', value: (r) => r.bias },
      { header: t('评估天数', 'Days scored'), value: (r) => r.days },
    ],
  });
}

// ---- the overrides ----

export const toOverrideRow = (r: Raw): OverrideRow => {
  const actual = n(r.actual);
  const w = wape(n(r.abs_error), actual);
  const sys = wape(n(r.system_abs_error), actual);
  return {
    userId: n(r.user_id),
    userName: String(r.user_name ?? ''),
    estimates: n(r.estimates),
    compared: n(r.compared),
    actual: r1(actual),
    estimateUnits: r1(n(r.estimate_units)),
    systemUnits: r1(n(r.system_units)),
    wape: r4(w),
    systemWape: r4(sys),
    gain: w === null || sys === null ? null : r4(sys - w),
    helped: w === null || sys === null ? null : w < sys,
    uncomparedActual: r1(n(r.uncompared_actual)),
    uncomparedWape: r4(wape(n(r.uncompared_abs_error), n(r.uncompared_actual))),
  };
};

export async function overridesPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listOverrideAccuracy>) {
  const span = await salesSpan(ctx.db);
  if (!span) return { list: [], total: 0, ...page(q) };
  const until = isoOf(dayNum(span.last) + 1);
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, repo.overridesQuery(scope, q, until), page(q));
  return { list: rows.map(toOverrideRow), total, ...page(q) };
}
