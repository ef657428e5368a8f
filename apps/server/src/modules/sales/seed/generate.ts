/**
 * The sales demo: sales teams with directors, products, SKUs, listings in the company's
 * thirteen shops and the two external shops, costs, fees, exchange rates, daily facts,
 * cost inductions and the rollups. `generateSalesDemo` replaces all of that in one
 * transaction; the same seed and `today` give the same data.
 *
 * The catalogue is planned in memory (plan.ts); the daily facts are computed in SQL from a
 * parameter row per listing over its selling days, with noise from a hash of (listing,
 * day) and never random(), chunk by chunk so that no statement holds millions of rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { seedModelInfoDemo } from '../../catalog/catalog.seed';
import { rebuildAllRollups } from '../facts/facts.service';
import { DIRECTORS, EXTERNAL_SHOPS, TEAMS } from './catalog';
import { type PlanContext, planSalesDemo, type Size } from './plan';

export type { Size } from './plan';

export interface SalesDemoOptions {
  size: Size;
  /** Facts run up to the day before this (UTC date); default now. */
  today?: Date;
  seed?: number;
  log?: (msg: string) => void;
}

export interface SalesDemoResult {
  products: number;
  skus: number;
  listings: number;
  facts: number;
  ms: number;
}

/** app_meta key recording that the demo's sales data was generated (value: the size). */
export const SALES_SEED_KEY = 'seed.sales';

/** The tables the generator owns and replaces. */
const SALES_TABLES = [
  // Bills of materials belong to the SKUs the generator replaces.
  'bom_items',
  'boms',
  'sales_facts',
  'sales_segment_day',
  'sales_listing_day',
  'sales_listing_week',
  'sales_listing_month',
  'sales_listing_quarter',
  'sales_listing_year',
  'sales_shop_day',
  'sales_segment_month',
  'cost_inductions',
  'product_model_info',
  'listings',
  'sku_fees',
  'sku_costs',
  'skus',
  'products',
  'exchange_rates',
  'sales_team_lines',
  'sales_teams',
] as const;

/** Listing-days per facts statement: a few hundred thousand rows at most. */
const FACT_ROWS_PER_CHUNK = 300_000;

export async function generateSalesDemo(db: Db, opts: SalesDemoOptions): Promise<SalesDemoResult> {
  return db.transaction((tx) => generateSalesDemoIn(tx, opts));
}

/**
 * First start with SEED=demo: generate the small demo once. Recorded under its own key in
 * the same transaction, so a failed generation is retried at the next start. Never runs
 * over sales data that is already there (say, imported before this seed existed), nor
 * without the company's shops and sales.manager (it then waits for a later start).
 */
export async function applySalesDemoOnce(db: Db, opts: { log?: (msg: string) => void } = {}): Promise<SalesDemoResult | null> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${SALES_SEED_KEY}`);
  if (done.rows.length) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274004)`);
    const again = await tx.execute(sql`SELECT 1 FROM app_meta WHERE key = ${SALES_SEED_KEY}`);
    if (again.rows.length) return null;
    const state = await tx.execute<{ taken: boolean; ready: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM listings) OR EXISTS (SELECT 1 FROM sales_facts) AS taken,
             EXISTS (SELECT 1 FROM shops WHERE account_id = 1)
             AND EXISTS (SELECT 1 FROM users WHERE account_id = 1 AND lower(login_name) = 'sales.manager')
             AND EXISTS (SELECT 1 FROM product_lines WHERE code IS NOT NULL) AS ready`);
    if (state.rows[0]?.taken || !state.rows[0]?.ready) return null;
    const result = await generateSalesDemoIn(tx, { size: 'small', log: opts.log });
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${SALES_SEED_KEY}, 'small') ON CONFLICT (key) DO NOTHING`);
    return result;
  });
}

