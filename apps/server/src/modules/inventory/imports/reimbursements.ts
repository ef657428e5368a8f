/**
 * The FBA Reimbursements report of one shop as an import kind (`fba-reimbursements`): each row
 * that pays a claim waiting for it (submitted or approved, matched by case id first, else by SKU:
 * `claimToMatch`) marks that claim reimbursed with the row's units, amount and ids
 * (`reimburseFromReport`, audited). The preview says, per row, which claim it would pay; a row
 * whose reimbursement is already on a claim is unchanged, and a row no claim waits for is a
 * warning (Amazon also reimburses what nobody claimed: lost or damaged in its warehouses).
 *
 * The report is tab-separated text (or a .csv saved from it), one row per reimbursement and SKU:
 * approval-date, reimbursement-id, case-id, amazon-order-id, reason, sku, fnsku, asin,
 * product-name, condition, currency-unit, amount-per-unit, amount-total,
 * quantity-reimbursed-cash, quantity-reimbursed-inventory, quantity-reimbursed-total, ...
 * Headers are matched as the stock reports' are (case, spaces, underscores and hyphens alike),
 * under up to five title lines. A commit cannot be reverted: it changes claims' states, which
 * people act on next; a wrong match is corrected on the claim (reopen).
 */
import type { RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { parseOffThread } from '../../../platform/upload/parse-pool';
import type { ImportShop, ShopCommitResult, ShopImportHandler, ShopParseResult } from '../../imports/import-kinds';
import { reportParsed } from '../../imports/import-kinds';
import { findReportHeader, heldReport, titleLineWarnings } from '../../imports/parsers/report-header';
import type { RowProblem } from '../../imports/parsers/types';
import { claimToMatch } from '../claims.repository';
import { reimburseFromReport } from '../claims.service';
import { normaliseStockHeader, readQuantity } from './stock-reports';

const COLUMNS = {
  reimbursementId: 'reimbursement-id',
  caseId: 'case-id',
  sku: 'sku',
  currency: 'currency-unit',
  amount: 'amount-total',
  units: 'quantity-reimbursed-total',
  approvalDate: 'approval-date',
} as const;
const REQUIRED = ['reimbursementId', 'sku', 'currency', 'amount', 'units'] as const;
const KNOWN = new Set<string>([
  ...Object.values(COLUMNS),
  'amazon-order-id',
  'reason',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'amount-per-unit',
  'quantity-reimbursed-cash',
  'quantity-reimbursed-inventory',
  'original-reimbursement-id',
  'original-reimbursement-type',
]);

type Values = Record<string, string | number | null>;

/** An amount cell: "1,234.50", "-3.2" (a reversal); anything else is refused. */
export function readAmount(text: string): string | null {
  const s = text.trim().replace(/[,\s]/g, '');
  const [whole = '', fraction, ...more] = s.split('.');
  if (more.length > 0 || !/^-?\d{1,12}$/.test(whole) || (fraction !== undefined && !/^\d{1,4}$/.test(fraction))) return null;
  return Number(s).toFixed(2);
}

/** The claim that already holds this reimbursement, if one does. */
async function claimWithReimbursement(db: DbOrTx, shopId: number, reimbursementId: string): Promise<number | null> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      SELECT id FROM fba_claims WHERE shop_id = ${shopId} AND reimbursement_id = ${reimbursementId} ORDER BY id LIMIT 1`)
  ).rows;
  return row ? Number(row.id) : null;
}

async function parse(ctx: AppContext, bytes: Buffer, shop: ImportShop): Promise<ShopParseResult> {
  const { records: lines, problems, delimiter } = await parseOffThread('textRecords', bytes, ['\t', ',', ';']);
  const errors: RowProblem[] = [...problems];
  const warnings: RowProblem[] = [];
  const header = findReportHeader(lines, normaliseStockHeader, KNOWN);
  const { names, fingerprint } = header;
  const missing = REQUIRED.filter((f) => !names.includes(COLUMNS[f])).map((f) => COLUMNS[f] as string);
  if (header.at === -1 || missing.length > 0) return heldReport('reimbursements', header, missing, (n) => KNOWN.has(n));
  warnings.push(...titleLineWarnings(lines, header));
  const index = new Map<string, number>();
  for (const [field, name] of Object.entries(COLUMNS)) {
    const i = names.indexOf(name);
    if (i >= 0) index.set(field, i);
  }

  const byKey = new Map<string, { line: number; v: Values }>();
  const currencies = new Set<string>();
  for (const rec of lines.slice(header.at + 1)) {
    if (rec.cells.every((c) => c.trim() === '')) continue;
    const cell = (field: keyof typeof COLUMNS) => {
      const i = index.get(field);
      return i === undefined ? '' : (rec.cells[i] ?? '').trim();
    };
    const problem = (field: keyof typeof COLUMNS, message: string) =>
      errors.push({ line: rec.line, column: COLUMNS[field], message });
    const reimbursementId = cell('reimbursementId');
    const sku = cell('sku');
    if (!reimbursementId) {
      problem('reimbursementId', 'the reimbursement id is empty');
      continue;
    }
    if (!sku) {
      problem('sku', 'the SKU is empty');
      continue;
    }
    if (reimbursementId.length > 64 || sku.length > 64) {
      problem(reimbursementId.length > 64 ? 'reimbursementId' : 'sku', 'longer than 64 characters');
      continue;
    }
    const units = readQuantity(cell('units'));
    if ('error' in units) {
      problem('units', units.error === 'negative' ? `a negative quantity: ${cell('units')}` : `not a quantity: ${cell('units')}`);
      continue;
    }
    const amount = readAmount(cell('amount'));
    if (amount === null) {
      problem('amount', `not an amount: ${cell('amount') || '(empty)'}`);
      continue;
    }
    const currency = cell('currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) {
      problem('currency', `not a currency code: ${cell('currency') || '(empty)'}`);
      continue;
    }
    const key = `${reimbursementId}|${sku}`;
    const prev = byKey.get(key);
    if (prev) {
      problem('reimbursementId', `reimbursement ${reimbursementId} for SKU ${sku} is listed twice (line ${prev.line})`);
      continue;
    }
    currencies.add(currency);
    byKey.set(key, {
      line: rec.line,
      v: { reimbursementId, caseId: cell('caseId').slice(0, 64), sku, units: units.n, amount, currency },
    });
  }

  // What a commit would do with each row, as of now (the commit decides again, under its locks).
  const records: RecordRow[] = [];
  for (const [key, r] of byKey) {
    const held = await claimWithReimbursement(ctx.db, shop.id, String(r.v.reimbursementId));
    if (held !== null) {
      records.push({ line: r.line, key, status: 'unchanged', values: { ...r.v, claim: held }, before: null });
      continue;
    }
    const claim = await claimToMatch(ctx.db, shop.id, String(r.v.caseId), String(r.v.sku));
    if (claim === null)
      warnings.push({
        line: r.line,
        column: COLUMNS.sku,
        message: `no claim of this shop waits for ${r.v.caseId ? `case ${r.v.caseId} or ` : ''}SKU ${r.v.sku}: the row changes nothing`,
      });
    records.push({
      line: r.line,
      key,
      status: claim === null ? 'unchanged' : 'changed',
      values: { ...r.v, claim },
      before: claim === null ? null : { claim, state: 'waiting' },
    });
  }
  const variant = `reimbursements/${delimiter === '\t' ? 'tsv' : 'csv'}`;
  return reportParsed({ variant, fingerprint, currencies }, { records, errors, warnings });
}

async function commit(
  tx: Tx,
  actor: Parameters<ShopImportHandler['commit']>[1],
  shop: ImportShop,
  records: readonly RecordRow[],
  importId: number,
): Promise<ShopCommitResult> {
  // One reimbursement import of a shop at a time: the second sees what the first paid.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fba_claims.reimburse'), ${shop.id})`);
  let updated = 0;
  let unchanged = 0;
  for (const r of records) {
    const v = r.values;
    const reimbursementId = String(v.reimbursementId);
    if ((await claimWithReimbursement(tx, shop.id, reimbursementId)) !== null) {
      unchanged++;
      continue;
    }
    const paid = await reimburseFromReport(tx, actor, shop.id, importId, {
      reimbursementId,
      caseId: String(v.caseId ?? ''),
      sku: String(v.sku),
      units: Number(v.units),
      amount: String(v.amount),
      currency: String(v.currency),
    });
    if (paid === null) unchanged++;
    else updated++;
  }
  return { inserted: 0, updated, unchanged, zeroed: 0, days: [] };
}

/** For the import facility (inventory.manifest.ts). No revert: see the file's comment. */
export const reimbursementKinds = {
  'fba-reimbursements': {
    parse: (ctx, bytes, shop) => parse(ctx, bytes, shop),
    commit: (tx, actor, shop, records, importId) => commit(tx, actor, shop, records, importId),
  },
} satisfies Record<string, ShopImportHandler>;
