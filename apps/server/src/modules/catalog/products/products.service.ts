/**
 * Product models and their SKUs. Rules (see ../README.md):
 * - A model is unique case-insensitively; so is a SKU (409 with the taken value).
 * - Lifecycle moves: 0→1 (launch), 1→2 (EOL), 2→1 (re-launch); anything else is refused.
 *   Launching without a launch date sets today; going EOL without an EOL date sets today;
 *   a re-launch clears the EOL date.
 * - Edits carry the version they were made on (409 when stale).
 * - A product, or a SKU, that is listed in any shop cannot be deleted (409): its listings
 *   carry the sales figures. Deleting removes the SKUs with their cost and fee records,
 *   and the model info, in one transaction.
 * - Products are company data read with product:manage; listing counts, listings and
 *   sales figures only cover the caller's visible shops.
 */

import type { EndpointBody, catalogProducts as ep } from '@bo/contract';
import { CATEGORY_LINES, fieldErrorOf } from '@bo/contract';
import { LIFECYCLE_MOVES, type Lifecycle } from '@bo/contract/catalog/products';
import { type DbOrTx, poolOf } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, notFound, staleVersion } from '../../../platform/errors';
import { exportLang as langOf, named } from '../../../platform/export/lang';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { isUniqueViolation, todayUtc } from '../shared/catalog-sql';
import * as repo from './products.repository';

type CreateBody = EndpointBody<typeof ep.createProduct>;
type UpdateBody = EndpointBody<typeof ep.updateProduct>;
type Filter = repo.ProductFilter;

export async function list(ctx: AppContext, scope: ShopScope, q: Filter & { pageNum: number; pageSize: number }) {
  const { rows, total } = await repo.pageOfProducts(ctx.db, q, scope, q);
  return { list: rows.map(repo.toProduct), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function detail(ctx: AppContext, scope: ShopScope, id: number) {
  const product = await repo.findProduct(ctx.db, id, scope);
  if (!product) throw notFound(`no product ${id}`);
  return { ...product, skus: await repo.skusOf(ctx.db, id, scope, todayUtc()) };
}

/** Checks that the line and position exist, and applies the lifecycle rules to the dates. */
async function checkValues(
  db: DbOrTx,
  b: repo.ProductValues,
  before: { lifecycle: number; launchDate: string | null } | null,
): Promise<repo.ProductValues> {
  if (!(await repo.lineExists(db, b.productLineId))) throw codedFieldError('productLineId', 'catalog.noSuchLine');
  if (b.positionId !== null && !(await repo.positionExists(db, b.positionId)))
    throw codedFieldError('positionId', 'catalog.noSuchPosition');
  if (before && before.lifecycle !== b.lifecycle) {
    const allowed = LIFECYCLE_MOVES[before.lifecycle as Lifecycle] ?? [];
    if (!allowed.includes(b.lifecycle as Lifecycle))
      throw codedFieldError('lifecycle', 'catalog.lifecycleMove', { from: before.lifecycle, to: b.lifecycle });
  }
  const today = todayUtc();
  const v = { ...b };
  if (v.lifecycle >= 1 && !v.launchDate) v.launchDate = before?.launchDate ?? today;
  if (v.lifecycle === 2 && !v.eolDate) v.eolDate = today < (v.launchDate ?? today) ? (v.launchDate as string) : today;
  if (v.lifecycle !== 2) v.eolDate = null;
  if (v.launchDate && v.eolDate && v.eolDate < v.launchDate) throw codedFieldError('eolDate', 'catalog.eolBeforeLaunch');
  return v;
}

const modelTakenError = (model: string) =>
  conflict(`model ${model} exists already (models are unique, whatever the case)`, {
    fields: [fieldErrorOf('model', 'catalog.modelTaken')],
  });
const skuTakenError = (sku: string, path = 'sku') =>
  conflict(`SKU ${sku} exists already (SKUs are unique, whatever the case)`, {
    fields: [fieldErrorOf(path, 'catalog.skuTaken')],
  });

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: CreateBody) {
  const { skus, ...fields } = b;
  const values = await checkValues(ctx.db, fields, null);
  let productId: number;
  try {
    productId = await ctx.db.transaction(async (tx) => {
      if (await repo.modelTaken(tx, values.model, null)) throw modelTakenError(values.model);
      for (const [i, s] of skus.entries()) if (await repo.skuTaken(tx, s.sku)) throw skuTakenError(s.sku, `skus.${i}.sku`);
      const id = await repo.insertProduct(tx, values);
      for (const s of skus) await repo.insertSku(tx, id, s.sku, s.variant);
      await audit(tx, actor, { action: 'product.create', entity: 'product', entityId: id, after: { ...values, skus } });
      return id;
    });
  } catch (err) {
    // Two creations at once: the unique indexes decide.
    if (isUniqueViolation(err)) throw conflict('the model or a SKU was created meanwhile; reload and try again');
    throw err;
  }
  return (await repo.findProduct(ctx.db, productId, scope)) as NonNullable<Awaited<ReturnType<typeof repo.findProduct>>>;
}

export async function update(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: UpdateBody) {
  const { id, version, ...fields } = b;
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await repo.lockProduct(tx, id);
      if (!before) throw notFound(`no product ${id}`);
      if (before.version !== version) throw staleVersion();
      const values = await checkValues(tx, fields, before);
      if (await repo.modelTaken(tx, values.model, id)) throw modelTakenError(values.model);
      await repo.updateProductRow(tx, id, values);
      await audit(tx, actor, {
        action: 'product.update',
        entity: 'product',
        entityId: id,
        before,
        after: { ...values, version: version + 1 },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw modelTakenError(fields.model);
    throw err;
  }
  return (await repo.findProduct(ctx.db, id, scope)) as NonNullable<Awaited<ReturnType<typeof repo.findProduct>>>;
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockProduct(tx, id);
    if (!before) throw notFound(`no product ${id}`);
    const skuIds = await repo.skuIdsOf(tx, id);
    const listed = await repo.listingsOfSkus(tx, skuIds);
    if (listed > 0) {
      throw conflict(
        `product ${before.model} cannot be deleted: its SKUs have ${listed} listing(s), which carry its sales; delete or move those links first, or set the product EOL`,
        { listings: listed },
      );
    }
    await repo.deleteSkus(tx, skuIds);
    await repo.deleteProductRow(tx, id);
    await audit(tx, actor, { action: 'product.delete', entity: 'product', entityId: id, before: { ...before, skuIds } });
  });
  return null;
}

