/**
 * The order reports that tell the mail automation when an order line arrived and whether
 * a return is open, as shop import kinds of the import facility (preview, then commit):
 *
 * - `fba-shipments`, the "Amazon Fulfilled Shipments" report (tab-separated): per order
 *   line (shop + amazon-order-id + ASIN, the ASIN found through the shop's listings by
 *   sku) the delivery date: estimated-arrival-date, else shipment-date plus the
 *   marketplace's default transit days (TRANSIT_DAYS), as a marketplace-local day. A line
 *   shipped in several shipments is delivered when the last one arrives. The buyer's
 *   e-mail and name come with it (the address the review request goes to). A line the
 *   All Orders import has not brought yet is created (status Shipped).
 * - `order-returns`, the "FBA customer returns" report or the merchant-fulfilled
 *   "Returns report" (recognised by their columns): per order line the return state.
 *   Open = requested but not yet received or refunded (see returnStateOf); a line with
 *   several return rows is open when any of them is. A merchant return with an Amazon
 *   RMA id sets the RMA state likewise, and one whose resolution is a refund sets the
 *   refund state: open until the report shows a refunded amount or a closed status (see
 *   refundStateOf). A return of an order line not stored yet creates
 *   the line (purchase date: the order date, else the return date) so that the return
 *   still blocks a review request when the order arrives later.
 *
 * Headers are matched case-insensitively with spaces, underscores and hyphens alike, under
 * up to five title lines. Re-importing a file changes nothing (every record unchanged); a
 * later file sets the state it reports. All Orders re-imports keep what these set. The
 * commit logs each order line it writes (import_changes), so a revert puts the lines back
 * as they were (and removes the ones it created) while nothing changed them since.
 */
