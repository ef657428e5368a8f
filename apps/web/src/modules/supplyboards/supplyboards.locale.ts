/** Texts of /logisticsBoard and /deliveryDashboard, under `supplyBoards`. */
export const supplyBoardsZhCN = {
  allShops: '全部店铺',
  allMarkets: '全部站点',
  count: '{{shipments}} 票 · {{units}} 件',
  column: {
    shipment: '货件',
    plan: '发货计划',
    shop: '店铺',
    warehouse: '目的仓',
    mode: '运输方式',
    carrier: '承运商 / 跟踪号',
    etd: 'ETD',
    eta: 'ETA',
    daysSinceEta: '距 ETA 天数',
    shipped: '发货',
    received: '已收',
    remaining: '未到',
    progress: '收货进度',
  },
  logistics: {
    title: '物流看板',
    subtitle: '所辖店铺的在途货件、未来到货、延误与准时情况。',
    inTransit: '在途',
    inTransitNote: '已发货、尚未收完的货件及其未到件数',
    arriving7: '7 天内到货',
    arriving14: '14 天内到货',
    arrivingNote: 'ETA 在今天起 {{days}} 天内的在途件数',
    late: '延误',
    lateNote: '仍在途且已超过 ETA + {{grace}} 天',
    short: '近 90 天短收',
    shortNote: '已收货或关闭、收到少于发出的货件及差额',
    onTime: '近 90 天准时率',
    onTimeRule:
      '规则：全部收货或已关闭的货件，最后一次收货不晚于 ETA + {{grace}} 天即为准时；共 {{judged}} 票，准时 {{onTime}} 票。',
    noVerdict: '近 90 天没有可判定的货件',
    chart: '未来 8 周每周到货件数（按 ETA 所在周、运输方式）',
    weekOf: '{{week}} 周',
    lateTable: '延误货件',
    lateEmpty: '没有延误的货件',
    search: '在货件查询中打开',
  },
  delivery: {
    title: '交付看板',
    subtitle: '各站点每周计划发货、实际发货与收货件数，以及每票货件的收货进度。',
    planned: '计划发货',
    shipped: '已发货',
    received: '已收货',
    plannedNote:
      '计划发货：已确认或已分批的计划，按批次计划发货日，或计划创建日 + 站点备货天数；发货按 ETD 所在周；收货按收货日所在周。',
    chart: '每周计划、发货、收货件数（按站点堆叠）',
    table: '每周明细',
    week: '周',
    market: '站点',
    progressTitle: '收货进度（未关闭的货件）',
    progressEmpty: '没有未关闭的货件',
    noWeeks: '这段时间没有计划、发货或收货',
  },
};

export const supplyBoardsEnUS: typeof supplyBoardsZhCN = {
  allShops: 'All shops',
  allMarkets: 'All marketplaces',
  count: '{{shipments}} shipments · {{units}} units',
  column: {
    shipment: 'Shipment',
    plan: 'Plan',
    shop: 'Shop',
    warehouse: 'Destination',
    mode: 'Mode',
    carrier: 'Carrier / tracking',
    etd: 'ETD',
    eta: 'ETA',
    daysSinceEta: 'Days since ETA',
    shipped: 'Shipped',
    received: 'Received',
    remaining: 'Still to come',
    progress: 'Receipt progress',
  },
  logistics: {
    title: 'Logistics board',
    subtitle: 'Shipments of your shops in transit, arriving, late and on time.',
    inTransit: 'In transit',
    inTransitNote: 'Shipped and not fully received: the shipments and the units still to come',
    arriving7: 'Arriving in 7 days',
    arriving14: 'Arriving in 14 days',
    arrivingNote: 'Units in transit with an ETA in the next {{days}} days, today included',
    late: 'Late',
    lateNote: 'Still on the way past ETA + {{grace}} days',
    short: 'Received short, last 90 days',
    shortNote: 'Received or closed with fewer units than shipped, and the units missing',
    onTime: 'On time, last 90 days',
    onTimeRule:
      'Rule: a shipment received in full or closed is on time when its last receipt came by ETA + {{grace}} days; {{onTime}} of {{judged}} were.',
    noVerdict: 'No shipment to judge in the last 90 days',
    chart: 'Units arriving per week for the next 8 weeks (by the week of the ETA and mode)',
    weekOf: 'Week of {{week}}',
    lateTable: 'Late shipments',
    lateEmpty: 'No shipment is late',
    search: 'Open in shipment search',
  },
  delivery: {
    title: 'Delivery dashboard',
    subtitle: 'Units planned, shipped and received per marketplace and week, and the receipt progress of each shipment.',
    planned: 'Planned',
    shipped: 'Shipped',
    received: 'Received',
    plannedNote:
      "Planned: confirmed or batched plans, in the week of their batch's ship day, else the plan's creation day + the marketplace's prep days; shipped by the week of the ETD; received by the week of the receipt.",
    chart: 'Units planned, shipped and received per week (stacked by marketplace)',
    table: 'Per week',
    week: 'Week',
    market: 'Marketplace',
    progressTitle: 'Receipt progress (shipments not closed)',
    progressEmpty: 'No shipment is open',
    noWeeks: 'Nothing planned, shipped or received in these weeks',
  },
};

/** Both languages under `supplyBoards`, added to i18next when a board loads. */
export const supplyBoardsTexts = {
  'zh-CN': { supplyBoards: supplyBoardsZhCN },
  'en-US': { supplyBoards: supplyBoardsEnUS },
};

declare module '../../app/locales/messages' {
  interface ModuleMessages {
    supplyBoards: typeof supplyBoardsZhCN;
  }
}
