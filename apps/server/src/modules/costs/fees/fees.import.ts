/**
 * The 'sku-fees' import: one row per SKU, marketplace (code such as US, DE, or id) and day,
 * with the referral rate (0.15 or 15%) and the FBA fee per unit in the marketplace's currency.
 */
import { MARKETS } from '@bo/contract';
import type { RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { recordBefore } from '../../imports/import-changes';
import type { CompanyImportHandler } from '../../imports/import-kinds';
import { readDate, readDecimal, readText, type SheetColumn } from '../../imports/xlsx-read';
import { lockShopsOfSkus, recomputeCostsAndFees } from '../../sales/facts/facts.service';
import { problemAt, readCostSheet, skusOfRows } from '../shared/cost-sheet';
import { costRevert } from '../unit-costs/unit-costs.import';

type Field = 'sku' | 'market' | 'effectiveFrom' | 'referralRate' | 'fbaFee';
export const FEE_COLUMNS = [
  { field: 'sku', en: 'SKU', zh: 'SKU', aliases: ['SKU编码', 'seller sku'], required: true },
  { field: 'market', en: 'Marketplace', zh: '站点', aliases: ['market', 'marketplace code', '市场', '国家'], required: true },
  {
    field: 'effectiveFrom',
    en: 'Effective from',
    zh: '生效日期',
    aliases: ['effective date', 'from', '开始日期'],
    required: true,
  },
  {
    field: 'referralRate',
    en: 'Referral rate',
    zh: '佣金比例',
    aliases: ['referral', 'referral fee rate', '佣金率', '佣金'],
    required: true,
  },
  {
    field: 'fbaFee',
    en: 'FBA fee',
    zh: 'FBA费用',
    aliases: ['fba fee per unit', 'fulfilment fee', 'fba', '配送费'],
    required: true,
  },
] as const satisfies readonly SheetColumn<Field>[];

function readMarket(c: unknown): { ok: true; value: number } | { ok: false; message: string } {
  if (c === null || c === undefined) return { ok: false, message: 'required' };
  const s = String(c).trim().toUpperCase();
  const m = MARKETS.find((x) => x.code === s || String(x.id) === s || x.zh === String(c).trim() || x.en.toUpperCase() === s);
  return m ? { ok: true, value: m.id } : { ok: false, message: `"${String(c)}" is not a marketplace (US, DE, UK, JP …)` };
}

type Entry = { skuId: number; marketId: number; effectiveFrom: string; referralRate: string; fbaFee: string };

async function storedFees(db: AppContext['db'] | Tx, keys: readonly Entry[]) {
  if (keys.length === 0) return new Map<string, { referral_rate: string; fba_fee: string }>();
  const res = await db.execute<{ k: string; referral_rate: string; fba_fee: string }>(sql`
    SELECT fe.sku_id || '|' || fe.market_id || '|' || to_char(fe.effective_from, 'YYYY-MM-DD') AS k, fe.referral_rate, fe.fba_fee
      FROM sku_fees fe
     WHERE fe.sku_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${JSON.stringify([...new Set(keys.map((k) => String(k.skuId)))])}::jsonb) x)`);
  return new Map(res.rows.map((r) => [r.k, r]));
}
const keyOf = (e: Entry) => `${e.skuId}|${e.marketId}|${e.effectiveFrom}`;
const same = (e: Entry, b: { referral_rate: string; fba_fee: string }) =>
  Number(b.referral_rate) === Number(e.referralRate) && Number(b.fba_fee) === Number(e.fbaFee);

export const feeImport: CompanyImportHandler = {
  async parse(ctx, bytes) {
    const { sheet, errors, col, result } = await readCostSheet(bytes, FEE_COLUMNS, 'sku-fees');
    const skus = await skusOfRows(ctx.db, sheet.rows);
    const parsed: (Entry & { line: number; sku: string })[] = [];
    const seen = new Map<string, number>();
    for (const r of sheet.rows) {
      const sku = readText(r.cells.sku ?? null, { max: 64 });
      const market = readMarket(r.cells.market ?? null);
      const from = readDate(r.cells.effectiveFrom ?? null);
      const referral = readDecimal(r.cells.referralRate ?? null, { scale: 4, min: 0, max: 1, percent: true });
      const fba = readDecimal(r.cells.fbaFee ?? null, { scale: 2, min: 0, max: 100_000 });
      if (!sku.ok) problemAt(errors, r.line, col('sku'), sku.message);
      if (!market.ok) problemAt(errors, r.line, col('market'), market.message);
      if (!from.ok) problemAt(errors, r.line, col('effectiveFrom'), from.message);
      if (!referral.ok) problemAt(errors, r.line, col('referralRate'), referral.message);
      if (!fba.ok) problemAt(errors, r.line, col('fbaFee'), fba.message);
      const known = sku.ok ? skus.get(sku.value.toUpperCase()) : undefined;
      if (sku.ok && !known) problemAt(errors, r.line, col('sku'), `no SKU ${sku.value}`);
      if (!known || !market.ok || !from.ok || !referral.ok || !fba.ok || referral.value === null || fba.value === null) continue;
      const e: Entry = {
        skuId: known.id,
        marketId: market.value,
        effectiveFrom: from.value,
        referralRate: referral.value,
        fbaFee: fba.value,
      };
      const earlier = seen.get(keyOf(e));
      if (earlier) {
        problemAt(
          errors,
          r.line,
          col('effectiveFrom'),
          `${known.sku} in this marketplace from ${from.value} is already on line ${earlier}`,
        );
        continue;
      }
      seen.set(keyOf(e), r.line);
      parsed.push({ ...e, line: r.line, sku: known.sku });
    }
    const stored = await storedFees(ctx.db, parsed);
    const records: RecordRow[] = parsed.map((p) => {
      const b = stored.get(keyOf(p));
      const code = MARKETS.find((m) => m.id === p.marketId)?.code ?? String(p.marketId);
      return {
        line: p.line,
        key: `${p.sku} · ${code} · ${p.effectiveFrom}`,
        status: !b ? 'new' : same(p, b) ? 'unchanged' : 'changed',
        values: {
          skuId: p.skuId,
          sku: p.sku,
          marketId: p.marketId,
          effectiveFrom: p.effectiveFrom,
          referralRate: p.referralRate,
          fbaFee: p.fbaFee,
        },
        before: b ? { referralRate: b.referral_rate, fbaFee: b.fba_fee } : null,
      };
    });
    return result(records);
  },

  async commit(tx, _actor, records, importId) {
    const entries: Entry[] = records.map((r) => ({
      skuId: Number(r.values.skuId),
      marketId: Number(r.values.marketId),
      effectiveFrom: String(r.values.effectiveFrom),
      referralRate: String(r.values.referralRate),
      fbaFee: String(r.values.fbaFee),
    }));
    const stored = await storedFees(tx, entries);
    const counts = { inserted: 0, updated: 0, unchanged: 0, recomputedFacts: 0 };
    const firstChange = new Map<string, { skuId: number; marketId: number; from: string }>();
    const changed = entries.filter((e) => {
      const b = stored.get(keyOf(e));
      if (b && same(e, b)) {
        counts.unchanged++;
        return false;
      }
      if (b) counts.updated++;
      else counts.inserted++;
      const k = `${e.skuId}|${e.marketId}`;
      const first = firstChange.get(k);
      if (!first || e.effectiveFrom < first.from)
        firstChange.set(k, { skuId: e.skuId, marketId: e.marketId, from: e.effectiveFrom });
      return true;
    });
    await recordBefore(
      tx,
      importId,
      'sku_fees',
      changed.map((e) => ({ sku_id: e.skuId, market_id: e.marketId, effective_from: e.effectiveFrom })),
    );
    if (changed.length > 0) {
      await tx.execute(sql`
        INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee)
        SELECT x.s, x.m, x.d, x.r, x.f
          FROM jsonb_to_recordset(${JSON.stringify(changed.map((e) => ({ s: e.skuId, m: e.marketId, d: e.effectiveFrom, r: e.referralRate, f: e.fbaFee })))}::jsonb)
            AS x(s int, m smallint, d date, r numeric, f numeric)
         WHERE EXISTS (SELECT 1 FROM skus WHERE id = x.s)
        ON CONFLICT (sku_id, market_id, effective_from) DO UPDATE SET referral_rate = EXCLUDED.referral_rate, fba_fee = EXCLUDED.fba_fee`);
    }
    await lockShopsOfSkus(tx, [...new Set([...firstChange.values()].map((c) => c.skuId))]);
    for (const c of [...firstChange.values()].sort((a, b) => a.skuId - b.skuId || a.marketId - b.marketId)) {
      counts.recomputedFacts += (
        await recomputeCostsAndFees(tx, c.skuId, { from: c.from, to: null, marketId: c.marketId })
      ).facts;
    }
    return counts;
  },
  revert: costRevert('sku_fees'),
};
