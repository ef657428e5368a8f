/**
 * Amazon's removal reports of one shop as the import kind `fba-removals` (docs/inventory.md
 * "Removal orders"), told apart by their columns:
 *
 * - Removal Order Detail (`orders`): per order, SKU and disposition the request date, order type
 *   (Return, Disposal, Liquidations), status, last update, requested / cancelled / disposed /
 *   shipped / in-process quantities, removal fee and currency. Older files name the type
 *   `order-type` (`orders-2019`); newer ones `removal-order-type` beside `order-source`
 *   (`orders-2023`).
 * - Removal Shipment Detail (`shipments`): per order, SKU and disposition each shipment's day,
 *   carrier, tracking number and shipped quantity (one tracking number twice on a day is summed).
 *
 * Tab-separated as downloaded, or `.csv`. Headers compared as the stock reports' are. A type or
 * status the report does not use, a bad day or quantity is a row error; a SKU the shop has no
 * listing for a warning. Commit replaces each order the file names as a whole (its lines, or its
 * shipments), logged first, so a revert puts the orders back; orders the file does not name stay
 * (the report covers the orders updated in a period, not all of them).
 */
import type { ImportKind, RecordRow } from '@bo/contract/imports/imports';
import type { RemovalStatus, RemovalType } from '@bo/contract/inventory/removals';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { textSet } from '../../../db/sql';
import type { AppContext } from '../../../platform/context';
import { recordBefore } from '../../imports/import-changes';
import type { ImportShop, ShopCommitResult, ShopImportHandler, ShopParseResult } from '../../imports/import-kinds';
import { reportParsed } from '../../imports/import-kinds';
import { readAmount, readDay } from '../../ppc/imports/values';
import { commitCounts, openStockReport, readQuantity } from './stock-reports';

const ORDER_COLUMNS = {
  requestDate: 'request-date',
  orderId: 'order-id',
  orderSource: 'order-source',
  type: 'order-type',
  removalType: 'removal-order-type',
  status: 'order-status',
  lastUpdated: 'last-updated-date',
  sku: 'sku',
  fnsku: 'fnsku',
  disposition: 'disposition',
  requested: 'requested-quantity',
  cancelled: 'cancelled-quantity',
  disposed: 'disposed-quantity',
  shipped: 'shipped-quantity',
  inProcess: 'in-process-quantity',
  removalFee: 'removal-fee',
  currency: 'currency',
} as const;
const SHIPMENT_COLUMNS = {
  requestDate: 'request-date',
  orderId: 'order-id',
  shipmentDate: 'shipment-date',
  sku: 'sku',
  fnsku: 'fnsku',
  disposition: 'disposition',
  quantity: 'shipped-quantity',
  carrier: 'carrier',
  trackingNumber: 'tracking-number',
  removalType: 'removal-order-type',
} as const;
const ORDER_QUANTITIES = ['requested', 'cancelled', 'disposed', 'shipped', 'inProcess'] as const;
const KNOWN = new Set<string>([...Object.values(ORDER_COLUMNS), ...Object.values(SHIPMENT_COLUMNS)]);

