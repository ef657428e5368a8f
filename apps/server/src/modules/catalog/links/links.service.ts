/**
 * Product links: a SKU sold under an ASIN in one shop. Rules (see ../README.md):
 * - Shop data: every read and write is limited to the caller's visible shops (shops
 *   service); a link or shop outside them is simply not there (404).
 * - One link per shop and SKU (409). The marketplace and currency come from the shop.
 * - An ASIN is 10 upper-case letters or digits (the contract refuses anything else).
 * - A link with sales figures (facts, cost inductions, report totals) cannot be deleted
 *   (409): set it inactive instead. The check and the delete run under the shop's facts
 *   lock, so an import of the shop cannot write figures in between.
 * - Edits carry the version they were made on (409 when stale).
 */

import type { EndpointBody, catalogLinks as ep } from '@bo/contract';
import { fieldErrorOf, MARKETS } from '@bo/contract';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, notFound, staleVersion } from '../../../platform/errors';
import { lockShopFacts } from '../../sales/facts/facts.service';
import { type ShopScope, scopeHas } from '../../shops/shops/shop-scope';
import * as repo from './links.repository';

type CreateBody = EndpointBody<typeof ep.createLink>;
type UpdateBody = EndpointBody<typeof ep.updateLink>;

const takenError = (sku: string, shop: string) =>
  conflict(`${shop} lists SKU ${sku} already (one link per shop and SKU); edit that link instead`, {
    fields: [fieldErrorOf('skuId', 'catalog.linkTaken')],
  });

export async function list(ctx: AppContext, scope: ShopScope, q: repo.LinkFilter & { pageNum: number; pageSize: number }) {
  if (scope.shopIds.length === 0) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  const { rows, total } = await repo.pageOfLinks(ctx.db, q, scope, q);
  return { list: rows.map(repo.toLink), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export const skuOptions = (ctx: AppContext, keyword: string) => repo.skuOptions(ctx.db, keyword);

async function fresh(ctx: AppContext, scope: ShopScope, id: number) {
  const link = await repo.findLink(ctx.db, id, scope);
  if (!link) throw notFound(`no link ${id}`);
  return link;
}

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: CreateBody) {
  if (!scopeHas(scope, b.shopId)) throw codedFieldError('shopId', 'catalog.noSuchShop');
  const id = await ctx.db.transaction(async (tx) => {
    const shop = await repo.shopOf(tx, b.shopId);
    if (!shop) throw codedFieldError('shopId', 'catalog.noSuchShop');
    const sku = await repo.skuForLink(tx, b.skuId);
    if (!sku) throw codedFieldError('skuId', 'catalog.noSuchSku');
    const market = MARKETS.find((m) => m.id === shop.marketId);
    const values = { asin: b.asin, title: b.title, price: b.price, status: b.status };
    const newId = await repo.insertLink(tx, {
      ...values,
      shopId: shop.id,
      skuId: sku.id,
      marketId: shop.marketId,
      currency: market?.currency ?? 'USD',
    });
    if (newId === null) throw takenError(sku.sku, shop.name);
    await audit(tx, actor, {
      action: 'link.create',
      entity: 'listing',
      entityId: newId,
      after: { ...values, shopId: shop.id, skuId: sku.id, marketId: shop.marketId },
    });
    return newId;
  });
  return fresh(ctx, scope, id);
}

export async function update(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: UpdateBody) {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockLink(tx, b.id, scope);
    if (!before) throw notFound(`no link ${b.id}`);
    if (before.version !== b.version) throw staleVersion();
    const values = { asin: b.asin, title: b.title, price: b.price, status: b.status };
    await repo.updateLinkRow(tx, b.id, values);
    await audit(tx, actor, { action: 'link.update', entity: 'listing', entityId: b.id, before, after: values });
  });
  return fresh(ctx, scope, b.id);
}

export async function remove(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const seen = await repo.lockLink(tx, id, scope);
    if (!seen) throw notFound(`no link ${id}`);
    await lockShopFacts(tx, seen.shopId);
    if (await repo.hasSales(tx, id)) {
      throw conflict(`the link ${seen.asin} has sales figures and cannot be deleted; set it inactive instead`, {
        hasSales: true,
      });
    }
    await repo.deleteLinkRow(tx, id);
    await audit(tx, actor, { action: 'link.delete', entity: 'listing', entityId: id, before: seen });
  });
  return null;
}
