/**
 * Carriers and rate cards (/carrierManage; docs/logistics.md). Rules:
 * - a carrier's code is unique (409 on `code`); its modes may not drop one its cards use (400 on `modes`);
 *   a carrier with cards is not deleted (409 naming how many: delete them or set it inactive);
 * - a card's mode must be one its carrier offers (400 on `mode`);
 * - a lane's cards never overlap in validity. Creating a card that starts after an open card of
 *   the lane closes that card the day before (it is superseded, audited); any other overlap is a
 *   409 on `validFrom` naming the card. Writes on a carrier's cards lock the carrier row first, so
 *   two writers of one lane cannot both pass the check;
 * - edits name the version they read (409 when stale); every write is audited.
 * Company data: an external account is refused even when a role grants it the permission.
 */
import type { EndpointQuery } from '@bo/contract';
import type { Carrier, CarrierBody, listCarriers, listRateCards, RateCard, RateCardBody } from '@bo/contract/logistics/carriers';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import * as repo from './carriers.repository';

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Carriers and rate cards are the company's: refused to external accounts. */
export function assertCompany(actor: RequestActor): void {
  if (!isInternal(actor)) throw forbidden('carriers and rate cards are company data');
}

const num = (v: string | null) => (v === null ? null : Number(v));

const toCarrier = (r: repo.CarrierRow): Carrier => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  modes: r.modes as Carrier['modes'],
  active: r.active,
  remark: r.remark,
  currentCards: Number(r.current_cards),
  cards: Number(r.cards),
  version: Number(r.version),
  updatedAt: r.updated_at,
});

export const toCard = (r: repo.CardRow): RateCard => ({
  id: Number(r.id),
  carrierId: Number(r.carrier_id),
  carrierCode: r.carrier_code,
  carrierName: r.carrier_name,
  mode: r.mode as RateCard['mode'],
  origin: r.origin,
  marketId: Number(r.market_id),
  destination: r.destination,
  pricePerKg: num(r.price_per_kg),
  pricePerCbm: num(r.price_per_cbm),
  minCharge: Number(r.min_charge),
  fuelSurchargePct: Number(r.fuel_surcharge_pct),
  transitDays: Number(r.transit_days),
  validFrom: r.valid_from,
  validTo: r.valid_to,
  validity: r.validity,
  remark: r.remark,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

/** What an audit row keeps of a card: its terms, not its computed state. */
const cardTerms = (c: RateCard) => {
  const { validity: _v, updatedAt: _u, carrierCode: _c, carrierName: _n, version: _ver, ...terms } = c;
  return terms;
};
const carrierTerms = (c: Carrier) => ({ code: c.code, name: c.name, modes: c.modes, active: c.active, remark: c.remark });

// ---- carriers ----

export async function listCarrierPage(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof listCarriers>) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfCarriers(ctx.db, q, todayUtc());
  return { list: rows.map(toCarrier), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function carrierOf(db: DbOrTx, id: number, lock = false): Promise<Carrier> {
  const r = await repo.carrierById(db, id, todayUtc(), lock);
  if (!r) throw notFound(`no carrier ${id}`);
  return toCarrier(r);
}

async function checkCode(db: DbOrTx, code: string, exceptId: number | null) {
  if (await repo.carrierWithCode(db, code, exceptId))
    throw fieldConflict(`carrier code ${code} is taken`, 'code', 'logistics.carrierCodeTaken');
}

export async function createCarrier(ctx: AppContext, actor: RequestActor, b: CarrierBody): Promise<Carrier> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('logistics_carriers.code'))`);
    await checkCode(tx, b.code, null);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO logistics_carriers (code, name, modes, active, remark, updated_by)
        VALUES (${b.code}, ${b.name}, ${`{${b.modes.join(',')}}`}::text[], ${b.active}, ${b.remark}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const c = await carrierOf(tx, Number(row?.id));
    await audit(tx, actor, { action: 'create', entity: 'logistics_carrier', entityId: c.id, after: carrierTerms(c) });
    return c;
  });
}

export async function updateCarrier(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: CarrierBody & { version: number },
): Promise<Carrier> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('logistics_carriers.code'))`);
    const before = await carrierOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    await checkCode(tx, b.code, id);
    const dropped = (await repo.modesInUse(tx, id)).filter((m) => !(b.modes as string[]).includes(m));
    if (dropped.length > 0)
      throw codedFieldError('modes', 'logistics.modeNotOffered', {}, { message: `rate cards use ${dropped.join(', ')}` });
    await tx.execute(sql`
      UPDATE logistics_carriers SET code = ${b.code}, name = ${b.name}, modes = ${`{${b.modes.join(',')}}`}::text[],
             active = ${b.active}, remark = ${b.remark}, updated_by = ${actor.userId}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await carrierOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'logistics_carrier',
      entityId: id,
      before: carrierTerms(before),
      after: carrierTerms(after),
    });
    return after;
  });
}

export async function deleteCarrier(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await carrierOf(tx, id, true);
    if (before.cards > 0)
      throw fieldConflict(`carrier ${before.code} has ${before.cards} rate cards`, 'id', 'logistics.carrierHasCards', {
        count: before.cards,
      });
    const bills = await repo.billCountOfCarrier(tx, id);
    if (bills > 0)
      throw fieldConflict(`carrier ${before.code} has ${bills} freight bills`, 'id', 'logistics.carrierHasBills', {
        count: bills,
      });
    await tx.execute(sql`DELETE FROM logistics_carriers WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'logistics_carrier', entityId: id, before: carrierTerms(before) });
    return null;
  });
}