const TYPES: Record<string, RemovalType> = {
  return: 'return',
  disposal: 'disposal',
  liquidation: 'liquidation',
  liquidations: 'liquidation',
};
const STATUSES: Record<string, RemovalStatus> = {
  pending: 'pending',
  planning: 'pending',
  processing: 'processing',
  inprocess: 'processing',
  completed: 'completed',
  complete: 'completed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};
const word = (s: string) => s.replace(/[\s_-]/g, '').toLowerCase();
export const removalTypeOf = (s: string): RemovalType | null => TYPES[word(s)] ?? null;
export const removalStatusOf = (s: string): RemovalStatus | null => STATUSES[word(s)] ?? null;

type Values = Record<string, string | number | null>;
type Report = 'orders' | 'shipments';
const TABLE: Record<Report, string> = { orders: 'inventory_removal_lines', shipments: 'inventory_removal_shipments' };
const FIGURES: Record<Report, readonly string[]> = {
  orders: ['requestDate', 'type', 'status', 'lastUpdated', 'fnsku', ...ORDER_QUANTITIES, 'removalFee', 'currency'],
  shipments: ['fnsku', 'carrier', 'quantity'],
};
const keyOf = (report: Report, v: Values) =>
  report === 'orders'
    ? `${v.orderId}|${v.sku}|${v.disposition}`
    : `${v.orderId}|${v.sku}|${v.disposition}|${v.shipmentDate}|${v.trackingNumber}`;

/** The stored rows of these orders, by record key, with the fields a record carries. */
async function storedRows(db: DbOrTx, report: Report, shopId: number, orders: string[]) {
  const out = new Map<string, Values>();
  if (orders.length === 0) return out;
  const res =
    report === 'orders'
      ? await db.execute<Values>(sql`
          SELECT order_id AS "orderId", sku, disposition, to_char(request_date, 'YYYY-MM-DD') AS "requestDate", order_type AS type,
                 order_status AS status, to_char(last_updated AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastUpdated", fnsku,
                 requested, cancelled, disposed, shipped, in_process AS "inProcess", removal_fee::text AS "removalFee", currency
            FROM inventory_removal_lines WHERE shop_id = ${shopId} AND order_id IN ${textSet(orders)}`)
      : await db.execute<Values>(sql`
          SELECT order_id AS "orderId", sku, disposition, to_char(shipment_date, 'YYYY-MM-DD') AS "shipmentDate",
                 tracking_number AS "trackingNumber", fnsku, carrier, quantity
            FROM inventory_removal_shipments WHERE shop_id = ${shopId} AND order_id IN ${textSet(orders)}`);
  for (const r of res.rows) out.set(keyOf(report, r), r);
  return out;
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');
function compare(report: Report, v: Values, stored: Values | undefined) {
  if (!stored) return { status: 'new' as const, before: null };
  if (FIGURES[report].every((f) => same(v[f], stored[f]))) return { status: 'unchanged' as const, before: null };
  const before: Values = {};
  for (const f of FIGURES[report]) before[f] = stored[f] ?? null;
  return { status: 'changed' as const, before };
}

/** An ISO instant from the report's "2026-11-02T08:11:37+00:00" (or a day), as UTC; null when unreadable. */
function readInstant(text: string): string | null {
  if (!text) return null;
  const t = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(t) ? null : new Date(t).toISOString().replace('.000Z', 'Z');
}

async function parse(ctx: AppContext, bytes: Buffer, shop: ImportShop): Promise<ShopParseResult> {
  const reportOf = (names: readonly string[]): Report => (names.includes(SHIPMENT_COLUMNS.shipmentDate) ? 'shipments' : 'orders');
  const typeFieldOf = (names: readonly string[]) => (names.includes(ORDER_COLUMNS.type) ? 'type' : 'removalType');
  const file = await openStockReport(ctx, bytes, shop, KNOWN, (names) => {
    const typeField = typeFieldOf(names);
    return reportOf(names) === 'orders'
      ? {
          columns: ORDER_COLUMNS,
          required: ['requestDate', 'orderId', typeField, 'status', 'sku', 'disposition', 'requested'],
          closest: 'orders-2023',
        }
      : { columns: SHIPMENT_COLUMNS, required: ['orderId', 'shipmentDate', 'sku', 'quantity'], closest: 'shipments' };
  });
  if (file.held) return file.held;
  const { rows, errors, warnings, at, listingOf, format } = file;
  const report = reportOf(file.header.names);
  const typeField = typeFieldOf(file.header.names);
  const byKey = new Map<string, { line: number; v: Values }>();
  for (const rec of rows) {
    const { cell, problem } = at(rec);
    const orderId = cell('orderId');
    const sku = cell('sku');
    if (!orderId || !sku) {
      problem(orderId ? 'sku' : 'orderId', orderId ? 'the SKU is empty' : 'the order id is empty');
      continue;
    }
    const listing = listingOf(sku, rec.line);
    const v: Values = {
      orderId,
      sku,
      disposition: cell('disposition').toUpperCase() || 'SELLABLE',
      fnsku: cell('fnsku').toUpperCase(),
      listingId: listing?.id ?? null,
    };
    if (report === 'orders') {
      const requestDate = readDay(cell('requestDate'), shop.marketCode);
      if (!requestDate) {
        problem('requestDate', `not a date: ${cell('requestDate') || '(empty)'}`);
        continue;
      }
      const type = removalTypeOf(cell(typeField));
      if (!type) {
        problem(typeField, `not a removal order type: ${cell(typeField) || '(empty)'}`);
        continue;
      }
      const status = removalStatusOf(cell('status'));
      if (!status) {
        problem('status', `not an order status: ${cell('status') || '(empty)'}`);
        continue;
      }
      const fee = readAmount(cell('removalFee'));
      if (fee === null) {
        problem('removalFee', `not an amount: ${cell('removalFee')}`);
        continue;
      }
      Object.assign(v, {
        requestDate,
        type,
        status,
        orderSource: cell('orderSource'),
        lastUpdated: readInstant(cell('lastUpdated')),
        removalFee: cell('removalFee') === '' ? null : Number(fee.amount).toFixed(2),
        currency: (cell('currency') || fee.currency || '').toUpperCase(),
      });
      let bad = false;
      for (const q of ORDER_QUANTITIES) {
        const r = readQuantity(cell(q));
        if ('error' in r) {
          problem(q, r.error === 'negative' ? `a negative quantity: ${cell(q)}` : `not a quantity: ${cell(q)}`);
          bad = true;
          break;
        }
        v[q] = r.n;
      }
      if (bad) continue;
      const key = keyOf(report, v);
      const prev = byKey.get(key);
      if (prev) {
        problem('sku', `order ${orderId} lists SKU ${sku} (${v.disposition}) twice (line ${prev.line})`);
        continue;
      }
      byKey.set(key, { line: rec.line, v });
    } else {
      const shipmentDate = readDay(cell('shipmentDate'), shop.marketCode);
      if (!shipmentDate) {
        problem('shipmentDate', `not a date: ${cell('shipmentDate') || '(empty)'}`);
        continue;
      }
      const q = readQuantity(cell('quantity'));
      if ('error' in q) {
        problem('quantity', `not a quantity: ${cell('quantity')}`);
        continue;
      }
      Object.assign(v, { shipmentDate, trackingNumber: cell('trackingNumber'), carrier: cell('carrier') });
      const key = keyOf(report, v);
      const prev = byKey.get(key);
      // One tracking number shipped in several cartons on a day: one shipment of the summed units.
      if (prev) prev.v.quantity = Number(prev.v.quantity) + q.n;
      else byKey.set(key, { line: rec.line, v: { ...v, quantity: q.n } });
    }
  }

  const orders = [...new Set([...byKey.values()].map((r) => String(r.v.orderId)))];
  const stored = await storedRows(ctx.db, report, shop.id, orders);
  const records: RecordRow[] = [...byKey.entries()].map(([key, r]) => {
    const c = compare(report, r.v, stored.get(key));
    return { line: r.line, key, status: c.status, values: { ...r.v, report }, before: c.before };
  });
  const variant = report === 'shipments' ? 'shipments' : typeField === 'type' ? 'orders-2019' : 'orders-2023';
  return reportParsed({ variant: `${variant}/${format}`, fingerprint: file.header.fingerprint }, { records, errors, warnings });
}

async function commit(tx: Tx, shop: ImportShop, records: readonly RecordRow[], importId: number): Promise<ShopCommitResult> {
  const report: Report = records[0]?.values.report === 'shipments' ? 'shipments' : 'orders';
  const table = TABLE[report];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${table}), ${shop.id})`);
  const orders = [...new Set(records.map((r) => String(r.values.orderId)))].sort();
  const stored = await storedRows(tx, report, shop.id, orders);
  const counts = commitCounts(records, stored, (r, st) => compare(report, r.values, st).status);
  await recordBefore(
    tx,
    importId,
    table,
    orders.map((orderId) => ({ shop_id: shop.id, order_id: orderId })),
  );
  await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE shop_id = ${shop.id} AND order_id IN ${textSet(orders)}`);
  const rows = JSON.stringify(records.map((r) => r.values));
  if (records.length > 0 && report === 'orders')
    await tx.execute(sql`
      INSERT INTO inventory_removal_lines (shop_id, order_id, sku, disposition, fnsku, listing_id, request_date, order_type, order_status,
                                           order_source, last_updated, requested, cancelled, disposed, shipped, in_process, removal_fee,
                                           currency, source, import_id)
      SELECT ${shop.id}, x."orderId", x.sku, x.disposition, x.fnsku, x."listingId", x."requestDate"::date, x.type, x.status,
             coalesce(x."orderSource", ''), x."lastUpdated"::timestamptz, x.requested, x.cancelled, x.disposed, x.shipped, x."inProcess",
             x."removalFee"::numeric, x.currency, 'fba-removals', ${importId}
        FROM jsonb_to_recordset(${rows}::jsonb) AS x("orderId" text, sku text, disposition text, fnsku text, "listingId" int,
             "requestDate" text, type text, status text, "orderSource" text, "lastUpdated" text, requested int, cancelled int,
             disposed int, shipped int, "inProcess" int, "removalFee" text, currency text)`);
  if (records.length > 0 && report === 'shipments')
    await tx.execute(sql`
      INSERT INTO inventory_removal_shipments (shop_id, order_id, sku, disposition, shipment_date, tracking_number, carrier, fnsku,
                                               quantity, source, import_id)
      SELECT ${shop.id}, x."orderId", x.sku, x.disposition, x."shipmentDate"::date, x."trackingNumber", x.carrier, x.fnsku,
             x.quantity, 'fba-removals', ${importId}
        FROM jsonb_to_recordset(${rows}::jsonb) AS x("orderId" text, sku text, disposition text, "shipmentDate" text,
             "trackingNumber" text, carrier text, fnsku text, quantity int)`);
  const days = [...new Set(records.map((r) => String(r.values.requestDate ?? r.values.shipmentDate)))].sort();
  return { ...counts, days };
}

/** The removal reports' kind, for the import facility (inventory.manifest.ts). */
export const removalReportKinds: Partial<Record<ImportKind, ShopImportHandler>> = {
  'fba-removals': {
    parse: (ctx, bytes, shop) => parse(ctx, bytes, shop),
    commit: (tx, _actor, shop, records, importId) => commit(tx, shop, records, importId),
    // Nothing is derived at commit: the list and the replenishment advice read the lines as they are.
    revert: {},
  },
};
