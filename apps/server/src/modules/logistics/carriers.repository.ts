/** Queries of carriers and rate cards (logistics.table.ts). Company data: no shop scope. */
import type { EndpointQuery } from '@bo/contract';
import type { listCarriers, listRateCards } from '@bo/contract/logistics/carriers';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';

const stamp = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface CarrierRow extends Record<string, unknown> {
  id: number;
  code: string;
  name: string;
  modes: string[];
  active: boolean;
  remark: string;
  current_cards: number;
  cards: number;
  version: number;
  updated_at: string;
}

const carrierSelect = (today: string) => sql`SELECT c.id, c.code, c.name, c.modes, c.active, c.remark, c.version,
    ${stamp(sql`c.updated_at`)} AS updated_at,
    (SELECT count(*)::int FROM logistics_rate_cards r WHERE r.carrier_id = c.id) AS cards,
    (SELECT count(*)::int FROM logistics_rate_cards r WHERE r.carrier_id = c.id
        AND r.valid_from <= ${today}::date AND (r.valid_to IS NULL OR r.valid_to >= ${today}::date)) AS current_cards`;

const CARRIER_SORTS = { code: sql`c.code`, name: sql`c.name`, updatedAt: sql`c.updated_at` };

export function pageOfCarriers(db: DbOrTx, q: EndpointQuery<typeof listCarriers>, today: string) {
  const where: SQL[] = [sql`TRUE`];
  const like = likeContains(q.keyword);
  if (like) where.push(sql`(c.code ILIKE ${like} OR c.name ILIKE ${like})`);
  if (q.mode) where.push(sql`${q.mode} = ANY (c.modes)`);
  if (q.active) where.push(sql`c.active = ${q.active === 'true'}`);
  return pageOf<CarrierRow>(
    db,
    {
      select: carrierSelect(today),
      from: sql`FROM logistics_carriers c WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, CARRIER_SORTS, sql`c.id`),
    },
    q,
  );
}

export async function carrierById(db: DbOrTx, id: number, today: string, lock = false): Promise<CarrierRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM logistics_carriers WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<CarrierRow>(sql`${carrierSelect(today)} FROM logistics_carriers c WHERE c.id = ${id}`)).rows[0];
}

export async function carrierWithCode(db: DbOrTx, code: string, exceptId: number | null) {
  return (
    await db.execute<{ id: number }>(
      sql`SELECT id FROM logistics_carriers WHERE code = ${code} AND id IS DISTINCT FROM ${exceptId}`,
    )
  ).rows[0];
}

export async function activeCarriers(db: DbOrTx) {
  return (
    await db.execute<{ id: number; code: string; name: string; modes: string[] }>(
      sql`SELECT id, code, name, modes FROM logistics_carriers WHERE active ORDER BY name, id`,
    )
  ).rows;
}

// ---- rate cards ----

export interface CardRow extends Record<string, unknown> {
  id: number;
  carrier_id: number;
  carrier_code: string;
  carrier_name: string;
  mode: string;
  origin: string;
  market_id: number;
  destination: string;
  price_per_kg: string | null;
  price_per_cbm: string | null;
  min_charge: string;
  fuel_surcharge_pct: string;
  transit_days: number;
  valid_from: string;
  valid_to: string | null;
  validity: 'current' | 'future' | 'expired';
  remark: string;
  version: number;
  updated_at: string;
}

const cardSelect = (today: string) => sql`SELECT r.id, r.carrier_id, c.code AS carrier_code, c.name AS carrier_name, r.mode,
    r.origin, r.market_id, r.destination, r.price_per_kg, r.price_per_cbm, r.min_charge, r.fuel_surcharge_pct,
    r.transit_days, r.valid_from::text AS valid_from, r.valid_to::text AS valid_to, r.remark, r.version,
    ${stamp(sql`r.updated_at`)} AS updated_at,
    CASE WHEN r.valid_from > ${today}::date THEN 'future'
         WHEN r.valid_to IS NOT NULL AND r.valid_to < ${today}::date THEN 'expired' ELSE 'current' END AS validity`;

const validityIs = (v: 'current' | 'future' | 'expired', today: string) =>
  v === 'future'
    ? sql`r.valid_from > ${today}::date`
    : v === 'expired'
      ? sql`r.valid_to < ${today}::date`
      : sql`r.valid_from <= ${today}::date AND (r.valid_to IS NULL OR r.valid_to >= ${today}::date)`;

const CARD_SORTS = {
  carrier: sql`c.name`,
  marketId: sql`r.market_id`,
  mode: sql`r.mode`,
  validFrom: sql`r.valid_from`,
  transitDays: sql`r.transit_days`,
  updatedAt: sql`r.updated_at`,
};

export function pageOfCards(db: DbOrTx, q: EndpointQuery<typeof listRateCards>, today: string) {
  const where: SQL[] = [sql`TRUE`];
  if (q.carrierId !== undefined) where.push(sql`r.carrier_id = ${q.carrierId}`);
  if (q.mode) where.push(sql`r.mode = ${q.mode}`);
  if (q.marketId !== undefined) where.push(sql`r.market_id = ${q.marketId}`);
  if (q.validity) where.push(validityIs(q.validity, today));
  return pageOf<CardRow>(
    db,
    {
      select: cardSelect(today),
      from: sql`FROM logistics_rate_cards r JOIN logistics_carriers c ON c.id = r.carrier_id WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, CARD_SORTS, sql`r.market_id, r.mode, r.valid_from, r.id`),
    },
    q,
  );
}

