/** Texts of the stock screens (/inventoryMgr, /inventoryAge, /inventoryMonitor, /inventoryUpload), under `inventory`. */
export const inventoryZhCN = {
  search: 'SKU、ASIN、FNSKU、型号或产品名',
  allShops: '全部店铺',
  allMarkets: '全部站点',
  allLines: '全部产品线',
  export: '导出',
  column: {
    sku: 'SKU',
    product: '产品',
    shop: '店铺',
    warehouse: '仓库',
    day: '日期',
    fulfillable: '可售',
    reserved: '预留',
    inbound: '在途合计',
    inboundDetail: '处理中 {{working}} · 已发货 {{shipped}} · 接收中 {{receiving}}',
    unfulfillable: '不可售',
    researching: '调查中',
    units30: '近30天销量',
    daily: '日均',
    cover: '可售天数',
    total: '库存合计',
    agedShare: '超龄占比',
  },
  warehouseKind: { fba: 'FBA', '3pl': '海外仓', factory: '工厂' },
  notInCatalogue: '目录中无此 SKU',
  noSales: '无销量',
  out: '断货',
  days: '{{n}} 天',
  mgr: {
    title: '库存管理',
    subtitle: '每个店铺每个仓库最近一天的库存。可售天数 = 可售数量 ÷ 近 30 天日均销量。',
    stockAll: '全部库存',
    stockOut: '断货',
    stockLow: '可售天数不足',
    coverDays: '少于',
    coverUnit: '天',
    empty: '还没有库存数据：在“库存上传”导入 FBA 库存报告',
  },
  age: {
    title: '库龄分析',
    subtitle: '按入库天数分段的库存（来自库龄报告的最近一天）。超过 180 天的部分计为超龄库存，会产生长期仓储费。',
    agedOnly: '只看有超龄库存的 SKU',
    empty: '还没有库龄数据：在“库存上传”导入库龄报告',
    chart: '各库龄段的库存数量',
    summary: '{{skus}} 个 SKU · 共 {{total}} 件 · 超龄 {{share}}',
    bucket: {
      age0To90: '0–90 天',
      age91To180: '91–180 天',
      age181To270: '181–270 天',
      age271To365: '271–365 天',
      age365Plus: '365 天以上',
    },
  },
  monitor: {
    title: '库存监控',
    subtitle: '断货或可售天数少于设定天数的 SKU。点击一行查看最近 60 天的库存与销量。',
    empty: '没有断货或可售天数不足的 SKU',
    detail: '{{sku}} · {{shop}} · {{warehouse}}',
    chart: '最近 60 天：可售库存与每日销量',
    stock: '可售库存',
    inboundLine: '在途',
    units: '销量',
  },
  upload: {
    title: '库存上传',
    subtitle: '导入卖家后台下载的 FBA 库存报告：先预览，再提交。重新导入某一天会整体替换该店铺当天的库存。',
    uploadTitle: '上传库存报告',
    kind: {
      'fba-inventory': 'FBA 库存管理报告（Manage FBA Inventory）',
      'fba-inventory-age': '库龄报告（Inventory Age / FBA Inventory）',
      'fba-inventory-ledger': '库存分类账（Inventory Ledger，汇总或详细视图）',
      'fba-removals': '移除订单（Removal Order Detail / Removal Shipment Detail）',
    },
    dropHint: '.txt（制表符分隔）或 .csv，最大 50 MB',
    howtoMyi:
      '卖家后台 › 数据报告 › 库存 › 管理亚马逊库存，下载 .txt。报告没有日期列：快照日期取“期间”的结束日，不选则为站点当地今天。',
    howtoAge: '卖家后台 › 数据报告 › 库存 › 库龄（或 FBA 库存），下载 .txt。日期取报告的 snapshot-date 列。',
    howtoLedger: '卖家后台 › 数据报告 › 库存 › 库存分类账，按“天”汇总（汇总视图）或详细视图，下载 .csv。文件中的每一天整体替换。',
    howtoRemovals: '卖家后台 › 数据报告 › 配送 › 移除订单详情（或移除货件详情），下载 .txt。文件中的每个订单整体替换。',
    periodHint: '快照日期取结束日（可选）',
    commitConfirm: '提交 {{rows}} 行？报告涉及的日期将被整体替换。',
    revertWhat: '恢复这些日期被替换前的库存：{{days}}',
    record: { key: '日期 | SKU', values: '数量', new: '新增', changed: '变化', unchanged: '不变' },
  },
};

