/**
 * The stock reports of one shop as import kinds of the import facility (preview, then commit):
 *
 * - `fba-inventory`: the "Manage FBA Inventory" report (tab-separated `.txt`, or a `.csv` saved
 *   from it): one row per seller SKU, a snapshot of the day it was requested. It has no date
 *   column: the day is the upload's period end, else today in the shop's marketplace. Variants by
 *   their columns: `myi-2017` (no researching column), `myi-2020` (afn-researching-quantity),
 *   `myi-2023` (afn-reserved-future-supply, afn-future-supply-buyable); rows whose
 *   afn-listing-exists is "No" are merchant-fulfilled only and skipped with a warning.
 * - `fba-inventory-age`: the "Inventory Age" report (`inventory-age`) or the newer "FBA
 *   Inventory" report (`fba-inventory`), per seller SKU and snapshot-date the units by age:
 *   0–90, 91–180, 181–270, 271–365, 365+ days. A file that splits the first quarter
 *   (inv-age-0-to-30/31-to-60/61-to-90-days) is summed into 0–90 (variant suffix `-split`).
 *   Without a snapshot-date column the day is taken as for Manage Inventory.
 *
 * Rules of both: headers are matched case-insensitively with spaces, underscores and hyphens
 * alike, under up to five title lines; a SKU the shop has no listing for is a warning (the row
 * is kept, without a product); a negative or unreadable quantity is an error (that row is
 * skipped when the good rows are committed); a SKU twice on one day is an error on the second.
 * Commit replaces every day the file covers for the shop's FBA warehouse: rows of that day the
 * file no longer names are removed (`zeroed`), so re-importing a day replaces it. The commit
 * logs each replaced day (import_changes), so a revert puts the day back as it was while
 * nothing wrote it since.
 */
