/**
 * Desktop app products (/user-platform/desktopAppProduct; docs/desktop-updates.md). A code is
 * unique (409 on `code`); a platform its releases use stays (400 on `platforms`); only a product
 * without releases is deleted (409 naming how many). Edits carry the version read (409 stale);
 * every write is audited (desktop_app_product). Company data: external accounts are refused.
 */
import type { DesktopProduct, ProductBody } from '@bo/contract/desktopapps/desktop-apps';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import * as repo from './desktopapps.repository';

/** Products and releases are the company's: refused to external accounts whatever their roles. */
export function assertCompany(actor: RequestActor): void {
  if (!isInternal(actor)) throw forbidden('desktop app products and releases are company data');
}

/** A product as a choice (the release form's product list), and the start of the full product. */
const toChoice = (r: Pick<repo.ProductRow, 'id' | 'code' | 'name_zh' | 'name_en' | 'platforms' | 'enabled'>) => ({
  id: Number(r.id),
  code: r.code,
  nameZh: r.name_zh,
  nameEn: r.name_en,
  platforms: r.platforms as DesktopProduct['platforms'],
  enabled: r.enabled,
});

const toProduct = (r: repo.ProductRow): DesktopProduct => ({
  ...toChoice(r),
  releases: Number(r.releases),
  latest: (r.latest ?? []) as DesktopProduct['latest'],
  version: Number(r.version),
  updatedAt: r.updated_at,
});

/** What an audit row keeps of a product. */
const terms = (p: DesktopProduct) => ({
  code: p.code,
  nameZh: p.nameZh,
  nameEn: p.nameEn,
  platforms: p.platforms,
  enabled: p.enabled,
});

export async function listProducts(ctx: AppContext, actor: RequestActor, q: repo.ProductQuery) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfProducts(ctx.db, q);
  return { list: rows.map(toProduct), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function productChoices(ctx: AppContext, actor: RequestActor) {
  assertCompany(actor);
  return (await repo.productChoices(ctx.db)).map(toChoice);
}

export async function productOf(db: DbOrTx, id: number, lock = false): Promise<DesktopProduct> {
  const r = await repo.productById(db, id, lock);
  if (!r) throw notFound(`no desktop product ${id}`);
  return toProduct(r);
}

async function checkCode(db: DbOrTx, code: string, exceptId: number | null) {
  if (await repo.productWithCode(db, code, exceptId))
    throw fieldConflict(`product code ${code} is taken`, 'code', 'desktop.productCodeTaken');
}

const platformsArray = (p: readonly string[]) => `{${p.join(',')}}`;

export async function createProduct(ctx: AppContext, actor: RequestActor, b: ProductBody): Promise<DesktopProduct> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('desktop_app_products.code'))`);
    await checkCode(tx, b.code, null);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO desktop_app_products (code, name_zh, name_en, platforms, enabled, updated_by)
        VALUES (${b.code}, ${b.nameZh}, ${b.nameEn}, ${platformsArray(b.platforms)}::text[], ${b.enabled}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const p = await productOf(tx, Number(row?.id));
    await audit(tx, actor, { action: 'create', entity: 'desktop_app_product', entityId: p.id, after: terms(p) });
    return p;
  });
}

export async function updateProduct(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: ProductBody & { version: number },
): Promise<DesktopProduct> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('desktop_app_products.code'))`);
    const before = await productOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    await checkCode(tx, b.code, id);
    const dropped = (await repo.platformsInUse(tx, id)).filter((p) => !(b.platforms as string[]).includes(p));
    if (dropped.length > 0) throw codedFieldError('platforms', 'desktop.platformInUse', { platforms: dropped.join(', ') });
    await tx.execute(sql`
      UPDATE desktop_app_products SET code = ${b.code}, name_zh = ${b.nameZh}, name_en = ${b.nameEn},
             platforms = ${platformsArray(b.platforms)}::text[], enabled = ${b.enabled}, updated_by = ${actor.userId},
             version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await productOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'desktop_app_product',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

export async function deleteProduct(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await productOf(tx, id, true);
    if (before.releases > 0)
      throw fieldConflict(`product ${before.code} has ${before.releases} releases`, 'id', 'desktop.productHasReleases', {
        count: before.releases,
      });
    await tx.execute(sql`DELETE FROM desktop_app_products WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'desktop_app_product', entityId: id, before: terms(before) });
    return null;
  });
}
