/** Queries of products' technical data. */
import type { ModelInfoRow } from '@bo/contract/catalog/model-info';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, orderBy, type PageRequest, pageOf } from '../../../db/sql';
import { lineAndChildren, num } from '../shared/catalog-sql';

export interface ModelInfoFilter {
  keyword?: string | undefined;
  productLineId?: number | undefined;
  categoryCode?: string | undefined;
  has: 'all' | 'with' | 'without';
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

function where(f: ModelInfoFilter): SQL {
  const parts: SQL[] = [sql`true`];
  const keyword = f.keyword?.trim();
  if (keyword) {
    const like = likeContains(keyword);
    parts.push(sql`(p.model ILIKE ${like} OR p.name ILIKE ${like} OR p.name_en ILIKE ${like})`);
  }
  if (f.productLineId) parts.push(lineAndChildren(sql`p.product_line_id`, f.productLineId));
  if (f.categoryCode) parts.push(sql`p.category_code = ${f.categoryCode}`);
  if (f.has === 'with') parts.push(sql`mi.product_id IS NOT NULL`);
  if (f.has === 'without') parts.push(sql`mi.product_id IS NULL`);
  return sql.join(parts, sql` AND `);
}

const SELECT = sql`
  SELECT p.id AS product_id, p.model, p.name, p.name_en, p.product_line_id, pl.name AS line_name, pl.name_en AS line_name_en,
         p.category_code, p.lifecycle, mi.product_id AS info_id, mi.length_mm, mi.width_mm, mi.height_mm, mi.net_weight_g,
         mi.gross_weight_g, mi.package_length_mm, mi.package_width_mm, mi.package_height_mm, mi.power_pack, mi.material,
         mi.rated_voltage, mi.wattage_w, mi.plug_type, mi.certifications, mi.hs_code, mi.country_of_origin, mi.version,
         mi.updated_at
    FROM products p
    LEFT JOIN product_lines pl ON pl.id = p.product_line_id
    LEFT JOIN product_model_info mi ON mi.product_id = p.id`;

export const toModelInfo = (r: Record<string, unknown>): ModelInfoRow => ({
  productId: Number(r.product_id),
  model: String(r.model),
  name: String(r.name),
  nameEn: String(r.name_en),
  productLineId: Number(r.product_line_id),
  productLineName: (r.line_name as string | null) ?? null,
  productLineNameEn: (r.line_name_en as string | null) ?? null,
  categoryCode: String(r.category_code),
  lifecycle: Number(r.lifecycle),
  info:
    r.info_id === null || r.info_id === undefined
      ? null
      : {
          lengthMm: Number(r.length_mm),
          widthMm: Number(r.width_mm),
          heightMm: Number(r.height_mm),
          netWeightG: Number(r.net_weight_g),
          grossWeightG: Number(r.gross_weight_g),
          packageLengthMm: Number(r.package_length_mm),
          packageWidthMm: Number(r.package_width_mm),
          packageHeightMm: Number(r.package_height_mm),
          powerPack: Number(r.power_pack),
          material: Number(r.material),
          ratedVoltage: (r.rated_voltage as string | null) ?? null,
          wattageW: num(r.wattage_w),
          plugType: (r.plug_type as string | null) ?? null,
          certifications: (r.certifications as string[] | null) ?? [],
          hsCode: String(r.hs_code),
          countryOfOrigin: String(r.country_of_origin),
          version: Number(r.version),
          updatedAt: new Date(r.updated_at as string).toISOString(),
        },
});

export const pageOfModelInfo = (db: DbOrTx, f: ModelInfoFilter, page: PageRequest) =>
  pageOf(db, { select: sql`SELECT x.*`, from: sql`FROM (${SELECT} WHERE ${where(f)}) x`, orderBy: orderOf(f) }, page);

/** The sort over the outer query: same expressions, on the subquery's columns. */
function orderOf(f: ModelInfoFilter): SQL {
  const outer: Record<string, SQL> = {
    model: sql`lower(x.model)`,
    name: sql`x.name`,
    netWeightG: sql`x.net_weight_g`,
    grossWeightG: sql`x.gross_weight_g`,
    hsCode: sql`x.hs_code`,
    updatedAt: sql`x.updated_at`,
  };
  return orderBy(f.sortField, f.sortOrder, outer, sql`x.product_id`);
}

export async function findOne(db: DbOrTx, productId: number): Promise<ModelInfoRow | null> {
  const res = await db.execute(sql`${SELECT} WHERE p.id = ${productId}`);
  const row = res.rows[0] as Record<string, unknown> | undefined;
  return row ? toModelInfo(row) : null;
}

export interface InfoValues {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  netWeightG: number;
  grossWeightG: number;
  packageLengthMm: number;
  packageWidthMm: number;
  packageHeightMm: number;
  powerPack: number;
  material: number;
  ratedVoltage: string | null;
  wattageW: number | null;
  plugType: string | null;
  certifications: string[];
  hsCode: string;
  countryOfOrigin: string;
}

const textArray = (xs: readonly string[]) =>
  sql`(SELECT coalesce(array_agg(v), '{}') FROM jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb) v)`;

/** Inserts when the product has no row; answers false when it had one. */
export async function insertInfo(tx: DbOrTx, productId: number, v: InfoValues): Promise<boolean> {
  const res = await tx.execute(sql`
    INSERT INTO product_model_info (product_id, length_mm, width_mm, height_mm, net_weight_g, gross_weight_g, package_length_mm,
           package_width_mm, package_height_mm, power_pack, material, rated_voltage, wattage_w, plug_type, certifications, hs_code,
           country_of_origin)
    VALUES (${productId}, ${v.lengthMm}, ${v.widthMm}, ${v.heightMm}, ${v.netWeightG}, ${v.grossWeightG}, ${v.packageLengthMm},
            ${v.packageWidthMm}, ${v.packageHeightMm}, ${v.powerPack}, ${v.material}, ${v.ratedVoltage}, ${v.wattageW}, ${v.plugType},
            ${textArray(v.certifications)}, ${v.hsCode}, ${v.countryOfOrigin})
    ON CONFLICT (product_id) DO NOTHING RETURNING product_id`);
  return res.rows.length > 0;
}

export async function lockInfo(tx: DbOrTx, productId: number) {
  const res = await tx.execute<{ version: number } & Record<string, unknown>>(
    sql`SELECT * FROM product_model_info WHERE product_id = ${productId} FOR UPDATE`,
  );
  return res.rows[0] ?? null;
}

export async function updateInfo(tx: DbOrTx, productId: number, v: InfoValues): Promise<void> {
  await tx.execute(sql`
    UPDATE product_model_info SET length_mm = ${v.lengthMm}, width_mm = ${v.widthMm}, height_mm = ${v.heightMm},
           net_weight_g = ${v.netWeightG}, gross_weight_g = ${v.grossWeightG}, package_length_mm = ${v.packageLengthMm},
           package_width_mm = ${v.packageWidthMm}, package_height_mm = ${v.packageHeightMm}, power_pack = ${v.powerPack},
           material = ${v.material}, rated_voltage = ${v.ratedVoltage}, wattage_w = ${v.wattageW}, plug_type = ${v.plugType},
           certifications = ${textArray(v.certifications)}, hs_code = ${v.hsCode}, country_of_origin = ${v.countryOfOrigin},
           version = version + 1, updated_at = now()
     WHERE product_id = ${productId}`);
}

export async function deleteInfo(tx: DbOrTx, productId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM product_model_info WHERE product_id = ${productId}`);
}

export async function productExists(db: DbOrTx, productId: number): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 FROM products WHERE id = ${productId} FOR KEY SHARE`)).rows.length > 0;
}