export const inventoryEnUS: typeof inventoryZhCN = {
  search: 'SKU, ASIN, FNSKU, model or product',
  allShops: 'All shops',
  allMarkets: 'All marketplaces',
  allLines: 'All product lines',
  export: 'Export',
  column: {
    sku: 'SKU',
    product: 'Product',
    shop: 'Shop',
    warehouse: 'Warehouse',
    day: 'Day',
    fulfillable: 'Fulfillable',
    reserved: 'Reserved',
    inbound: 'Inbound',
    inboundDetail: 'working {{working}} · shipped {{shipped}} · receiving {{receiving}}',
    unfulfillable: 'Unfulfillable',
    researching: 'Researching',
    units30: 'Units, 30 days',
    daily: 'Daily',
    cover: 'Days of cover',
    total: 'Total',
    agedShare: 'Aged share',
  },
  warehouseKind: { fba: 'FBA', '3pl': '3PL', factory: 'Factory' },
  notInCatalogue: 'Not in the catalogue',
  noSales: 'No sales',
  out: 'Out of stock',
  days: '{{n}} days',
  mgr: {
    title: 'Inventory management',
    subtitle:
      'The latest day of stock per shop and warehouse. Days of cover = fulfillable ÷ average daily units of the last 30 days.',
    stockAll: 'All stock',
    stockOut: 'Out of stock',
    stockLow: 'Low cover',
    coverDays: 'under',
    coverUnit: 'days',
    empty: 'No stock yet: import an FBA inventory report on "Inventory upload"',
  },
  age: {
    title: 'Inventory age',
    subtitle:
      'Stock by days since it was received (the latest day of the age report). Units older than 180 days are aged and pay the long-term storage fee.',
    agedOnly: 'Only SKUs with aged stock',
    empty: 'No age data yet: import an Inventory Age report on "Inventory upload"',
    chart: 'Units per age bucket',
    summary: '{{skus}} SKUs · {{total}} units · {{share}} aged',
    bucket: {
      age0To90: '0–90 days',
      age91To180: '91–180 days',
      age181To270: '181–270 days',
      age271To365: '271–365 days',
      age365Plus: '365+ days',
    },
  },
  monitor: {
    title: 'Inventory monitor',
    subtitle: 'SKUs out of stock or with fewer days of cover than set. Open a row for its last 60 days of stock and sales.',
    empty: 'No SKU is out of stock or under the cover',
    detail: '{{sku}} · {{shop}} · {{warehouse}}',
    chart: 'Last 60 days: fulfillable stock and daily units sold',
    stock: 'Fulfillable',
    inboundLine: 'Inbound',
    units: 'Units sold',
  },
  upload: {
    title: 'Inventory upload',
    subtitle:
      "Import the FBA inventory reports downloaded from Seller Central: preview, then commit. Re-importing a day replaces that shop's stock of the day as a whole.",
    uploadTitle: 'Upload a stock report',
    kind: {
      'fba-inventory': 'Manage FBA Inventory report',
      'fba-inventory-age': 'Inventory Age / FBA Inventory report',
      'fba-inventory-ledger': 'Inventory Ledger (summary or detailed view)',
      'fba-removals': 'Removal Order Detail / Removal Shipment Detail',
    },
    dropHint: '.txt (tab-separated) or .csv, up to 50 MB',
    howtoMyi:
      'Seller Central › Reports › Fulfillment › Manage FBA Inventory, download the .txt. The report has no date column: the snapshot day is the end of the period, or today in the marketplace when none is picked.',
    howtoLedger:
      'Seller Central › Reports › Inventory › Inventory Ledger, aggregated by day (summary view) or the detailed view, as .csv. Each day in the file is replaced as a whole.',
    howtoRemovals:
      'Seller Central › Reports › Fulfillment › Removal Order Detail (or Removal Shipment Detail), download the .txt. Each order in the file is replaced as a whole.',
    howtoAge:
      "Seller Central › Reports › Fulfillment › Inventory Age (or FBA Inventory), download the .txt. The day is the report's snapshot-date.",
    periodHint: 'The snapshot day is the end date (optional)',
    commitConfirm: 'Commit {{rows}} rows? The days the report covers are replaced as a whole.',
    revertWhat: 'Puts back the stock these days had before: {{days}}',
    record: { key: 'Day | SKU', values: 'Quantities', new: 'New', changed: 'Changed', unchanged: 'Unchanged' },
  },
};

/** Both languages under `inventory`, added to i18next when a stock screen loads. */
export const inventoryTexts = {
  'zh-CN': { inventory: inventoryZhCN },
  'en-US': { inventory: inventoryEnUS },
};

// Types `t('inventory.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    inventory: typeof inventoryZhCN;
  }
}
