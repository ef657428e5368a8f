/** Texts of /inventoryReport (the monthly inventory report from the Inventory Ledger), under `invReport`. */
export const invReportZhCN = {
  title: '库存报表',
  subtitle:
    '按 SKU × 仓库 × 月的进销存（库存分类账，可售库存）：期初、本月各项变动、期末与未解释差异。期初取本月首个报告的期初结余，否则取上月期末；期末取本月最后报告的期末结余，否则为期初 + 本月变动。',
  months: '月份',
  shown: '{{from}} 至 {{to}}',
  empty: '没有库存分类账：请先在“库存上传”导入库存分类账',
  chart: '每月期末库存（件）',
  closing: '期末',
  net: '本月净变动',
  rows: '行数',
  totals: '合计',
  totalsHint: '全部 {{count}} 行（不只本页）的合计',
  carried: '本月无报告的期初结余：取上月期末',
  noOpening: '本月及之前都没有报告的结余',
  computed: '本月无报告的期末结余：期初 + 本月变动',
  differenceHint: '报告的期末 − (报告的期初 + 本月变动)；仅在期初、期末都有报告时计算',
  noValue: '期末金额暂不提供：成本模块尚未公开按 SKU 和日期读取单位成本的接口',
  column: {
    month: '月份',
    opening: '期初',
    receipts: '入库',
    customerShipments: '买家发货',
    customerReturns: '买家退货',
    vendorReturns: '移除',
    transfers: '仓间调拨',
    found: '找回',
    lost: '丢失',
    damaged: '损坏',
    disposed: '销毁',
    other: '其他',
    net: '净变动',
    closing: '期末',
    difference: '差异',
    open: '明细',
  },
};

export const invReportEnUS: typeof invReportZhCN = {
  title: 'Inventory report',
  subtitle:
    "Per SKU × warehouse × month, from the Inventory Ledger (sellable units): opening, the month's movements, closing and the unexplained difference. Opening is the month's first reported starting balance, else the previous month's closing; closing is the month's last reported ending balance, else opening + the month's movements.",
  months: 'Months',
  shown: '{{from}} to {{to}}',
  empty: 'No Inventory Ledger: import one on "Inventory upload" first',
  chart: 'Closing units per month',
  closing: 'Closing',
  net: 'Net movement',
  rows: 'Rows',
  totals: 'Totals',
  totalsHint: 'Summed over all {{count}} rows (not only this page)',
  carried: "No starting balance reported this month: the previous month's closing",
  noOpening: 'No balance reported this month or before',
  computed: "No ending balance reported this month: opening + the month's movements",
  differenceHint: 'Reported closing − (reported opening + movements); only when both balances are reported',
  noValue: 'No closing value yet: the costs area publishes no read of the unit cost by SKU and day',
  column: {
    month: 'Month',
    opening: 'Opening',
    receipts: 'Receipts',
    customerShipments: 'Customer shipments',
    customerReturns: 'Customer returns',
    vendorReturns: 'Vendor returns',
    transfers: 'Transfers',
    found: 'Found',
    lost: 'Lost',
    damaged: 'Damaged',
    disposed: 'Disposed',
    other: 'Other',
    net: 'Net',
    closing: 'Closing',
    difference: 'Difference',
    open: 'Detail',
  },
};

/** Both languages under `invReport`, added to i18next when the screen loads. */
export const invReportTexts = {
  'zh-CN': { invReport: invReportZhCN },
  'en-US': { invReport: invReportEnUS },
};

// Types `t('invReport.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    invReport: typeof invReportZhCN;
  }
}