/** The same, inside the caller's transaction. */
export async function generateSalesDemoIn(tx: DbOrTx, opts: SalesDemoOptions): Promise<SalesDemoResult> {
  const t0 = Date.now();
  const log = opts.log ?? (() => {});
  const today = opts.today ?? new Date();
  const seed = opts.seed ?? 42;
  // One generator at a time; the facts' shop locks are not needed: TRUNCATE locks the tables.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727274201)`);
  await tx.execute(sql`SET LOCAL work_mem = '256MB'`);

  const ctx = await loadContext(tx);
  await tx.execute(sql.raw(`TRUNCATE ${SALES_TABLES.join(', ')} RESTART IDENTITY`));

  const plan = planSalesDemo(ctx, { size: opts.size, today, seed });
  log(
    `sales demo (${opts.size}): ${plan.products.length} products, ${plan.skus.length} SKUs, ${plan.listings.length} listings, ` +
      `${plan.firstDay} … ${plan.lastDay}`,
  );

  await insertJson(
    tx,
    'products',
    'id int, model text, name text, name_en text, product_line_id int, position_id int, category_code text, lifecycle smallint, launch_date date, eol_date date',
    plan.products,
  );
  await insertJson(tx, 'skus', 'id int, sku text, product_id int, variant text', plan.skus);
  await insertJson(
    tx,
    'listings',
    'id int, shop_id int, sku_id int, asin text, market_id smallint, title text, price numeric, currency text, status smallint',
    plan.listings,
  );
  await insertJson(tx, 'sku_costs', 'sku_id int, effective_from date, unit_cost numeric', plan.costs);
  await insertJson(
    tx,
    'sku_fees',
    'sku_id int, market_id smallint, effective_from date, referral_rate numeric, fba_fee numeric',
    plan.fees,
  );
  await insertJson(tx, 'exchange_rates', 'currency text, day date, rate numeric', plan.rates);
  await seedModelInfoDemo(tx);
  for (const table of ['products', 'skus', 'listings'] as const) {
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), greatest((SELECT max(id) FROM ${sql.raw(table)}), 1))`,
    );
  }
  await insertTeams(tx);

  // The facts' parameters: one row per listing, one per day.
  await tx.execute(sql`DROP TABLE IF EXISTS demo_lp, demo_days`);
  await tx.execute(sql`
    CREATE TEMP TABLE demo_lp (
      id int PRIMARY KEY, shop_id int, market_id smallint, sku_id int, product_line_id int, position_id int,
      currency text, dec int, price float8, referral numeric, fba numeric, cost1 numeric, cost2 numeric, cost2_from date,
      base float8, growth float8, launch date, eol date, start_day date, end_day date,
      return_rate float8, ad_share float8, conv float8, deal boolean, mf float8[]
    ) ON COMMIT DROP`);
  await insertJson(
    tx,
    'demo_lp',
    `id int, shop_id int, market_id smallint, sku_id int, product_line_id int, position_id int, currency text, dec int,
     price float8, referral numeric, fba numeric, cost1 numeric, cost2 numeric, cost2_from date, base float8, growth float8,
     launch date, eol date, start_day date, end_day date, return_rate float8, ad_share float8, conv float8, deal boolean, mf float8[]`,
    plan.listings,
  );
  await tx.execute(sql`
    CREATE TEMP TABLE demo_days (
      day date PRIMARY KEY, dn int, mo int, dow_f float8, ev float8, ev_other float8, disc float8, settlement smallint
    ) ON COMMIT DROP`);
  await insertJson(
    tx,
    'demo_days',
    'day date, dn int, mo int, dow_f float8, ev float8, ev_other float8, disc float8, settlement smallint',
    plan.days,
  );
  await tx.execute(sql`ANALYZE demo_lp, demo_days, exchange_rates`);

  log(`  catalogue, costs, fees and rates … ${secs(t0)}`);
  // A bulk load builds the facts' secondary indexes once at the end instead of row by row.
  const bulk = plan.listings.length * plan.days.length > 2_000_000;
  const secondary = bulk ? await dropSecondaryIndexes(tx, 'sales_facts') : [];
  const perChunk = Math.max(1, Math.floor(FACT_ROWS_PER_CHUNK / plan.days.length));
  const total = plan.listings.length;
  let rows = 0;
  for (let from = 1; from <= total; from += perChunk) {
    const to = Math.min(total, from + perChunk - 1);
    const r = await tx.execute(factsStatement(from, to, plan.days[0]?.dn ?? 0, seed));
    rows += r.rowCount ?? 0;
    if (total > perChunk) log(`  facts: listings ${to}/${total}, ${rows.toLocaleString('en-US')} rows, ${secs(t0)}`);
  }

  log(`  facts … ${secs(t0)}`);
  for (const def of secondary) await tx.execute(sql.raw(def));
  if (secondary.length) log(`  indexes … ${secs(t0)}`);
  // Other costs: the inductions, added into their days' facts (a fact is made when none exists).
  await insertJson(
    tx,
    'cost_inductions',
    'listing_id int, shop_id int, cost_date date, category text, amount numeric, currency text, note text, created_by int',
    plan.inductions,
  );
  await tx.execute(sql`
    INSERT INTO sales_facts AS f (listing_id, day, shop_id, market_id, sku_id, product_line_id, position_id, currency, rate,
                                  other_costs, settlement, source)
    SELECT ci.listing_id, ci.cost_date, p.shop_id, p.market_id, p.sku_id, p.product_line_id, p.position_id, p.currency, er.rate,
           sum(ci.amount), min(d.settlement), 'demo'
      FROM cost_inductions ci
      JOIN demo_lp p ON p.id = ci.listing_id
      JOIN demo_days d ON d.day = ci.cost_date
      JOIN exchange_rates er ON er.currency = p.currency AND er.day = ci.cost_date
     GROUP BY ci.listing_id, ci.cost_date, p.shop_id, p.market_id, p.sku_id, p.product_line_id, p.position_id, p.currency, er.rate
    ON CONFLICT (listing_id, day) DO UPDATE SET other_costs = f.other_costs + EXCLUDED.other_costs`);

  log(`  rollups … ${secs(t0)}`);
  await rebuildAllRollups(tx);
  log(`  analyze … ${secs(t0)}`);
  await tx.execute(sql.raw(`ANALYZE ${SALES_TABLES.join(', ')}`));
  const facts = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_facts`);
  const result: SalesDemoResult = {
    products: plan.products.length,
    skus: plan.skus.length,
    listings: plan.listings.length,
    facts: Number(facts.rows[0]?.n ?? 0),
    ms: Date.now() - t0,
  };
  log(`  done: ${result.facts.toLocaleString('en-US')} facts in ${secs(t0)}`);
  return result;
}

