/** Queries of the customs master data (customs.table.ts). Company data: no shop scope; models through catalog.reads.ts. */
import type { EndpointQuery } from '@bo/contract';
import { ANY_COUNTRY, type listCustomsBasics, type listMissingModels } from '@bo/contract/customs/basics';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { catalogModels } from '../catalog/catalog.reads';

const stamp = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A launched model (spec §4 lifecycle 1) is the one a planner must be able to ship. */
export const ACTIVE_LIFECYCLE = 1;

export interface BasicRow extends Record<string, unknown> {
  id: number;
  product_id: number;
  model: string;
  product_name: string | null;
  product_name_en: string | null;
  lifecycle: number;
  country: string;
  hs_code: string;
  import_hs_code: string | null;
  declared_name: string;
  declared_name_en: string;
  material: string;
  usage: string;
  brand: string;
  unit_value: string;
  currency: string;
  declare_unit: string;
  rebate_pct: string;
  has_battery: boolean;
  battery_type: string;
  magnetic: boolean;
  wireless: boolean;
  certification: string;
  version: number;
  updated_at: string;
}

const basicSelect = sql`SELECT b.id, b.product_id, m.model, m.name AS product_name, m.name_en AS product_name_en,
    m.lifecycle, b.country, b.hs_code, b.import_hs_code, b.declared_name, b.declared_name_en, b.material, b.usage,
    b.brand, b.unit_value, b.currency, b.declare_unit, b.rebate_pct, b.has_battery, b.battery_type, b.magnetic,
    b.wireless, b.certification, b.version, ${stamp(sql`b.updated_at`)} AS updated_at`;
const basicFrom = sql`FROM customs_basics b JOIN ${catalogModels} m ON m.id = b.product_id`;

const SORTS = {
  model: sql`m.model`,
  country: sql`b.country`,
  hsCode: sql`b.hs_code`,
  unitValue: sql`b.unit_value`,
  rebatePct: sql`b.rebate_pct`,
  updatedAt: sql`b.updated_at`,
};

export function pageOfBasics(db: DbOrTx, q: EndpointQuery<typeof listCustomsBasics>) {
  const where: SQL[] = [sql`TRUE`];
  const like = likeContains(q.keyword);
  if (like)
    where.push(sql`(m.model ILIKE ${like} OR b.hs_code ILIKE ${like} OR b.import_hs_code ILIKE ${like}
      OR b.declared_name ILIKE ${like} OR b.declared_name_en ILIKE ${like})`);
  if (q.country) where.push(sql`b.country = ${q.country}`);
  if (q.batteryType) where.push(sql`b.battery_type = ${q.batteryType}`);
  return pageOf<BasicRow>(
    db,
    {
      select: basicSelect,
      from: sql`${basicFrom} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`m.model, b.country, b.id`),
    },
    q,
  );
}

export async function basicById(db: DbOrTx, id: number, lock = false): Promise<BasicRow | undefined> {
  const tail = lock ? sql` FOR UPDATE OF b` : sql``;
  return (await db.execute<BasicRow>(sql`${basicSelect} ${basicFrom} WHERE b.id = ${id}${tail}`)).rows[0];
}

export async function basicOfModel(db: DbOrTx, productId: number, country: string, exceptId: number | null) {
  return (
    await db.execute<{ id: number }>(sql`SELECT id FROM customs_basics
      WHERE product_id = ${productId} AND country = ${country} AND id IS DISTINCT FROM ${exceptId}`)
  ).rows[0];
}

export interface MissingRow extends Record<string, unknown> {
  product_id: number;
  model: string;
  name: string | null;
  name_en: string | null;
  countries: string[];
}

/**
 * Launched models lacking a record: for a country, neither its own nor the '*' one; without
 * a country, none at all.
 */
export function pageOfMissing(db: DbOrTx, q: EndpointQuery<typeof listMissingModels>) {
  const where: SQL[] = [sql`m.lifecycle = ${ACTIVE_LIFECYCLE}`];
  const like = likeContains(q.keyword);
  if (like) where.push(sql`(m.model ILIKE ${like} OR m.name ILIKE ${like} OR m.name_en ILIKE ${like})`);
  where.push(
    q.country
      ? sql`NOT EXISTS (SELECT 1 FROM customs_basics b WHERE b.product_id = m.id AND b.country IN (${q.country}, ${ANY_COUNTRY}))`
      : sql`NOT EXISTS (SELECT 1 FROM customs_basics b WHERE b.product_id = m.id)`,
  );
  return pageOf<MissingRow>(
    db,
    {
      select: sql`SELECT m.id AS product_id, m.model, m.name, m.name_en,
        coalesce((SELECT array_agg(b.country ORDER BY b.country) FROM customs_basics b WHERE b.product_id = m.id), '{}') AS countries`,
      from: sql`FROM ${catalogModels} m WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: sql`m.model, m.id`,
    },
    q,
  );
}

export async function modelChoices(db: DbOrTx, keyword: string | undefined, productId: number | undefined) {
  const like = likeContains(keyword);
  const where: SQL[] = [sql`TRUE`];
  if (like) where.push(sql`(m.model ILIKE ${like} OR m.name ILIKE ${like} OR m.name_en ILIKE ${like})`);
  if (productId !== undefined) where.push(sql`m.id = ${productId}`);
  return (
    await db.execute<{ id: number; model: string; name: string | null; name_en: string | null; lifecycle: number }>(
      sql`SELECT m.id, m.model, m.name, m.name_en, m.lifecycle FROM ${catalogModels} m
           WHERE ${sql.join(where, sql` AND `)} ORDER BY m.lifecycle = ${ACTIVE_LIFECYCLE} DESC, m.model LIMIT 30`,
    )
  ).rows;
}

export async function modelExists(db: DbOrTx, productId: number): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 AS x FROM ${catalogModels} m WHERE m.id = ${productId}`)).rows.length > 0;
}
