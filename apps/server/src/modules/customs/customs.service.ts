/**
 * Customs master data (/customBasic; docs/customs.md). Rules:
 * - one record per catalogue model x destination (409 on `country` when the model has one for it);
 *   the model must be in the catalogue (400 on `productId`);
 * - the body's own rules are the contract's (HS code format, value > 0, rebate 0-17 %, battery
 *   type given exactly when the model has a battery, a wireless model's certification);
 * - edits name the version they read (409 when stale); every write is audited.
 * Company reference data: no shop scope; an external account is refused even when a role grants
 * it the permission.
 */
import type { EndpointQuery } from '@bo/contract';
import type {
  CustomsBasic,
  CustomsBasicBody,
  listCustomsBasics,
  listMissingModels,
  MissingModel,
} from '@bo/contract/customs/basics';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import * as repo from './customs.repository';

/** The customs records are the company's: refused to external accounts. */
export function assertCompany(actor: RequestActor): void {
  if (!isInternal(actor)) throw forbidden('customs master data is company data');
}

export const toBasic = (r: repo.BasicRow): CustomsBasic => ({
  id: Number(r.id),
  productId: Number(r.product_id),
  model: r.model,
  productName: r.product_name ?? '',
  productNameEn: r.product_name_en ?? '',
  lifecycle: Number(r.lifecycle),
  country: r.country,
  hsCode: r.hs_code,
  importHsCode: r.import_hs_code,
  declaredName: r.declared_name,
  declaredNameEn: r.declared_name_en,
  material: r.material,
  usage: r.usage,
  brand: r.brand,
  unitValue: Number(r.unit_value),
  currency: r.currency,
  declareUnit: r.declare_unit as CustomsBasic['declareUnit'],
  rebatePct: Number(r.rebate_pct),
  hasBattery: r.has_battery,
  batteryType: r.battery_type as CustomsBasic['batteryType'],
  magnetic: r.magnetic,
  wireless: r.wireless,
  certification: r.certification,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

/** What an audit row keeps: the declared terms, not the model's names or the stamps. */
const terms = (b: CustomsBasic) => {
  const { id: _id, model: _m, productName: _n, productNameEn: _ne, lifecycle: _l, version: _v, updatedAt: _u, ...rest } = b;
  return { ...rest, model: b.model };
};

export async function listBasicPage(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof listCustomsBasics>) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfBasics(ctx.db, q);
  return { list: rows.map(toBasic), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function listMissingPage(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof listMissingModels>) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfMissing(ctx.db, q);
  const list: MissingModel[] = rows.map((r) => ({
    productId: Number(r.product_id),
    model: r.model,
    productName: r.name ?? '',
    productNameEn: r.name_en ?? '',
    countries: r.countries,
  }));
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function modelChoices(ctx: AppContext, actor: RequestActor, keyword: string | undefined, productId?: number) {
  assertCompany(actor);
  return (await repo.modelChoices(ctx.db, keyword, productId)).map((m) => ({
    productId: Number(m.id),
    model: m.model,
    name: m.name ?? '',
    nameEn: m.name_en ?? '',
    lifecycle: Number(m.lifecycle),
  }));
}

async function basicOf(db: DbOrTx, id: number, lock = false): Promise<CustomsBasic> {
  const r = await repo.basicById(db, id, lock);
  if (!r) throw notFound(`no customs record ${id}`);
  return toBasic(r);
}

/** The model exists and has no other record for the destination; under a lock on the pair, so two writers cannot both pass. */
async function checkPair(tx: DbOrTx, b: CustomsBasicBody, exceptId: number | null) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`customs_basics:${b.productId}:${b.country}`}))`);
  if (!(await repo.modelExists(tx, b.productId))) throw codedFieldError('productId', 'customs.unknownModel');
  if (await repo.basicOfModel(tx, b.productId, b.country, exceptId))
    throw fieldConflict(`model ${b.productId} already has a record for ${b.country}`, 'country', 'customs.countryTaken');
}

const valuesOf = (b: CustomsBasicBody) => ({
  unitValue: b.unitValue.toFixed(2),
  rebatePct: b.rebatePct.toFixed(2),
});

export async function createBasic(ctx: AppContext, actor: RequestActor, b: CustomsBasicBody): Promise<CustomsBasic> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await checkPair(tx, b, null);
    const v = valuesOf(b);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO customs_basics (product_id, country, hs_code, import_hs_code, declared_name, declared_name_en,
               material, usage, brand, unit_value, currency, declare_unit, rebate_pct, has_battery, battery_type,
               magnetic, wireless, certification, updated_by)
        VALUES (${b.productId}, ${b.country}, ${b.hsCode}, ${b.importHsCode}, ${b.declaredName}, ${b.declaredNameEn},
               ${b.material}, ${b.usage}, ${b.brand}, ${v.unitValue}, ${b.currency}, ${b.declareUnit}, ${v.rebatePct},
               ${b.hasBattery}, ${b.batteryType}, ${b.magnetic}, ${b.wireless}, ${b.certification}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const created = await basicOf(tx, Number(row?.id));
    await audit(tx, actor, { action: 'create', entity: 'customs_basic', entityId: created.id, after: terms(created) });
    return created;
  });
}

export async function updateBasic(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: CustomsBasicBody & { version: number },
): Promise<CustomsBasic> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await basicOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    await checkPair(tx, b, id);
    const v = valuesOf(b);
    await tx.execute(sql`
      UPDATE customs_basics SET product_id = ${b.productId}, country = ${b.country}, hs_code = ${b.hsCode},
             import_hs_code = ${b.importHsCode}, declared_name = ${b.declaredName}, declared_name_en = ${b.declaredNameEn},
             material = ${b.material}, usage = ${b.usage}, brand = ${b.brand}, unit_value = ${v.unitValue},
             currency = ${b.currency}, declare_unit = ${b.declareUnit}, rebate_pct = ${v.rebatePct},
             has_battery = ${b.hasBattery}, battery_type = ${b.batteryType}, magnetic = ${b.magnetic},
             wireless = ${b.wireless}, certification = ${b.certification}, updated_by = ${actor.userId},
             version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await basicOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'customs_basic',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

export async function deleteBasic(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await basicOf(tx, id, true);
    await tx.execute(sql`DELETE FROM customs_basics WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'customs_basic', entityId: id, before: terms(before) });
    return null;
  });
}
