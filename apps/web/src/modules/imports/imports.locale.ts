/**
 * Texts of the import screen (/importTraffic), and the import kinds' names and revert texts that
 * every screen with an import wizard names (the wizard's own texts: shared/kit/import-wizard.locale.ts).
 */
export const importsZhCN = {
  title: '数据导入',
  subtitle: '上传亚马逊报表：先预览和检查，确认后再写入销售数据。重复导入同一文件不会改变任何数据。',
  uploadTitle: '上传报表',
  howto:
    '业务报告（按子商品详情页的销售和流量，CSV）需要选择它覆盖的日期：单日报告写入当天数据，多日报告作为期间合计保存。全部订单报告（制表符分隔）按站点当地日期汇总。',
  howtoOrders:
    '亚马逊配送货件报告写入订单行的送达日期（预计送达日期；没有时按发货日期加站点默认运输天数）和买家邮箱；退货报告写入退货状态（已申请但未收到或未退款的退货为“进行中”，会阻止索评邮件）。不需要选择日期。',
  commitConfirmOrders: '把 {{rows}} 个订单行的送达日期或退货状态写入订单？',
  record: { key: '订单号 | ASIN', values: '写入内容', new: '新订单行', changed: '有变化', unchanged: '无变化' },
  column: {
    period: '期间',
  },
  kind: {
    'business-report': '业务报告（子商品销售与流量）',
    'all-orders': '全部订单报告',
    'sku-costs': 'SKU 单位成本',
    'sku-fees': '平台费用',
    materials: '物料及价格',
    bom: '物料清单（BOM）',
    'sp-search-term': 'SP 搜索词报告',
    'sp-targeting': 'SP 投放报告',
    'sp-campaign': 'SP 广告活动报告',
    'sb-campaign': 'SB 广告活动报告',
    'sd-campaign': 'SD 广告活动报告',
    'sb-keyword': 'SB 关键词报告',
    'ads-bulk': '广告批量操作表格',
    'fba-inventory': 'FBA 库存管理报告',
    'fba-inventory-age': '库龄报告',
    'fba-inventory-ledger': '库存分类账报告',
    'fba-removals': '移除订单报告',
    'fba-reimbursements': 'FBA 赔偿报告',
    'fba-shipments': '亚马逊配送货件报告（FBA 发货）',
    'order-returns': '退货报告（FBA 买家退货 / 卖家自配送退货）',
  },
  fromFile: '按文件内日期',
  periodHintBr: '报告在卖家中心导出时选择的日期范围',
  periodHintAo: '可选：选择后，期间内文件没有的日期会被清零',
  dropHint: 'CSV / TXT，最大 50 MB；一次一个文件',
  currency: '币种',
  timeZone: '时区',
  rates: '汇率快照',
  hash: '文件哈希',
  commitConfirm: '将 {{rows}} 行写入销售数据？覆盖的日期会被整体替换。',
  day: '日期',
  periodTotal: '期间合计',
  units: '销量',
  orders: '订单',
  revenue: '销售额 {{currency}}',
  sessions: '会话',
  resultTitle: '已写入（{{at}}）',
  resultCounts: '新增 {{inserted}}，更新 {{updated}}，未变 {{unchanged}}，清零 {{zeroed}}，期间合计 {{totals}}',
  noChanges: '各日期的数据没有变化',
  revertWhat: {
    sales: '它替换掉的销售数据（销量、订单、销售额、流量）会全部恢复，汇总随之重算。',
    orders: '它写入的订单行恢复原来的送达日期、买家和退货状态（{{updated}} 行）；它新建的 {{inserted}} 行会删除。',
    costs: '它写入的单位成本恢复原值（{{updated}} 条），它新增的 {{inserted}} 条删除；相关销售的商品成本随之重算。',
    fees: '它写入的佣金比例和 FBA 费用恢复原值（{{updated}} 条），它新增的 {{inserted}} 条删除；相关销售的费用随之重算。',
    materials: '它写入的物料和价格恢复原值（{{updated}} 条），它新增的 {{inserted}} 条删除。',
    bom: '它写入的 BOM 恢复原来的物料行、人工和制造费用（{{updated}} 个），它新建的 {{inserted}} 个删除。',
    ads: '这些日期的广告数据恢复为导入前的样子：{{days}}；它新建的广告活动、广告组、关键词和投放会删除，汇总随之重算。若其中有对象此后被使用（之后的导入为它写入了数据、被修改过），撤销会被拒绝并说明原因。',
    bulk: '它涉及的每个广告活动（连同其广告组、广告、关键词、投放、否定词和竞价调整）恢复为导入前的样子；它新建的会删除。若新建的对象此后被使用（之后的报告为它写入了数据、被修改过），撤销会被拒绝并说明原因。',
  },
  impact: {
    title: '写入后，已保存的数据会这样变化',
    large: '注意：{{days}} 的销量或销售额会减少一半以上，或有很多商品被清零',
    explain: '按日期对比已保存的数据：文件中出现的商品写入文件的数字；文件中完全没有的商品会被清零；有错误行的商品保留原数据。',
    changed: '变化的商品数',
    dropped: '被清零的商品数',
    droppedTitle: '将被清零的商品',
    confirmTitle: '这个文件删除的数据远多于它写入的数据',
    confirmText: '下列日期的数据会大幅减少。确认文件是完整的再继续；写入后也可以在导入记录中撤销。',
    confirmOk: '仍然写入',
    ordersOwned: '{{days}} 的销量、订单和销售额已由 All Orders 导入，以它为准：这个业务报告在这些日期只写入会话数和页面浏览量。',
  },
};

