import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { RequestActor } from '../../../platform/auth/actor';
import { isInternal } from '../../../platform/auth/actor';

interface LineRow extends Record<string, unknown> {
  id: number;
  name: string;
  nameEn: string;
  code: string | null;
  parentId: number | null;
  parentName: string | null;
}

/** The product lines linked to the user; internal users with none linked see them all. */
export async function listProductLinesForUser(db: DbOrTx, actor: RequestActor) {
  const res = await db.execute<LineRow>(sql`
    WITH linked AS (SELECT product_line_id FROM user_product_lines WHERE user_id = ${actor.userId})
    SELECT pl.id, pl.name, pl.name_en AS "nameEn", pl.code, pl.parent_id AS "parentId", p.name AS "parentName"
      FROM product_lines pl LEFT JOIN product_lines p ON p.id = pl.parent_id
     WHERE pl.id IN (SELECT product_line_id FROM linked)
        OR (${isInternal(actor)} AND NOT EXISTS (SELECT 1 FROM linked))
     ORDER BY pl.parent_id NULLS FIRST, pl.id`);
  return res.rows;
}

export async function listProductPositions(db: DbOrTx) {
  const res = await db.execute<{ productPositionId: number; productPosition: string; productPositionEn: string }>(
    sql`SELECT id AS "productPositionId", name AS "productPosition", name_en AS "productPositionEn" FROM product_positions ORDER BY id`,
  );
  return res.rows;
}
