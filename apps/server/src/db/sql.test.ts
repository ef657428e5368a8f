import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { escapeLike, likeContains, orderBy, pageByKeys, pageOf, pageOfQuery } from './sql';

describe('likeContains', () => {
  it('wraps the text in % and escapes the wildcards and the escape character', () => {
    expect(likeContains('ab')).toBe('%ab%');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
  });
  it('is null for no text or an empty one, so the filter is left out', () => {
    expect(likeContains('')).toBeNull();
    expect(likeContains(' ')).toBe('% %');
    expect(likeContains(undefined)).toBeNull();
    expect(likeContains(null)).toBeNull();
  });
});

describe('orderBy', () => {
  const allowed = { name: sql`lower(t.name)`, createdAt: sql`t.created_at` };
  it('accepts only the listed fields', () => {
    expect(() => orderBy('password', 'asc', allowed)).toThrow(/not a sortable field/);
    expect(() => orderBy('toString', 'asc', allowed)).toThrow(/not a sortable field/);
    expect(() => orderBy('name', 'descend', allowed)).not.toThrow();
  });
});

describe('against PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.pool.query(`CREATE TABLE sql_probe (id int PRIMARY KEY, name text, created_at int)`);
    await t.database.pool.query(
      `INSERT INTO sql_probe SELECT g, CASE WHEN g % 10 = 0 THEN NULL WHEN g % 3 = 0 THEN 'a_' || g ELSE 'ab' || g END, 100 - g
         FROM generate_series(1, 25) g`,
    );
  });
  afterAll(async () => t?.close());
  const db = () => t.database.db;
  const allowed = { name: sql`p.name`, createdAt: sql`p.created_at` };

  it('matches a wildcard literally', async () => {
    const like = likeContains('a_');
    const res = await db().execute(sql`SELECT count(*)::int AS n FROM sql_probe WHERE name LIKE ${like}`);
    expect(res.rows[0]).toEqual({ n: 8 });
  });

  it('pages with the count of the whole list, and counts again past the end', async () => {
    const q = { select: sql`SELECT p.id, p.name`, from: sql`FROM sql_probe p WHERE p.id > 5`, orderBy: sql`p.id` };
    const first = await pageOf<{ id: number; name: string | null }>(db(), q, { pageNum: 1, pageSize: 7 });
    expect(first.total).toBe(20);
    expect(first.rows.map((r) => r.id)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(Object.keys(first.rows[0] ?? {})).toEqual(['id', 'name']);
    const last = await pageOf(db(), q, { pageNum: 3, pageSize: 7 });
    expect(last.rows).toHaveLength(6);
    expect(last.total).toBe(20);
    const beyond = await pageOf(db(), q, { pageNum: 9, pageSize: 7 });
    expect(beyond).toEqual({ rows: [], total: 20 });
    const none = await pageOf(db(), { ...q, from: sql`FROM sql_probe p WHERE false` }, { pageNum: 1, pageSize: 7 });
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it('with a narrow count, pages in its own statement and counts beside it, to the same totals', async () => {
    const q = {
      select: sql`SELECT p.id, p.name`,
      from: sql`FROM sql_probe p WHERE p.id > 5`,
      orderBy: sql`p.id`,
      count: sql`FROM sql_probe p WHERE p.id > 5`,
    };
    const first = await pageOf<{ id: number }>(db(), q, { pageNum: 1, pageSize: 7 });
    expect([first.rows.map((r) => r.id), first.total]).toEqual([[6, 7, 8, 9, 10, 11, 12], 20]);
    expect(Object.keys(first.rows[0] ?? {})).toEqual(['id', 'name']);
    expect(await pageOf(db(), q, { pageNum: 3, pageSize: 7 })).toMatchObject({ total: 20 });
    expect(await pageOf(db(), q, { pageNum: 9, pageSize: 7 })).toEqual({ rows: [], total: 20 });
    // The count is the list's own: a count that disagrees would show (it is not recomputed from the page).
    const wrong = await pageOf(db(), { ...q, count: sql`FROM sql_probe p` }, { pageNum: 2, pageSize: 7 });
    expect(wrong.total).toBe(25);
  });

  it('pages by keys: the page of the filter and order, each row drawn with its joins, the whole count', async () => {
    const q = {
      // A row draws a join (its neighbour's name) and a subquery, as a list's names and counts do.
      select: sql`SELECT p.id, n.name AS next_name, (SELECT count(*)::int FROM sql_probe x WHERE x.id < p.id) AS before`,
      table: sql`sql_probe p`,
      key: sql`p.id`,
      joins: sql`LEFT JOIN sql_probe n ON n.id = p.id + 1`,
      where: sql`p.id > 5`,
      orderBy: sql`p.created_at, p.id`,
    };
    const second = await pageByKeys<{ id: number; next_name: string | null; before: number }>(db(), q, {
      pageNum: 2,
      pageSize: 7,
    });
    // created_at falls as id rises: the order is by id descending.
    expect(second.rows.map((r) => r.id)).toEqual([18, 17, 16, 15, 14, 13, 12]);
    expect(second.rows[0]).toEqual({ id: 18, next_name: 'ab19', before: 17 });
    expect(second.total).toBe(20);
    expect(await pageByKeys(db(), q, { pageNum: 9, pageSize: 7 })).toEqual({ rows: [], total: 20 });
  });

  it('pages an ordered query as it is', async () => {
    const page = await pageOfQuery<{ id: number }>(db(), sql`SELECT id FROM sql_probe ORDER BY id DESC`, {
      pageNum: 2,
      pageSize: 10,
    });
    expect(page.rows.map((r) => r.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(page.total).toBe(25);
  });

  it('orders by an allowed field, nulls last either way, with a tie break', async () => {
    const names = async (dir: 'ascend' | 'desc') =>
      (
        await db().execute<{ id: number }>(sql`SELECT p.id FROM sql_probe p ORDER BY ${orderBy('name', dir, allowed, sql`p.id`)}`)
      ).rows.map((r) => r.id);
    const asc = await names('ascend');
    const desc = await names('desc');
    expect(asc.slice(-2)).toEqual([10, 20]);
    expect(desc.slice(-2)).toEqual([10, 20]);
    expect(desc.slice(0, -2)).toEqual(asc.slice(0, -2).reverse());
  });
});
