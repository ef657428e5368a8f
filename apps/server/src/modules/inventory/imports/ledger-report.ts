/**
 * Amazon's "Inventory Ledger" report of one shop as the import kind `fba-inventory-ledger`
 * (docs/inventory.md "Inventory Ledger"). Two views of the report, told apart by their columns:
 *
 * - `summary`: per day (aggregated by day), FNSKU, MSKU, disposition and location: starting
 *   warehouse balance, in transit between warehouses, receipts, customer shipments, customer
 *   returns, vendor returns, warehouse transfer in/out, found, lost, damaged, disposed, other
 *   events, ending warehouse balance, unknown events. Signed as Amazon writes them.
 * - `detailed`: one event per row (event type, reference id, quantity, fulfillment center,
 *   disposition, reason). Events are summed per day × MSKU × disposition × fulfillment center
 *   into the summary's columns: Shipments, CustomerReturns, Receipts, VendorReturns,
 *   WhseTransfers by their type; Adjustments by reason code (F found; M, 5 lost; E, H, K, U, 6, 7, Q
 *   damaged; D disposed; others other events); an unknown event type counts as unknown events
 *   with a warning. A detailed day has no balances.
 *
 * Each as Seller Central downloads it (`.csv` quoted) or tab-separated. Headers are compared as
 * the stock reports' are (`normaliseStockHeader`). Dates are the marketplace's (MM/DD/YYYY in the
 * US); a monthly summary ("11/2026") is refused row by row. Commit replaces every day the file
 * covers for the shop (rows the file no longer names are removed), logged first, so a revert puts
 * each day back.
 */
import type { ImportKind, RecordRow } from '@bo/contract/imports/imports';
import { LEDGER_MOVEMENT_FIELDS } from '@bo/contract/inventory/ledger';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { recordBefore } from '../../imports/import-changes';
import type { ImportShop, ShopCommitResult, ShopImportHandler, ShopParseResult } from '../../imports/import-kinds';
import { reportParsed } from '../../imports/import-kinds';
import { readDay } from '../../ppc/imports/values';
import { fbaWarehouseId } from '../warehouses';
import { commitCounts, openStockReport } from './stock-reports';

const COMMON = { day: 'date', fnsku: 'fnsku', asin: 'asin', sku: 'msku', disposition: 'disposition' } as const;
const SUMMARY_COLUMNS = {
  ...COMMON,
  location: 'location',
  startingBalance: 'starting-warehouse-balance',
  inTransit: 'in-transit-between-warehouses',
  receipts: 'receipts',
  customerShipments: 'customer-shipments',
  customerReturns: 'customer-returns',
  vendorReturns: 'vendor-returns',
  transfers: 'warehouse-transfer-in/out',
  found: 'found',
  lost: 'lost',
  damaged: 'damaged',
  disposed: 'disposed',
  otherEvents: 'other-events',
  endingBalance: 'ending-warehouse-balance',
  unknownEvents: 'unknown-events',
} as const;
const DETAILED_COLUMNS = {
  ...COMMON,
  eventType: 'event-type',
  referenceId: 'reference-id',
  quantity: 'quantity',
  fc: 'fulfillment-center',
  reason: 'reason',
  country: 'country',
} as const;
const SUMMARY_REQUIRED = ['day', 'sku', 'disposition', 'startingBalance', 'endingBalance'] as const;
const DETAILED_REQUIRED = ['day', 'sku', 'disposition', 'eventType', 'quantity'] as const;
const KNOWN = new Set<string>([...Object.values(SUMMARY_COLUMNS), ...Object.values(DETAILED_COLUMNS), 'title']);

/** The movement columns, in the report's order (signed). */
export const LEDGER_MOVEMENTS = ['inTransit', ...LEDGER_MOVEMENT_FIELDS] as const;
type Movement = (typeof LEDGER_MOVEMENTS)[number];
const FIGURES = ['startingBalance', ...LEDGER_MOVEMENTS, 'endingBalance'] as const;
/** The ledger table's column of each figure (the reads in ledger.service.ts use it too). */
export const LEDGER_COLUMN: Record<(typeof FIGURES)[number], string> = {
  startingBalance: 'starting_balance',
  inTransit: 'in_transit',
  receipts: 'receipts',
  customerShipments: 'customer_shipments',
  customerReturns: 'customer_returns',
  vendorReturns: 'vendor_returns',
  transfers: 'transfers',
  found: 'found',
  lost: 'lost',
  damaged: 'damaged',
  disposed: 'disposed',
  otherEvents: 'other_events',
  endingBalance: 'ending_balance',
  unknownEvents: 'unknown_events',
};

