/** Queries of the rate table (`exchange_rates`, owned by the sales facts). */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { pageOfQuery } from '../../../db/sql';

export interface EntryRow extends Record<string, unknown> {
  currency: string;
  day: string;
  rate: string;
  effective_to: string | null;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}

/** The columns of an entry, with the last day it governs (the day before the next entry). */
const ENTRY_COLUMNS = sql`er.currency, to_char(er.day, 'YYYY-MM-DD') AS day, er.rate::text AS rate, er.version,
  to_char((lead(er.day) OVER (PARTITION BY er.currency ORDER BY er.day)) - 1, 'YYYY-MM-DD') AS effective_to,
  CASE WHEN er.updated_at IS NULL THEN NULL ELSE to_char(er.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END AS updated_at,
  u.user_name AS updated_by`;

export interface SummaryRow extends Record<string, unknown> {
  currency: string;
  current: { effectiveFrom: string; rate: number } | null;
  previous: { effectiveFrom: string; rate: number } | null;
  upcoming: number;
  entries: number;
  first_day: string | null;
  last_day: string | null;
}

export async function summaries(db: DbOrTx, currencies: readonly string[], today: string): Promise<SummaryRow[]> {
  const latest = (offset: number) => sql`(
    SELECT json_build_object('effectiveFrom', to_char(e.day, 'YYYY-MM-DD'), 'rate', e.rate)
      FROM exchange_rates e WHERE e.currency = c.currency AND e.day <= ${today}::date
     ORDER BY e.day DESC LIMIT 1 OFFSET ${offset})`;
  const res = await db.execute<SummaryRow>(sql`
    SELECT c.currency, ${latest(0)} AS current, ${latest(1)} AS previous,
           (SELECT count(*)::int FROM exchange_rates e WHERE e.currency = c.currency AND e.day > ${today}::date) AS upcoming,
           s.entries, s.first_day, s.last_day
      FROM jsonb_array_elements_text(${JSON.stringify(currencies)}::jsonb) WITH ORDINALITY AS c(currency, n)
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS entries, to_char(min(e.day), 'YYYY-MM-DD') AS first_day, to_char(max(e.day), 'YYYY-MM-DD') AS last_day
          FROM exchange_rates e WHERE e.currency = c.currency) s
     ORDER BY c.n`);
  return res.rows;
}

const periodWhere = (start: string | undefined, end: string | undefined): SQL =>
  sql`${start ? sql`x.day >= ${start}` : sql`true`} AND ${end ? sql`x.day <= ${end}` : sql`true`}`;

/** All entries of the currency (with their effective_to), filtered to a period afterwards so `lead` sees the neighbours. */
export const entriesQuery = (currency: string | null, start?: string, end?: string, order: 'asc' | 'desc' = 'desc'): SQL => sql`
  SELECT x.* FROM (
    SELECT ${ENTRY_COLUMNS} FROM exchange_rates er LEFT JOIN users u ON u.id = er.updated_by
     WHERE ${currency === null ? sql`er.currency <> 'USD'` : sql`er.currency = ${currency}`}) x
   WHERE ${periodWhere(start, end)}
   ORDER BY x.currency, x.day ${order === 'asc' ? sql`ASC` : sql`DESC`}`;

export async function listEntries(
  db: DbOrTx,
  currency: string,
  q: { startDate?: string; endDate?: string; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  return pageOfQuery<EntryRow>(db, entriesQuery(currency, q.startDate, q.endDate, q.sortOrder), q);
}

/** The entries of a period, preceded by the entry in force on its first day (when that one is older). */
export async function series(db: DbOrTx, currency: string, start: string, end: string) {
  const res = await db.execute<{ day: string; rate: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, rate::text AS rate FROM (
      (SELECT day, rate FROM exchange_rates WHERE currency = ${currency} AND day < ${start}::date ORDER BY day DESC LIMIT 1)
      UNION ALL
      SELECT day, rate FROM exchange_rates WHERE currency = ${currency} AND day BETWEEN ${start}::date AND ${end}::date) x
     ORDER BY day`);
  return res.rows;
}

export async function findEntry(db: DbOrTx, currency: string, day: string): Promise<EntryRow | undefined> {
  const res = await db.execute<EntryRow>(sql`
    SELECT x.* FROM (${entriesQuery(currency)}) x WHERE x.day = ${day}`);
  return res.rows[0];
}

/** The day of the next entry after `day`, null when none. */
export async function nextEntryDay(db: DbOrTx, currency: string, day: string): Promise<string | null> {
  const res = await db.execute<{ day: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day FROM exchange_rates WHERE currency = ${currency} AND day > ${day}::date
     ORDER BY day LIMIT 1`);
  return res.rows[0]?.day ?? null;
}

/** Serialises the changes of one currency's entries (two corrections of one range would re-rate in either order). */
export async function lockCurrency(db: DbOrTx, currency: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727274202, hashtext(${currency}))`);
}

export async function insertEntry(db: DbOrTx, currency: string, day: string, rate: number, userId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO exchange_rates (currency, day, rate, version, updated_by, updated_at)
    VALUES (${currency}, ${day}::date, ${String(rate)}::numeric, 1, ${userId}, now())`);
}

export async function updateEntry(db: DbOrTx, currency: string, day: string, rate: number, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE exchange_rates SET rate = ${String(rate)}::numeric, version = version + 1, updated_by = ${userId}, updated_at = now()
     WHERE currency = ${currency} AND day = ${day}::date`);
}

export async function deleteEntry(db: DbOrTx, currency: string, day: string): Promise<void> {
  await db.execute(sql`DELETE FROM exchange_rates WHERE currency = ${currency} AND day = ${day}::date`);
}

/** Whether any sales of the marketplaces fall on [from, until): the rollups answer without touching the facts. */
export async function salesExist(db: DbOrTx, marketIds: readonly number[], from: string, until: string | null): Promise<boolean> {
  const res = await db.execute(sql`
    SELECT 1 FROM sales_segment_day s
     WHERE s.day >= ${from}::date AND ${until === null ? sql`true` : sql`s.day < ${until}::date`}
       AND s.market_id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(marketIds)}::jsonb))::int)
     LIMIT 1`);
  return res.rows.length > 0;
}

/** The rate in force on a day (after the change in this transaction), null when none. */
export async function rateOn(db: DbOrTx, currency: string, day: string): Promise<string | null> {
  const res = await db.execute<{ rate: string | null }>(sql`
    SELECT rate::text AS rate FROM exchange_rates WHERE currency = ${currency} AND day <= ${day}::date ORDER BY day DESC LIMIT 1`);
  return res.rows[0]?.rate ?? null;
}

/** The entry nearest to a day other than itself: the one before it, else the one after; null when none. */
export async function neighbourRate(db: DbOrTx, currency: string, day: string): Promise<{ day: string; rate: number } | null> {
  const res = await db.execute<{ day: string; rate: string }>(sql`
    (SELECT to_char(day, 'YYYY-MM-DD') AS day, rate::text AS rate, 0 AS side FROM exchange_rates
      WHERE currency = ${currency} AND day < ${day}::date ORDER BY day DESC LIMIT 1)
    UNION ALL
    (SELECT to_char(day, 'YYYY-MM-DD') AS day, rate::text AS rate, 1 AS side FROM exchange_rates
      WHERE currency = ${currency} AND day > ${day}::date ORDER BY day LIMIT 1)
    ORDER BY side LIMIT 1`);
  const row = res.rows[0];
  return row ? { day: row.day, rate: Number(row.rate) } : null;
}
