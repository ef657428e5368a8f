/**
 * The 'sku-costs' import: one row per SKU and day (SKU, effective from, unit cost USD).
 * Re-importing a file changes nothing; a changed entry recomputes the SKU's COGS from the
 * earliest day that changed on. The commit logs the entries it writes (import_changes), so a
 * revert puts the earlier costs back and recomputes the COGS the same way.
 */
import type { RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { type RecordedChange, recordBefore } from '../../imports/import-changes';
import type { CompanyImportHandler, RevertHooks } from '../../imports/import-kinds';
import { readDate, readDecimal, readText, type SheetColumn } from '../../imports/xlsx-read';
import { lockShopsOfSkus, recomputeCostsAndFees } from '../../sales/facts/facts.service';
import { problemAt, readCostSheet, skusOfRows } from '../shared/cost-sheet';

export const COST_COLUMNS = [
  { field: 'sku', en: 'SKU', zh: 'SKU', aliases: ['SKU编码', 'seller sku', 'sku code'], required: true },
  {
    field: 'effectiveFrom',
    en: 'Effective from',
    zh: '生效日期',
    aliases: ['effective date', 'from', '开始日期'],
    required: true,
  },
  {
    field: 'unitCost',
    en: 'Unit cost (USD)',
    zh: '单位成本(USD)',
    aliases: ['unit cost', '单位成本', '成本', 'cost'],
    required: true,
  },
] as const satisfies readonly SheetColumn<'sku' | 'effectiveFrom' | 'unitCost'>[];

export const unitCostImport: CompanyImportHandler = {
  async parse(ctx, bytes) {
    const { sheet, errors, col, result } = await readCostSheet(bytes, COST_COLUMNS, 'sku-costs');
    const skus = await skusOfRows(ctx.db, sheet.rows);
    const parsed: { line: number; skuId: number; sku: string; effectiveFrom: string; unitCost: string }[] = [];
    const seen = new Map<string, number>();
    for (const r of sheet.rows) {
      const sku = readText(r.cells.sku ?? null, { max: 64 });
      const from = readDate(r.cells.effectiveFrom ?? null);
      const cost = readDecimal(r.cells.unitCost ?? null, { scale: 4, min: 0, max: 1_000_000 });
      let bad = false;
      if (!sku.ok) problemAt(errors, r.line, col('sku'), sku.message);
      if (!from.ok) problemAt(errors, r.line, col('effectiveFrom'), from.message);
      if (!cost.ok) problemAt(errors, r.line, col('unitCost'), cost.message);
      bad = !sku.ok || !from.ok || !cost.ok;
      const known = sku.ok ? skus.get(sku.value.toUpperCase()) : undefined;
      if (sku.ok && !known) {
        problemAt(errors, r.line, col('sku'), `no SKU ${sku.value}`);
        bad = true;
      }
      if (bad || !known || !from.ok || !cost.ok || cost.value === null) continue;
      const key = `${known.sku}|${from.value}`;
      const earlier = seen.get(key);
      if (earlier) {
        problemAt(errors, r.line, col('effectiveFrom'), `${known.sku} from ${from.value} is already on line ${earlier}`);
        continue;
      }
      seen.set(key, r.line);
      parsed.push({ line: r.line, skuId: known.id, sku: known.sku, effectiveFrom: from.value, unitCost: cost.value });
    }
    const stored = await storedCosts(ctx.db, parsed);
    const records: RecordRow[] = parsed.map((p) => {
      const before = stored.get(`${p.skuId}|${p.effectiveFrom}`);
      return {
        line: p.line,
        key: `${p.sku} · ${p.effectiveFrom}`,
        status: before === undefined ? 'new' : Number(before) === Number(p.unitCost) ? 'unchanged' : 'changed',
        values: { skuId: p.skuId, sku: p.sku, effectiveFrom: p.effectiveFrom, unitCost: p.unitCost },
        before: before === undefined ? null : { unitCost: before },
      };
    });
    return result(records);
  },

  async commit(tx, _actor, records, importId) {
    const entries = records.map((r) => ({
      skuId: Number(r.values.skuId),
      effectiveFrom: String(r.values.effectiveFrom),
      unitCost: String(r.values.unitCost),
    }));
    const stored = await storedCosts(tx, entries);
    const counts = { inserted: 0, updated: 0, unchanged: 0, recomputedFacts: 0 };
    const firstChange = new Map<number, string>();
    const changed = entries.filter((e) => {
      const before = stored.get(`${e.skuId}|${e.effectiveFrom}`);
      if (before !== undefined && Number(before) === Number(e.unitCost)) {
        counts.unchanged++;
        return false;
      }
      if (before === undefined) counts.inserted++;
      else counts.updated++;
      const first = firstChange.get(e.skuId);
      if (!first || e.effectiveFrom < first) firstChange.set(e.skuId, e.effectiveFrom);
      return true;
    });
    await recordBefore(
      tx,
      importId,
      'sku_costs',
      changed.map((e) => ({ sku_id: e.skuId, effective_from: e.effectiveFrom })),
    );
    if (changed.length > 0) {
      await tx.execute(sql`
        INSERT INTO sku_costs (sku_id, effective_from, unit_cost)
        SELECT x.s, x.d, x.c FROM jsonb_to_recordset(${JSON.stringify(changed.map((e) => ({ s: e.skuId, d: e.effectiveFrom, c: e.unitCost })))}::jsonb)
          AS x(s int, d date, c numeric)
         WHERE EXISTS (SELECT 1 FROM skus WHERE id = x.s)
        ON CONFLICT (sku_id, effective_from) DO UPDATE SET unit_cost = EXCLUDED.unit_cost`);
    }
    await lockShopsOfSkus(tx, [...firstChange.keys()]);
    for (const [skuId, from] of [...firstChange].sort((a, b) => a[0] - b[0])) {
      counts.recomputedFacts += (await recomputeCostsAndFees(tx, skuId, { from, to: null })).facts;
    }
    return counts;
  },
  revert: costRevert('sku_costs'),
};

/** Per SKU (and marketplace, for fees) the earliest day a logged scope of `table` starts. */
function firstDays(changes: readonly RecordedChange[], table: string) {
  const first = new Map<string, { skuId: number; marketId?: number; from: string }>();
  for (const c of changes) {
    if (c.entity !== table) continue;
    const skuId = Number(c.key.sku_id);
    const marketId = c.key.market_id === undefined ? undefined : Number(c.key.market_id);
    const from = String(c.key.effective_from);
    const k = `${skuId}|${marketId ?? ''}`;
    const had = first.get(k);
    if (!had || from < had.from) first.set(k, { skuId, ...(marketId === undefined ? {} : { marketId }), from });
  }
  return [...first.values()].sort((a, b) => a.skuId - b.skuId || (a.marketId ?? 0) - (b.marketId ?? 0));
}

/**
 * Revert of a cost or fee import: the shops of its SKUs locked as its commit locked them; once
 * the entries are back, the COGS (or fees) of each SKU recomputed from its earliest logged day.
 */
export function costRevert(table: 'sku_costs' | 'sku_fees'): RevertHooks {
  return {
    lock: (tx, changes) => lockShopsOfSkus(tx, [...new Set(firstDays(changes, table).map((f) => f.skuId))]),
    async after(tx, changes) {
      let recomputedFacts = 0;
      for (const f of firstDays(changes, table)) {
        const range = { from: f.from, to: null, ...(f.marketId === undefined ? {} : { marketId: f.marketId }) };
        recomputedFacts += (await recomputeCostsAndFees(tx, f.skuId, range)).facts;
      }
      return { recomputedFacts };
    },
  };
}

async function storedCosts(db: AppContext['db'] | Tx, keys: readonly { skuId: number; effectiveFrom: string }[]) {
  if (keys.length === 0) return new Map<string, string>();
  const res = await db.execute<{ k: string; unit_cost: string }>(sql`
    SELECT c.sku_id || '|' || to_char(c.effective_from, 'YYYY-MM-DD') AS k, c.unit_cost FROM sku_costs c
     WHERE c.sku_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${JSON.stringify([...new Set(keys.map((k) => String(k.skuId)))])}::jsonb) x)`);
  return new Map(res.rows.map((r) => [r.k, r.unit_cost]));
}