const EVENT_TYPES: Record<string, Movement> = {
  shipments: 'customerShipments',
  customerreturns: 'customerReturns',
  receipts: 'receipts',
  vendorreturns: 'vendorReturns',
  whsetransfers: 'transfers',
};
/** Adjustment reason codes (Amazon's "Reason" column) → the summary column they count in. */
const ADJUSTMENT_REASONS: Record<string, Movement> = {
  F: 'found',
  M: 'lost',
  '5': 'lost',
  E: 'damaged',
  H: 'damaged',
  K: 'damaged',
  U: 'damaged',
  '6': 'damaged',
  '7': 'damaged',
  Q: 'damaged',
  D: 'disposed',
};
/** Where an event of the detailed view counts. */
export function movementOf(eventType: string, reason: string): Movement | null {
  const type = eventType.replace(/[\s_-]/g, '').toLowerCase();
  if (type === 'adjustments') return ADJUSTMENT_REASONS[reason.trim().toUpperCase()] ?? 'otherEvents';
  return EVENT_TYPES[type] ?? null;
}

/** A signed whole number: empty is 0; "1,234", "-3" and "12.0" read; anything else is refused. */
export function readSigned(text: string): number | null {
  const s = text.trim().replace(/[,\s]/g, '');
  if (s === '' || s === '-') return 0;
  const negative = s.startsWith('-');
  const [whole = '', fraction] = s.replace(/^[+-]/, '').split('.');
  if (!/^\d+$/.test(whole) || (fraction !== undefined && !/^0+$/.test(fraction))) return null;
  const n = Number(whole);
  if (n > 2_000_000_000) return null;
  return negative && n !== 0 ? -n : n;
}

type Values = Record<string, string | number | null>;
const keyOf = (v: Values) => `${v.day}|${v.sku}|${v.disposition}|${v.location}`;