import type { ImportKind, RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { parseOffThread } from '../../../platform/upload/parse-pool';
import { listingSkus } from '../../catalog/catalog.reads';
import { recordBefore } from '../../imports/import-changes';
import type { ImportPeriod, ImportShop, ShopCommitResult, ShopImportHandler, ShopParseResult } from '../../imports/import-kinds';
import { reportParsed } from '../../imports/import-kinds';
import { fieldReader, findReportHeader, heldReport, titleLineWarnings } from '../../imports/parsers/report-header';
import type { RowProblem } from '../../imports/parsers/types';
import { readDay } from '../../ppc/imports/values';
import { fbaWarehouseId } from '../warehouses';

export type StockKind = 'fba-inventory' | 'fba-inventory-age';

/** A header as compared: lower case, NFKC, spaces/underscores/hyphens as one hyphen. */
export const normaliseStockHeader = (h: string) =>
  h
    .normalize('NFKC')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');

/** field → column name, per kind. */
const POSITION_COLUMNS = {
  sku: 'sku',
  fnsku: 'fnsku',
  asin: 'asin',
  afnListing: 'afn-listing-exists',
  fulfillable: 'afn-fulfillable-quantity',
  reserved: 'afn-reserved-quantity',
  inboundWorking: 'afn-inbound-working-quantity',
  inboundShipped: 'afn-inbound-shipped-quantity',
  inboundReceiving: 'afn-inbound-receiving-quantity',
  unfulfillable: 'afn-unsellable-quantity',
  researching: 'afn-researching-quantity',
} as const;
const POSITION_REQUIRED = ['sku', 'fulfillable'] as const;
const POSITION_QUANTITIES = [
  'fulfillable',
  'reserved',
  'inboundWorking',
  'inboundShipped',
  'inboundReceiving',
  'unfulfillable',
  'researching',
] as const;

const AGE_COLUMNS = {
  sku: 'sku',
  fnsku: 'fnsku',
  asin: 'asin',
  snapshot: 'snapshot-date',
  age0To90: 'inv-age-0-to-90-days',
  age0To30: 'inv-age-0-to-30-days',
  age31To60: 'inv-age-31-to-60-days',
  age61To90: 'inv-age-61-to-90-days',
  age91To180: 'inv-age-91-to-180-days',
  age181To270: 'inv-age-181-to-270-days',
  age271To365: 'inv-age-271-to-365-days',
  age365Plus: 'inv-age-365-plus-days',
} as const;
const AGE_REQUIRED = ['sku', 'age91To180', 'age181To270', 'age271To365', 'age365Plus'] as const;
const AGE_SPLIT = ['age0To30', 'age31To60', 'age61To90'] as const;
export const AGE_QUANTITIES = ['age0To90', 'age91To180', 'age181To270', 'age271To365', 'age365Plus'] as const;

const KNOWN = new Set<string>([...Object.values(POSITION_COLUMNS), ...Object.values(AGE_COLUMNS)]);

/** A quantity cell: empty is 0; "1,234" and "12.0" read; negative and anything else are refused. */
export function readQuantity(text: string): { n: number } | { error: 'negative' | 'notNumber' } {
  const s = text.trim().replace(/[,\s]/g, '');
  if (s === '' || s === '-') return { n: 0 };
  // "12" or "12.0": digits, then optionally a point and zeros only.
  const [whole = '', fraction] = s.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  if (!/^\d+$/.test(digits) || (fraction !== undefined && !/^0+$/.test(fraction))) return { error: 'notNumber' };
  const n = Number(digits);
  if (negative && n !== 0) return { error: 'negative' };
  return n > 2_000_000_000 ? { error: 'notNumber' } : { n };
}

/** Today in a time zone as yyyy-MM-dd. */
export const todayIn = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

type Values = Record<string, string | number | null>;
const TABLE: Record<StockKind, 'inventory_positions' | 'inventory_ages'> = {
  'fba-inventory': 'inventory_positions',
  'fba-inventory-age': 'inventory_ages',
};
const quantitiesOf = (kind: StockKind): readonly string[] => (kind === 'fba-inventory' ? POSITION_QUANTITIES : AGE_QUANTITIES);
const COLUMN: Record<string, string> = {
  fulfillable: 'fulfillable',
  reserved: 'reserved',
  inboundWorking: 'inbound_working',
  inboundShipped: 'inbound_shipped',
  inboundReceiving: 'inbound_receiving',
  unfulfillable: 'unfulfillable',
  researching: 'researching',
  age0To90: 'age_0_90',
  age91To180: 'age_91_180',
  age181To270: 'age_181_270',
  age271To365: 'age_271_365',
  age365Plus: 'age_365_plus',
};

/** The stored rows of these days of the shop's FBA warehouse, by `day|sku`. */
async function storedRows(db: DbOrTx, kind: StockKind, shop: ImportShop, warehouseId: number | null, days: string[]) {
  const out = new Map<string, Values>();
  if (warehouseId === null || days.length === 0) return out;
  const cols = quantitiesOf(kind).map((q) => sql`${sql.identifier(COLUMN[q] as string)} AS ${sql.identifier(q)}`);
  const res = await db.execute<Values & { day: string; sku: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sku, ${sql.join(cols, sql`, `)}
      FROM ${sql.identifier(TABLE[kind])}
     WHERE shop_id = ${shop.id} AND warehouse_id = ${warehouseId} AND day = ANY(${`{${days.join(',')}}`}::date[])`);
  for (const r of res.rows) out.set(`${r.day}|${r.sku}`, r);
  return out;
}

function compare(kind: StockKind, v: Values, stored: Values | undefined) {
  if (!stored) return { status: 'new' as const, before: null };
  const changed = quantitiesOf(kind).some((q) => Number(v[q]) !== Number(stored[q]));
  if (!changed) return { status: 'unchanged' as const, before: null };
  const before: Values = {};
  for (const q of quantitiesOf(kind)) before[q] = Number(stored[q]);
  return { status: 'changed' as const, before };
}

async function parse(
  ctx: AppContext,
  kind: StockKind,
  bytes: Buffer,
  shop: ImportShop,
  period?: ImportPeriod,
): Promise<ShopParseResult> {
  const { records: lines, problems, delimiter } = await parseOffThread('textRecords', bytes, ['\t', ',', ';']);
  const errors: RowProblem[] = [...problems];
  const warnings: RowProblem[] = [];
  const columns: Record<string, string> = kind === 'fba-inventory' ? POSITION_COLUMNS : AGE_COLUMNS;

  const header = findReportHeader(lines, normaliseStockHeader, KNOWN);
  const { headers, names, fingerprint } = header;
  const has = (field: string) => names.includes(columns[field] as string);
  const required: string[] = kind === 'fba-inventory' ? [...POSITION_REQUIRED] : [...AGE_REQUIRED];
  const split = kind === 'fba-inventory-age' && !has('age0To90');
  if (kind === 'fba-inventory-age') required.push(...(split ? AGE_SPLIT : ['age0To90']));
  const missing = required.filter((f) => !has(f)).map((f) => columns[f] as string);
  if (header.at === -1 || missing.length > 0)
    return heldReport(kind === 'fba-inventory' ? 'myi-2020' : 'inventory-age', header, missing, (n) => KNOWN.has(n));
  warnings.push(...titleLineWarnings(lines, header));

  const { index, at } = fieldReader(header, columns, errors);
  const fileDay = period?.periodEnd ?? period?.periodStart ?? todayIn(shop.timeZone);
  const listings = await shopListings(ctx.db, shop.id);
  const byKey = new Map<string, { line: number; v: Values }>();

  for (const rec of lines.slice(header.at + 1)) {
    if (rec.cells.every((c) => c.trim() === '')) continue;
    const { cell, problem } = at(rec);
    const sku = cell('sku');
    if (!sku) {
      problem('sku', 'the SKU is empty');
      continue;
    }
    if (kind === 'fba-inventory' && /^no$/i.test(cell('afnListing'))) {
      warnings.push({ line: rec.line, column: 'afn-listing-exists', message: `SKU ${sku} is not fulfilled by Amazon; skipped` });
      continue;
    }
    let day = fileDay;
    if (kind === 'fba-inventory-age' && index.has('snapshot')) {
      const text = cell('snapshot');
      const d = readDay(text, shop.marketCode);
      if (!d) {
        problem('snapshot', `not a date: ${text || '(empty)'}`);
        continue;
      }
      day = d;
    }
    const v: Values = { day, sku };
    let bad = false;
    const fields =
      kind === 'fba-inventory' ? POSITION_QUANTITIES : [...AGE_QUANTITIES.slice(1), ...(split ? AGE_SPLIT : ['age0To90'])];
    for (const q of fields) {
      const r = readQuantity(cell(q));
      if ('error' in r) {
        problem(q, r.error === 'negative' ? `a negative quantity: ${cell(q)}` : `not a quantity: ${cell(q)}`);
        bad = true;
        break;
      }
      v[q] = r.n;
    }
    if (bad) continue;
    if (split) v.age0To90 = Number(v.age0To30) + Number(v.age31To60) + Number(v.age61To90);
    for (const s of AGE_SPLIT) delete v[s];
    const listing = listings.get(sku.toUpperCase());
    if (!listing)
      warnings.push({
        line: rec.line,
        column: headers[index.get('sku') ?? 0],
        message: `SKU ${sku} is not a listing of this shop: kept without a product`,
      });
    v.listingId = listing?.id ?? null;
    v.asin = cell('asin').toUpperCase() || listing?.asin || '';
    v.fnsku = cell('fnsku').toUpperCase();
    const key = `${day}|${sku}`;
    const prev = byKey.get(key);
    if (prev) {
      problem('sku', `SKU ${sku} is listed twice for ${day} (line ${prev.line})`);
      continue;
    }
    byKey.set(key, { line: rec.line, v });
  }

  const warehouseId = await fbaWarehouseId(ctx.db, shop.marketId, false);
  const days = [...new Set([...byKey.values()].map((r) => String(r.v.day)))];
  const stored = await storedRows(ctx.db, kind, shop, warehouseId, days);
  const records: RecordRow[] = [...byKey.entries()].map(([key, r]) => {
    const c = compare(kind, r.v, stored.get(key));
    return { line: r.line, key, status: c.status, values: r.v, before: c.before };
  });
  const format = delimiter === '\t' ? 'tsv' : 'csv';
  const variant =
    kind === 'fba-inventory'
      ? names.includes('afn-reserved-future-supply')
        ? 'myi-2023'
        : has('researching')
          ? 'myi-2020'
          : 'myi-2017'
      : `${names.includes('available') ? 'fba-inventory' : 'inventory-age'}${split ? '-split' : ''}`;
  return reportParsed({ variant: `${variant}/${format}`, fingerprint }, { records, errors, warnings });
}

/** The shop's listings by upper-cased seller SKU (the first listing of a SKU), for the stock and ledger imports. */
export async function shopListings(db: DbOrTx, shopId: number) {
  const res = await db.execute<{ id: number; sku: string; asin: string }>(sql`
    SELECT li.id, li.sku, li.asin FROM ${listingSkus} li WHERE li.shop_id = ${shopId} ORDER BY li.id`);
  const bySku = new Map<string, { id: number; asin: string }>();
  for (const l of res.rows)
    if (!bySku.has(l.sku.toUpperCase())) bySku.set(l.sku.toUpperCase(), { id: Number(l.id), asin: l.asin });
  return bySku;
}

async function commit(
  tx: Tx,
  kind: StockKind,
  shop: ImportShop,
  records: readonly RecordRow[],
  importId: number,
): Promise<ShopCommitResult> {
  const table = TABLE[kind];
  const warehouseId = (await fbaWarehouseId(tx, shop.marketId, true)) as number;
  // One import of a shop's stock at a time: the second waits and compares with what the first wrote.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${table}), ${shop.id})`);
  const days = [...new Set(records.map((r) => String(r.values.day)))].sort();
  const stored = await storedRows(tx, kind, shop, warehouseId, days);
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  for (const r of records) {
    const c = compare(kind, r.values, stored.get(r.key));
    if (c.status === 'new') inserted++;
    else if (c.status === 'changed') updated++;
    else unchanged++;
  }
  const named = new Set(records.map((r) => r.key));
  const zeroed = [...stored.keys()].filter((k) => !named.has(k)).length;
  // What the commit replaces, recorded before it writes: a revert puts each day back.
  await recordBefore(
    tx,
    importId,
    table,
    days.map((day) => ({ shop_id: shop.id, warehouse_id: warehouseId, day })),
  );
  await tx.execute(sql`
    DELETE FROM ${sql.identifier(table)} WHERE shop_id = ${shop.id} AND warehouse_id = ${warehouseId} AND day = ANY(${`{${days.join(',')}}`}::date[])`);
  const quantities = quantitiesOf(kind);
  const rows = records.map((r) => r.values);
  if (rows.length > 0) {
    const cols = quantities.map((q) => sql.identifier(COLUMN[q] as string));
    const defs = sql.raw(quantities.map((q) => `"${q}" int`).join(', '));
    const picks = quantities.map((q) => sql`x.${sql.identifier(q)}`);
    await tx.execute(sql`
      INSERT INTO ${sql.identifier(table)} (shop_id, warehouse_id, day, sku, listing_id, asin, fnsku, ${sql.join(cols, sql`, `)}, source, import_id)
      SELECT ${shop.id}, ${warehouseId}, x.day::date, x.sku, x."listingId", x.asin, x.fnsku, ${sql.join(picks, sql`, `)}, ${kind}, ${importId}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(day text, sku text, "listingId" int, asin text, fnsku text, ${defs})`);
  }
  return { inserted, updated, unchanged, zeroed, days };
}

const handler = (kind: StockKind): ShopImportHandler => ({
  parse: (ctx, bytes, shop, period) => parse(ctx, kind, bytes, shop, period),
  commit: (tx, _actor, shop, records, importId) => commit(tx, kind, shop, records, importId),
  // Nothing is derived from the stock rows at commit: the boards read them as they are.
  revert: {},
});

/** Both kinds, for the import facility (inventory.manifest.ts). */
export const stockReportKinds: Partial<Record<ImportKind, ShopImportHandler>> = {
  'fba-inventory': handler('fba-inventory'),
  'fba-inventory-age': handler('fba-inventory-age'),
};

// ---- shared by the ledger and removal kinds (ledger-report.ts, removal-reports.ts) ----

/**
 * A stock report's header and field reader, once its columns are known: the file held when a
 * `required` column is missing, else the reader, the rows after the header, the title-line
 * warnings and the shop's listings, with `listingOf(sku, line)` warning once per unknown SKU.
 */
export async function openStockReport(
  ctx: AppContext,
  bytes: Buffer,
  shop: ImportShop,
  known: ReadonlySet<string>,
  layout: (names: readonly string[]) => { columns: Record<string, string>; required: readonly string[]; closest: string },
) {
  const { records: lines, problems, delimiter } = await parseOffThread('textRecords', bytes, ['\t', ',', ';']);
  const errors: RowProblem[] = [...problems];
  const warnings: RowProblem[] = [];
  const header = findReportHeader(lines, normaliseStockHeader, known);
  const { columns, required, closest } = layout(header.names);
  const missing = required.filter((f) => !header.names.includes(columns[f] as string)).map((f) => columns[f] as string);
  if (header.at === -1 || missing.length > 0) return { held: heldReport(closest, header, missing, (n) => known.has(n)) };
  warnings.push(...titleLineWarnings(lines, header));
  const reader = fieldReader(header, columns, errors);
  const listings = await shopListings(ctx.db, shop.id);
  const unknown = new Set<string>();
  const listingOf = (sku: string, line: number) => {
    const listing = listings.get(sku.toUpperCase());
    if (!listing && !unknown.has(sku.toUpperCase())) {
      unknown.add(sku.toUpperCase());
      warnings.push({
        line,
        column: header.headers[reader.index.get('sku') ?? 0],
        message: `SKU ${sku} is not a listing of this shop: kept without a product`,
      });
    }
    return listing;
  };
  const rows = lines.slice(header.at + 1).filter((rec) => !rec.cells.every((c) => c.trim() === ''));
  const format = delimiter === '\t' ? 'tsv' : 'csv';
  return { held: null, header, rows, errors, warnings, ...reader, listingOf, format };
}

/** What a commit does to the stored rows of its scopes: records new, changed or unchanged, and stored rows it no longer names. */
export function commitCounts<S>(
  records: readonly RecordRow[],
  stored: ReadonlyMap<string, S>,
  statusOf: (r: RecordRow, stored: S | undefined) => 'new' | 'changed' | 'unchanged',
) {
  const counts = { inserted: 0, updated: 0, unchanged: 0, zeroed: 0 };
  for (const r of records) {
    const s = statusOf(r, stored.get(r.key));
    if (s === 'new') counts.inserted++;
    else if (s === 'changed') counts.updated++;
    else counts.unchanged++;
  }
  const named = new Set(records.map((r) => r.key));
  counts.zeroed = [...stored.keys()].filter((k) => !named.has(k)).length;
  return counts;
}