const secs = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** Rows as JSON into a table (or a temp table), a few thousand at a time. */
async function insertJson(tx: DbOrTx, table: string, columns: string, rows: readonly object[]): Promise<void> {
  const names = columns
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .join(', ');
  for (let i = 0; i < rows.length; i += 5000) {
    const payload = JSON.stringify(rows.slice(i, i + 5000));
    await tx.execute(sql`
      INSERT INTO ${sql.raw(table)} (${sql.raw(names)})
      SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${payload}::jsonb) AS x(${sql.raw(columns)})`);
  }
}

/** Drops a table's plain indexes (not the primary key, not those of constraints) and answers their definitions. */
async function dropSecondaryIndexes(tx: DbOrTx, table: string): Promise<string[]> {
  const r = await tx.execute<{ name: string; def: string }>(sql`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = ${table}::regclass AND NOT x.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
     ORDER BY i.relname`);
  for (const { name } of r.rows) await tx.execute(sql`DROP INDEX ${sql.identifier(name)}`);
  return r.rows.map((x) => x.def);
}

/** Shops, product lines, positions and the recording user, from the reference and demo seeds. */
async function loadContext(tx: DbOrTx): Promise<PlanContext> {
  const shops = await tx.execute<{ id: number; account_id: number; seller_id: string | null; market_id: number }>(
    sql`SELECT id, account_id, seller_id, market_id FROM shops ORDER BY id`,
  );
  const companyShops = new Map<number, number>();
  // The company's own shops (Lumio …) first, then any other shop of account 1.
  for (const preferSeller of [true, false]) {
    for (const s of shops.rows) {
      if (s.account_id !== 1 || companyShops.has(s.market_id)) continue;
      if (preferSeller && s.seller_id !== 'A1LUMIOSELLER') continue;
      companyShops.set(s.market_id, s.id);
    }
  }
  const externalShops = new Map<string, { shopId: number; marketId: number }>();
  for (const ext of EXTERNAL_SHOPS) {
    const s = shops.rows.find((r) => r.seller_id === ext.sellerId && r.account_id !== 1);
    if (s) externalShops.set(ext.sellerId, { shopId: s.id, marketId: s.market_id });
  }
  if (companyShops.size === 0) throw new Error('The company has no shops: apply the demo seed first');

  const lines = await tx.execute<{ id: number; code: string }>(sql`SELECT id, code FROM product_lines WHERE code IS NOT NULL`);
  const lineIds = new Map(lines.rows.map((l) => [l.code, l.id]));
  const positions = await tx.execute<{ id: number; name: string }>(
    sql`SELECT id, name || ' ' || name_en AS name FROM product_positions ORDER BY id`,
  );
  const position = (word: string) => positions.rows.find((p) => p.name.includes(word))?.id ?? null;

  const manager = await tx.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE account_id = 1 AND lower(login_name) = 'sales.manager'`,
  );
  const managerId = manager.rows[0]?.id;
  if (!managerId) throw new Error('The demo user sales.manager is missing: apply the demo seed first');
  await ensureDirectors(tx);
  return {
    companyShops,
    externalShops,
    lineIds,
    positions: {
      traffic: position('Traffic'),
      profit: position('Profit'),
      flagship: position('Flagship'),
      regular: position('Regular'),
      clearance: position('Clearance'),
    },
    createdBy: managerId,
  };
}

/** The two directors besides sales.manager: sales managers signing in like the other demo users. */
async function ensureDirectors(tx: DbOrTx): Promise<void> {
  for (const d of DIRECTORS) {
    await tx.execute(sql`
      INSERT INTO users (account_id, login_name, user_name, email, password_hash, user_type, enabled, state)
      SELECT 1, ${d.loginName}, ${d.userName}, ${`${d.loginName}@example.com`}, m.password_hash, 1, true, 'active'
        FROM users m WHERE m.account_id = 1 AND lower(m.login_name) = 'sales.manager'
      ON CONFLICT ((lower(login_name))) DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO user_roles (user_id, role_id)
      SELECT u.id, r.id FROM users u JOIN roles r ON r.account_id = 1 AND r.name = 'sales manager'
       WHERE u.account_id = 1 AND lower(u.login_name) = ${d.loginName}
      ON CONFLICT DO NOTHING`);
  }
}

async function insertTeams(tx: DbOrTx): Promise<void> {
  for (const team of TEAMS) {
    await tx.execute(sql`
      INSERT INTO sales_teams (name, director_user_id)
      VALUES (${team.name}, (SELECT id FROM users WHERE account_id = 1 AND lower(login_name) = ${team.director}))`);
    await tx.execute(sql`
      INSERT INTO sales_team_lines (team_id, product_line_id)
      SELECT t.id, l.id FROM sales_teams t, product_lines l
       WHERE t.name = ${team.name} AND l.code IN (SELECT jsonb_array_elements_text(${JSON.stringify(team.lines)}::jsonb))`);
  }
}

/**
 * The facts of listings `from`…`to` over their selling days. Units are the listing's base
 * demand × month × weekday × deal day × life (60-day ramp after launch, 90-day decline to
 * EOL) × trend × noise; the noise is four uniforms from hashes of (listing, day).
 */
function factsStatement(from: number, to: number, firstDn: number, seed: number): SQL {
  const seedA = seed * 2 + 1;
  const seedB = seed * 2 + 2;
  return sql`
    INSERT INTO sales_facts (listing_id, day, shop_id, market_id, sku_id, product_line_id, position_id, currency, rate,
                             units, orders, revenue, refunds, marketplace_fees, fulfilment_fees, ad_spend, cogs,
                             sessions, page_views, settlement, source)
    SELECT m.id, m.day, m.shop_id, m.market_id, m.sku_id, m.product_line_id, m.position_id, m.currency, m.rate,
           m.units, m.orders, m.revenue, m.refunds,
           round(m.revenue * m.referral, m.dec), round(m.units * m.fba, m.dec), m.ad_spend, m.cogs,
           m.sessions, round(m.sessions * (1.15 + 0.5 * m.u2))::int, m.settlement, 'demo'
      FROM (
        SELECT g.*,
               CASE WHEN g.units <= 1 THEN g.units ELSE greatest(1, round(g.units / (1 + 0.2 * g.u4)))::int END AS orders,
               round((g.units * g.net)::numeric, g.dec) AS revenue,
               round((floor(g.units * g.return_rate + g.u3) * g.net)::numeric, g.dec) AS refunds,
               CASE WHEN g.units > 0 THEN round((g.units * g.net * g.ad_share * (0.6 + 0.8 * g.u4))::numeric, g.dec)
                    ELSE round((g.price * (0.1 + 0.5 * g.u4))::numeric, g.dec) END AS ad_spend,
               CASE WHEN g.cost IS NULL THEN 0 ELSE round(g.units * g.cost / g.rate, 2) END AS cogs,
               CASE WHEN g.units > 0 THEN greatest(g.units, round(g.units / (g.conv * (0.75 + 0.5 * g.u1))))::int
                    ELSE 1 + floor(g.u4 * 12)::int END AS sessions
          FROM (
            SELECT p.id, p.shop_id, p.market_id, p.sku_id, p.product_line_id, p.position_id, p.currency, p.dec, p.price,
                   p.referral, p.fba, p.return_rate, p.ad_share, p.conv, d.day, d.settlement, er.rate, u.u1, u.u2, u.u3, u.u4,
                   floor(p.base * p.mf[d.mo] * d.dow_f * (CASE WHEN p.deal THEN d.ev ELSE d.ev_other END)
                         * least(1, (d.day - p.launch + 1)::float8 / 60)
                         * (CASE WHEN p.eol IS NULL THEN 1 ELSE least(1, (p.eol - d.day)::float8 / 90) END)
                         * exp(p.growth * (d.dn - ${firstDn})::float8 / 365)
                         * (0.6 + 0.8 * u.u1) + u.u2)::int AS units,
                   p.price * (1 - CASE WHEN p.deal THEN d.disc ELSE 0 END) AS net,
                   CASE WHEN p.cost2_from IS NOT NULL AND d.day >= p.cost2_from THEN p.cost2 ELSE p.cost1 END AS cost
              FROM demo_lp p
              JOIN demo_days d ON d.day BETWEEN p.start_day AND p.end_day
              JOIN exchange_rates er ON er.currency = p.currency AND er.day = d.day
             CROSS JOIN LATERAL (
               SELECT (h.h1 & 4294967295)::float8 / 4294967296 AS u1, ((h.h1 >> 32) & 4294967295)::float8 / 4294967296 AS u2,
                      (h.h2 & 4294967295)::float8 / 4294967296 AS u3, ((h.h2 >> 32) & 4294967295)::float8 / 4294967296 AS u4
                 FROM (SELECT hashint8extended(p.id::bigint * 100000 + d.dn, ${seedA}::bigint) AS h1,
                              hashint8extended(p.id::bigint * 100000 + d.dn, ${seedB}::bigint) AS h2 OFFSET 0) h
               OFFSET 0) u
             WHERE p.id BETWEEN ${from} AND ${to}
            OFFSET 0) g
         WHERE g.units > 0 OR g.u3 < 0.05
        OFFSET 0) m`;
}