async function storedRows(db: DbOrTx, shop: ImportShop, warehouseId: number | null, days: string[]) {
  const out = new Map<string, Values>();
  if (warehouseId === null || days.length === 0) return out;
  const cols = FIGURES.map((q) => sql`${sql.identifier(LEDGER_COLUMN[q])} AS ${sql.identifier(q)}`);
  const res = await db.execute<Values>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sku, disposition, location, ${sql.join(cols, sql`, `)}
      FROM inventory_ledger
     WHERE shop_id = ${shop.id} AND warehouse_id = ${warehouseId} AND day = ANY(${`{${days.join(',')}}`}::date[])`);
  for (const r of res.rows) out.set(keyOf(r), r);
  return out;
}

const num = (x: unknown) => (x === null || x === undefined ? null : Number(x));
function compare(v: Values, stored: Values | undefined) {
  if (!stored) return { status: 'new' as const, before: null };
  if (FIGURES.every((q) => num(v[q]) === num(stored[q]))) return { status: 'unchanged' as const, before: null };
  const before: Values = {};
  for (const q of FIGURES) before[q] = num(stored[q]);
  return { status: 'changed' as const, before };
}

async function parse(ctx: AppContext, bytes: Buffer, shop: ImportShop): Promise<ShopParseResult> {
  const isDetailed = (names: readonly string[]) => names.includes(DETAILED_COLUMNS.eventType);
  const report = await openStockReport(ctx, bytes, shop, KNOWN, (names) =>
    isDetailed(names)
      ? { columns: DETAILED_COLUMNS, required: DETAILED_REQUIRED, closest: 'detailed' }
      : { columns: SUMMARY_COLUMNS, required: SUMMARY_REQUIRED, closest: 'summary' },
  );
  if (report.held) return report.held;
  const { header, rows, errors, warnings, at, listingOf, format } = report;
  const detailed = isDetailed(header.names);
  const byKey = new Map<string, { line: number; v: Values }>();
  for (const rec of rows) {
    const { cell, problem } = at(rec);
    const sku = cell('sku');
    if (!sku) {
      problem('sku', 'the MSKU is empty');
      continue;
    }
    const day = readDay(cell('day'), shop.marketCode);
    if (!day) {
      problem('day', `not a day: ${cell('day') || '(empty)'} (a ledger aggregated by month cannot be imported)`);
      continue;
    }
    const disposition = cell('disposition').toUpperCase() || 'SELLABLE';
    const location = (detailed ? cell('fc') : cell('location')).toUpperCase();
    const listing = listingOf(sku, rec.line);
    const base: Values = {
      day,
      sku,
      disposition,
      location,
      listingId: listing?.id ?? null,
      asin: cell('asin').toUpperCase() || listing?.asin || '',
      fnsku: cell('fnsku').toUpperCase(),
      view: detailed ? 'detailed' : 'summary',
    };
    const key = keyOf(base);
    if (detailed) {
      const q = readSigned(cell('quantity'));
      if (q === null) {
        problem('quantity', `not a quantity: ${cell('quantity')}`);
        continue;
      }
      let movement = movementOf(cell('eventType'), cell('reason'));
      if (!movement) {
        warnings.push({
          line: rec.line,
          column: header.headers[report.index.get('eventType') ?? 0],
          message: `unknown event type ${cell('eventType') || '(empty)'}: counted as unknown events`,
        });
        movement = 'unknownEvents';
      }
      const row = byKey.get(key) ?? {
        line: rec.line,
        v: { ...base, ...emptyFigures(), startingBalance: null, endingBalance: null },
      };
      row.v[movement] = Number(row.v[movement]) + q;
      byKey.set(key, row);
      continue;
    }
    const v: Values = { ...base };
    let bad = false;
    for (const f of FIGURES) {
      const n = readSigned(cell(f));
      if (n === null) {
        problem(f, `not a quantity: ${cell(f)}`);
        bad = true;
        break;
      }
      v[f] = n;
    }
    if (bad) continue;
    const prev = byKey.get(key);
    if (prev) {
      problem(
        'sku',
        `SKU ${sku} (${disposition}${location ? `, ${location}` : ''}) is listed twice for ${day} (line ${prev.line})`,
      );
      continue;
    }
    byKey.set(key, { line: rec.line, v });
  }

  const warehouseId = await fbaWarehouseId(ctx.db, shop.marketId, false);
  const days = [...new Set([...byKey.values()].map((r) => String(r.v.day)))];
  const stored = await storedRows(ctx.db, shop, warehouseId, days);
  const records: RecordRow[] = [...byKey.entries()].map(([key, r]) => {
    const c = compare(r.v, stored.get(key));
    return { line: r.line, key, status: c.status, values: r.v, before: c.before };
  });
  const variant = `${detailed ? 'detailed' : 'summary'}/${format}`;
  return reportParsed({ variant, fingerprint: header.fingerprint }, { records, errors, warnings });
}

const emptyFigures = (): Values => Object.fromEntries(LEDGER_MOVEMENTS.map((m) => [m, 0]));

async function commit(tx: Tx, shop: ImportShop, records: readonly RecordRow[], importId: number): Promise<ShopCommitResult> {
  const warehouseId = (await fbaWarehouseId(tx, shop.marketId, true)) as number;
  // One ledger import of a shop at a time: the second waits and compares with what the first wrote.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('inventory_ledger'), ${shop.id})`);
  const days = [...new Set(records.map((r) => String(r.values.day)))].sort();
  const stored = await storedRows(tx, shop, warehouseId, days);
  const counts = commitCounts(records, stored, (r, st) => compare(r.values, st).status);
  await recordBefore(
    tx,
    importId,
    'inventory_ledger',
    days.map((day) => ({ shop_id: shop.id, warehouse_id: warehouseId, day })),
  );
  await tx.execute(sql`
    DELETE FROM inventory_ledger WHERE shop_id = ${shop.id} AND warehouse_id = ${warehouseId} AND day = ANY(${`{${days.join(',')}}`}::date[])`);
  if (records.length > 0) {
    const cols = FIGURES.map((q) => sql.identifier(LEDGER_COLUMN[q]));
    const defs = sql.raw(FIGURES.map((q) => `"${q}" int`).join(', '));
    const picks = FIGURES.map((q) => sql`x.${sql.identifier(q)}`);
    await tx.execute(sql`
      INSERT INTO inventory_ledger (shop_id, warehouse_id, day, sku, disposition, location, listing_id, asin, fnsku, view,
                                    ${sql.join(cols, sql`, `)}, source, import_id)
      SELECT ${shop.id}, ${warehouseId}, x.day::date, x.sku, x.disposition, x.location, x."listingId", x.asin, x.fnsku, x.view,
             ${sql.join(picks, sql`, `)}, 'fba-inventory-ledger', ${importId}
        FROM jsonb_to_recordset(${JSON.stringify(records.map((r) => r.values))}::jsonb)
          AS x(day text, sku text, disposition text, location text, "listingId" int, asin text, fnsku text, view text, ${defs})`);
  }
  return { ...counts, days };
}

/** The ledger kind, for the import facility (inventory.manifest.ts). */
export const ledgerReportKinds: Partial<Record<ImportKind, ShopImportHandler>> = {
  'fba-inventory-ledger': {
    parse: (ctx, bytes, shop) => parse(ctx, bytes, shop),
    commit: (tx, _actor, shop, records, importId) => commit(tx, shop, records, importId),
    // Nothing is derived from the ledger rows at commit: the detail and differences read them as they are.
    revert: {},
  },
};
