/**
 * The 'materials' import: one row per material and price day. The attributes (names, unit,
 * categories, suppliers, currency) of one code must agree on every row; a row without a
 * date and price only adds or changes the material. A material is matched by its code
 * regardless of case. Name, category and supplier each have a Chinese and an English
 * column; a row needs one of the two names and one of the two categories (the columns
 * "Name", "Category" and "Supplier" of older files are the Chinese ones).
 */

import { MATERIAL_CURRENCIES, MATERIAL_UNITS } from '@bo/contract/costs/shared';
import type { RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { AppContext } from '../../../platform/context';
import { recordBefore } from '../../imports/import-changes';
import type { CompanyImportHandler } from '../../imports/import-kinds';
import { readDate, readDecimal, readText, type SheetColumn } from '../../imports/xlsx-read';
import { problemAt, readCostSheet } from '../shared/cost-sheet';

type Field =
  | 'code'
  | 'name'
  | 'nameEn'
  | 'unit'
  | 'category'
  | 'categoryEn'
  | 'supplier'
  | 'supplierEn'
  | 'currency'
  | 'effectiveFrom'
  | 'unitPrice';
export const MATERIAL_COLUMNS = [
  { field: 'code', en: 'Material code', zh: '物料编码', aliases: ['code', '编码'], required: true },
  {
    field: 'name',
    en: 'Name (Chinese)',
    zh: '物料名称',
    aliases: ['name', 'material name', '名称', '中文名称'],
    required: false,
  },
  { field: 'nameEn', en: 'Name (English)', zh: '英文名称', aliases: ['English name', 'name en'], required: false },
  { field: 'unit', en: 'Unit', zh: '单位', required: true },
  {
    field: 'category',
    en: 'Category (Chinese)',
    zh: '类别',
    aliases: ['category', '分类', '物料类别', '中文类别'],
    required: false,
  },
  {
    field: 'categoryEn',
    en: 'Category (English)',
    zh: '英文类别',
    aliases: ['English category', 'category en'],
    required: false,
  },
  { field: 'supplier', en: 'Supplier (Chinese)', zh: '供应商', aliases: ['supplier', '中文供应商'], required: false },
  {
    field: 'supplierEn',
    en: 'Supplier (English)',
    zh: '英文供应商',
    aliases: ['English supplier', 'supplier en'],
    required: false,
  },
  { field: 'currency', en: 'Currency', zh: '币种', aliases: ['货币'], required: true },
  { field: 'effectiveFrom', en: 'Effective from', zh: '生效日期', aliases: ['price from', '价格日期'], required: false },
  { field: 'unitPrice', en: 'Unit price', zh: '单价', aliases: ['price', '价格'], required: false },
] as const satisfies readonly SheetColumn<Field>[];

const ATTRS = ['name', 'nameEn', 'unit', 'category', 'categoryEn', 'supplier', 'supplierEn', 'currency'] as const;
type Attrs = Record<(typeof ATTRS)[number], string>;

interface Stored extends Record<string, unknown> {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  unit: string;
  category: string;
  categoryEn: string;
  supplier: string;
  supplierEn: string;
  currency: string;
}

async function storedMaterials(db: AppContext['db'] | Tx, codes: readonly string[]) {
  const res = await db.execute<Stored>(sql`
    SELECT id, code, name, name_en AS "nameEn", unit, category, category_en AS "categoryEn", supplier,
           supplier_en AS "supplierEn", currency FROM materials
     WHERE lower(code) IN (SELECT lower(x) FROM jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb) x)`);
  return new Map(res.rows.map((r) => [r.code.toLowerCase(), r]));
}

async function storedPrices(db: AppContext['db'] | Tx, ids: readonly number[]) {
  const res = await db.execute<{ k: string; unit_price: string }>(sql`
    SELECT material_id || '|' || to_char(effective_from, 'YYYY-MM-DD') AS k, unit_price FROM material_prices
     WHERE material_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb) x)`);
  return new Map(res.rows.map((r) => [r.k, r.unit_price]));
}

const sameAttrs = (a: Attrs, b: Attrs) => ATTRS.every((k) => a[k] === b[k]);

export const materialImport: CompanyImportHandler = {
  async parse(ctx, bytes) {
    const { sheet, errors, col, result } = await readCostSheet(bytes, MATERIAL_COLUMNS, 'materials');
    const materials = new Map<string, { line: number; code: string; attrs: Attrs }>();
    const prices = new Map<string, { line: number; code: string; effectiveFrom: string; unitPrice: string }>();
    for (const r of sheet.rows) {
      const code = readText(r.cells.code ?? null, { max: 40 });
      const name = readText(r.cells.name ?? null, { max: 128, required: false });
      const nameEn = readText(r.cells.nameEn ?? null, { max: 128, required: false });
      const unit = readText(r.cells.unit ?? null, { max: 16 });
      const category = readText(r.cells.category ?? null, { max: 64, required: false });
      const categoryEn = readText(r.cells.categoryEn ?? null, { max: 64, required: false });
      const supplier = readText(r.cells.supplier ?? null, { max: 128, required: false });
      const supplierEn = readText(r.cells.supplierEn ?? null, { max: 128, required: false });
      const currency = readText(r.cells.currency ?? null, { max: 3 });
      const hasPrice = (r.cells.effectiveFrom ?? null) !== null || (r.cells.unitPrice ?? null) !== null;
      const from = hasPrice ? readDate(r.cells.effectiveFrom ?? null) : null;
      const price = hasPrice ? readDecimal(r.cells.unitPrice ?? null, { scale: 4, min: 0, max: 1_000_000 }) : null;
      let bad = false;
      const fail = (f: Field, m: string) => {
        problemAt(errors, r.line, col(f), m);
        bad = true;
      };
      if (!code.ok) fail('code', code.message);
      else if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(code.value)) fail('code', 'letters, digits and . _ - / only');
      if (!name.ok) fail('name', name.message);
      if (!nameEn.ok) fail('nameEn', nameEn.message);
      if (name.ok && nameEn.ok && !name.value && !nameEn.value) fail('name', 'required (in Chinese or English)');
      if (!unit.ok) fail('unit', unit.message);
      else if (!(MATERIAL_UNITS as readonly string[]).includes(unit.value.toLowerCase())) {
        fail('unit', `"${unit.value}" is not a unit (${MATERIAL_UNITS.join(', ')})`);
      }
      if (!category.ok) fail('category', category.message);
      if (!categoryEn.ok) fail('categoryEn', categoryEn.message);
      if (category.ok && categoryEn.ok && !category.value && !categoryEn.value) {
        fail('category', 'required (in Chinese or English)');
      }
      if (!supplier.ok) fail('supplier', supplier.message);
      if (!supplierEn.ok) fail('supplierEn', supplierEn.message);
      if (!currency.ok) fail('currency', currency.message);
      else if (!(MATERIAL_CURRENCIES as readonly string[]).includes(currency.value.toUpperCase())) {
        fail('currency', `"${currency.value}" is not a currency (${MATERIAL_CURRENCIES.join(', ')})`);
      }
      if (from && !from.ok) fail('effectiveFrom', from.message);
      if (price && !price.ok) fail('unitPrice', price.message);
      if (bad || !code.ok || !name.ok || !nameEn.ok || !unit.ok || !category.ok || !categoryEn.ok) continue;
      if (!supplier.ok || !supplierEn.ok || !currency.ok) continue;
      const attrs: Attrs = {
        name: name.value,
        nameEn: nameEn.value,
        unit: unit.value.toLowerCase(),
        category: category.value,
        categoryEn: categoryEn.value,
        supplier: supplier.value,
        supplierEn: supplierEn.value,
        currency: currency.value.toUpperCase(),
      };
      const key = code.value.toLowerCase();
      const earlier = materials.get(key);
      if (earlier && !sameAttrs(earlier.attrs, attrs)) {
        problemAt(
          errors,
          r.line,
          col('name'),
          `${code.value}: name, unit, category, supplier or currency differ from line ${earlier.line}`,
        );
        continue;
      }
      if (!earlier) materials.set(key, { line: r.line, code: code.value, attrs });
      if (from?.ok && price?.ok && price.value !== null) {
        const pk = `${key}|${from.value}`;
        const dup = prices.get(pk);
        if (dup) {
          problemAt(errors, r.line, col('effectiveFrom'), `${code.value} from ${from.value} is already on line ${dup.line}`);
          continue;
        }
        prices.set(pk, { line: r.line, code: code.value, effectiveFrom: from.value, unitPrice: price.value });
      }
    }
    const stored = await storedMaterials(ctx.db, [...materials.keys()]);
    const storedP = await storedPrices(
      ctx.db,
      [...stored.values()].map((s) => s.id),
    );
    const records: RecordRow[] = [];
    for (const [key, m] of materials) {
      const s = stored.get(key);
      records.push({
        line: m.line,
        key: m.code,
        status: !s ? 'new' : sameAttrs(s, m.attrs) && s.code === m.code ? 'unchanged' : 'changed',
        values: { type: 'material', code: m.code, ...m.attrs },
        before: s
          ? {
              code: s.code,
              name: s.name,
              nameEn: s.nameEn,
              unit: s.unit,
              category: s.category,
              categoryEn: s.categoryEn,
              supplier: s.supplier,
              supplierEn: s.supplierEn,
              currency: s.currency,
            }
          : null,
      });
    }
    for (const p of prices.values()) {
      const s = stored.get(p.code.toLowerCase());
      const before = s ? storedP.get(`${s.id}|${p.effectiveFrom}`) : undefined;
      records.push({
        line: p.line,
        key: `${p.code} · ${p.effectiveFrom}`,
        status: before === undefined ? 'new' : Number(before) === Number(p.unitPrice) ? 'unchanged' : 'changed',
        values: { type: 'price', code: p.code, effectiveFrom: p.effectiveFrom, unitPrice: p.unitPrice },
        before: before === undefined ? null : { unitPrice: before },
      });
    }
    records.sort((a, b) => a.line - b.line);
    return result(records);
  },

  async commit(tx, actor, records, importId) {
    const counts = { inserted: 0, updated: 0, unchanged: 0 };
    const mats = records.filter((r) => r.values.type === 'material');
    const stored = await storedMaterials(
      tx,
      mats.map((r) => String(r.values.code)),
    );
    for (const r of mats) {
      const v = r.values as Record<string, string>;
      const attrs: Attrs = {
        name: v.name ?? '',
        nameEn: v.nameEn ?? '',
        unit: v.unit ?? '',
        category: v.category ?? '',
        categoryEn: v.categoryEn ?? '',
        supplier: v.supplier ?? '',
        supplierEn: v.supplierEn ?? '',
        currency: v.currency ?? '',
      };
      const code = String(v.code);
      const s = stored.get(code.toLowerCase());
      if (s && sameAttrs(s, attrs) && s.code === code) {
        counts.unchanged++;
        continue;
      }
      // Logged before the write: a stored material by its id, a new one by the code it gets.
      await recordBefore(tx, importId, 'materials', [s ? { id: s.id } : { code }]);
      if (s) {
        await tx.execute(sql`
          UPDATE materials SET code = ${code}, name = ${attrs.name}, name_en = ${attrs.nameEn}, unit = ${attrs.unit},
                 category = ${attrs.category}, category_en = ${attrs.categoryEn}, supplier = ${attrs.supplier},
                 supplier_en = ${attrs.supplierEn}, currency = ${attrs.currency}, version = version + 1, updated_at = now()
           WHERE id = ${s.id}`);
        counts.updated++;
      } else {
        await tx.execute(sql`
          INSERT INTO materials (code, name, name_en, unit, category, category_en, supplier, supplier_en, currency)
          VALUES (${code}, ${attrs.name}, ${attrs.nameEn}, ${attrs.unit}, ${attrs.category}, ${attrs.categoryEn},
                  ${attrs.supplier}, ${attrs.supplierEn}, ${attrs.currency})`);
        counts.inserted++;
      }
      await audit(tx, actor, {
        action: s ? 'update' : 'create',
        entity: 'material',
        entityId: code,
        before: s ?? undefined,
        after: attrs,
      });
    }
    const pr = records.filter((r) => r.values.type === 'price');
    const ids = await storedMaterials(
      tx,
      pr.map((r) => String(r.values.code)),
    );
    const storedP = await storedPrices(
      tx,
      [...ids.values()].map((s) => s.id),
    );
    for (const r of pr) {
      const m = ids.get(String(r.values.code).toLowerCase());
      if (!m) continue;
      const before = storedP.get(`${m.id}|${r.values.effectiveFrom}`);
      if (before !== undefined && Number(before) === Number(r.values.unitPrice)) {
        counts.unchanged++;
        continue;
      }
      await recordBefore(tx, importId, 'material_prices', [
        { material_id: m.id, effective_from: String(r.values.effectiveFrom) },
      ]);
      await tx.execute(sql`
        INSERT INTO material_prices (material_id, effective_from, unit_price)
        VALUES (${m.id}, ${String(r.values.effectiveFrom)}::date, ${String(r.values.unitPrice)})
        ON CONFLICT (material_id, effective_from) DO UPDATE SET unit_price = EXCLUDED.unit_price`);
      if (before === undefined) counts.inserted++;
      else counts.updated++;
    }
    return counts;
  },
  // Nothing is recomputed from material prices at commit (BOM costs are read live).
  revert: {},
};
