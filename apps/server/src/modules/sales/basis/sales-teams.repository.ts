/** Queries of the sales teams (`sales_teams`, `sales_team_lines`). */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet, likeContains, pageOfQuery } from '../../../db/sql';

export interface TeamRow extends Record<string, unknown> {
  id: number;
  name: string;
  director_id: number | null;
  director_name: string | null;
  lines: { id: number; name: string; nameEn: string }[];
  line_count: number;
  version: number;
  updated_at: string;
}

const SORT: Record<string, SQL> = {
  name: sql`lower(t.name)`,
  directorName: sql`lower(u.user_name)`,
  lineCount: sql`line_count`,
  updatedAt: sql`t.updated_at`,
};

/** Teams with director and lines; `keyword` matches the team, the director or a line name. */
export const teamsQuery = (keyword: string | undefined, sortField = 'name', sortOrder: 'asc' | 'desc' = 'asc'): SQL => {
  const like = likeContains(keyword);
  const dir = sortOrder === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  return sql`
    SELECT t.id, t.name, t.director_user_id AS director_id, u.user_name AS director_name, t.version,
           to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
           coalesce(l.lines, '[]'::json) AS lines, coalesce(l.line_count, 0) AS line_count
      FROM sales_teams t
      LEFT JOIN users u ON u.id = t.director_user_id
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('id', pl.id, 'name', pl.name, 'nameEn', pl.name_en) ORDER BY pl.code, pl.id) AS lines,
               count(*)::int AS line_count
          FROM sales_team_lines tl JOIN product_lines pl ON pl.id = tl.product_line_id WHERE tl.team_id = t.id) l ON true
     WHERE ${
       like === null
         ? sql`true`
         : sql`(t.name ILIKE ${like} OR u.user_name ILIKE ${like} OR u.login_name ILIKE ${like}
                OR EXISTS (SELECT 1 FROM sales_team_lines tl JOIN product_lines pl ON pl.id = tl.product_line_id
                            WHERE tl.team_id = t.id AND (pl.name ILIKE ${like} OR pl.name_en ILIKE ${like} OR pl.code ILIKE ${like})))`
     }
     ORDER BY ${SORT[sortField] ?? SORT.name} ${dir}, t.id`;
};

export async function listTeams(
  db: DbOrTx,
  q: { keyword?: string; sortField: string; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  return pageOfQuery<TeamRow>(db, teamsQuery(q.keyword, q.sortField, q.sortOrder), q);
}

/** Product lines a team can own: lines with a category code that group no other line. */
export async function ownableLines(db: DbOrTx) {
  const res = await db.execute<{
    id: number;
    name: string;
    nameEn: string;
    code: string | null;
    parentId: number | null;
    parentName: string | null;
    parentNameEn: string | null;
    teamId: number | null;
    teamName: string | null;
  }>(sql`
    SELECT pl.id, pl.name, pl.name_en AS "nameEn", pl.code, pl.parent_id AS "parentId", p.name AS "parentName",
           p.name_en AS "parentNameEn", t.id AS "teamId", t.name AS "teamName"
      FROM product_lines pl
      LEFT JOIN product_lines p ON p.id = pl.parent_id
      LEFT JOIN sales_team_lines tl ON tl.product_line_id = pl.id
      LEFT JOIN sales_teams t ON t.id = tl.team_id
     WHERE NOT EXISTS (SELECT 1 FROM product_lines c WHERE c.parent_id = pl.id)
     ORDER BY pl.parent_id NULLS FIRST, pl.code, pl.id`);
  return res.rows;
}

/** Serialises team writes: ownership checks and the unique line constraint then agree. */
export async function lockTeams(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727274203)`);
}

export async function findTeam(db: DbOrTx, id: number) {
  const res = await db.execute<{ id: number; name: string; director_id: number | null; version: number; line_ids: number[] }>(sql`
    SELECT t.id, t.name, t.director_user_id AS director_id, t.version,
           coalesce((SELECT array_agg(product_line_id ORDER BY product_line_id) FROM sales_team_lines WHERE team_id = t.id), '{}') AS line_ids
      FROM sales_teams t WHERE t.id = ${id} FOR UPDATE`);
  return res.rows[0];
}

export async function nameTaken(db: DbOrTx, name: string, exceptId: number | null): Promise<boolean> {
  const res = await db.execute(sql`
    SELECT 1 FROM sales_teams WHERE lower(name) = lower(${name}) AND (${exceptId}::int IS NULL OR id <> ${exceptId}::int)`);
  return res.rows.length > 0;
}

/** Whether the user may lead a team: an enabled user of the company account. */
export async function directorOk(db: DbOrTx, userId: number): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM users WHERE id = ${userId} AND account_id = 1 AND enabled`);
  return res.rows.length > 0;
}

/** Of the given ids, those that are not ownable lines (unknown, or a group of lines). */
export async function notOwnable(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const res = await db.execute<{ id: number }>(sql`
    SELECT x.id FROM ${intSet(ids)} AS x(id)
     WHERE NOT EXISTS (SELECT 1 FROM product_lines pl WHERE pl.id = x.id)
        OR EXISTS (SELECT 1 FROM product_lines c WHERE c.parent_id = x.id)`);
  return res.rows.map((r) => Number(r.id));
}

/** The given lines that another team owns, with that team. */
export async function ownedElsewhere(db: DbOrTx, ids: readonly number[], teamId: number | null) {
  if (!ids.length) return [];
  const res = await db.execute<{
    line_id: number;
    line_name: string;
    line_name_en: string;
    team_id: number;
    team_name: string;
  }>(sql`
    SELECT tl.product_line_id AS line_id, pl.name AS line_name, pl.name_en AS line_name_en, t.id AS team_id, t.name AS team_name
      FROM sales_team_lines tl JOIN sales_teams t ON t.id = tl.team_id JOIN product_lines pl ON pl.id = tl.product_line_id
     WHERE tl.product_line_id IN ${intSet(ids)} AND (${teamId}::int IS NULL OR tl.team_id <> ${teamId}::int)
     ORDER BY pl.code, pl.id`);
  return res.rows;
}

export async function insertTeam(db: DbOrTx, name: string, directorId: number | null): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    INSERT INTO sales_teams (name, director_user_id) VALUES (${name}, ${directorId}) RETURNING id`);
  return Number(res.rows[0]?.id);
}

export async function updateTeam(db: DbOrTx, id: number, name: string, directorId: number | null): Promise<void> {
  await db.execute(sql`
    UPDATE sales_teams SET name = ${name}, director_user_id = ${directorId}, version = version + 1, updated_at = now() WHERE id = ${id}`);
}

export async function setLines(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<void> {
  await db.execute(sql`DELETE FROM sales_team_lines WHERE team_id = ${teamId}`);
  if (ids.length)
    await db.execute(
      sql`INSERT INTO sales_team_lines (team_id, product_line_id) SELECT ${teamId}, x FROM ${intSet(ids)} AS t(x)`,
    );
}

export async function deleteTeam(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM sales_teams WHERE id = ${id}`);
}
