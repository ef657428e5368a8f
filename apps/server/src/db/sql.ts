import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

/**
 * A JS array as one SQL set: drizzle spreads an interpolated array into a parameter
 * list, which PostgreSQL cannot cast to an array and which breaks past 65,535 values.
 */
export const textSet = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
export const intSet = (values: readonly number[]): SQL =>
  sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::int)`;

/**
 * `= ANY(<int array>)` for a JS array of integers: PostgreSQL hashes the array and tests
 * each row against it, which is 1.3-2x faster than joining a set (`IN ${intSet(..)}`) when
 * a rollup scan filters hundreds of thousands of rows by shop or listing. Use as
 * sql`r.shop_id = ${anyInt(ids)}`.
 */
export const anyInt = (values: readonly number[]): SQL => {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`anyInt: not an integer: ${String(v)}`);
  return sql`ANY(${`{${values.join(',')}}`}::int[])`;
};

/**
 * The rows of one statement run without parallel workers (`SET LOCAL` in its own
 * transaction). For an aggregate over a union of rollups the planner cannot know how many
 * groups come out, guesses 200, and splits the work over workers whose partial sums take
 * longer to combine than the sums themselves (the large sales data: 175 ms in parallel,
 * 110 ms without); on two cores it also keeps statements that run side by side off each
 * other's core.
 */
export async function serialRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    return (await tx.execute(query)).rows as T[];
  });
}

// ---- list building blocks ---------------------------------------------------------------

/**
 * The LIKE / ILIKE pattern that matches `text` as a substring, its wildcards (`%`, `_`)
 * and the escape character escaped; null for no text or an empty one, so a filter reads
 * `like ? sql`... ILIKE ${like}` : sql``` and an empty keyword filters nothing. (A blank
 * keyword still filters: spaces are text; the contract trims where it wants them gone.)
 */
export function likeContains(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  return `%${escapeLike(text)}%`;
}

/** `text` with LIKE's wildcards escaped (backslash is PostgreSQL's default escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page as every list endpoint asks for it (1-based). */
export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

/** LIMIT and OFFSET of one page. */
export const limitOffset = (page: PageRequest): SQL => sql`LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`;

/** The column `pageOf` adds for the count; the rows it returns no longer carry it. */
const TOTAL = 'total_rows__';

/**
 * One page of a list and the number of rows of the whole list.
 * - Without `count`: one statement, `${select}, count(*) OVER () ${from} ORDER BY .. LIMIT ..`
 *   (the window count runs before LIMIT, over every row the filter keeps); a page past the end
 *   has no row to carry the count, so one `count(*)` of the query says how many there are.
 * - With `count` (FROM and WHERE with only the joins the filter needs): the page is its own
 *   statement, so PostgreSQL can walk an index in the sort order and build the SELECT list for
 *   the page's rows alone, and the narrow count runs beside it (a list of 100,000 listings
 *   counts one table instead of joining five). Give it when the filter allows it.
 *
 * `select` is the SELECT list with its keyword (`SELECT a, b`), `from` everything from FROM
 * up to ORDER BY (joins, WHERE, GROUP BY). The count stays exact: the contract's page has
 * no room to say that a total was capped.
 */
export async function pageOf<T = Record<string, unknown>>(
  db: DbOrTx,
  q: { select: SQL; from: SQL; orderBy?: SQL | undefined; count?: SQL | undefined },
  page: PageRequest,
): Promise<{ rows: T[]; total: number }> {
  const order = q.orderBy ? sql`ORDER BY ${q.orderBy}` : sql``;
  const offset = (page.pageNum - 1) * page.pageSize;
  const countAll = async () => {
    const c = await db.execute(sql`SELECT count(*)::int AS n FROM (${q.select} ${q.from}) counted`);
    return Number((c.rows[0] as { n?: number } | undefined)?.n ?? 0);
  };
  if (!q.count) {
    // One statement: the window count runs before LIMIT, over the rows the filter keeps.
    const res = await db.execute(
      sql`${q.select}, count(*) OVER () AS ${sql.identifier(TOTAL)} ${q.from} ${order} ${limitOffset(page)}`,
    );
    const raw = res.rows as Record<string, unknown>[];
    const total = raw.length > 0 ? Number(raw[0]?.[TOTAL]) : page.pageNum > 1 ? await countAll() : 0;
    const rows = raw.map((r) => {
      const { [TOTAL]: _count, ...rest } = r;
      return rest as T;
    });
    return { rows, total };
  }
  const narrow = q.count;
  const countNarrow = async () => {
    const c = await db.execute(sql`SELECT count(*)::int AS n ${narrow}`);
    return Number((c.rows[0] as { n?: number } | undefined)?.n ?? 0);
  };
  const [res, total] = await Promise.all([db.execute(sql`${q.select} ${q.from} ${order} ${limitOffset(page)}`), countNarrow()]);
  const rows = res.rows as T[];
  // A page that ends the list knows the total itself; the count covers the rest.
  return { rows, total: rows.length > 0 && rows.length < page.pageSize ? offset + rows.length : total };
}

/**
 * A page of rows that are costly to draw (a subquery or a name join per row): the page's keys
 * first, on the bare table (the filter, the order, LIMIT / OFFSET), then the rows drawn for
 * those keys only, in the same order, so a deep page no longer draws every row it skips.
 * `table` is the table with its alias (`projects p`), `key` its key column (`p.id`), `joins`
 * what the drawn rows join; the filter and the order read only `table`.
 */
export async function pageByKeys<T = Record<string, unknown>>(
  db: DbOrTx,
  q: { select: SQL; table: SQL; key: SQL; joins: SQL; where: SQL; orderBy: SQL },
  page: PageRequest,
): Promise<{ rows: T[]; total: number }> {
  const keys = sql`SELECT ${q.key} AS page_key__ FROM ${q.table} WHERE ${q.where} ORDER BY ${q.orderBy} ${limitOffset(page)}`;
  const [res, count] = await Promise.all([
    db.execute(
      sql`${q.select} FROM ${q.table} JOIN (${keys}) keyed ON keyed.page_key__ = ${q.key} ${q.joins} ORDER BY ${q.orderBy}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n FROM ${q.table} WHERE ${q.where}`),
  ]);
  return { rows: res.rows as T[], total: Number((count.rows[0] as { n?: number } | undefined)?.n ?? 0) };
}

/** `pageOf` over a whole query, already ordered: `SELECT p.* FROM (${query}) p`. */
export const pageOfQuery = <T = Record<string, unknown>>(db: DbOrTx, query: SQL, page: PageRequest) =>
  pageOf<T>(db, { select: sql`SELECT p.*`, from: sql`FROM (${query}) p` }, page);

/** Both sort conventions of the contract: antd's `ascend` / `descend` and `asc` / `desc`. */
export type SortOrder = 'asc' | 'desc' | 'ascend' | 'descend';

const isDescending = (order: SortOrder | undefined) => order === 'desc' || order === 'descend';

/**
 * The ORDER BY expression of a sortable list: `field` must be a key of `allowed` (the
 * list's sortable columns, each mapped to its SQL); any other field throws, so a field
 * that slipped past the schema can never reach the statement as text. Nulls sort last in
 * both directions; `tieBreak` (usually the id) makes the order total so pages do not
 * overlap.
 */
export function orderBy(
  field: string,
  order: SortOrder | undefined,
  allowed: Readonly<Record<string, SQL>>,
  tieBreak?: SQL,
): SQL {
  if (!Object.hasOwn(allowed, field)) throw new Error(`orderBy: ${field} is not a sortable field`);
  const column = allowed[field] as SQL;
  const dir = isDescending(order) ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  return tieBreak ? sql`${column} ${dir}, ${tieBreak}` : sql`${column} ${dir}`;
}