export async function activeCarrierChoices(ctx: AppContext, actor: RequestActor) {
  assertCompany(actor);
  return (await repo.activeCarriers(ctx.db)).map((c) => ({
    id: Number(c.id),
    code: c.code,
    name: c.name,
    modes: c.modes as Carrier['modes'],
  }));
}

// ---- rate cards ----

export async function listCardPage(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof listRateCards>) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfCards(ctx.db, q, todayUtc());
  return { list: rows.map(toCard), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function cardOf(db: DbOrTx, id: number, lock = false): Promise<RateCard> {
  const r = await repo.cardById(db, id, todayUtc(), lock);
  if (!r) throw notFound(`no rate card ${id}`);
  return toCard(r);
}

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const overlaps = (aFrom: string, aTo: string | null, bFrom: string, bTo: string | null) =>
  (bTo === null || aFrom <= bTo) && (aTo === null || bFrom <= aTo);

/**
 * Locks the carrier (every write on its cards goes through here first), checks the mode, and
 * the lane's other cards: an open card starting before `b` is superseded when `supersede`
 * (creating), any other overlap a 409 naming the card.
 */
async function checkLane(tx: DbOrTx, actor: RequestActor, b: RateCardBody, exceptId: number | null, supersede: boolean) {
  const carrier = await repo.carrierById(tx, b.carrierId, todayUtc(), true);
  if (!carrier) throw codedFieldError('carrierId', 'logistics.unknownCarrier');
  if (!carrier.modes.includes(b.mode)) throw codedFieldError('mode', 'logistics.modeNotOffered');
  for (const other of await repo.laneCards(tx, b, exceptId)) {
    if (supersede && other.valid_to === null && other.valid_from < b.validFrom) {
      const validTo = dayBefore(b.validFrom);
      await tx.execute(sql`UPDATE logistics_rate_cards SET valid_to = ${validTo}, version = version + 1, updated_at = now(),
             updated_by = ${actor.userId} WHERE id = ${other.id}`);
      await audit(tx, actor, {
        action: 'supersede',
        entity: 'logistics_rate_card',
        entityId: other.id,
        before: { validTo: null },
        after: { validTo },
      });
      continue;
    }
    if (overlaps(b.validFrom, b.validTo, other.valid_from, other.valid_to))
      throw fieldConflict(
        `overlaps rate card ${other.id} of this lane (${other.valid_from} – ${other.valid_to ?? '…'})`,
        'validFrom',
        'logistics.cardOverlap',
        { card: other.id, from: other.valid_from, to: other.valid_to ?? '…' },
        { cardId: Number(other.id) },
      );
  }
}

const priceSql = (v: number | null) => (v === null ? null : String(v));

export async function createCard(ctx: AppContext, actor: RequestActor, b: RateCardBody): Promise<RateCard> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await checkLane(tx, actor, b, null, true);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO logistics_rate_cards (carrier_id, mode, origin, market_id, destination, price_per_kg, price_per_cbm,
               min_charge, fuel_surcharge_pct, transit_days, valid_from, valid_to, remark, updated_by)
        VALUES (${b.carrierId}, ${b.mode}, ${b.origin}, ${b.marketId}, ${b.destination}, ${priceSql(b.pricePerKg)},
               ${priceSql(b.pricePerCbm)}, ${String(b.minCharge)}, ${String(b.fuelSurchargePct)}, ${b.transitDays},
               ${b.validFrom}, ${b.validTo}, ${b.remark}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const card = await cardOf(tx, Number(row?.id));
    await audit(tx, actor, { action: 'create', entity: 'logistics_rate_card', entityId: card.id, after: cardTerms(card) });
    return card;
  });
}

export async function updateCard(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: RateCardBody & { version: number },
): Promise<RateCard> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const current = await cardOf(tx, id);
    // The lane's carrier first (every card write takes it in that order), then the card.
    await checkLane(tx, actor, b, id, false);
    if (current.carrierId !== b.carrierId) await repo.carrierById(tx, current.carrierId, todayUtc(), true);
    const before = await cardOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    await tx.execute(sql`
      UPDATE logistics_rate_cards SET carrier_id = ${b.carrierId}, mode = ${b.mode}, origin = ${b.origin},
             market_id = ${b.marketId}, destination = ${b.destination}, price_per_kg = ${priceSql(b.pricePerKg)},
             price_per_cbm = ${priceSql(b.pricePerCbm)}, min_charge = ${String(b.minCharge)},
             fuel_surcharge_pct = ${String(b.fuelSurchargePct)}, transit_days = ${b.transitDays},
             valid_from = ${b.validFrom}, valid_to = ${b.validTo}, remark = ${b.remark}, updated_by = ${actor.userId},
             version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await cardOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'logistics_rate_card',
      entityId: id,
      before: cardTerms(before),
      after: cardTerms(after),
    });
    return after;
  });
}

export async function deleteCard(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await cardOf(tx, id, true);
    await tx.execute(sql`DELETE FROM logistics_rate_cards WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'logistics_rate_card', entityId: id, before: cardTerms(before) });
    return null;
  });
}
