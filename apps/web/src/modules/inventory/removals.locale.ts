/** Texts of /fbaRemoveOrderMgr (FBA removal orders), under `removals`. */
export const removalsZhCN = {
  title: 'FBA 移除订单',
  subtitle:
    '从卖家后台的“移除订单详情”和“移除货件详情”报告导入（库存上传）。处理中的数量不计入补货建议的可用库存：亚马逊在移除完成前把它们留在预留中。',
  search: '订单号、SKU 或 FNSKU',
  allTypes: '全部类型',
  allStatuses: '全部状态',
  type: { return: '退回', disposal: '弃置', liquidation: '清算' },
  status: { pending: '待处理', processing: '处理中', completed: '已完成', cancelled: '已取消' },
  column: {
    requestDate: '申请日期',
    orderId: '订单号',
    shop: '店铺',
    type: '类型',
    status: '状态',
    sku: 'SKU',
    disposition: '库存属性',
    requested: '申请',
    cancelled: '取消',
    disposed: '弃置',
    shipped: '已发货',
    inProcess: '处理中',
    removalFee: '移除费',
    lastUpdated: '最后更新',
    shipments: '包裹',
  },
  detail: {
    title: '移除订单 {{orderId}}',
    lines: '订单行',
    shipments: '发货包裹',
    noShipments: '没有导入该订单的发货记录（移除货件详情报告）',
    shipmentDate: '发货日期',
    carrier: '承运商',
    tracking: '跟踪号',
    quantity: '数量',
    total: '合计',
  },
  empty: '还没有移除订单：请在“库存上传”导入移除订单报告',
  upload: '导入报告',
};

export const removalsEnUS: typeof removalsZhCN = {
  title: 'FBA removal orders',
  subtitle:
    "Imported from Seller Central's Removal Order Detail and Removal Shipment Detail reports (Inventory upload). Units in process are not counted as available stock in the replenishment advice: Amazon keeps them reserved until they leave.",
  search: 'Order id, SKU or FNSKU',
  allTypes: 'All types',
  allStatuses: 'All statuses',
  type: { return: 'Return', disposal: 'Disposal', liquidation: 'Liquidation' },
  status: { pending: 'Pending', processing: 'Processing', completed: 'Completed', cancelled: 'Cancelled' },
  column: {
    requestDate: 'Requested on',
    orderId: 'Order id',
    shop: 'Shop',
    type: 'Type',
    status: 'Status',
    sku: 'SKU',
    disposition: 'Disposition',
    requested: 'Requested',
    cancelled: 'Cancelled',
    disposed: 'Disposed',
    shipped: 'Shipped',
    inProcess: 'In process',
    removalFee: 'Removal fee',
    lastUpdated: 'Last updated',
    shipments: 'Parcels',
  },
  detail: {
    title: 'Removal order {{orderId}}',
    lines: 'Lines',
    shipments: 'Parcels',
    noShipments: 'No shipments of this order imported (Removal Shipment Detail report)',
    shipmentDate: 'Shipped on',
    carrier: 'Carrier',
    tracking: 'Tracking number',
    quantity: 'Units',
    total: 'Total',
  },
  empty: 'No removal orders yet: import the removal order report on "Inventory upload"',
  upload: 'Import reports',
};

/** Both languages under `removals`, added to i18next when the screen loads. */
export const removalsTexts = {
  'zh-CN': { removals: removalsZhCN },
  'en-US': { removals: removalsEnUS },
};

// Types `t('removals.…')` across the app (app/locales/messages.ts).
declare module '../../app/locales/messages' {
  interface ModuleMessages {
    removals: typeof removalsZhCN;
  }
}
