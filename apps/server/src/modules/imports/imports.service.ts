/**
 * The import facility. Rules:
 * - Upload parses and checks the file and stores what it would write; nothing reaches
 *   the facts until commit. Every upload records kind, variant, header fingerprint, file
 *   hash, marketplace, currency, time zone and the exchange rates of the days it touches.
 * - A column set that matches no known variant is held for review (status 'held') with
 *   a diff against the closest variant; it can never be committed.
 * - The shop decides marketplace, currency and time zone. A file in another currency, or
 *   rows from another marketplace, are refused, not converted.
 * - Rows are matched to the shop's listings by SKU (then ASIN); an unknown one is a row
 *   error. A file with row errors is committed only when the user asks for its good rows.
 * - Commit writes in one transaction under the shop's lock; whole days are replaced
 *   (re-importing the same file changes nothing), and the result says what changed per day.
 *   Whole days means: the listings the file names get its figures, the listings it does not
 *   name at all get zero; a listing named by a row with errors keeps its stored figures on
 *   that row's day (on every day when the row has none), and its good rows there are not written.
 * - The preview shows, per day, what the commit would change against the stored data; a file
 *   that removes much more than it adds (LARGE_REMOVAL) is committed only when confirmed.
 * - A sales-report commit records what it replaced (import_replaced, same transaction) and can
 *   be reverted while no later committed sales import wrote the same shop-days (see sales-replace.ts).
 *   An area kind with revert hooks logs the scopes it writes (import_changes, import-changes.ts)
 *   and can be reverted while nothing (a later import, an edit) changed them since.
 * - A Business Report of one day becomes that day's facts; a longer one is stored as the
 *   period's totals, never spread over days.
 * - Isolation: an import is visible only to callers who see its shop and hold its kind's
 *   permission; otherwise it does not exist (404).
 * - History: everyone's committed, reverted and discarded imports; a preview or held file only
 *   to its uploader, and to holders of the kind's upload permission who ask for all pending ones.
 *   A never-written import can be discarded by its uploader or by such a holder.
 */
import { type ActionOf, type Lang, MARKETS, refusalText, transitionFrom } from '@bo/contract';
import { IMPORT_MACHINE } from '@bo/contract/imports/import-states';
import {
  IMPORT_KINDS,
  type ImportImpact,
  type ImportKind,
  type ImportPreview,
  type ImportRecord,
  isShopKind,
  type RecordRow,
} from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import { nameFor } from '../../platform/auth/user-visibility';
import type { AppContext } from '../../platform/context';
import { badRequest, codedFieldError, conflict, notFound, permissionDenied } from '../../platform/errors';
import { sha256Hex } from '../../platform/upload/file-hash';
import { parseOffThread } from '../../platform/upload/parse-pool';
import {
  dayTotals,
  lockShopFacts,
  rateAsOf,
  refreshRollups,
  writeSalesFigures,
  zeroSalesNotIn,
} from '../sales/facts/facts.service';
import { narrowScope, type ShopScope, scopeHas, shopIn } from '../shops/shops/shop-scope';
import { changesOf, conflictsOf, describeScope, restoreChanges, sealChanges } from './import-changes';
import { companyHandler, type ImportShop, type ShopImportHandler, shopHandler } from './import-kinds';
import { type BusinessReportRow, marketplaceLocalDate, type OrderRow, type RowProblem, type SkippedRow } from './parsers';
import { impactOf, type KeepKey, ordersOwnedDays, protectedPairs, recordReplaced, restoreReplaced } from './sales-replace';

/** A row to write: one listing on one day, or (day null) over the import's period. */
interface PayloadRow {
  line: number;
  listingId: number;
  sku: string;
  asin: string;
  day: string | null;
  units: number;
  orders: number;
  revenue: string;
  sessions: number | null;
  pageViews: number | null;
}

export interface UploadFields {
  kind: ImportKind;
  /** Required for the shop kinds; absent for the company-wide ones. */
  shopId?: number;
  marketId?: number;
  periodStart?: string;
  periodEnd?: string;
}

const PREVIEW_ROWS = 200;
const MAX_PROBLEMS = 1000;
const CHUNK = 5000;

const DAY = 86_400_000;
const daysFrom = (start: string, end: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
};

const cents = (s: string) => Math.round(Number(s) * 100);
const fromCents = (c: number) => (c / 100).toFixed(2);

function mayUpload(actor: RequestActor, kind: ImportKind) {
  const p = IMPORT_KINDS[kind].upload;
  if (!actor.permissions.has(p)) throw permissionDenied(p);
}

const viewableKinds = (actor: RequestActor) =>
  (Object.keys(IMPORT_KINDS) as ImportKind[]).filter((k) => actor.permissions.has(IMPORT_KINDS[k].view));

interface ListingKey extends Record<string, unknown> {
  id: number;
  sku: string;
  asin: string;
}

async function shopListings(ctx: AppContext, shopId: number) {
  const res = await ctx.db.execute<ListingKey>(sql`
    SELECT li.id, sk.sku, li.asin FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = ${shopId}`);
  const bySku = new Map<string, ListingKey>();
  const byAsin = new Map<string, ListingKey>();
  for (const l of res.rows) {
    bySku.set(l.sku.toUpperCase(), l);
    if (!byAsin.has(l.asin)) byAsin.set(l.asin, l);
  }
  return { bySku, byAsin };
}

function matchListing(
  listings: Awaited<ReturnType<typeof shopListings>>,
  sku: string | null,
  asin: string,
): ListingKey | undefined {
  return (sku ? listings.bySku.get(sku.trim().toUpperCase()) : undefined) ?? listings.byAsin.get(asin);
}

/**
 * The listings named by rows left out for errors, with their day (a one-day Business Report's
 * day, an order's marketplace-local purchase day; null when none can be read: every day).
 */
function keepOf(
  skipped: readonly SkippedRow[],
  listings: Awaited<ReturnType<typeof shopListings>>,
  fields: UploadFields,
  marketId: number,
): (KeepKey & { line: number; sku: string })[] {
  const out = new Map<string, KeepKey & { line: number; sku: string }>();
  for (const s of skipped) {
    const l = matchListing(listings, s.sku, s.asin ?? '');
    if (!l) continue;
    let d: string | null = null;
    if (fields.kind === 'business-report') d = fields.periodStart === fields.periodEnd ? (fields.periodStart ?? null) : null;
    else if (s.purchaseDate && !Number.isNaN(Date.parse(s.purchaseDate))) d = marketplaceLocalDate(s.purchaseDate, marketId);
    if (!out.has(`${l.id}|${d}`)) out.set(`${l.id}|${d}`, { l: l.id, d, line: s.line, sku: l.sku });
  }
  return [...out.values()];
}

