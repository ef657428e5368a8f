/**
 * The 'bom' import: one row per SKU and material (SKU, material code, quantity, labour,
 * overhead). Each SKU in the file gets exactly the BOM the file gives it (lines not in the
 * file are removed); SKUs not in the file keep theirs. A SKU with any bad row is left out
 * whole, so no half BOM is ever written. Labour and overhead (USD per unit) may be given
 * on any of the SKU's rows, but must agree.
 */
import type { RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { AppContext } from '../../../platform/context';
import { recordBefore } from '../../imports/import-changes';
import type { CompanyImportHandler } from '../../imports/import-kinds';
import { readDecimal, readText, type SheetColumn } from '../../imports/xlsx-read';
import { problemAt, readCostSheet, skusOfRows } from '../shared/cost-sheet';

type Field = 'sku' | 'materialCode' | 'quantity' | 'labour' | 'overhead';
export const BOM_COLUMNS = [
  { field: 'sku', en: 'SKU', zh: 'SKU', aliases: ['SKU编码'], required: true },
  { field: 'materialCode', en: 'Material code', zh: '物料编码', aliases: ['material', '物料'], required: true },
  { field: 'quantity', en: 'Quantity', zh: '用量', aliases: ['qty', '数量'], required: true },
  {
    field: 'labour',
    en: 'Labour (USD)',
    zh: '人工(USD)',
    aliases: ['labour', 'labor', 'labor (usd)', '人工', '人工成本'],
    required: false,
  },
  {
    field: 'overhead',
    en: 'Overhead (USD)',
    zh: '制造费用(USD)',
    aliases: ['overhead', '制造费用', '间接费用'],
    required: false,
  },
] as const satisfies readonly SheetColumn<Field>[];

interface Bom {
  skuId: number;
  sku: string;
  line: number;
  labour: string | null;
  overhead: string | null;
  /** material id → quantity */
  items: Map<number, { code: string; quantity: string }>;
  bad: boolean;
}

/** Text that identifies a BOM's content, for comparing with what is stored. */
const signature = (labour: string, overhead: string, items: [number, string][]) =>
  `${Number(labour)}|${Number(overhead)}|${items
    .map(([m, q]) => `${m}:${Number(q)}`)
    .sort()
    .join(',')}`;

async function storedBoms(db: AppContext['db'] | Tx, skuIdList: readonly number[]) {
  const res = await db.execute<{ sku_id: number; labour: string; overhead: string; items: [number, string][] | null }>(sql`
    SELECT b.sku_id, b.labour, b.overhead,
           (SELECT json_agg(json_build_array(bi.material_id, bi.quantity)) FROM bom_items bi WHERE bi.sku_id = b.sku_id) AS items
      FROM boms b WHERE b.sku_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${JSON.stringify(skuIdList.map(String))}::jsonb) x)`);
  return new Map(res.rows.map((r) => [r.sku_id, r]));
}

export const bomImport: CompanyImportHandler = {
  async parse(ctx, bytes) {
    const { sheet, errors, warnings, col, result } = await readCostSheet(bytes, BOM_COLUMNS, 'bom');
    const skus = await skusOfRows(ctx.db, sheet.rows);
    const codes = [
      ...new Set(
        sheet.rows.map((r) =>
          String(r.cells.materialCode ?? '')
            .trim()
            .toLowerCase(),
        ),
      ),
    ];
    const mats = new Map(
      (
        await ctx.db.execute<{ id: number; code: string }>(sql`
          SELECT id, code FROM materials WHERE lower(code) IN (SELECT x FROM jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) x)`)
      ).rows.map((m) => [m.code.toLowerCase(), m]),
    );
    const boms = new Map<number, Bom>();
    for (const r of sheet.rows) {
      const sku = readText(r.cells.sku ?? null, { max: 64 });
      const code = readText(r.cells.materialCode ?? null, { max: 40 });
      const qty = readDecimal(r.cells.quantity ?? null, { scale: 4, min: 0.0001, max: 1_000_000 });
      const labour = readDecimal(r.cells.labour ?? null, { scale: 4, min: 0, max: 1_000_000, required: false });
      const overhead = readDecimal(r.cells.overhead ?? null, { scale: 4, min: 0, max: 1_000_000, required: false });
      const known = sku.ok ? skus.get(sku.value.toUpperCase()) : undefined;
      if (!sku.ok) problemAt(errors, r.line, col('sku'), sku.message);
      else if (!known) problemAt(errors, r.line, col('sku'), `no SKU ${sku.value}`);
      if (!known) {
        continue;
      }
      const bom = boms.get(known.id) ?? {
        skuId: known.id,
        sku: known.sku,
        line: r.line,
        labour: null,
        overhead: null,
        items: new Map(),
        bad: false,
      };
      boms.set(known.id, bom);
      const fail = (f: Field, m: string) => {
        problemAt(errors, r.line, col(f), m);
        bom.bad = true;
      };
      const material = code.ok ? mats.get(code.value.toLowerCase()) : undefined;
      if (!code.ok) fail('materialCode', code.message);
      else if (!material) fail('materialCode', `no material ${code.value}: import it on /mcost first`);
      if (!qty.ok) fail('quantity', qty.message);
      if (!labour.ok) fail('labour', labour.message);
      if (!overhead.ok) fail('overhead', overhead.message);
      for (const [f, v] of [
        ['labour', labour],
        ['overhead', overhead],
      ] as const) {
        if (!v.ok || v.value === null) continue;
        if (bom[f] !== null && Number(bom[f]) !== Number(v.value)) fail(f, `${known.sku} has ${bom[f]} on an earlier row`);
        else bom[f] = v.value;
      }
      if (material && qty.ok && qty.value !== null) {
        if (bom.items.has(material.id)) fail('materialCode', `${material.code} is listed twice for ${known.sku}`);
        else bom.items.set(material.id, { code: material.code, quantity: qty.value });
      }
    }
    for (const b of boms.values()) {
      if (b.bad) warnings.push({ line: b.line, message: `the BOM of ${b.sku} is left out: some of its rows have errors` });
    }
    const good = [...boms.values()].filter((b) => !b.bad);
    const stored = await storedBoms(
      ctx.db,
      good.map((b) => b.skuId),
    );
    const records: RecordRow[] = good.map((b) => {
      const labour = b.labour ?? '0';
      const overhead = b.overhead ?? '0';
      const items = [...b.items].map(([m, v]) => [m, v.quantity] as [number, string]);
      const s = stored.get(b.skuId);
      const status = !s
        ? 'new'
        : signature(s.labour, s.overhead, s.items ?? []) === signature(labour, overhead, items)
          ? 'unchanged'
          : 'changed';
      return {
        line: b.line,
        key: b.sku,
        status,
        values: {
          skuId: b.skuId,
          sku: b.sku,
          labour,
          overhead,
          items: JSON.stringify(items),
          lines: [...b.items.values()].map((v) => `${v.code} × ${Number(v.quantity)}`).join('; '),
        },
        before: s ? { labour: s.labour, overhead: s.overhead, items: (s.items ?? []).length } : null,
      };
    });
    return result(records);
  },

  async commit(tx, actor, records, importId) {
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    const stored = await storedBoms(
      tx,
      records.map((r) => Number(r.values.skuId)),
    );
    for (const r of records) {
      const skuId = Number(r.values.skuId);
      const labour = String(r.values.labour);
      const overhead = String(r.values.overhead);
      const items = JSON.parse(String(r.values.items)) as [number, string][];
      const s = stored.get(skuId);
      if (s && signature(s.labour, s.overhead, s.items ?? []) === signature(labour, overhead, items)) {
        counts.unchanged++;
        continue;
      }
      await recordBefore(tx, importId, 'boms', [{ sku_id: skuId }]);
      await recordBefore(tx, importId, 'bom_items', [{ sku_id: skuId }]);
      await tx.execute(sql`
        INSERT INTO boms (sku_id, labour, overhead) VALUES (${skuId}, ${labour}, ${overhead})
        ON CONFLICT (sku_id) DO UPDATE SET labour = EXCLUDED.labour, overhead = EXCLUDED.overhead,
               version = boms.version + 1, updated_at = now()`);
      await tx.execute(sql`DELETE FROM bom_items WHERE sku_id = ${skuId}`);
      await tx.execute(sql`
        INSERT INTO bom_items (sku_id, material_id, quantity)
        SELECT ${skuId}, x.m, x.q FROM jsonb_to_recordset(${JSON.stringify(items.map(([m, q]) => ({ m, q })))}::jsonb) AS x(m int, q numeric)
         WHERE EXISTS (SELECT 1 FROM materials WHERE id = x.m)`);
      await audit(tx, actor, {
        action: s ? 'update' : 'create',
        entity: 'bom',
        entityId: skuId,
        before: s ? { labour: s.labour, overhead: s.overhead, items: s.items } : undefined,
        after: { labour, overhead, items },
      });
      if (s) counts.updated++;
      else counts.inserted++;
    }
    return counts;
  },
  // A BOM's cost is read live from its lines: nothing to recompute.
  revert: {},
};