import type { ImportKind, RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { parseOffThread } from '../../platform/upload/parse-pool';
import { listingSkus } from '../catalog/catalog.reads';
import { recordBefore } from '../imports/import-changes';
import type { ImportShop, ShopCommitResult, ShopImportHandler, ShopParseResult } from '../imports/import-kinds';
import { reportParsed } from '../imports/import-kinds';
import { isIsoTimestamp } from '../imports/parsers/all-orders';
import { marketIdForSalesChannel, marketplaceLocalDate, NON_AMAZON_CHANNEL } from '../imports/parsers/markets';
import { fieldReader, findReportHeader, heldReport, titleLineWarnings } from '../imports/parsers/report-header';
import type { RowProblem } from '../imports/parsers/types';
import { readDay } from '../ppc/imports/values';

/**
 * Days from shipment to arrival when the report has no estimated arrival: Amazon's
 * standard FBA delivery promise per marketplace (rounded up). Documented in docs/decisions.md.
 */
export const TRANSIT_DAYS: Readonly<Record<string, number>> = {
  US: 3,
  CA: 4,
  UK: 2,
  DE: 2,
  FR: 3,
  IT: 3,
  ES: 3,
  NL: 2,
  SE: 3,
  PL: 3,
  JP: 2,
  SG: 2,
  AU: 4,
};
export const DEFAULT_TRANSIT_DAYS = 3;

/** A header as compared: lower case, NFKC, spaces/underscores/hyphens as one hyphen. */
export const normaliseOrderHeader = (h: string) =>
  h
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');

type Layout = 'fba-shipments' | 'fba-returns' | 'mfn-returns';

const COLUMNS: Record<Layout, { required: Record<string, string>; optional: Record<string, string> }> = {
  'fba-shipments': {
    required: { orderId: 'amazon-order-id', sku: 'sku', shipmentDate: 'shipment-date' },
    optional: {
      quantity: 'quantity-shipped',
      purchaseDate: 'purchase-date',
      arrival: 'estimated-arrival-date',
      buyerEmail: 'buyer-email',
      buyerName: 'buyer-name',
      salesChannel: 'sales-channel',
    },
  },
  'fba-returns': {
    required: { returnDate: 'return-date', orderId: 'order-id', sku: 'sku' },
    optional: {
      asin: 'asin',
      quantity: 'quantity',
      status: 'status',
      disposition: 'detailed-disposition',
      reason: 'reason',
    },
  },
  'mfn-returns': {
    required: { orderId: 'order-id', status: 'return-request-status' },
    optional: {
      orderDate: 'order-date',
      returnDate: 'return-request-date',
      rmaId: 'amazon-rma-id',
      asin: 'asin',
      sku: 'merchant-sku',
      quantity: 'return-quantity',
      reason: 'return-reason',
      deliveredBack: 'return-delivery-date',
      resolution: 'resolution',
      refundedAmount: 'refunded-amount',
    },
  },
};

const ALL_NAMES = new Set(Object.values(COLUMNS).flatMap((c) => [...Object.values(c.required), ...Object.values(c.optional)]));

/** Status words of a return still under way (requested, authorised, in transit, pending, under investigation). */
const OPEN_STATUS = /pending|requested|authori[sz]ed|approved|in[- ]transit|awaiting|investigat|open/i;
/** Status words of a return that is over (received, refunded, reimbursed, closed, refused). */
const CLOSED_STATUS = /closed|complete|refunded|reimbursed|returned|received|rejected|denied|cancel/i;

/**
 * Open or closed, from one return row. FBA customer returns list units the fulfilment
 * centre received: closed (the refund follows the receipt) unless the status says the
 * return is still pending. A merchant return is open until its status closes it, or its
 * item came back (return delivery date) and was refunded.
 */
export function returnStateOf(layout: 'fba-returns' | 'mfn-returns', v: Record<string, string>): 'open' | 'closed' {
  const status = v.status ?? '';
  if (layout === 'fba-returns') return OPEN_STATUS.test(status) && !CLOSED_STATUS.test(status) ? 'open' : 'closed';
  if (CLOSED_STATUS.test(status)) return 'closed';
  if ((v.deliveredBack ?? '') !== '' && /refund/i.test(v.resolution ?? '')) return 'closed';
  return 'open';
}

/**
 * The refund of one return row: none when the report says nothing of a refund; closed
 * when it shows a refunded amount or the FBA status says refunded/reimbursed, or the
 * merchant return closed; open when a refund is the resolution (or the FBA status says
 * one is pending) and none has been paid yet.
 */
export function refundStateOf(layout: 'fba-returns' | 'mfn-returns', v: Record<string, string>): 'none' | 'open' | 'closed' {
  const status = v.status ?? '';
  if (layout === 'fba-returns') {
    if (!/refund|reimburs/i.test(status)) return 'none';
    return OPEN_STATUS.test(status) && !/refunded|reimbursed/i.test(status) ? 'open' : 'closed';
  }
  const digits = (v.refundedAmount ?? '').replace(/[^\d.,]/g, '');
  const amount = Number(digits.includes('.') ? digits.replace(/,/g, '') : digits.replace(',', '.'));
  if (Number.isFinite(amount) && amount > 0) return 'closed';
  if (!/refund/i.test(v.resolution ?? '')) return 'none';
  return CLOSED_STATUS.test(status) ? 'closed' : 'open';
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A marketplace-local day from a timestamp with a zone, or the day a plain date names. */
function localDay(text: string, marketId: number, marketCode: string): string | null {
  const s = text.trim();
  if (!s) return null;
  if (isIsoTimestamp(s)) return marketplaceLocalDate(s, marketId);
  return readDay(s, marketCode);
}

/** A timestamp PostgreSQL reads the same everywhere (the file's own when it has a zone). */
const timestampOf = (text: string, day: string) => (isIsoTimestamp(text.trim()) ? text.trim() : `${day}T00:00:00Z`);

interface Listings {
  bySku: Map<string, { sku: string; asin: string }>;
  byAsin: Map<string, { sku: string; asin: string }>;
}

async function shopListings(db: DbOrTx, shopId: number): Promise<Listings> {
  const res = await db.execute<{ sku: string; asin: string }>(sql`
    SELECT li.sku, li.asin FROM ${listingSkus} li WHERE li.shop_id = ${shopId}`);
  const bySku = new Map<string, { sku: string; asin: string }>();
  const byAsin = new Map<string, { sku: string; asin: string }>();
  for (const l of res.rows) {
    bySku.set(l.sku.toUpperCase(), l);
    if (!byAsin.has(l.asin)) byAsin.set(l.asin, l);
  }
  return { bySku, byAsin };
}

interface StoredLine extends Record<string, unknown> {
  order_id: string;
  asin: string;
  delivery_date: string | null;
  buyer_email: string | null;
  buyer_name: string | null;
  return_state: string;
  refund_state: string;
  rma_state: string;
}

async function storedLines(db: DbOrTx, shopId: number, keys: { o: string; a: string }[]) {
  const out = new Map<string, StoredLine>();
  if (keys.length === 0) return out;
  const res = await db.execute<StoredLine>(sql`
    SELECT o.order_id, o.asin, to_char(o.delivery_date, 'YYYY-MM-DD') AS delivery_date, o.buyer_email, o.buyer_name,
           o.return_state, o.refund_state, o.rma_state
      FROM orders o JOIN jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(o text, a text)
        ON o.order_id = k.o AND o.asin = k.a
     WHERE o.shop_id = ${shopId}`);
  for (const r of res.rows) out.set(`${r.order_id}|${r.asin}`, r);
  return out;
}

type Values = Record<string, string | number | null>;

/** What of a record differs from the stored line: the compared fields. */
const COMPARED: Record<'fba-shipments' | 'order-returns', [string, keyof StoredLine][]> = {
  'fba-shipments': [
    ['deliveryDate', 'delivery_date'],
    ['buyerEmail', 'buyer_email'],
    ['buyerName', 'buyer_name'],
  ],
  'order-returns': [
    ['returnState', 'return_state'],
    ['refundState', 'refund_state'],
    ['rmaState', 'rma_state'],
  ],
};

function compare(kind: 'fba-shipments' | 'order-returns', v: Values, stored: StoredLine | undefined) {
  if (!stored) return { status: 'new' as const, before: null };
  const before: Values = {};
  let changed = false;
  for (const [field, column] of COMPARED[kind]) {
    const now = v[field];
    const was = (stored[column] as string | null) ?? null;
    before[field] = was;
    // An empty buyer field or an RMA or refund state of 'none' keeps what is stored.
    if (now === null || now === '' || ((field === 'rmaState' || field === 'refundState') && now === 'none')) continue;
    if (String(now) !== String(was ?? '')) changed = true;
  }
  return { status: changed ? ('changed' as const) : ('unchanged' as const), before: changed ? before : null };
}

/** Parses either kind: the header, the layout, one record per order line. */
async function parse(
  ctx: AppContext,
  kind: 'fba-shipments' | 'order-returns',
  bytes: Buffer,
  shop: ImportShop,
): Promise<ShopParseResult> {
  const { records: lines, problems, delimiter } = await parseOffThread('textRecords', bytes, ['\t', ',', ';']);
  const errors: RowProblem[] = [...problems];
  const warnings: RowProblem[] = [];

  const header = findReportHeader(lines, normaliseOrderHeader, ALL_NAMES);
  const { names, fingerprint } = header;
  const layout: Layout =
    kind === 'fba-shipments' ? 'fba-shipments' : names.includes('return-request-status') ? 'mfn-returns' : 'fba-returns';
  const cols = COLUMNS[layout];
  const missing = Object.values(cols.required).filter((n) => !names.includes(n));
  if (header.at === -1 || missing.length > 0) return heldReport(layout, header, missing, (n) => ALL_NAMES.has(n));
  warnings.push(...titleLineWarnings(lines, header));

  const { index, at } = fieldReader(header, { ...cols.required, ...cols.optional }, errors);
  const listings = await shopListings(ctx.db, shop.id);
  const byKey = new Map<string, { line: number; v: Values }>();

  for (const rec of lines.slice(header.at + 1)) {
    const { cell, problem } = at(rec);
    const orderId = cell('orderId');
    if (!orderId) {
      problem('orderId', 'the order id is empty');
      continue;
    }
    const channel = cell('salesChannel');
    if (channel) {
      if (channel.toLowerCase() === NON_AMAZON_CHANNEL) {
        warnings.push({ line: rec.line, message: `Order ${orderId} is a Non-Amazon order; skipped` });
        continue;
      }
      const m = marketIdForSalesChannel(channel);
      if (m !== null && m !== shop.marketId) {
        problem('salesChannel', `an order of ${channel} in a shop of ${shop.marketCode}`);
        continue;
      }
    }
    const sku = cell('sku');
    const fileAsin = cell('asin').toUpperCase();
    const listing = sku ? listings.bySku.get(sku.toUpperCase()) : listings.byAsin.get(fileAsin);
    // The key is the listing's ASIN (as the All Orders import stores it), else the file's.
    const asin = listing?.asin ?? (/^[A-Z0-9]{10}$/.test(fileAsin) ? fileAsin : null);
    if (!asin) {
      problem(sku ? 'sku' : 'asin', sku ? `no listing for SKU ${sku} in this shop` : 'neither a SKU of this shop nor an ASIN');
      continue;
    }
    const quantityText = cell('quantity');
    const quantity = quantityText === '' ? 1 : Number(quantityText);
    if (!Number.isInteger(quantity) || quantity < 0) {
      problem('quantity', `not a quantity: ${quantityText}`);
      continue;
    }

    let v: Values;
    if (layout === 'fba-shipments') {
      const shipped = localDay(cell('shipmentDate'), shop.marketId, shop.marketCode);
      if (!shipped) {
        problem('shipmentDate', `not a date: ${cell('shipmentDate') || '(empty)'}`);
        continue;
      }
      const arrivalText = cell('arrival');
      const arrival = arrivalText ? localDay(arrivalText, shop.marketId, shop.marketCode) : null;
      if (arrivalText && !arrival) {
        problem('arrival', `not a date: ${arrivalText}`);
        continue;
      }
      const transit = TRANSIT_DAYS[shop.marketCode] ?? DEFAULT_TRANSIT_DAYS;
      const purchaseText = cell('purchaseDate');
      const purchaseDay = purchaseText ? localDay(purchaseText, shop.marketId, shop.marketCode) : null;
      v = {
        orderId,
        sku: listing?.sku ?? sku,
        asin,
        quantity,
        shipmentDate: shipped,
        deliveryDate: arrival ?? addDays(shipped, transit),
        basis: arrival ? 'estimated-arrival-date' : `shipment-date + ${transit} days`,
        buyerEmail: cell('buyerEmail').toLowerCase() || null,
        buyerName: cell('buyerName') || null,
        purchaseDate: purchaseDay ? timestampOf(purchaseText, purchaseDay) : timestampOf(cell('shipmentDate'), shipped),
      };
    } else {
      const values: Record<string, string> = {};
      for (const f of index.keys()) values[f] = cell(f);
      const returnText = cell('returnDate');
      const returnDay = returnText ? localDay(returnText, shop.marketId, shop.marketCode) : null;
      const orderText = cell('orderDate');
      const orderDay = orderText ? localDay(orderText, shop.marketId, shop.marketCode) : null;
      if (layout === 'fba-returns' && !returnDay) {
        problem('returnDate', `not a date: ${returnText || '(empty)'}`);
        continue;
      }
      const day = orderDay ?? returnDay;
      if (!day) {
        problem('orderDate', 'neither an order date nor a return date');
        continue;
      }
      const state = returnStateOf(layout, values);
      v = {
        orderId,
        sku: listing?.sku ?? (sku || asin),
        asin,
        quantity,
        returnDate: returnDay,
        status: cell('status') || cell('disposition') || null,
        reason: cell('reason') || null,
        returnState: state,
        refundState: refundStateOf(layout, values),
        rmaState: layout === 'mfn-returns' && cell('rmaId') ? state : 'none',
        purchaseDate: orderDay ? timestampOf(orderText, orderDay) : timestampOf(returnText, day),
      };
    }
    const key = `${orderId}|${asin}`;
    const prev = byKey.get(key);
    if (!prev) {
      byKey.set(key, { line: rec.line, v });
      continue;
    }
    // Several rows of one order line: the last arrival, the summed quantity; any open return keeps it open.
    const p = prev.v;
    p.quantity = Number(p.quantity) + quantity;
    if (layout === 'fba-shipments') {
      if (String(v.deliveryDate) > String(p.deliveryDate)) {
        p.deliveryDate = v.deliveryDate ?? null;
        p.basis = v.basis ?? null;
        p.shipmentDate = v.shipmentDate ?? null;
      }
      p.buyerEmail = p.buyerEmail ?? v.buyerEmail ?? null;
      p.buyerName = p.buyerName ?? v.buyerName ?? null;
    } else {
      if (v.returnState === 'open') p.returnState = 'open';
      if (v.rmaState === 'open' || (p.rmaState === 'none' && v.rmaState !== 'none')) p.rmaState = v.rmaState ?? 'none';
      if (v.refundState === 'open' || (p.refundState === 'none' && v.refundState !== 'none'))
        p.refundState = v.refundState ?? 'none';
      if (String(v.returnDate ?? '') > String(p.returnDate ?? '')) p.returnDate = v.returnDate ?? null;
    }
  }

  const stored = await storedLines(
    ctx.db,
    shop.id,
    [...byKey.values()].map((r) => ({ o: String(r.v.orderId), a: String(r.v.asin) })),
  );
  const records: RecordRow[] = [...byKey.entries()].map(([key, r]) => {
    const c = compare(kind, r.v, stored.get(key));
    return { line: r.line, key, status: c.status, values: r.v, before: c.before };
  });
  const tsv = delimiter === '\t' ? 'tsv' : 'csv';
  return reportParsed({ variant: `${layout}/${tsv}`, fingerprint }, { records, errors, warnings });
}

interface Written extends Record<string, unknown> {
  inserted: boolean;
}

async function commit(
  tx: Tx,
  kind: 'fba-shipments' | 'order-returns',
  shop: ImportShop,
  records: readonly RecordRow[],
  importId: number,
): Promise<ShopCommitResult> {
  // Compared again with what is stored now: a line another import changed since the preview is written as it is now.
  const stored = await storedLines(
    tx,
    shop.id,
    records.map((r) => ({ o: String(r.values.orderId), a: String(r.values.asin) })),
  );
  const toWrite = records.filter((r) => compare(kind, r.values, stored.get(r.key)).status !== 'unchanged');
  const rows = toWrite.map((r) => r.values);
  await recordBefore(
    tx,
    importId,
    'orders',
    rows.map((v) => ({ shop_id: shop.id, order_id: String(v.orderId), asin: String(v.asin) })),
  );
  let written: Written[] = [];
  if (rows.length > 0 && kind === 'fba-shipments') {
    written = (
      await tx.execute<Written>(sql`
        INSERT INTO orders (shop_id, market_id, order_id, asin, sku, quantity, order_status, buyer_email, buyer_name,
                            purchase_date, delivery_date, import_id)
        SELECT ${shop.id}, ${shop.marketId}, x."orderId", x.asin, x.sku, x.quantity, 'Shipped', x."buyerEmail", x."buyerName",
               x."purchaseDate"::timestamptz, x."deliveryDate"::date, ${importId}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS x("orderId" text, asin text, sku text, quantity int, "buyerEmail" text, "buyerName" text, "purchaseDate" text, "deliveryDate" text)
        ON CONFLICT (shop_id, order_id, asin) DO UPDATE
           SET delivery_date = EXCLUDED.delivery_date,
               buyer_email = coalesce(EXCLUDED.buyer_email, orders.buyer_email),
               buyer_name = coalesce(EXCLUDED.buyer_name, orders.buyer_name),
               updated_at = now()
        RETURNING (xmax = 0) AS inserted`)
    ).rows;
  } else if (rows.length > 0) {
    written = (
      await tx.execute<Written>(sql`
        INSERT INTO orders (shop_id, market_id, order_id, asin, sku, quantity, order_status, purchase_date, return_state, refund_state,
                            rma_state, import_id)
        SELECT ${shop.id}, ${shop.marketId}, x."orderId", x.asin, x.sku, x.quantity, '', x."purchaseDate"::timestamptz,
               x."returnState", x."refundState", x."rmaState", ${importId}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS x("orderId" text, asin text, sku text, quantity int, "purchaseDate" text, "returnState" text, "refundState" text,
                 "rmaState" text)
        ON CONFLICT (shop_id, order_id, asin) DO UPDATE
           SET return_state = EXCLUDED.return_state,
               refund_state = CASE WHEN EXCLUDED.refund_state = 'none' THEN orders.refund_state ELSE EXCLUDED.refund_state END,
               rma_state = CASE WHEN EXCLUDED.rma_state = 'none' THEN orders.rma_state ELSE EXCLUDED.rma_state END,
               updated_at = now()
        RETURNING (xmax = 0) AS inserted`)
    ).rows;
  }
  const inserted = written.filter((w) => w.inserted).length;
  return {
    inserted,
    updated: written.length - inserted,
    unchanged: records.length - written.length,
    zeroed: 0,
    days: [],
  };
}

const handler = (kind: 'fba-shipments' | 'order-returns'): ShopImportHandler => ({
  parse: (ctx, bytes, shop) => parse(ctx, kind, bytes, shop),
  commit: (tx, _actor, shop, records, importId) => commit(tx, kind, shop, records, importId),
  // Nothing is recomputed from order lines at commit: the mail automation reads them as they are.
  revert: {},
});

/** Both kinds, for the import facility (orders.manifest.ts). */
export const orderReportKinds: Partial<Record<ImportKind, ShopImportHandler>> = {
  'fba-shipments': handler('fba-shipments'),
  'order-returns': handler('order-returns'),
};
