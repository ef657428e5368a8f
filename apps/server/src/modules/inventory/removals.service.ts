/** Removal orders: the lines list, one order with its shipments, the export (docs/inventory.md "Removal orders"). */
import type { EndpointQuery } from '@bo/contract';
import type { getRemoval, listRemovals, RemovalLine } from '@bo/contract/inventory/removals';
import { poolOf } from '../../db/client';
import { pageOfQuery } from '../../db/sql';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { exportLang, named, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import type { ShopScope } from '../shops/shops/shop-scope';
import * as repo from './removals.repository';

type Raw = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toLine(r: Raw): RemovalLine {
  return {
    shopId: n(r.shop_id),
    shopName: String(r.shop_name ?? ''),
    marketId: n(r.market_id),
    orderId: String(r.order_id),
    requestDate: String(r.request_date),
    type: r.order_type as RemovalLine['type'],
    status: r.order_status as RemovalLine['status'],
    lastUpdated: text(r.last_updated),
    sku: String(r.sku),
    fnsku: String(r.fnsku ?? ''),
    listingId: r.listing_id === null ? null : n(r.listing_id),
    productName: text(r.product_name),
    productNameEn: text(r.product_name_en),
    disposition: String(r.disposition),
    requested: n(r.requested),
    cancelled: n(r.cancelled),
    disposed: n(r.disposed),
    shipped: n(r.shipped),
    inProcess: n(r.in_process),
    removalFee: text(r.removal_fee),
    currency: String(r.currency ?? ''),
    shipments: n(r.shipments),
  };
}

type RemovalQuery = Omit<EndpointQuery<typeof listRemovals>, 'pageNum' | 'pageSize'>;

export async function listRemovalsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listRemovals>) {
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, repo.removalsQuery(scope, q), page);
  return { list: rows.map(toLine), total, ...page };
}

export async function removalOf(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof getRemoval>) {
  const lines = await repo.orderLines(ctx.db, scope, q.shopId, q.orderId);
  if (lines.length === 0) throw notFound(`no removal order ${q.orderId}`);
  const shipments = await repo.orderShipments(ctx.db, scope, q.shopId, q.orderId);
  return {
    shopId: q.shopId,
    orderId: q.orderId,
    lines: lines.map(toLine),
    shipments: shipments.map((s) => ({
      sku: String(s.sku),
      fnsku: String(s.fnsku ?? ''),
      disposition: String(s.disposition),
      shipmentDate: String(s.shipment_date),
      carrier: String(s.carrier ?? ''),
      trackingNumber: String(s.tracking_number ?? ''),
      quantity: n(s.quantity),
    })),
  };
}

export function exportRemovals(ctx: AppContext, scope: ShopScope, q: RemovalQuery, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return streamXlsx<RemovalLine>(poolOf(ctx.db), {
    fileName: `${t('FBA移除订单', 'FBA removal orders')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('移除订单', 'Removal orders'),
    query: repo.removalsQuery(scope, q),
    map: toLine,
    columns: [
      { header: t('申请日期', 'Request date'), width: 12, value: (r) => r.requestDate },
      { header: t('订单号', 'Order id'), width: 18, value: (r) => r.orderId },
      { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
      { header: t('类型', 'Type'), width: 12, value: (r) => r.type },
      { header: t('状态', 'Status'), width: 12, value: (r) => r.status },
      { header: 'SKU', width: 18, value: (r) => r.sku },
      { header: 'FNSKU', width: 13, value: (r) => r.fnsku },
      { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
      { header: t('库存属性', 'Disposition'), width: 14, value: (r) => r.disposition },
      { header: t('申请数量', 'Requested'), value: (r) => r.requested },
      { header: t('已取消', 'Cancelled'), value: (r) => r.cancelled },
      { header: t('已销毁', 'Disposed'), value: (r) => r.disposed },
      { header: t('已发货', 'Shipped'), value: (r) => r.shipped },
      { header: t('处理中', 'In process'), value: (r) => r.inProcess },
      { header: t('移除费', 'Removal fee'), numFmt: '0.00', value: (r) => (r.removalFee === null ? null : Number(r.removalFee)) },
      { header: t('币种', 'Currency'), width: 8, value: (r) => r.currency },
      { header: t('最后更新', 'Last updated'), width: 20, value: (r) => r.lastUpdated },
    ],
  });
}