export const importsEnUS: typeof importsZhCN = {
  title: 'Data import',
  subtitle:
    'Upload Amazon reports: check the preview first, then write it to the sales data. Importing the same file again changes nothing.',
  uploadTitle: 'Upload a report',
  howto:
    "A Business Report (Detail Page Sales and Traffic by Child Item, CSV) needs the dates it covers: a one-day report becomes that day's figures, a longer one is kept as the period's total. An All Orders report (tab-separated) is summed per marketplace-local day.",
  howtoOrders:
    "The Amazon Fulfilled Shipments report sets each order line's delivery date (the estimated arrival date, else the shipment date plus the marketplace's usual transit days) and the buyer's e-mail; a returns report sets return states (a return requested but not yet received or refunded is open and holds back review requests). No dates to choose.",
  commitConfirmOrders: 'Write the delivery dates or return states of {{rows}} order lines?',
  record: {
    key: 'Order id | ASIN',
    values: 'What is written',
    new: 'New order line',
    changed: 'Changed',
    unchanged: 'Unchanged',
  },
  column: {
    period: 'Period',
  },
  kind: {
    'business-report': 'Business Report (sales & traffic by child item)',
    'all-orders': 'All Orders report',
    'sku-costs': 'SKU unit costs',
    'sku-fees': 'Marketplace fees',
    materials: 'Materials and prices',
    bom: 'Bills of materials',
    'sp-search-term': 'Sponsored Products search term report',
    'sp-targeting': 'Sponsored Products targeting report',
    'sp-campaign': 'Sponsored Products campaign report',
    'sb-campaign': 'Sponsored Brands campaign report',
    'sd-campaign': 'Sponsored Display campaign report',
    'sb-keyword': 'Sponsored Brands keyword report',
    'ads-bulk': 'Advertising bulk-operations sheet',
    'fba-inventory': 'Manage FBA Inventory report',
    'fba-inventory-age': 'Inventory Age report',
    'fba-inventory-ledger': 'Inventory Ledger report',
    'fba-removals': 'Removal order / shipment report',
    'fba-reimbursements': 'FBA Reimbursements report',
    'fba-shipments': 'Amazon Fulfilled Shipments report (FBA)',
    'order-returns': 'Returns report (FBA customer returns / merchant returns)',
  },
  fromFile: 'Dates in the file',
  periodHintBr: 'The date range chosen when the report was downloaded',
  periodHintAo: 'Optional: days of the period missing from the file are set to zero',
  dropHint: 'CSV / TXT, up to 50 MB; one file at a time',
  currency: 'Currency',
  timeZone: 'Time zone',
  rates: 'Exchange rates',
  hash: 'File hash',
  commitConfirm: 'Write {{rows}} rows to the sales data? The days it covers are replaced as a whole.',
  day: 'Day',
  periodTotal: 'Period total',
  units: 'Units',
  orders: 'Orders',
  revenue: 'Revenue {{currency}}',
  sessions: 'Sessions',
  resultTitle: 'Committed ({{at}})',
  resultCounts:
    '{{inserted}} added, {{updated}} updated, {{unchanged}} unchanged, {{zeroed}} set to zero, {{totals}} period totals',
  noChanges: "No day's figures changed",
  revertWhat: {
    sales: 'Every sales figure it replaced (units, orders, revenue, traffic) is put back and the rollups recomputed.',
    orders:
      'The order lines it wrote get back their earlier delivery dates, buyers and return states ({{updated}} lines); the {{inserted}} lines it created are removed.',
    costs:
      'The unit costs it wrote get their earlier values back ({{updated}}), the {{inserted}} it added are removed, and the COGS of the sales are recomputed.',
    fees: 'The referral rates and FBA fees it wrote get their earlier values back ({{updated}}), the {{inserted}} it added are removed, and the fees of the sales are recomputed.',
    materials:
      'The materials and prices it wrote get their earlier values back ({{updated}}); the {{inserted}} it added are removed.',
    bom: 'The BOMs it wrote get back their earlier lines, labour and overhead ({{updated}}); the {{inserted}} it created are removed.',
    ads: 'The ad figures of these days are put back as they were before it: {{days}}; the campaigns, ad groups, keywords and targets it created are removed and the rollups recomputed. If one of them is used since (a later import wrote figures for it, it was edited), the revert is refused and says why.',
    bulk: 'Every campaign it names is put back as it was before it, with its ad groups, ads, keywords, targets, negatives and placements; what it created is removed. If something it created is used since (a later report wrote figures for it, it was edited), the revert is refused and says why.',
  },
  impact: {
    title: 'What committing changes in the stored data',
    large: 'Careful: on {{days}} units or revenue fall by more than half, or many listings are set to zero',
    explain:
      'Per day against the stored data: listings in the file get its figures, listings the file does not name at all are set to zero, listings with rows in error keep what is stored.',
    changed: 'Listings changed',
    dropped: 'Listings set to zero',
    droppedTitle: 'Listings that will be set to zero',
    confirmTitle: 'This file removes much more than it adds',
    confirmText:
      'The figures of these days fall sharply. Go on only if the file is complete; a committed import can be reverted from the history.',
    confirmOk: 'Commit anyway',
    ordersOwned:
      'Units, orders and revenue of {{days}} were imported from All Orders, which owns them: on these days this Business Report writes only sessions and page views.',
  },
};

/** Both languages under `imports`, added to i18next when one of the module's screens loads. */
export const importsTexts = { 'zh-CN': { imports: importsZhCN }, 'en-US': { imports: importsEnUS } };

// Types `t('imports.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    imports: typeof importsZhCN;
  }
}