/** Business Report rows → one row per listing (a listing listed twice is summed). */
function fromBusinessReport(
  rows: readonly BusinessReportRow[],
  listings: Awaited<ReturnType<typeof shopListings>>,
  fields: UploadFields,
  errors: RowProblem[],
): PayloadRow[] {
  const oneDay = fields.periodStart === fields.periodEnd;
  const byListing = new Map<number, PayloadRow & { cents: number }>();
  for (const r of rows) {
    const l = matchListing(listings, r.sku, r.asin);
    if (!l) {
      errors.push({
        line: r.line,
        column: r.sku ? 'SKU' : 'ASIN',
        message: `no listing for ${r.sku ? `SKU ${r.sku}` : `ASIN ${r.asin}`} in this shop`,
      });
      continue;
    }
    const prev = byListing.get(l.id);
    const add = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));
    byListing.set(l.id, {
      line: prev?.line ?? r.line,
      listingId: l.id,
      sku: l.sku,
      asin: l.asin,
      day: oneDay ? (fields.periodStart ?? null) : null,
      units: (prev?.units ?? 0) + r.unitsOrdered,
      orders: (prev?.orders ?? 0) + r.totalOrderItems,
      cents: (prev?.cents ?? 0) + cents(r.orderedProductSales),
      revenue: '',
      sessions: add(prev?.sessions ?? null, r.sessions),
      pageViews: add(prev?.pageViews ?? null, r.pageViews),
    });
  }
  return [...byListing.values()].map(({ cents: c, ...row }) => ({ ...row, revenue: fromCents(c) }));
}

/** An All Orders line kept for the `orders` table (short keys: the payload is stored as JSON). */
interface OrderLine {
  o: string;
  a: string;
  s: string;
  q: number;
  st: string;
  p: string;
  d: string;
}

/**
 * The order lines of an All Orders import into `orders`: idempotent on shop + order id +
 * ASIN (a later file updates status, quantity and purchase date; buyer, delivery and
 * return states set elsewhere are kept). A line listed twice in one file is summed.
 */
async function upsertOrderLines(tx: DbOrTx, shopId: number, importId: number) {
  await tx.execute(sql`
    INSERT INTO orders (shop_id, market_id, order_id, asin, sku, quantity, order_status, purchase_date, import_id)
    SELECT ${shopId}, s.market_id, x.o, x.a, max(x.s), sum(x.q)::int, max(coalesce(x.st, '')), min(x.p::timestamptz), ${importId}
      FROM imports i CROSS JOIN LATERAL jsonb_to_recordset(coalesce(i.order_lines, '[]'::jsonb)) AS x(o text, a text, s text, q int, st text, p text)
      JOIN shops s ON s.id = ${shopId}
     WHERE i.id = ${importId}
     GROUP BY s.market_id, x.o, x.a
    ON CONFLICT (shop_id, order_id, asin) DO UPDATE
       SET sku = EXCLUDED.sku, quantity = EXCLUDED.quantity, order_status = EXCLUDED.order_status,
           purchase_date = EXCLUDED.purchase_date, import_id = EXCLUDED.import_id, updated_at = now()`);
}

/** All Orders rows → one row per listing and marketplace-local day (cancelled orders left out). */
function fromAllOrders(
  rows: readonly OrderRow[],
  listings: Awaited<ReturnType<typeof shopListings>>,
  marketId: number,
  fields: UploadFields,
  errors: RowProblem[],
  warnings: RowProblem[],
  orderLines: OrderLine[] = [],
): PayloadRow[] {
  const groups = new Map<string, PayloadRow & { cents: number; orderIds: Set<string> }>();
  let cancelled = 0;
  for (const r of rows) {
    if (r.marketId !== null && r.marketId !== marketId) {
      const code = MARKETS.find((m) => m.id === r.marketId)?.code ?? r.salesChannel;
      errors.push({
        line: r.line,
        column: 'sales-channel',
        message: `an order of ${r.salesChannel} (${code}) in a shop of another marketplace`,
      });
      continue;
    }
    const day = marketplaceLocalDate(r.purchaseDate, marketId);
    if ((fields.periodStart && day < fields.periodStart) || (fields.periodEnd && day > fields.periodEnd)) {
      errors.push({
        line: r.line,
        column: 'purchase-date',
        message: `purchased on ${day}, outside the period ${fields.periodStart ?? '…'} – ${fields.periodEnd ?? '…'}`,
      });
      continue;
    }
    const l = matchListing(listings, r.sku, r.asin);
    if (!l) {
      errors.push({ line: r.line, column: 'sku', message: `no listing for SKU ${r.sku} in this shop` });
      continue;
    }
    // Order lines for the mail automation (a cancelled line is kept: it must get no mail).
    orderLines.push({
      o: r.orderId,
      a: l.asin,
      s: l.sku,
      q: r.quantity,
      st: r.itemStatus || r.orderStatus,
      p: r.purchaseDate,
      d: day,
    });
    if (/^cancel/i.test(r.orderStatus) || /^cancel/i.test(r.itemStatus ?? '')) {
      cancelled++;
      continue;
    }
    const key = `${l.id}|${day}`;
    const g = groups.get(key) ?? {
      line: r.line,
      listingId: l.id,
      sku: l.sku,
      asin: l.asin,
      day,
      units: 0,
      orders: 0,
      revenue: '',
      sessions: null,
      pageViews: null,
      cents: 0,
      orderIds: new Set<string>(),
    };
    g.units += r.quantity;
    // Files write the promotion discount with either sign; it always lowers the revenue.
    g.cents += cents(r.itemPrice) - Math.abs(cents(r.itemPromotionDiscount));
    g.orderIds.add(r.orderId);
    groups.set(key, g);
  }
  if (cancelled > 0) warnings.push({ line: 1, message: `${cancelled} cancelled order lines left out` });
  return [...groups.values()].map(({ cents: c, orderIds, ...row }) => ({ ...row, orders: orderIds.size, revenue: fromCents(c) }));
}

/** The days a commit replaces: the period when given, else the days the file has. */
function replacedDays(kind: ImportKind, fields: UploadFields, payload: readonly PayloadRow[]): string[] {
  if (kind === 'business-report')
    return fields.periodStart === fields.periodEnd && fields.periodStart ? [fields.periodStart] : [];
  const days = payload
    .map((r) => r.day)
    .filter((d): d is string => d !== null)
    .sort();
  const start = fields.periodStart ?? days[0];
  const end = fields.periodEnd ?? days[days.length - 1];
  return start && end ? daysFrom(start, end) : [];
}

