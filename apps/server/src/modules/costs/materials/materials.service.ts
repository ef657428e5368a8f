/**
 * Materials (/mcost). Rules:
 * - The code is unique regardless of case; the currency is the one the material is bought
 *   in; prices are dated in that currency (the latest on or before a day applies).
 * - Edits carry the version they were made on (409 when stale); every write is audited.
 * - A price change does not touch sales figures: a BOM cost reaches them only when it is
 *   applied as a unit cost (/bomcost).
 * - Name, category and supplier are bilingual: lists carry both texts, sorting and exports
 *   use the caller's language (falling back to the other text), keyword and filters match either.
 */
import type { EndpointBody, EndpointQuery } from '@bo/contract';
import type * as ep from '@bo/contract/costs/materials';
import { type SQL, sql } from 'drizzle-orm';
import { poolOf, type Tx } from '../../../db/client';
import { likeContains, pageOfQuery } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { fieldConflict, notFound, staleVersion } from '../../../platform/errors';
import { named } from '../../../platform/export/lang';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import { dayBefore, dayText, type Lang, num, orderBy, today, tr } from '../shared/costs-sql';
import { sendTemplate } from '../shared/xlsx-template';
import { MATERIAL_COLUMNS } from './materials.import';

type ListQuery = EndpointQuery<typeof ep.listMaterials>;
type Filters = Omit<ListQuery, 'pageNum' | 'pageSize'>;

/** The text of a bilingual column pair in `lang`, the other language's where it is ''. */
const inLang = (lang: Lang, zh: SQL, en: SQL) =>
  lang === 'zh' ? sql`coalesce(nullif(${zh}, ''), ${en})` : sql`coalesce(nullif(${en}, ''), ${zh})`;

const SORT = (lang: Lang) =>
  ({
    code: sql`lower(m.code)`,
    name: sql`lower(${inLang(lang, sql`m.name`, sql`m.name_en`)})`,
    category: sql`lower(${inLang(lang, sql`m.category`, sql`m.category_en`)})`,
    supplier: sql`lower(${inLang(lang, sql`m.supplier`, sql`m.supplier_en`)})`,
    unitPrice: sql`cur.unit_price`,
    priceFrom: sql`cur.effective_from`,
  }) as const;

const SELECT = (day: string) => sql`
  SELECT m.id, m.code, m.name, m.name_en, m.unit, m.category, m.category_en, m.supplier, m.supplier_en, m.currency,
         m.version, m.updated_at,
         cur.unit_price, to_char(cur.effective_from, 'YYYY-MM-DD') AS price_from,
         (SELECT count(*) FROM material_prices p WHERE p.material_id = m.id)::int AS prices,
         (SELECT count(*) FROM bom_items b WHERE b.material_id = m.id)::int AS used_by
    FROM materials m
    LEFT JOIN LATERAL (SELECT p.unit_price, p.effective_from FROM material_prices p
                        WHERE p.material_id = m.id AND p.effective_from <= ${day}::date
                        ORDER BY p.effective_from DESC LIMIT 1) cur ON true`;

function listQuery(f: Filters, lang: Lang) {
  const like = likeContains(f.keyword);
  return sql`${SELECT(today())}
     WHERE true
       ${f.keyword ? sql`AND (m.code ILIKE ${like} OR m.name ILIKE ${like} OR m.name_en ILIKE ${like})` : sql``}
       ${f.category ? sql`AND (m.category = ${f.category} OR m.category_en = ${f.category})` : sql``}
       ${f.supplier ? sql`AND (m.supplier = ${f.supplier} OR m.supplier_en = ${f.supplier})` : sql``}
       ${f.currency ? sql`AND m.currency = ${f.currency}` : sql``}
       ${f.missingPrice ? sql`AND cur.unit_price IS NULL` : sql``}
     ORDER BY ${orderBy(SORT(lang)[f.sortField], f.sortOrder, sql`m.id`)}`;
}