// ---- SKUs -------------------------------------------------------------------------------------

async function oneSku(ctx: AppContext, scope: ShopScope, productId: number, skuId: number) {
  const [sku] = await repo.skusOf(ctx.db, productId, scope, todayUtc(), skuId);
  if (!sku) throw notFound(`no SKU ${skuId}`);
  return sku;
}

export async function addSku(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  productId: number,
  b: { sku: string; variant: string },
) {
  let skuId: number;
  try {
    skuId = await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, productId))) throw notFound(`no product ${productId}`);
      if (await repo.skuTaken(tx, b.sku)) throw skuTakenError(b.sku);
      const id = await repo.insertSku(tx, productId, b.sku, b.variant);
      await audit(tx, actor, { action: 'sku.create', entity: 'sku', entityId: id, after: { productId, ...b } });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTakenError(b.sku);
    throw err;
  }
  return oneSku(ctx, scope, productId, skuId);
}

export async function updateSku(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  skuId: number,
  b: { variant: string; version: number },
) {
  const productId = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockSku(tx, skuId);
    if (!before) throw notFound(`no SKU ${skuId}`);
    if (before.version !== b.version) throw staleVersion();
    await repo.setSkuVariant(tx, skuId, b.variant);
    await audit(tx, actor, { action: 'sku.update', entity: 'sku', entityId: skuId, before, after: { variant: b.variant } });
    return before.productId;
  });
  return oneSku(ctx, scope, productId, skuId);
}

export async function removeSku(ctx: AppContext, actor: RequestActor, skuId: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockSku(tx, skuId);
    if (!before) throw notFound(`no SKU ${skuId}`);
    const listed = await repo.listingsOfSkus(tx, [skuId]);
    if (listed > 0)
      throw conflict(`SKU ${before.sku} cannot be deleted: it has ${listed} listing(s); delete those links first`, {
        listings: listed,
      });
    await repo.deleteSkus(tx, [skuId]);
    await audit(tx, actor, { action: 'sku.delete', entity: 'sku', entityId: skuId, before });
  });
  return null;
}

// ---- export -----------------------------------------------------------------------------------

const LIFECYCLE_NAMES = { zh: ['未上市', '已上市', '停产'], en: ['Not launched', 'Launched', 'EOL'] };

export async function exportExcel(ctx: AppContext, scope: ShopScope, q: Filter, acceptLanguage?: string) {
  const lang = langOf(acceptLanguage);
  const t = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  type Row = ReturnType<typeof repo.toProduct>;
  const category = (code: string) => {
    const c = CATEGORY_LINES.find((x) => x.code === code);
    return c ? `${code} ${lang === 'zh' ? c.zh : c.en}` : code;
  };
  return streamXlsx<Row>(poolOf(ctx.db), {
    fileName: `${t('产品', 'products')}_${todayUtc()}.xlsx`,
    sheetName: t('产品', 'Products'),
    query: repo.productsQuery(q, scope),
    map: repo.toProduct,
    columns: [
      { header: t('型号', 'Model'), width: 14, value: (r) => r.model },
      { header: t('名称', 'Name'), width: 24, value: (r) => r.name },
      { header: t('英文名称', 'English name'), width: 28, value: (r) => r.nameEn },
      {
        header: t('产品线', 'Product line'),
        width: 18,
        value: (r) => named(lang, r.productLineName, r.productLineNameEn),
      },
      {
        header: t('定位', 'Position'),
        width: 14,
        value: (r) => (r.positionId === null ? null : named(lang, r.positionName, r.positionNameEn)),
      },
      { header: t('品类', 'Category'), width: 22, value: (r) => category(r.categoryCode) },
      { header: t('生命周期', 'Lifecycle'), width: 12, value: (r) => LIFECYCLE_NAMES[lang][r.lifecycle] ?? String(r.lifecycle) },
      { header: t('上市日期', 'Launch date'), width: 12, value: (r) => r.launchDate },
      { header: t('停产日期', 'EOL date'), width: 12, value: (r) => r.eolDate },
      { header: t('SKU 数', 'SKUs'), numFmt: '#,##0', value: (r) => r.skuCount },
      { header: t('链接数', 'Listings'), numFmt: '#,##0', value: (r) => r.listingCount },
    ],
  });
}
