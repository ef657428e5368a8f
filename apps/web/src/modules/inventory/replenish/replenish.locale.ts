/** Texts of /replenish (the red-green line and its advice), under `replenish`. */
export const replenishZhCN = {
  title: '补货建议',
  subtitle:
    '按 SKU × 站点：在库 + 在途对照预测逐日推演。提前期 = 备货天数 + 运输天数；安全库存 = z × 日销量标准差 × √提前期；补货点 = 提前期内预测需求 + 安全库存。',
  state: { red: '红', amber: '黄', green: '绿' },
  stateHint: {
    red: '提前期内将断货：海运来不及，建议空运',
    amber: '在库 + 在途低于补货点：现在下单',
    green: '在库 + 在途高于补货点',
  },
  allStates: '全部状态',
  serviceLevel: '服务水平',
  moq: '起订量',
  carton: '默认每箱',
  column: {
    state: '状态',
    stock: '在库 / 在途',
    demand: '日均需求',
    cover: '可售天数',
    stockOut: '断货日',
    rop: '补货点 / 安全库存',
    advice: '建议补货',
    orderBy: '最晚下单 / 发货',
  },
  averageFlag: '无预测：按近 30 天日均销量',
  eol: '停产',
  eolHint: '停产 SKU 从不建议补货',
  noCover: '>180 天',
  cartons: '{{cartons}} 箱 × {{per}}',
  overdue: '已逾期',
  mode: { sea: '海运', air: '空运', express: '快递', rail: '铁路' },
  create: '创建发货计划',
  created: '已创建 {{count}} 个草稿发货计划',
  createdOne: '已创建草稿发货计划 {{code}}',
  open: '打开 {{code}}',
  nothingToPlan: '所选行没有建议数量（绿色或停产）',
  export: '导出',
  empty: '没有 FBA 库存数据：先在“库存上传”导入 FBA 库存报告',
  detail: '{{sku}} · {{shop}} 红绿线',
  chart: '未来 90 天预计库存',
  series: { stock: '预计库存', withAdvice: '按建议补货后', rop: '补货点', ss: '安全库存', demand: '预测需求' },
  field: {
    onHand: '在库（可售 + 预留）',
    inbound: '在途（其中我方货件）',
    demand: '日均需求（30 天）',
    sigma: '日销量标准差',
    lead: '提前期（备货 + 运输）',
    position: '库存位置',
    advice: '建议',
  },
  dull: {
    title: '滞销看板',
    subtitle:
      'FBA 在库可售天数超过阈值（或没有需求）、或有超过 180 天库龄的 SKU。超龄费按亚马逊每立方英尺月费 × 包装体积估算（美元）。',
    onHand: '在库',
    coverOver: '可售天数超过',
    noDemand: '无需求',
    a181: '181-270天',
    a271: '271-365天',
    a365: '365天以上',
    aged: '超龄合计',
    fee: '超龄费/月',
    noDimensions: '型号资料没有包装尺寸',
    empty: '没有滞销库存：所有 SKU 都在阈值内且没有超龄库存',
  },
};

export const replenishEnUS: typeof replenishZhCN = {
  title: 'Replenishment',
  subtitle:
    'Per SKU × marketplace: on-hand and inbound stock projected day by day against the forecast. Lead time = prep days + transit; safety stock = z × σ of daily units × √lead time; reorder point = forecast over the lead time + safety stock.',
  state: { red: 'Red', amber: 'Amber', green: 'Green' },
  stateHint: {
    red: 'Runs out within the lead time: too late by sea, send by air',
    amber: 'On-hand + inbound under the reorder point: order now',
    green: 'On-hand + inbound above the reorder point',
  },
  allStates: 'All states',
  serviceLevel: 'Service level',
  moq: 'MOQ',
  carton: 'Units per carton',
  column: {
    state: 'State',
    stock: 'On hand / inbound',
    demand: 'Daily demand',
    cover: 'Days of cover',
    stockOut: 'Stock-out',
    rop: 'Reorder point / safety',
    advice: 'Advice',
    orderBy: 'Order by / ship by',
  },
  averageFlag: 'No forecast: the 30-day sales average',
  eol: 'EOL',
  eolHint: 'End-of-life SKUs are never advised',
  noCover: '>180 days',
  cartons: '{{cartons}} cartons × {{per}}',
  overdue: 'overdue',
  mode: { sea: 'Sea', air: 'Air', express: 'Express', rail: 'Rail' },
  create: 'Create shipment plan',
  created: '{{count}} draft shipment plans created',
  createdOne: 'Draft shipment plan {{code}} created',
  open: 'Open {{code}}',
  nothingToPlan: 'The chosen rows have no advice (green or EOL)',
  export: 'Export',
  empty: 'No FBA stock yet: import an FBA inventory report in "Inventory upload" first',
  detail: '{{sku}} · {{shop}}: red-green line',
  chart: 'Projected stock, next 90 days',
  series: {
    stock: 'Projected stock',
    withAdvice: 'With the advice',
    rop: 'Reorder point',
    ss: 'Safety stock',
    demand: 'Forecast demand',
  },
  field: {
    onHand: 'On hand (fulfillable + reserved)',
    inbound: 'Inbound (of which our shipments)',
    demand: 'Daily demand (30 days)',
    sigma: 'σ of daily units',
    lead: 'Lead time (prep + transit)',
    position: 'Stock position',
    advice: 'Advice',
  },
  dull: {
    title: 'Slow-moving stock',
    subtitle:
      "FBA stock covering more days than the threshold (or meeting no demand), or holding units older than 180 days. The aged fee is Amazon's monthly surcharge per cubic foot × the package volume (USD).",
    onHand: 'On hand',
    coverOver: 'Cover over',
    noDemand: 'No demand',
    a181: '181-270 days',
    a271: '271-365 days',
    a365: '365+ days',
    aged: 'Aged units',
    fee: 'Aged fee / month',
    noDimensions: 'The model info has no package dimensions',
    empty: 'No slow-moving stock: every SKU is within the threshold and holds no aged units',
  },
};

/** Both languages under `replenish`, added to i18next when the screen loads. */
export const replenishTexts = {
  'zh-CN': { replenish: replenishZhCN },
  'en-US': { replenish: replenishEnUS },
};

// Types `t('replenish.…')` across the app (app/locales/messages.ts).
declare module '../../../app/locales/messages' {
  interface ModuleMessages {
    replenish: typeof replenishZhCN;
  }
}