export async function cardById(db: DbOrTx, id: number, today: string, lock = false): Promise<CardRow | undefined> {
  const tail = lock ? sql` FOR UPDATE OF r` : sql``;
  return (
    await db.execute<CardRow>(
      sql`${cardSelect(today)} FROM logistics_rate_cards r JOIN logistics_carriers c ON c.id = r.carrier_id WHERE r.id = ${id}${tail}`,
    )
  ).rows[0];
}

export interface Lane {
  carrierId: number;
  mode: string;
  origin: string;
  marketId: number;
  destination: string;
}

/** The lane's cards other than `exceptId`, by validity. */
export async function laneCards(db: DbOrTx, lane: Lane, exceptId: number | null) {
  return (
    await db.execute<{ id: number; valid_from: string; valid_to: string | null; version: number }>(sql`
      SELECT id, valid_from::text AS valid_from, valid_to::text AS valid_to, version FROM logistics_rate_cards
       WHERE carrier_id = ${lane.carrierId} AND mode = ${lane.mode} AND origin = ${lane.origin}
         AND market_id = ${lane.marketId} AND destination = ${lane.destination} AND id IS DISTINCT FROM ${exceptId}
       ORDER BY valid_from`)
  ).rows;
}

/** Modes the carrier's cards use. */
export async function modesInUse(db: DbOrTx, carrierId: number) {
  return (
    await db.execute<{ mode: string }>(sql`SELECT DISTINCT mode FROM logistics_rate_cards WHERE carrier_id = ${carrierId}`)
  ).rows.map((r) => r.mode);
}

/** Cards valid on a day to a marketplace, of active carriers offering the card's mode. */
export async function validCards(db: DbOrTx, marketId: number, on: string) {
  return (
    await db.execute<CardRow>(sql`${cardSelect(on)} FROM logistics_rate_cards r JOIN logistics_carriers c ON c.id = r.carrier_id
       WHERE r.market_id = ${marketId} AND c.active AND r.mode = ANY (c.modes)
         AND r.valid_from <= ${on}::date AND (r.valid_to IS NULL OR r.valid_to >= ${on}::date)
       ORDER BY r.id`)
  ).rows;
}

/** Freight bills that name the carrier (a carrier with bills is kept). */
export async function billCountOfCarrier(db: DbOrTx, carrierId: number): Promise<number> {
  const [r] = (
    await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM logistics_bills WHERE carrier_id = ${carrierId}`)
  ).rows;
  return Number(r?.n ?? 0);
}
