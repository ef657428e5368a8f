/** Texts of /forecastAccuracy, under `forecastAccuracy`. */
export const forecastAccuracyZhCN = {
  title: '预测准确率',
  subtitle:
    '最近一次重算的滚动回测：从 {{origins}} 个每周起点各预测 {{days}} 天，按预测期分段，与季节性朴素预测（每个星期几取起点前最近一次的销量）比较。',
  tabBacktest: '回测',
  tabOverrides: '人工预估',
  by: { sku: '按 SKU', market: '按站点', shop: '按店铺' },
  allHorizons: '全部预测期',
  horizon: { d1_7: '第 1-7 天', d8_14: '第 8-14 天', d15_28: '第 15-28 天' },
  search: 'SKU、ASIN、型号或产品名',
  export: '导出',
  column: {
    sku: 'SKU',
    market: '站点',
    shop: '店铺',
    listings: 'Listing 数',
    units: '实际销量',
    wape: 'WAPE',
    naiveWape: '季节性朴素 WAPE',
    gain: '提升',
    bias: '偏差',
    days: '评估天数',
  },
  headline: {
    wape: '方法 WAPE',
    naive: '季节性朴素 WAPE {{naive}}',
    gain: '相对朴素预测的提升',
    gainNote: '{{n}} 个 listing，{{units}} 件',
    bias: '偏差',
    origin: '预测起始日 {{origin}}',
  },
  chart: '各预测期的 WAPE：方法与季节性朴素预测',
  method: '方法',
  naive: '季节性朴素',
  gainHint: '季节性朴素 WAPE 减去方法 WAPE，正数表示方法更准',
  biasHint: '正数为高估，超过 ±15% 标红',
  empty: '还没有回测：重算预测后这里显示准确率',
  overrides: {
    note: '已通过的人工预估与系统预测的比较，只计算已过去的天数（部分过去的周期按天数折算）。系统预测从现在起在审核通过时保存；在此之前通过的预估没有保存当时的系统预测，只显示预估本身的误差，不参与比较。',
    role: { planner: '按提交人', approver: '按审核人' },
    column: {
      user: '人员',
      estimates: '预估数',
      compared: '可比较',
      units: '实际销量',
      estimateUnits: '预估量',
      systemUnits: '系统预测',
      wape: '预估 WAPE',
      systemWape: '系统 WAPE',
      gain: '差值',
      helped: '是否更准',
      uncompared: '未比较（无系统预测）',
    },
    helped: '更准',
    notHelped: '不如系统',
    noCompare: '无法比较',
    uncompared: '{{units}} 件，WAPE {{wape}}',
    empty: '还没有已通过且周期已开始的预估',
  },
};

export const forecastAccuracyEnUS: typeof forecastAccuracyZhCN = {
  title: 'Forecast accuracy',
  subtitle:
    "The last recalculation's rolling backtest: {{days}} days forecast from each of {{origins}} weekly origins, split by horizon, against seasonal naive (each weekday's last value before the origin).",
  tabBacktest: 'Backtest',
  tabOverrides: 'Overrides',
  by: { sku: 'By SKU', market: 'By marketplace', shop: 'By shop' },
  allHorizons: 'All horizons',
  horizon: { d1_7: 'Days 1-7', d8_14: 'Days 8-14', d15_28: 'Days 15-28' },
  search: 'SKU, ASIN, model or product name',
  export: 'Export',
  column: {
    sku: 'SKU',
    market: 'Marketplace',
    shop: 'Shop',
    listings: 'Listings',
    units: 'Units',
    wape: 'WAPE',
    naiveWape: 'Seasonal naive WAPE',
    gain: 'Gain',
    bias: 'Bias',
    days: 'Days scored',
  },
  headline: {
    wape: 'Method WAPE',
    naive: 'Seasonal naive WAPE {{naive}}',
    gain: 'Gain over seasonal naive',
    gainNote: '{{n}} listings, {{units}} units',
    bias: 'Bias',
    origin: 'First forecast day {{origin}}',
  },
  chart: 'WAPE per horizon: the method against seasonal naive',
  method: 'Method',
  naive: 'Seasonal naive',
  gainHint: 'Seasonal naive WAPE minus the method WAPE: positive when the method is better',
  biasHint: 'Positive means over-forecast; red beyond 15 % either way',
  empty: 'No backtest yet: recalculate the forecasts to see their accuracy',
  overrides: {
    note: 'Approved estimates against the system forecast, on the days that have passed only (a period partly passed counts pro rata). The system forecast is kept at approval from now on; estimates approved before that have no forecast of their day kept: their own error is shown, they are not compared.',
    role: { planner: 'By planner', approver: 'By approver' },
    column: {
      user: 'Person',
      estimates: 'Estimates',
      compared: 'Compared',
      units: 'Units',
      estimateUnits: 'Estimated',
      systemUnits: 'System forecast',
      wape: 'Estimate WAPE',
      systemWape: 'System WAPE',
      gain: 'Difference',
      helped: 'Helped',
      uncompared: 'Not compared (no system forecast)',
    },
    helped: 'Helped',
    notHelped: 'Worse than the system',
    noCompare: 'Nothing to compare',
    uncompared: '{{units}} units, WAPE {{wape}}',
    empty: 'No approved estimate has started yet',
  },
};

/** Both languages under `forecastAccuracy`, added to i18next when the screen loads. */
export const forecastAccuracyTexts = {
  'zh-CN': { forecastAccuracy: forecastAccuracyZhCN },
  'en-US': { forecastAccuracy: forecastAccuracyEnUS },
};

declare module '../../app/locales/messages' {
  interface ModuleMessages {
    forecastAccuracy: typeof forecastAccuracyZhCN;
  }
}
