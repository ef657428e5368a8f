/**
 * A project's figures for its shared data view (the `data-view` share kind): the sales of its
 * SKUs over the 90 days before today through the sales area's published read, and its
 * progress (todos and stage gates). Queries only.
 */

import type { DataViewShareView } from '@bo/contract/projects/project-share';
import { STAGES } from '@bo/contract/projects/projects';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listingProducts } from '../catalog/catalog.reads';
import { listingDaySales } from '../sales/sales.reads';
import { shopDirectory } from '../shops/shops.reads';
import { textArray } from './projects.repository';

type Sales = DataViewShareView['sales'];

const figures = (units: unknown, cents: unknown) => ({ units: Number(units ?? 0), amount: Number(cents ?? 0) / 100 });

/**
 * The sales of the account's shops' listings whose SKU, or whose model, is one of `skus`
 * (a project names a SKU or a whole model), per day and per SKU.
 */
export async function projectSales(db: DbOrTx, accountId: number, skus: readonly string[]): Promise<Sales> {
  const wanted = textArray(skus);
  const sold = sql`
    SELECT ls.sku, s.day, s.units, s.revenue_cents
      FROM ${listingDaySales} s
      JOIN ${listingProducts} ls ON ls.id = s.listing_id
      JOIN ${shopDirectory} sh ON sh.id = s.shop_id
     WHERE sh.account_id = ${accountId}
       AND (ls.sku = ANY (${wanted}) OR ls.model = ANY (${wanted}))
       AND s.day >= current_date - 90 AND s.day < current_date`;
  const period = await db.execute<{ from: string; to: string }>(
    sql`SELECT (current_date - 90)::text AS "from", (current_date - 1)::text AS "to"`,
  );
  const daily = await db.execute<{ day: string; units: string; cents: string }>(sql`
    SELECT d::date::text AS day, COALESCE(sum(x.units), 0) AS units, COALESCE(sum(x.revenue_cents), 0) AS cents
      FROM generate_series(current_date - 90, current_date - 1, interval '1 day') d
      LEFT JOIN (${sold}) x ON x.day = d::date
     GROUP BY d ORDER BY d`);
  const bySku = await db.execute<{ sku: string; u30: string; c30: string; u90: string; c90: string }>(sql`
    SELECT x.sku,
           sum(x.units) FILTER (WHERE x.day >= current_date - 30) AS u30,
           sum(x.revenue_cents) FILTER (WHERE x.day >= current_date - 30) AS c30,
           sum(x.units) AS u90, sum(x.revenue_cents) AS c90
      FROM (${sold}) x
     GROUP BY x.sku ORDER BY sum(x.revenue_cents) DESC, x.sku LIMIT 200`);
  const days = daily.rows.map((d) => ({ day: d.day, ...figures(d.units, d.cents) }));
  const sum = (list: typeof days) =>
    figures(
      list.reduce((a, d) => a + d.units, 0),
      list.reduce((a, d) => a + Math.round(d.amount * 100), 0),
    );
  return {
    currency: REPORTING_CURRENCY,
    from: period.rows[0]?.from ?? '',
    to: period.rows[0]?.to ?? '',
    last30: sum(days.slice(-30)),
    last90: sum(days),
    daily: days,
    bySku: bySku.rows.map((r) => ({ sku: r.sku, last30: figures(r.u30, r.c30), last90: figures(r.u90, r.c90) })),
  };
}

/** Todos done and in all, the overdue ones, and the stage gates planned or reached in stage order. */
export async function projectProgress(db: DbOrTx, projectId: number): Promise<DataViewShareView['progress']> {
  const todos = await db.execute<{ done: number; total: number; overdue: number }>(sql`
    SELECT count(*) FILTER (WHERE done)::int AS done, count(*)::int AS total,
           count(*) FILTER (WHERE NOT done AND due_date < current_date)::int AS overdue
      FROM project_todos WHERE project_id = ${projectId}`);
  const nodes = await db.execute<{ node: string; plan_date: string | null; reached_date: string | null; overdue: boolean }>(sql`
    SELECT node, plan_date::text AS plan_date, reached_date::text AS reached_date,
           (reached_date IS NULL AND plan_date < current_date) AS overdue
      FROM project_nodes WHERE project_id = ${projectId}`);
  const order = (n: string) => {
    const i = (STAGES as readonly string[]).indexOf(n);
    return i < 0 ? STAGES.length : i;
  };
  const t = todos.rows[0];
  return {
    todosDone: Number(t?.done ?? 0),
    todosTotal: Number(t?.total ?? 0),
    overdue: Number(t?.overdue ?? 0),
    nodes: nodes.rows
      .map((n) => ({ node: n.node, planDate: n.plan_date, reachedDate: n.reached_date, overdue: Boolean(n.overdue) }))
      .sort((a, b) => order(a.node) - order(b.node)),
  };
}