export async function upload(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  file: { fileName: string; bytes: Buffer },
  fields: UploadFields,
): Promise<ImportPreview> {
  mayUpload(actor, fields.kind);
  if (!isShopKind(fields.kind)) return uploadCompany(ctx, actor, scope, file, fields.kind);
  const shopId = fields.shopId;
  if (shopId === undefined) throw codedFieldError('shopId', 'imports.shopRequired');
  if (!scopeHas(scope, shopId)) throw notFound('shop not found');
  const [shop] = (
    await ctx.db.execute<{ market_id: number; name: string }>(sql`SELECT market_id, name FROM shops WHERE id = ${shopId}`)
  ).rows;
  if (!shop) throw notFound('shop not found');
  const market = MARKETS.find((m) => m.id === shop.market_id);
  if (!market) throw badRequest('the shop has an unknown marketplace');
  if (fields.marketId !== undefined && fields.marketId !== market.id) {
    throw codedFieldError('marketId', 'imports.shopMarket', { shop: shop.name, market: market.code });
  }
  if (file.bytes.length === 0) throw codedFieldError('file', 'file.empty');
  const handled = shopHandler(fields.kind);
  if (handled) {
    const importShop = {
      id: shopId,
      name: shop.name,
      marketId: market.id,
      marketCode: market.code,
      currency: market.currency,
      timeZone: market.timeZone,
    };
    return uploadShopHandled(ctx, actor, scope, file, fields, importShop, handled);
  }

  const parsed = await parseOffThread(
    'salesReport',
    fields.kind === 'business-report' ? 'business-report' : 'all-orders',
    file.bytes,
  );
  const errors: RowProblem[] = [...parsed.errors];
  const warnings: RowProblem[] = [...parsed.warnings];
  if (parsed.currency && parsed.currency !== market.currency) {
    errors.unshift({ line: 1, message: `the file's money is in ${parsed.currency}, the shop sells in ${market.currency}` });
  }
  if (fields.kind === 'business-report' && parsed.marketId !== null && parsed.marketId !== market.id) {
    errors.unshift({ line: 1, message: `the file is from another marketplace than the shop's (${market.code})` });
  }
  const currencyMismatch = parsed.currency !== null && parsed.currency !== market.currency;

  const listings = await shopListings(ctx, shopId);
  let payload: PayloadRow[] = [];
  let orderLines: OrderLine[] = [];
  if (!parsed.unknownHeader && !currencyMismatch) {
    payload =
      parsed.kind === 'business-report'
        ? fromBusinessReport(parsed.rows as BusinessReportRow[], listings, fields, errors)
        : fromAllOrders(parsed.rows as OrderRow[], listings, market.id, fields, errors, warnings, orderLines);
  }
  if (parsed.rows.length === 0 && !parsed.unknownHeader) warnings.push({ line: 1, message: 'the file has no data rows' });
  // A listing named by a row with errors keeps its stored figures: none of its rows of that day is written.
  const keep = parsed.unknownHeader || currencyMismatch ? [] : keepOf(parsed.skipped ?? [], listings, fields, market.id);
  for (const k of keep) {
    const held = (r: PayloadRow) => r.listingId === k.l && (k.d === null || r.day === k.d);
    if (!payload.some(held)) continue;
    payload = payload.filter((r) => !held(r));
    warnings.push({
      line: k.line,
      message: `SKU ${k.sku} has a row with errors: its stored figures${k.d ? ` of ${k.d}` : ''} are kept and its other rows${k.d ? ' of that day' : ''} are not written`,
    });
  }

  // The exchange rates of the days the import touches, fixed now so the preview shows what commit will use.
  const days = [...new Set(payload.map((r) => r.day ?? fields.periodStart ?? ''))].filter(Boolean).sort();
  const rateSnapshot: Record<string, number> = {};
  if (days.length > 0) {
    const rates = await ctx.db.execute<{ day: string; rate: string | null }>(sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS day,
             ${rateAsOf(sql`${market.currency}`, sql`d`)} AS rate
        FROM (SELECT (jsonb_array_elements_text(${JSON.stringify(days)}::jsonb))::date AS d) x`);
    const missing = rates.rows.filter((r) => r.rate === null).map((r) => r.day);
    for (const r of rates.rows) if (r.rate !== null) rateSnapshot[r.day] = Number(r.rate);
    if (missing.length > 0) {
      errors.unshift({
        line: 1,
        message: `no exchange rate for ${market.currency} on or before ${missing[0]}: record the rate first`,
      });
      payload = payload.filter((r) => !missing.includes(r.day ?? fields.periodStart ?? ''));
      orderLines = orderLines.filter((o) => !missing.includes(o.d));
    }
  }
  const fileErrors = errors.some((e) => e.line === 1 && !e.column);

  const [dup] = (
    await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM imports WHERE shop_id = ${shopId} AND file_hash = ${parsed.fileHash} AND status = 'committed'
       ORDER BY id DESC LIMIT 1`)
  ).rows;
  if (dup)
    warnings.unshift({
      line: 1,
      message: `this file was already committed as import #${dup.id}: committing it again changes nothing`,
    });

  const status = parsed.unknownHeader || fileErrors ? 'held' : 'preview';
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO imports (kind, status, account_id, shop_id, market_id, period_start, period_end, file_name, file_hash, file_size,
                             variant, fingerprint, locale, currency, time_zone, rate_snapshot, row_count, error_count, warning_count,
                             errors, warnings, header_diff, payload, order_lines, keep, duplicate_of, created_by)
        VALUES (${fields.kind}, ${status}, ${actor.accountId}, ${shopId}, ${market.id}, ${fields.periodStart ?? null},
                ${fields.periodEnd ?? null}, ${file.fileName.slice(0, 255)}, ${parsed.fileHash}, ${file.bytes.length},
                ${parsed.variant}, ${parsed.fingerprint}, ${parsed.locale}, ${market.currency}, ${market.timeZone},
                ${JSON.stringify(rateSnapshot)}::jsonb, ${payload.length}, ${errors.length}, ${warnings.length},
                ${JSON.stringify(errors.slice(0, MAX_PROBLEMS))}::jsonb, ${JSON.stringify(warnings.slice(0, MAX_PROBLEMS))}::jsonb,
                ${parsed.unknownHeader ? JSON.stringify(parsed.unknownHeader) : null}::jsonb, ${JSON.stringify(payload)}::jsonb,
                ${parsed.kind === 'all-orders' ? JSON.stringify(orderLines) : null}::jsonb,
                ${JSON.stringify(keep.map((k) => ({ l: k.l, d: k.d })))}::jsonb, ${dup?.id ?? null}, ${actor.userId})
        RETURNING id`)
    ).rows;
    await audit(tx, actor, {
      action: 'upload',
      entity: 'import',
      entityId: row?.id,
      after: {
        kind: fields.kind,
        shopId: shopId,
        fileName: file.fileName,
        fileHash: parsed.fileHash,
        variant: parsed.variant,
        status,
      },
    });
    return Number(row?.id);
  });
  return get(ctx, actor, scope, id);
}

// ---- reading ----------------------------------------------------------------------------------

interface ImportRow extends Record<string, unknown> {
  id: number;
  kind: ImportKind;
  status: ImportRecord['status'];
  shop_id: number | null;
  shop_name: string | null;
  market_id: number | null;
  period_start: string | null;
  period_end: string | null;
  file_name: string;
  file_hash: string;
  file_size: string | number;
  variant: string | null;
  fingerprint: string;
  locale: string | null;
  currency: string | null;
  time_zone: string | null;
  rate_snapshot: Record<string, number>;
  row_count: number;
  error_count: number;
  warning_count: number;
  duplicate_of: number | null;
  created_by: string;
  created_by_id: number;
  created_by_account: number | null;
  created_at: string | Date;
  committed_at: string | Date | null;
  result: ImportRecord['result'];
  keep: KeepKey[] | null;
  commit_seq: string | number | null;
  revertible: boolean;
  reverted_at: string | Date | null;
}

const SELECT = sql`
  SELECT i.id, i.kind, i.status, i.shop_id, s.name AS shop_name, i.market_id,
         to_char(i.period_start, 'YYYY-MM-DD') AS period_start, to_char(i.period_end, 'YYYY-MM-DD') AS period_end,
         i.file_name, i.file_hash, i.file_size, i.variant, i.fingerprint, i.locale, i.currency, i.time_zone, i.rate_snapshot,
         i.row_count, i.error_count, i.warning_count, i.duplicate_of, coalesce(u.user_name, '') AS created_by, i.created_by AS created_by_id, u.account_id AS created_by_account, i.created_at,
         i.committed_at, i.result, i.keep, i.commit_seq, i.revertible, i.reverted_at
    FROM imports i LEFT JOIN shops s ON s.id = i.shop_id LEFT JOIN users u ON u.id = i.created_by`;

/** Never written: a preview waiting for commit, or a file held for review. */
const isPending = (status: ImportRecord['status']) => status === 'preview' || status === 'held';

/** The uploader is named only to a caller who may know them (the company's staff on a shop's import: "—"). */
const toRecord = (r: ImportRow, actor: RequestActor): ImportRecord => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  shopId: r.shop_id,
  shopName: r.shop_name,
  marketId: r.market_id,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  fileName: r.file_name,
  fileHash: r.file_hash,
  fileSize: Number(r.file_size),
  variant: r.variant,
  fingerprint: r.fingerprint,
  locale: r.locale,
  currency: r.currency,
  timeZone: r.time_zone,
  rateSnapshot: r.rate_snapshot,
  rowCount: r.row_count,
  errorCount: r.error_count,
  warningCount: r.warning_count,
  duplicateOf: r.duplicate_of,
  createdBy: nameFor(actor, { name: r.created_by, accountId: r.created_by_account }) ?? '',
  createdAt: new Date(r.created_at).toISOString(),
  committedAt: r.committed_at ? new Date(r.committed_at).toISOString() : null,
  result: r.result ?? null,
  revertible: r.status === 'committed' && r.revertible,
  revertedAt: r.reverted_at ? new Date(r.reverted_at).toISOString() : null,
  discardable: isPending(r.status) && (r.created_by_id === actor.userId || actor.permissions.has(IMPORT_KINDS[r.kind].upload)),
});

/** The sales reports (the kinds whose rows become sales facts here, not in an area's handler). */
const isSalesReport = (row: ImportRow) => row.shop_id !== null && (row.kind === 'business-report' || row.kind === 'all-orders');

/** The days a commit of this sales report replaces (as `replacedDays`, from the stored payload). */
async function replacedDaysOf(db: DbOrTx, row: ImportRow): Promise<string[]> {
  if (row.kind === 'business-report') return row.period_start && row.period_start === row.period_end ? [row.period_start] : [];
  const [m] = (
    await db.execute<{ first: string | null; last: string | null }>(sql`
      SELECT min(e->>'day') AS first, max(e->>'day') AS last
        FROM imports i CROSS JOIN LATERAL jsonb_array_elements(i.payload) e
       WHERE i.id = ${row.id} AND e->>'day' IS NOT NULL`)
  ).rows;
  const start = row.period_start ?? m?.first;
  const end = row.period_end ?? m?.last;
  return start && end ? daysFrom(start, end) : [];
}

/** The import as a write left it, for the write's answer. */
async function recordAfter(tx: DbOrTx, actor: RequestActor, id: number): Promise<ImportRecord> {
  const [done] = (await tx.execute<ImportRow>(sql`${SELECT} WHERE i.id = ${id}`)).rows;
  return toRecord(done as ImportRow, actor);
}

/** The import if the caller may see it (its shop in the request's scope, its kind); else 404. */
async function findVisible(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  forUpdate?: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
) {
  const db = forUpdate ?? ctx.db;
  const kinds = viewableKinds(actor);
  const [row] = (await db.execute<ImportRow>(sql`${SELECT} WHERE i.id = ${id} ${forUpdate ? sql`FOR UPDATE OF i` : sql``}`)).rows;
  if (!row || (row.shop_id !== null && !scopeHas(scope, row.shop_id)) || !kinds.includes(row.kind)) {
    throw notFound('import not found');
  }
  return row;
}

export async function get(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number): Promise<ImportPreview> {
  const row = await findVisible(ctx, actor, scope, id);
  const [detail] = (
    await ctx.db.execute<{
      rows: (PayloadRow | RecordRow)[] | null;
      errors: RowProblem[];
      warnings: RowProblem[];
      header_diff: ImportPreview['unknownHeader'];
      counts: Record<string, number> | null;
    }>(sql`
      SELECT (SELECT jsonb_agg(e) FROM (SELECT e FROM jsonb_array_elements(payload) e LIMIT ${PREVIEW_ROWS}) x) AS rows,
             (SELECT jsonb_object_agg(st, n) FROM (SELECT e->>'status' AS st, count(*) AS n FROM jsonb_array_elements(payload) e
               WHERE e ? 'status' GROUP BY 1) c) AS counts,
             errors, warnings, header_diff
        FROM imports WHERE id = ${id}`)
  ).rows;
  // Company-wide kinds and the shop kinds an area handles store records; the sales reports store rows.
  const company = row.shop_id === null || shopHandler(row.kind) !== undefined;
  const payload = detail?.rows ?? [];
  let impact: ImportImpact | null = null;
  if (isSalesReport(row) && row.status === 'preview' && row.shop_id !== null) {
    const days = await replacedDaysOf(ctx.db, row);
    const owned = await ordersOwnedDays(ctx.db, row.kind, row.shop_id, days);
    impact = await impactOf(ctx.db, row.id, row.shop_id, days, row.keep ?? [], owned);
  }
  return {
    ...toRecord(row, actor),
    rows: company ? [] : (payload as PayloadRow[]).map((r) => ({ ...r, revenue: Number(r.revenue) })),
    records: company ? (payload as RecordRow[]) : [],
    counts: company
      ? { new: detail?.counts?.new ?? 0, changed: detail?.counts?.changed ?? 0, unchanged: detail?.counts?.unchanged ?? 0 }
      : null,
    errors: detail?.errors ?? [],
    warnings: detail?.warnings ?? [],
    unknownHeader: detail?.header_diff ?? null,
    impact,
  };
}

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: {
    kind?: ImportKind[];
    scope?: 'shop' | 'company';
    shopId?: number;
    status?: ImportRecord['status'];
    pending?: 'mine' | 'all';
    pageNum: number;
    pageSize: number;
  },
) {
  const shops = narrowScope(scope, q.shopId);
  const kinds = viewableKinds(actor).filter(
    (k) => (q.kind === undefined || q.kind.includes(k)) && (q.scope === undefined || isShopKind(k) === (q.scope === 'shop')),
  );
  // Company-wide imports have no shop: the kind's permission alone decides, and a shop filter leaves them out.
  const companyWide = q.shopId === undefined && kinds.some((k) => !isShopKind(k));
  if ((shops.shopIds.length === 0 && !companyWide) || kinds.length === 0) {
    return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  }
  // A preview or a held file is its uploader's draft: others see it only when they ask (pending=all)
  // and may upload its kind, i.e. could discard it; what was written (or dropped) everyone sees.
  const othersPending = q.pending === 'all' ? kinds.filter((k) => actor.permissions.has(IMPORT_KINDS[k].upload)) : [];
  const { rows, total } = await pageOf<ImportRow>(
    ctx.db,
    {
      select: sql`SELECT x.*`,
      from: sql`FROM (${SELECT}
       WHERE (${shopIn(sql`i.shop_id`, shops)} ${companyWide ? sql`OR i.shop_id IS NULL` : sql``}) AND i.kind IN (SELECT jsonb_array_elements_text(${JSON.stringify(kinds)}::jsonb))
         AND (i.status NOT IN ('preview', 'held') OR i.created_by = ${actor.userId}
              OR i.kind IN (SELECT jsonb_array_elements_text(${JSON.stringify(othersPending)}::jsonb)))
         ${q.status ? sql`AND i.status = ${q.status}` : sql``}) x`,
      orderBy: sql`x.id DESC`,
    },
    q,
  );
  return {
    list: rows.map((r) => toRecord(r, actor)),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

// ---- commit and discard ---------------------------------------------------------------------

type ImportStatus = ImportRecord['status'];
type ImportAction = ActionOf<typeof IMPORT_MACHINE>;

/**
 * The status `action` moves an import to, by the contract's IMPORT_MACHINE (the web offers the
 * same actions); a status that does not allow it answers 409 with the machine's words.
 */
function transition(status: ImportStatus, action: ImportAction, lang: Lang): ImportStatus {
  const step = transitionFrom(IMPORT_MACHINE, status, action);
  if (!step) throw conflict(refusalText(IMPORT_MACHINE, status, action, lang), { status });
  return step.to;
}

export async function commit(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  opts: { skipErrorRows: boolean; confirmLargeRemoval: boolean; lang: Lang },
): Promise<ImportRecord> {
  const { skipErrorRows } = opts;
  return ctx.db.transaction(async (tx) => {
    const row = await findVisible(ctx, actor, scope, id, tx);
    mayUpload(actor, row.kind);
    const to = transition(row.status, 'commit', opts.lang);
    if (row.error_count > 0 && !skipErrorRows) {
      throw badRequest(
        `the file has ${row.error_count} rows with errors: fix the file, or commit only its good rows (skipErrorRows)`,
      );
    }
    if (row.shop_id === null) return commitCompany(tx, actor, row, to);
    const handled = shopHandler(row.kind);
    if (handled) return commitShopHandled(tx, actor, row, handled, to);
    const shopId = row.shop_id;
    const [p] = (await tx.execute<{ payload: PayloadRow[] }>(sql`SELECT payload FROM imports WHERE id = ${id}`)).rows;
    const payload = p?.payload ?? [];
    await lockShopFacts(tx, shopId);

    const daily = payload.filter((r): r is PayloadRow & { day: string } => r.day !== null);
    const totals = payload.filter((r) => r.day === null);
    const fields = {
      kind: row.kind,
      shopId: shopId,
      periodStart: row.period_start ?? undefined,
      periodEnd: row.period_end ?? undefined,
    };
    const days = [...new Set([...replacedDays(row.kind, fields, payload), ...daily.map((r) => r.day)])].sort();
    const keep = row.keep ?? [];
    // A Business Report writes only traffic on days whose sales came from All Orders.
    const owned = await ordersOwnedDays(tx, row.kind, shopId, days);
    const impact = await impactOf(tx, id, shopId, days, keep, owned);
    if (impact.largeRemovalDays.length > 0 && !opts.confirmLargeRemoval) {
      throw conflict(
        `import #${id} would remove much more than it adds on ${impact.largeRemovalDays.join(', ')}: check the figures and commit again with confirmLargeRemoval`,
        impact,
      );
    }
    const before = await dayTotals(tx, shopId, days);
    // What the commit replaces, recorded before it writes: a revert puts it back.
    await recordReplaced(tx, id, shopId, days, keep, owned);

    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    const ownedSet = new Set(owned);
    for (const trafficOnly of [false, true]) {
      const rows = daily.filter((r) => ownedSet.has(r.day) === trafficOnly);
      for (let i = 0; i < rows.length; i += CHUNK) {
        const r = await writeSalesFigures(tx, shopId, rows.slice(i, i + CHUNK), {
          source: row.kind,
          importId: id,
          asOf: new Date(row.created_at),
          refresh: false,
          trafficOnly,
        });
        counts.inserted += r.inserted;
        counts.updated += r.updated;
        counts.unchanged += r.unchanged;
      }
    }
    const zeroed = await zeroSalesNotIn(
      tx,
      shopId,
      days.filter((d) => !ownedSet.has(d)),
      [...daily, ...protectedPairs(keep, days)],
      row.kind,
    );
    await upsertOrderLines(tx, shopId, id);
    await refreshRollups(tx, shopId, days);

    if (totals.length > 0) {
      // A report of the same period for the same shop replaces the earlier period totals (those of
      // listings named by rows with errors stay), and keeps them for a revert.
      const kept = JSON.stringify(keep.map((k) => k.l));
      await tx.execute(sql`
        WITH gone AS (
          DELETE FROM sales_period_totals WHERE shop_id = ${shopId}
             AND period_start = ${row.period_start}::date AND period_end = ${row.period_end}::date
             AND listing_id NOT IN (SELECT (jsonb_array_elements_text(${kept}::jsonb))::int)
          RETURNING *
        )
        UPDATE imports SET replaced_totals = (SELECT coalesce(jsonb_agg(to_jsonb(g)), '[]'::jsonb) FROM gone g) WHERE id = ${id}`);
      await tx.execute(sql`
        INSERT INTO sales_period_totals (import_id, listing_id, shop_id, period_start, period_end, currency, units, orders, revenue, sessions, page_views)
        SELECT ${id}, x.l, ${shopId}, ${row.period_start}::date, ${row.period_end}::date, ${row.currency}, x.u, x.o, x.r, x.s, x.p
          FROM jsonb_to_recordset(${JSON.stringify(totals.map((t) => ({ l: t.listingId, u: t.units, o: t.orders, r: t.revenue, s: t.sessions, p: t.pageViews })))}::jsonb)
            AS x(l int, u int, o int, r numeric, s int, p int)`);
    }

    const after = await dayTotals(tx, shopId, days);
    const changes = days
      .map((day) => {
        const b = before.get(day) ?? { units: 0, revenue: 0 };
        const a = after.get(day) ?? { units: 0, revenue: 0 };
        return { day, unitsBefore: b.units, unitsAfter: a.units, revenueBefore: b.revenue, revenueAfter: a.revenue };
      })
      .filter((c) => c.unitsBefore !== c.unitsAfter || c.revenueBefore !== c.revenueAfter);
    const result = { ...counts, zeroed, periodTotals: totals.length, days, changes, ordersOwnedDays: owned };
    await tx.execute(sql`
      UPDATE imports SET status = ${to}, result = ${JSON.stringify(result)}::jsonb, committed_by = ${actor.userId}, committed_at = now(),
             commit_seq = nextval('import_commit_seq'), revertible = true
       WHERE id = ${id}`);
    await audit(tx, actor, { action: 'commit', entity: 'import', entityId: id, after: { ...result, changes: changes.length } });
    return recordAfter(tx, actor, id);
  });
}