interface Row extends Record<string, unknown> {
  id: number;
  code: string;
  name: string;
  name_en: string;
  unit: string;
  category: string;
  category_en: string;
  supplier: string;
  supplier_en: string;
  currency: string;
  version: number;
  updated_at: string | Date;
  unit_price: string | null;
  price_from: string | null;
  prices: number;
  used_by: number;
}
const toMaterial = (r: Row) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  nameEn: r.name_en,
  unit: r.unit,
  category: r.category,
  categoryEn: r.category_en,
  supplier: r.supplier,
  supplierEn: r.supplier_en,
  currency: r.currency,
  unitPrice: num(r.unit_price),
  priceFrom: dayText(r.price_from),
  prices: r.prices,
  usedBy: r.used_by,
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export async function list(ctx: AppContext, q: ListQuery, lang: Lang) {
  const { rows, total } = await pageOfQuery<Row>(ctx.db, listQuery(q, lang), q);
  return { list: rows.map(toMaterial), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

type Pair = { zh: string; en: string };

export async function options(ctx: AppContext) {
  const [r] = (
    await ctx.db.execute<{ categories: Pair[] | null; suppliers: Pair[] | null }>(sql`
      SELECT (SELECT jsonb_agg(jsonb_build_object('zh', c.zh, 'en', c.en) ORDER BY c.zh, c.en)
                FROM (SELECT DISTINCT category AS zh, category_en AS en FROM materials) c) AS categories,
             (SELECT jsonb_agg(jsonb_build_object('zh', s.zh, 'en', s.en) ORDER BY s.zh, s.en)
                FROM (SELECT DISTINCT supplier AS zh, supplier_en AS en FROM materials
                       WHERE supplier <> '' OR supplier_en <> '') s) AS suppliers`)
  ).rows;
  return { categories: r?.categories ?? [], suppliers: r?.suppliers ?? [] };
}

export async function exportExcel(ctx: AppContext, q: Filters, lang: Lang) {
  const [code, , , unit, , , , , currency, from, price] = MATERIAL_COLUMNS;
  const h = (c: { zh: string; en: string }) => tr(lang, c.zh, c.en);
  type M = ReturnType<typeof toMaterial>;
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${tr(lang, '物料成本', 'materials')}_${today()}.xlsx`,
    sheetName: tr(lang, '物料', 'Materials'),
    columns: [
      { header: h(code), width: 16, value: (r: M) => r.code },
      { header: tr(lang, '物料名称', 'Name'), width: 28, value: (r: M) => named(lang, r.name, r.nameEn) },
      { header: h(unit), width: 8, value: (r: M) => r.unit },
      { header: tr(lang, '类别', 'Category'), width: 16, value: (r: M) => named(lang, r.category, r.categoryEn) },
      { header: tr(lang, '供应商', 'Supplier'), width: 22, value: (r: M) => named(lang, r.supplier, r.supplierEn) },
      { header: h(currency), width: 8, value: (r: M) => r.currency },
      { header: h(from), width: 14, value: (r: M) => r.priceFrom },
      { header: h(price), width: 14, numFmt: '#,##0.0000', value: (r: M) => r.unitPrice },
    ],
    query: listQuery(q, lang),
    map: (raw) => toMaterial(raw as Row),
  });
}

export const template = (lang: Lang) =>
  sendTemplate(lang, tr(lang, '物料导入模板', 'material-template'), MATERIAL_COLUMNS, {
    code: 'LED-5050-RGB',
    name: '5050 RGB 灯珠',
    nameEn: '5050 RGB LED',
    unit: 'pcs',
    category: '灯珠',
    categoryEn: 'LEDs',
    supplier: '深圳某电子',
    supplierEn: 'Shenzhen Electronics',
    currency: 'CNY',
    effectiveFrom: new Date(`${today()}T00:00:00Z`),
    unitPrice: 0.12,
  });

async function findRow(db: AppContext['db'] | Tx, id: number) {
  const [row] = (await db.execute<Row>(sql`${SELECT(today())} WHERE m.id = ${id}`)).rows;
  if (!row) throw notFound('material not found');
  return row;
}

export async function get(ctx: AppContext, id: number) {
  const row = await findRow(ctx.db, id);
  const prices = (
    await ctx.db.execute<{ effective_from: string; unit_price: string; next_from: string | null }>(sql`
      SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, unit_price,
             to_char(lead(effective_from) OVER (ORDER BY effective_from), 'YYYY-MM-DD') AS next_from
        FROM material_prices WHERE material_id = ${id} ORDER BY effective_from DESC`)
  ).rows;
  return {
    ...toMaterial(row),
    history: prices.map((p) => ({
      effectiveFrom: p.effective_from,
      effectiveTo: p.next_from ? dayBefore(p.next_from) : null,
      unitPrice: Number(p.unit_price),
    })),
  };
}

async function codeTaken(tx: Tx, code: string, exceptId: number | null) {
  const [r] = (
    await tx.execute<{ id: number }>(sql`
      SELECT id FROM materials WHERE lower(code) = lower(${code}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`)
  ).rows;
  if (r) throw fieldConflict(`the code ${code} is taken`, 'code', 'costs.codeTaken');
}

export async function create(ctx: AppContext, actor: RequestActor, body: EndpointBody<typeof ep.createMaterial>) {
  return ctx.db.transaction(async (tx) => {
    await codeTaken(tx, body.code, null);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO materials (code, name, name_en, unit, category, category_en, supplier, supplier_en, currency)
        VALUES (${body.code}, ${body.name}, ${body.nameEn}, ${body.unit}, ${body.category}, ${body.categoryEn},
                ${body.supplier}, ${body.supplierEn}, ${body.currency}) RETURNING id`)
    ).rows;
    const id = Number(row?.id);
    if (body.price) {
      await tx.execute(sql`
        INSERT INTO material_prices (material_id, effective_from, unit_price)
        VALUES (${id}, ${body.price.effectiveFrom}::date, ${body.price.unitPrice.toFixed(4)})`);
    }
    await audit(tx, actor, { action: 'create', entity: 'material', entityId: id, after: body });
    return { id };
  });
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, body: EndpointBody<typeof ep.updateMaterial>) {
  return ctx.db.transaction(async (tx) => {
    const [before] = (
      await tx.execute<Row>(
        sql`SELECT id, code, name, name_en, unit, category, category_en, supplier, supplier_en, currency, version
              FROM materials WHERE id = ${id} FOR UPDATE`,
      )
    ).rows;
    if (!before) throw notFound('material not found');
    if (before.version !== body.version) throw staleVersion();
    await codeTaken(tx, body.code, id);
    const [row] = (
      await tx.execute<{ version: number }>(sql`
        UPDATE materials SET code = ${body.code}, name = ${body.name}, name_en = ${body.nameEn}, unit = ${body.unit},
               category = ${body.category}, category_en = ${body.categoryEn}, supplier = ${body.supplier},
               supplier_en = ${body.supplierEn}, currency = ${body.currency}, version = version + 1, updated_at = now()
         WHERE id = ${id} RETURNING version`)
    ).rows;
    const { version: _v, ...after } = body;
    // Audited under the API's names on both sides, so the history compares like with like.
    const was = {
      code: before.code,
      name: before.name,
      nameEn: before.name_en,
      unit: before.unit,
      category: before.category,
      categoryEn: before.category_en,
      supplier: before.supplier,
      supplierEn: before.supplier_en,
      currency: before.currency,
    };
    await audit(tx, actor, { action: 'update', entity: 'material', entityId: id, before: was, after });
    return { version: Number(row?.version) };
  });
}

