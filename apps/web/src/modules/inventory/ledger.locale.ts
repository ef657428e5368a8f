/** Texts of /inventory/detail and /inventory/difference (the Inventory Ledger's screens), under `ledger`. */
export const ledgerZhCN = {
  detail: {
    title: '库存明细',
    subtitle: '单个 SKU 的每日快照、库存分类账的变动与滚动结余，以及分类账期末与快照（可售 + 预留）的逐日核对。',
    pick: '选择店铺并输入 SKU 查看明细（也可从库存差异列表打开）',
    sku: 'SKU',
    shop: '店铺',
    head: '{{sku}} · {{shop}} · {{warehouse}}',
    empty: '这段时间没有快照也没有分类账',
    gone: '找不到该 SKU 在此店铺的库存或分类账',
    chart: '快照在库与分类账结余，柱为每日销量',
    onHand: '快照在库（可售 + 预留）',
    ending: '分类账期末',
    running: '滚动结余',
    sold: '销量',
    totals: '期间合计',
    latest: '最近一天',
    noLedger: '无分类账',
    detailed: '详细视图：无期末结余',
  },
  column: {
    day: '日期',
    fulfillable: '可售',
    reserved: '预留',
    onHand: '快照在库',
    receipts: '入库',
    customerShipments: '买家发货',
    customerReturns: '买家退货',
    vendorReturns: '移除',
    transfers: '仓间调拨',
    found: '找回',
    lost: '丢失',
    damaged: '损坏',
    disposed: '销毁',
    otherEvents: '其他',
    unknownEvents: '未知',
    net: '净变动',
    ending: '分类账期末',
    running: '滚动结余',
    difference: '差异',
    ledgerEnding: '分类账期末',
    unitsAtStake: '涉及数量',
    amount: '金额',
    open: '明细',
  },
  dif: {
    title: '库存差异',
    subtitle:
      '按 SKU × 仓库 × 日期：分类账期末（可售）与快照在库（可售 + 预留）不一致，或当天有丢失、损坏。涉及数量 = 未找回的丢失 + 损坏 + 快照短少的数量，按 Listing 售价计金额。',
    typeAll: '全部',
    typeBalance: '结余不符',
    typeLost: '丢失',
    typeDamaged: '损坏',
    empty: '没有差异：请先在“库存上传”导入库存分类账',
    differenceHint: '快照在库 {{onHand}}（可售 {{fulfillable}} + 预留 {{reserved}}）− 分类账期末 {{ending}}',
    noBalance: '该天无结余（详细视图）或无快照',
  },
};

export const ledgerEnUS: typeof ledgerZhCN = {
  detail: {
    title: 'Inventory detail',
    subtitle:
      "One SKU's daily snapshot, the Inventory Ledger's movements with a running balance, and each day's reconciliation of the ledger's ending balance with the snapshot (fulfillable + reserved).",
    pick: 'Pick a shop and type a SKU to see its detail (or open one from the differences list)',
    sku: 'SKU',
    shop: 'Shop',
    head: '{{sku}} · {{shop}} · {{warehouse}}',
    empty: 'No snapshot and no ledger in these days',
    gone: 'No stock or ledger of this SKU in this shop',
    chart: 'Snapshot on hand and ledger balance; bars: units sold',
    onHand: 'Snapshot on hand (fulfillable + reserved)',
    ending: 'Ledger ending balance',
    running: 'Running balance',
    sold: 'Units sold',
    totals: 'Period totals',
    latest: 'Latest day',
    noLedger: 'No ledger',
    detailed: 'Detailed view: no ending balance',
  },
  column: {
    day: 'Day',
    fulfillable: 'Fulfillable',
    reserved: 'Reserved',
    onHand: 'On hand',
    receipts: 'Receipts',
    customerShipments: 'Shipped',
    customerReturns: 'Returns',
    vendorReturns: 'Removals',
    transfers: 'Transfers',
    found: 'Found',
    lost: 'Lost',
    damaged: 'Damaged',
    disposed: 'Disposed',
    otherEvents: 'Other',
    unknownEvents: 'Unknown',
    net: 'Net',
    ending: 'Ledger ending',
    running: 'Running',
    difference: 'Difference',
    ledgerEnding: 'Ledger ending',
    unitsAtStake: 'Units at stake',
    amount: 'Amount',
    open: 'Detail',
  },
  dif: {
    title: 'Inventory differences',
    subtitle:
      "Per SKU × warehouse × day: the ledger's (sellable) ending balance disagrees with the snapshot's on hand (fulfillable + reserved), or units were lost or damaged. Units at stake = lost not found + damaged + what the snapshot lacks, valued at the listing's price.",
    typeAll: 'All',
    typeBalance: 'Balance',
    typeLost: 'Lost',
    typeDamaged: 'Damaged',
    empty: 'No differences: import an Inventory Ledger on "Inventory upload" first',
    differenceHint:
      'Snapshot on hand {{onHand}} (fulfillable {{fulfillable}} + reserved {{reserved}}) − ledger ending {{ending}}',
    noBalance: 'No balance that day (detailed view) or no snapshot',
  },
};

/** Both languages under `ledger`, added to i18next when the screen loads. */
export const ledgerTexts = {
  'zh-CN': { ledger: ledgerZhCN },
  'en-US': { ledger: ledgerEnUS },
};

// Types `t('ledger.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    ledger: typeof ledgerZhCN;
  }
}