/**
 * Discard an import that was never written (preview or held): its uploader may, and so may
 * anyone holding the kind's upload permission who sees its shop (a colleague clearing a file
 * left held). Nothing reached the facts, so nothing is undone; the audit row says who.
 */
export async function discard(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  lang: Lang,
): Promise<ImportRecord> {
  return ctx.db.transaction(async (tx) => {
    const row = await findVisible(ctx, actor, scope, id, tx);
    if (row.created_by_id !== actor.userId) mayUpload(actor, row.kind);
    const to = transition(row.status, 'discard', lang);
    await tx.execute(sql`UPDATE imports SET status = ${to}, payload = '[]'::jsonb WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'discard',
      entity: 'import',
      entityId: id,
      before: { status: row.status, createdBy: row.created_by_id },
      after: { status: to },
    });
    return recordAfter(tx, actor, id);
  });
}

/**
 * Undo a committed import. A sales report: every fact it wrote or zeroed gets back what it
 * had, the facts it created go, period totals come back, the rollups of its days are
 * recomputed; all in one transaction under the shop's lock. Refused (409) while a later
 * committed sales import of the shop wrote one of its days (revert that one first: newest
 * first). Any other kind: what its commit logged is put back (`revertArea`).
 */
export async function revert(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  lang: Lang,
): Promise<ImportRecord> {
  return ctx.db.transaction(async (tx) => {
    const row = await findVisible(ctx, actor, scope, id, tx);
    mayUpload(actor, row.kind);
    const to = transition(row.status, 'revert', lang);
    if (!row.revertible) {
      const area = isSalesReport(row) ? undefined : row.shop_id === null ? companyHandler(row.kind) : shopHandler(row.kind);
      throw conflict(
        area && !area.revert
          ? `import #${id} cannot be reverted: a ${row.kind} import does not record what it replaces`
          : `import #${id} cannot be reverted: it was committed before this server recorded what imports replace`,
      );
    }
    if (!isSalesReport(row) || row.shop_id === null) return revertArea(tx, actor, row, to, lang);
    const shopId = row.shop_id;
    await lockShopFacts(tx, shopId);
    const days = row.result?.days ?? [];
    const later = (
      await tx.execute<{ id: number }>(sql`
        SELECT i.id FROM imports i
         WHERE i.shop_id = ${shopId} AND i.status = 'committed' AND i.kind IN ('business-report', 'all-orders')
           AND i.commit_seq > ${row.commit_seq}
           AND (EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce(i.result->'days', '[]'::jsonb)) d
                         WHERE d IN (SELECT jsonb_array_elements_text(${JSON.stringify(days)}::jsonb)))
                OR (${days.length === 0} AND jsonb_array_length(coalesce(i.result->'days', '[]'::jsonb)) = 0
                    AND i.period_start = ${row.period_start}::date AND i.period_end = ${row.period_end}::date))
         ORDER BY i.commit_seq DESC`)
    ).rows.map((r) => r.id);
    if (later.length > 0) {
      throw conflict(
        `import #${id} cannot be reverted: ${later.map((l) => `#${l}`).join(', ')} committed later wrote the same days; revert ${later.length === 1 ? 'it' : 'them, newest first,'} before`,
        { imports: later },
      );
    }
    const facts = await restoreReplaced(tx, id);
    await refreshRollups(tx, shopId, days);
    const [totals] = (
      await tx.execute<{ restored: number }>(sql`
        WITH gone AS (DELETE FROM sales_period_totals WHERE import_id = ${id}),
             back AS (
               INSERT INTO sales_period_totals
               SELECT * FROM jsonb_populate_recordset(NULL::sales_period_totals,
                        (SELECT coalesce(replaced_totals, '[]'::jsonb) FROM imports WHERE id = ${id}))
               RETURNING 1)
        SELECT count(*)::int AS restored FROM back`)
    ).rows;
    await tx.execute(sql`
      UPDATE imports SET status = ${to}, reverted_by = ${actor.userId}, reverted_at = now() WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'revert',
      entity: 'import',
      entityId: id,
      before: { status: row.status, result: row.result },
      after: { status: to, facts, days, periodTotals: totals?.restored ?? 0 },
    });
    return recordAfter(tx, actor, id);
  });
}

/**
 * An area kind's commit is done: fingerprint what it logged (import-changes.ts), take its place
 * in the commit order and say whether it can be reverted (its kind logs what it replaces).
 */
async function markCommitted(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  actor: RequestActor,
  id: number,
  result: unknown,
  logged: boolean,
  to: ImportStatus,
) {
  if (logged) await sealChanges(tx, id);
  await tx.execute(sql`
    UPDATE imports SET status = ${to}, result = ${JSON.stringify(result)}::jsonb, committed_by = ${actor.userId}, committed_at = now(),
           commit_seq = nextval('import_commit_seq'), revertible = ${logged}
     WHERE id = ${id}`);
}

/**
 * Undo an import of an area kind: under the locks its commit took, refuse (409) when a scope
 * it wrote changed since (naming the scopes and the later imports that wrote them), else put
 * back what it logged and let the kind recompute what its commit recomputed.
 */
async function revertArea(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  actor: RequestActor,
  row: ImportRow,
  to: ImportStatus,
  lang: Lang,
): Promise<ImportRecord> {
  const handler = row.shop_id === null ? companyHandler(row.kind) : shopHandler(row.kind);
  if (!handler?.revert) throw conflict(`import #${row.id} cannot be reverted: imports of kind ${row.kind} record no changes`);
  const shop = row.shop_id === null ? null : await importShopOf(tx, row);
  const changes = await changesOf(tx, row.id);
  await handler.revert.lock?.(tx, changes, shop);
  const commitSeq = row.commit_seq === null ? null : Number(row.commit_seq);
  // What the revert would remove must not be in use elsewhere (a kind whose tables have no foreign keys says what uses it).
  await handler.revert.guard?.(tx, { importId: row.id, commitSeq, shop, actor, lang });
  // Shop kinds whose writers all take the kind's lock (ad reports) need no row locks; the rest take them.
  const lockRows = row.shop_id === null || handler.revert.lock === undefined;
  const blocked = await conflictsOf(tx, row.id, commitSeq, lockRows);
  if (blocked.length > 0) {
    const imports = [...new Set(blocked.flatMap((b) => b.imports))].sort((a, b) => b - a);
    const zh = lang === 'zh-CN';
    const ids = imports.map((i) => `#${i}`).join(', ');
    const what = blocked
      .slice(0, 5)
      .map((b) => {
        const by = b.imports.map((i) => `#${i}`).join(', ');
        return `${describeScope(b)}${b.imports.length ? (zh ? `（由 ${by} 写入）` : ` (by ${by})`) : ''}`;
      })
      .join(zh ? '；' : '; ');
    const more = blocked.length > 5 ? ' …' : '';
    throw conflict(
      zh
        ? `导入 #${row.id} 不能撤销：它写入的数据此后被改动：${what}${more}。${imports.length ? `请先撤销 ${ids}，或` : '请'}手动设置这些值。`
        : `import #${row.id} cannot be reverted: what it wrote changed since it was committed: ${what}${more}; ${
            imports.length ? `revert ${ids} first, or ` : ''
          }set the values by hand`,
      { imports, scopes: blocked.map((b) => ({ entity: b.entity, key: b.key })) },
    );
  }
  const restored = await restoreChanges(tx, row.id).catch((err: unknown) => {
    // A row the import added is referenced since (a material a later BOM uses): keep it, refuse.
    const pg = ((err as { cause?: unknown }).cause ?? err) as { code?: string; detail?: string };
    if (pg.code === '23503') {
      const detail = pg.detail ?? 'referenced';
      throw conflict(
        lang === 'zh-CN'
          ? `导入 #${row.id} 不能撤销：它新增的记录此后被使用（${detail}）；请先移除该使用。`
          : `import #${row.id} cannot be reverted: a record it added is used since (${detail}); remove that use first`,
      );
    }
    throw err;
  });
  const recomputed = (await handler.revert.after?.(tx, changes, shop)) ?? {};
  await tx.execute(sql`
    UPDATE imports SET status = ${to}, reverted_by = ${actor.userId}, reverted_at = now() WHERE id = ${row.id}`);
  await audit(tx, actor, {
    action: 'revert',
    entity: 'import',
    entityId: row.id,
    before: { status: row.status, result: row.result },
    after: { status: to, scopes: changes.length, ...restored, ...recomputed },
  });
  const [done] = (await tx.execute<ImportRow>(sql`${SELECT} WHERE i.id = ${row.id}`)).rows;
  return toRecord(done as ImportRow, actor);
}

/** The shop of a shop kind's import, as its handler sees it. */
async function importShopOf(db: DbOrTx, row: ImportRow): Promise<ImportShop> {
  const market = MARKETS.find((m) => m.id === row.market_id);
  const [s] = (await db.execute<{ name: string }>(sql`SELECT name FROM shops WHERE id = ${row.shop_id}`)).rows;
  if (!market || !s || row.shop_id === null) throw notFound('shop not found');
  return {
    id: row.shop_id,
    name: s.name,
    marketId: market.id,
    marketCode: market.code,
    currency: market.currency,
    timeZone: market.timeZone,
  };
}

// ---- company-wide kinds (costs, fees, materials, BOMs): see import-kinds.ts -----------------------

function handlerOf(kind: ImportKind) {
  const handler = companyHandler(kind);
  if (!handler) throw badRequest(`imports of kind ${kind} are not available on this server`);
  return handler;
}

async function uploadCompany(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  file: { fileName: string; bytes: Buffer },
  kind: ImportKind,
): Promise<ImportPreview> {
  const handler = handlerOf(kind);
  if (file.bytes.length === 0) throw codedFieldError('file', 'file.empty');
  const fileHash = await sha256Hex(file.bytes);
  const parsed = await handler.parse(ctx, file.bytes);
  const { records, errors, warnings } = parsed;
  if (records.length === 0 && errors.length === 0 && !parsed.unknownHeader) {
    warnings.push({ line: 1, message: 'the file has no data rows' });
  }
  const [dup] = (
    await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM imports WHERE shop_id IS NULL AND kind = ${kind} AND file_hash = ${fileHash} AND status = 'committed'
       ORDER BY id DESC LIMIT 1`)
  ).rows;
  if (dup) warnings.unshift({ line: 1, message: `this file was already committed as import #${dup.id}` });
  const fileErrors = errors.some((e) => e.line <= 1 && !e.column);
  const status = parsed.unknownHeader || fileErrors ? 'held' : 'preview';
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO imports (kind, status, account_id, shop_id, market_id, file_name, file_hash, file_size, variant, fingerprint,
                             locale, currency, time_zone, rate_snapshot, row_count, error_count, warning_count, errors, warnings,
                             header_diff, payload, duplicate_of, created_by)
        VALUES (${kind}, ${status}, ${actor.accountId}, NULL, NULL, ${file.fileName.slice(0, 255)}, ${fileHash}, ${file.bytes.length},
                ${parsed.variant}, ${parsed.fingerprint}, ${parsed.locale}, NULL, NULL, '{}'::jsonb, ${records.length},
                ${errors.length}, ${warnings.length}, ${JSON.stringify(errors.slice(0, MAX_PROBLEMS))}::jsonb,
                ${JSON.stringify(warnings.slice(0, MAX_PROBLEMS))}::jsonb,
                ${parsed.unknownHeader ? JSON.stringify(parsed.unknownHeader) : null}::jsonb, ${JSON.stringify(records)}::jsonb,
                ${dup?.id ?? null}, ${actor.userId})
        RETURNING id`)
    ).rows;
    await audit(tx, actor, {
      action: 'upload',
      entity: 'import',
      entityId: row?.id,
      after: { kind, fileName: file.fileName, fileHash, variant: parsed.variant, status },
    });
    return Number(row?.id);
  });
  return get(ctx, actor, scope, id);
}

async function commitCompany(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  actor: RequestActor,
  row: ImportRow,
  to: ImportStatus,
): Promise<ImportRecord> {
  const handler = handlerOf(row.kind);
  const [p] = (await tx.execute<{ payload: RecordRow[] }>(sql`SELECT payload FROM imports WHERE id = ${row.id}`)).rows;
  const written = await handler.commit(tx, actor, p?.payload ?? [], row.id);
  const result = {
    inserted: written.inserted,
    updated: written.updated,
    unchanged: written.unchanged,
    zeroed: 0,
    periodTotals: 0,
    days: [],
    changes: [],
    ...(written.recomputedFacts === undefined ? {} : { recomputedFacts: written.recomputedFacts }),
  };
  await markCommitted(tx, actor, row.id, result, handler.revert !== undefined, to);
  await audit(tx, actor, { action: 'commit', entity: 'import', entityId: row.id, after: result });
  const [done] = (await tx.execute<ImportRow>(sql`${SELECT} WHERE i.id = ${row.id}`)).rows;
  return toRecord(done as ImportRow, actor);
}

// ---- shop kinds handled by their area (the ad reports): see import-kinds.ts ----------------------

async function uploadShopHandled(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  file: { fileName: string; bytes: Buffer },
  fields: UploadFields,
  shop: ImportShop,
  handler: ShopImportHandler,
): Promise<ImportPreview> {
  const fileHash = await sha256Hex(file.bytes);
  const parsed = await handler.parse(ctx, file.bytes, shop, { periodStart: fields.periodStart, periodEnd: fields.periodEnd });
  const { records, errors, warnings } = parsed;
  if (parsed.currency && parsed.currency !== shop.currency) {
    errors.unshift({ line: 1, message: `the file's money is in ${parsed.currency}, the shop sells in ${shop.currency}` });
  }
  if (records.length === 0 && errors.length === 0 && !parsed.unknownHeader) {
    warnings.push({ line: 1, message: 'the file has no data rows' });
  }
  const [dup] = (
    await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM imports WHERE shop_id = ${shop.id} AND kind = ${fields.kind} AND file_hash = ${fileHash} AND status = 'committed'
       ORDER BY id DESC LIMIT 1`)
  ).rows;
  if (dup) {
    warnings.unshift({
      line: 1,
      message: `this file was already committed as import #${dup.id}: committing it again changes nothing`,
    });
  }
  const fileErrors = errors.some((e) => e.line <= 1 && !e.column);
  const status = parsed.unknownHeader || fileErrors ? 'held' : 'preview';
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO imports (kind, status, account_id, shop_id, market_id, period_start, period_end, file_name, file_hash, file_size,
                             variant, fingerprint, locale, currency, time_zone, rate_snapshot, row_count, error_count, warning_count,
                             errors, warnings, header_diff, payload, duplicate_of, created_by)
        VALUES (${fields.kind}, ${status}, ${actor.accountId}, ${shop.id}, ${shop.marketId}, ${fields.periodStart ?? null},
                ${fields.periodEnd ?? null}, ${file.fileName.slice(0, 255)}, ${fileHash}, ${file.bytes.length},
                ${parsed.variant}, ${parsed.fingerprint}, ${parsed.locale}, ${shop.currency}, ${shop.timeZone}, '{}'::jsonb,
                ${records.length}, ${errors.length}, ${warnings.length}, ${JSON.stringify(errors.slice(0, MAX_PROBLEMS))}::jsonb,
                ${JSON.stringify(warnings.slice(0, MAX_PROBLEMS))}::jsonb,
                ${parsed.unknownHeader ? JSON.stringify(parsed.unknownHeader) : null}::jsonb, ${JSON.stringify(records)}::jsonb,
                ${dup?.id ?? null}, ${actor.userId})
        RETURNING id`)
    ).rows;
    await audit(tx, actor, {
      action: 'upload',
      entity: 'import',
      entityId: row?.id,
      after: { kind: fields.kind, shopId: shop.id, fileName: file.fileName, fileHash, variant: parsed.variant, status },
    });
    return Number(row?.id);
  });
  return get(ctx, actor, scope, id);
}

async function commitShopHandled(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  actor: RequestActor,
  row: ImportRow,
  handler: ShopImportHandler,
  to: ImportStatus,
): Promise<ImportRecord> {
  const shop = await importShopOf(tx, row);
  const [p] = (await tx.execute<{ payload: RecordRow[] }>(sql`SELECT payload FROM imports WHERE id = ${row.id}`)).rows;
  const written = await handler.commit(tx, actor, shop, p?.payload ?? [], row.id, new Date(row.created_at));
  const result = {
    inserted: written.inserted,
    updated: written.updated,
    unchanged: written.unchanged,
    zeroed: written.zeroed,
    periodTotals: 0,
    days: written.days,
    changes: [],
    ...(written.adChanges ? { adChanges: written.adChanges } : {}),
  };
  await markCommitted(tx, actor, row.id, result, handler.revert !== undefined, to);
  await audit(tx, actor, {
    action: 'commit',
    entity: 'import',
    entityId: row.id,
    after: { ...result, adChanges: written.adChanges?.length ?? 0 },
  });
  const [done] = (await tx.execute<ImportRow>(sql`${SELECT} WHERE i.id = ${row.id}`)).rows;
  return toRecord(done as ImportRow, actor);
}
