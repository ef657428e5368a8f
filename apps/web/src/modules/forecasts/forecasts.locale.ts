/** Texts of the forecast screens (/forecast/index, /forecast, /salesForecast), under `forecasts`. */
export const forecastsZhCN = {
  search: 'SKU、ASIN、型号或产品名',
  allShops: '全部店铺',
  allMarkets: '全部站点',
  allLines: '全部产品线',
  allMethods: '全部方法',
  export: '导出',
  accuracy: '回测 WAPE {{wape}}（季节性朴素预测 {{naive}}，{{n}} 个 listing）',
  column: {
    sku: 'SKU',
    shop: '店铺',
    units30: '近30天销量',
    next7: '未来7天',
    next30: '未来30天',
    next90: '未来90天',
    wape: 'WAPE / 朴素',
    bias: '偏差',
    method: '方法',
    censored: '剔除天数',
    origin: '预测起始日',
  },
  method: { smoothing: '季节+趋势', launch: '新品（参照曲线）', empty: '无数据' },
  event: { primeDay: 'Prime Day', primeBigDeal: 'Prime 大促（10月）', blackFriday: '黑五至网一' },
  list: {
    title: '销量预测',
    subtitle:
      '每个 listing 每天的预测销量：周、年季节性，阻尼趋势，大促日，断货日不计为零需求，新品参照同产品线的上新曲线。点击一行查看历史与预测。',
    empty: '还没有预测：点击“重新计算”',
  },
  detail: {
    title: '{{sku}} · {{shop}}',
    chart: '近 120 天销量与未来 90 天预测',
    sold: '销量',
    forecast: '预测',
    censored: '断货或未在售（不计入）',
    wapeVsNaive: '{{wape}}（季节性朴素 {{naive}}）',
    censoredDays: '{{n}} 天',
  },
  refresh: {
    button: '重新计算',
    last: '最近计算：{{at}}，预测自 {{origin}} 起',
    never: '尚未计算',
    state: { queued: '排队中', running: '计算中', done: '已完成', failed: '失败' },
  },
  sums: {
    title: '销量预测分析',
    subtitle: '可见店铺的预测合计：过去 12 个月的销量与未来几个月的预测，各站点的对比，以及滚动回测的准确率。',
    next30: '未来30天预测',
    next90: '未来90天预测',
    wape: '回测 WAPE',
    naive: '季节性朴素预测：{{naive}}',
    bias: '回测偏差',
    origin: '预测自 {{origin}} 起',
    months: '按月：销量与预测',
    byMarket: '按站点：近30天销量与未来30天预测',
    listings: '{{n}} 个 listing',
  },
};

export const forecastsEnUS: typeof forecastsZhCN = {
  search: 'SKU, ASIN, model or product name',
  allShops: 'All shops',
  allMarkets: 'All marketplaces',
  allLines: 'All product lines',
  allMethods: 'All methods',
  export: 'Export',
  accuracy: 'Backtest WAPE {{wape}} (seasonal naive {{naive}}, {{n}} listings)',
  column: {
    sku: 'SKU',
    shop: 'Shop',
    units30: 'Units, last 30 days',
    next7: 'Next 7 days',
    next30: 'Next 30 days',
    next90: 'Next 90 days',
    wape: 'WAPE / naive',
    bias: 'Bias',
    method: 'Method',
    censored: 'Days left out',
    origin: 'First forecast day',
  },
  method: { smoothing: 'Season + trend', launch: 'Launch (reference shape)', empty: 'No data' },
  event: { primeDay: 'Prime Day', primeBigDeal: 'Prime Big Deal Days', blackFriday: 'Black Friday to Cyber Monday' },
  list: {
    title: 'Forecasts',
    subtitle:
      "Units per listing and day: weekly and yearly seasonality, a damped trend, promotion days; stock-out days are missing demand, not zero; a launch follows its product line's launch shape. Click a row for its history and forecast.",
    empty: "No forecasts yet: click 'Recalculate'",
  },
  detail: {
    title: '{{sku}} · {{shop}}',
    chart: 'Units of the last 120 days and the forecast of the next 90',
    sold: 'Units sold',
    forecast: 'Forecast',
    censored: 'out of stock or not on sale (left out)',
    wapeVsNaive: '{{wape}} (seasonal naive {{naive}})',
    censoredDays: '{{n}} days',
  },
  refresh: {
    button: 'Recalculate',
    last: 'Last calculated {{at}}, forecast from {{origin}}',
    never: 'Not calculated yet',
    state: { queued: 'Queued', running: 'Calculating', done: 'Done', failed: 'Failed' },
  },
  sums: {
    title: 'Sales forecast',
    subtitle:
      "The forecast over the visible shops: the last 12 months' units against the coming months' forecast, the marketplaces side by side, and the rolling backtest's accuracy.",
    next30: 'Forecast, next 30 days',
    next90: 'Forecast, next 90 days',
    wape: 'Backtest WAPE',
    naive: 'Seasonal naive: {{naive}}',
    bias: 'Backtest bias',
    origin: 'Forecast from {{origin}}',
    months: 'By month: units sold and forecast',
    byMarket: 'By marketplace: units of the last 30 days and the next 30 days forecast',
    listings: '{{n}} listings',
  },
};

/** Both languages under `forecasts`, added to i18next when a forecast screen loads. */
export const forecastsTexts = {
  'zh-CN': { forecasts: forecastsZhCN },
  'en-US': { forecasts: forecastsEnUS },
};

// Types `t('forecasts.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    forecasts: typeof forecastsZhCN;
  }
}