export async function setPrice(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  body: { effectiveFrom: string; unitPrice: number },
) {
  return ctx.db.transaction(async (tx) => {
    await findRow(tx, id);
    const [before] = (
      await tx.execute<{ unit_price: string }>(sql`
        SELECT unit_price FROM material_prices WHERE material_id = ${id} AND effective_from = ${body.effectiveFrom}::date FOR UPDATE`)
    ).rows;
    await tx.execute(sql`
      INSERT INTO material_prices (material_id, effective_from, unit_price) VALUES (${id}, ${body.effectiveFrom}::date, ${body.unitPrice.toFixed(4)})
      ON CONFLICT (material_id, effective_from) DO UPDATE SET unit_price = EXCLUDED.unit_price`);
    await tx.execute(sql`UPDATE materials SET updated_at = now() WHERE id = ${id}`);
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'material_price',
      entityId: `${id}/${body.effectiveFrom}`,
      before: before ? { unitPrice: before.unit_price } : undefined,
      after: { unitPrice: body.unitPrice.toFixed(4) },
    });
    return { created: !before };
  });
}

export async function deletePrice(ctx: AppContext, actor: RequestActor, id: number, effectiveFrom: string) {
  return ctx.db.transaction(async (tx) => {
    const [gone] = (
      await tx.execute<{ unit_price: string }>(sql`
        DELETE FROM material_prices WHERE material_id = ${id} AND effective_from = ${effectiveFrom}::date RETURNING unit_price`)
    ).rows;
    if (!gone) throw notFound('no price of this material from that day');
    await audit(tx, actor, {
      action: 'delete',
      entity: 'material_price',
      entityId: `${id}/${effectiveFrom}`,
      before: { unitPrice: gone.unit_price },
    });
    return null;
  });
}
