/**
 * Shops and their authorisations. Rules:
 * - Isolation, decided here once (`scopeOf`): the internal account reaches its own
 *   account's shops; an external account reaches only the shops linked to the user, and
 *   only within its own account. Anything outside the scope answers 404, removed shops
 *   (mws_auth_state 2) included.
 * - A seller id belongs to one account: registering a seller that another account holds
 *   (on any marketplace) answers 409 without saying which account.
 * - Registration records state 0 (not authorised): no live marketplace connection exists
 *   here, an operator confirms it through the authState switch.
 * - A seller's version is the highest version among its shops; every write to one of its
 *   shops lifts that shop above it, so a rename made on a stale view answers 409.
 * - Removing a seller hides its shops (state 2) and keeps the rows for history.
 * - Every change writes an audit row in its own transaction.
 */
import { INTERNAL_ACCOUNT_ID, marketCode } from '@bo/contract';
import type { AuditAction } from '@bo/contract/access/audit-codes';
import type { ShopAuth, UserShop } from '@bo/contract/shops/shops';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { conflict, notFound, staleVersion } from '../../../platform/errors';
import type { ShopAccess, ShopRow, StateField } from './shops.repository';
import * as repo from './shops.repository';

/** The one isolation rule of this module. */
function scopeOf(actor: Pick<RequestActor, 'accountId' | 'shopIds'>): ShopAccess {
  return actor.accountId === INTERNAL_ACCOUNT_ID
    ? { accountId: actor.accountId, shopIds: null }
    : { accountId: actor.accountId, shopIds: actor.shopIds };
}

/** A seller's shop is named `${seller name} ${market code}`, e.g. "Lumio US". */
function shopName(sellerName: string, marketId: number): string {
  const suffix = ` ${marketCode(marketId)}`;
  return sellerName.toUpperCase().endsWith(suffix.toUpperCase()) ? sellerName : `${sellerName}${suffix}`;
}

/** The seller name a shop name carries: the name without its market code. */
function sellerNameOf(name: string, marketId: number): string {
  const suffix = ` ${marketCode(marketId)}`;
  return name.toUpperCase().endsWith(suffix.toUpperCase()) ? name.slice(0, -suffix.length) : name;
}

const maxVersion = (rows: readonly ShopRow[]) => rows.reduce((v, r) => Math.max(v, r.version), 0);

function toGroup(sellerId: string, rows: readonly ShopRow[]): ShopAuth {
  const first = rows[0];
  return {
    sellerId,
    name: first ? sellerNameOf(first.name, first.marketId) : sellerId,
    shops: rows.map((r) => ({
      shopId: r.id,
      name: r.name,
      marketId: r.marketId,
      mwsUrl: r.mwsUrl,
      mwsAuthState: r.mwsAuthState,
      ppcState: r.ppcState,
      spAuthState: r.spAuthState,
      version: r.version,
    })),
    state: rows.length > 0 && rows.every((r) => r.mwsAuthState === 1) ? 1 : 0,
    version: maxVersion(rows),
  };
}

const auditShape = (rows: readonly ShopRow[]) =>
  rows.map((r) => ({ shopId: r.id, name: r.name, marketId: r.marketId, mwsAuthState: r.mwsAuthState, version: r.version }));

// ---- reads ----------------------------------------------------------------------------

export async function listForUser(ctx: AppContext, actor: RequestActor): Promise<UserShop[]> {
  const rows = await repo.listShops(ctx.db, scopeOf(actor));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sellerId: r.sellerId,
    marketId: r.marketId,
    mwsUrl: r.mwsUrl,
    mwsAuthState: r.mwsAuthState,
    ppcState: r.ppcState,
    marketplaceSeller: r.mwsUrl !== null && r.mwsUrl !== '',
  }));
}

/** The ids of the shops the caller may read sales, ads and mail of (the isolation rule above). */
export async function visibleShopIds(ctx: AppContext, actor: RequestActor): Promise<number[]> {
  return (await repo.listShops(ctx.db, scopeOf(actor))).map((r) => r.id);
}

export async function listAuths(ctx: AppContext, actor: RequestActor): Promise<ShopAuth[]> {
  const bySeller = new Map<string, ShopRow[]>();
  for (const r of await repo.listShops(ctx.db, scopeOf(actor))) {
    if (!r.sellerId) continue;
    bySeller.set(r.sellerId, [...(bySeller.get(r.sellerId) ?? []), r]);
  }
  return [...bySeller.keys()].sort().map((sellerId) => {
    const rows = (bySeller.get(sellerId) ?? []).sort((a, b) => a.marketId - b.marketId || a.id - b.id);
    return toGroup(sellerId, rows);
  });
}

export async function adProfiles(ctx: AppContext, actor: RequestActor) {
  const rows = await repo.listShops(ctx.db, scopeOf(actor));
  return rows.map((r) => ({ shopId: r.id, name: r.name, marketId: r.marketId, ppcState: r.ppcState }));
}

export async function spAuthStates(ctx: AppContext, actor: RequestActor) {
  const rows = await repo.listShops(ctx.db, scopeOf(actor));
  return rows.map((r) => ({ shopId: r.id, state: r.spAuthState }));
}

// ---- seller authorisations --------------------------------------------------------------

export async function createAuth(
  ctx: AppContext,
  actor: RequestActor,
  body: { sellerId: string; name: string; marketIds: number[]; mwsUrl?: string | undefined },
): Promise<ShopAuth> {
  const scope = scopeOf(actor);
  const { sellerId } = body;
  return ctx.db.transaction(async (tx) => {
    await repo.lockSeller(tx, sellerId);
    const everywhere = await repo.sellerRowsEverywhere(tx, sellerId);
    // A seller id is one seller: once any account holds it, no other account may claim a marketplace of it.
    if (everywhere.some((r) => r.accountId !== actor.accountId))
      throw conflict(`seller ${sellerId} is registered by another account`);
    const taken = everywhere.filter((r) => body.marketIds.includes(r.marketId));
    const before = await repo.sellerShops(tx, scope, sellerId);
    const visible = new Set(before.map((r) => r.id));
    // A live shop of the account that this user is not linked to is the account owner's to share.
    const unshared = taken.filter((r) => r.mwsAuthState !== 2 && !visible.has(r.id));
    if (unshared.length) {
      throw conflict(
        `seller ${sellerId} is already registered on ${unshared.map((r) => marketCode(r.marketId)).join(', ')} in your account; ask its owner to share the shop`,
      );
    }

    const version = maxVersion(everywhere) + 1;
    const mwsUrl = body.mwsUrl ?? null;
    const touched: number[] = [];
    for (const marketId of body.marketIds) {
      const existing = taken.find((r) => r.marketId === marketId);
      if (existing && existing.mwsAuthState !== 2) {
        touched.push(existing.id);
      } else if (existing) {
        await repo.reviveShop(tx, existing.id, shopName(body.name, marketId), mwsUrl, version);
        touched.push(existing.id);
      } else {
        const id = await repo.insertShop(tx, {
          accountId: actor.accountId,
          sellerId,
          marketId,
          name: shopName(body.name, marketId),
          mwsUrl,
          version,
        });
        // The seller lock makes this unreachable in practice; the unique index is the last word.
        if (id === undefined)
          throw conflict(`seller ${sellerId} on ${marketCode(marketId)} was registered meanwhile; reload and try again`);
        touched.push(id);
      }
    }
    await repo.linkShopsToUser(tx, actor.userId, touched);

    const afterScope: ShopAccess = scope.shopIds === null ? scope : { ...scope, shopIds: [...scope.shopIds, ...touched] };
    const after = await repo.sellerShops(tx, afterScope, sellerId);
    await audit(tx, actor, {
      action: 'shop.auth.create',
      entity: 'seller',
      entityId: sellerId,
      before: auditShape(before),
      after: { marketIds: body.marketIds, shops: auditShape(after) },
    });
    return toGroup(sellerId, after);
  });
}

export async function renameAuth(
  ctx: AppContext,
  actor: RequestActor,
  sellerId: string,
  body: { name: string; version: number },
) {
  const scope = scopeOf(actor);
  return ctx.db.transaction(async (tx) => {
    await repo.lockSeller(tx, sellerId);
    const before = await repo.sellerShops(tx, scope, sellerId, true);
    if (before.length === 0) throw notFound(`no seller ${sellerId}`);
    if (maxVersion(before) !== body.version) throw staleVersion();
    const version = (await repo.maxSellerVersion(tx, actor.accountId, sellerId)) + 1;
    const names = before.map((r) => ({ id: r.id, name: shopName(body.name, r.marketId) }));
    await repo.renameShops(tx, names, version);
    const after = await repo.sellerShops(tx, scope, sellerId);
    await audit(tx, actor, {
      action: 'shop.auth.rename',
      entity: 'seller',
      entityId: sellerId,
      before: auditShape(before),
      after: auditShape(after),
    });
    return toGroup(sellerId, after);
  });
}

export async function removeAuth(ctx: AppContext, actor: RequestActor, sellerId: string): Promise<null> {
  const scope = scopeOf(actor);
  await ctx.db.transaction(async (tx) => {
    await repo.lockSeller(tx, sellerId);
    const before = await repo.sellerShops(tx, scope, sellerId, true);
    if (before.length === 0) throw notFound(`no seller ${sellerId}`);
    const version = (await repo.maxSellerVersion(tx, actor.accountId, sellerId)) + 1;
    await repo.hideShops(
      tx,
      before.map((r) => r.id),
      version,
    );
    await audit(tx, actor, {
      action: 'shop.auth.remove',
      entity: 'seller',
      entityId: sellerId,
      before: auditShape(before),
      after: auditShape(before.map((r) => ({ ...r, mwsAuthState: 2, version }))),
    });
  });
  return null;
}

// ---- switches on one shop ---------------------------------------------------------------

const SWITCH_ACTIONS: Record<StateField, AuditAction> = {
  mwsAuthState: 'shop.authState',
  ppcState: 'shop.ppcState',
  spAuthState: 'shop.spAuth',
};

export async function setState(ctx: AppContext, actor: RequestActor, shopId: number, field: StateField, state: 0 | 1) {
  const scope = scopeOf(actor);
  return ctx.db.transaction(async (tx) => {
    const seen = await repo.findShop(tx, scope, shopId);
    if (!seen) throw notFound(`no shop ${shopId}`);
    if (seen.sellerId) await repo.lockSeller(tx, seen.sellerId);
    // Read again under the lock: it may have been removed meanwhile.
    const shop = await repo.findShop(tx, scope, shopId, true);
    if (!shop) throw notFound(`no shop ${shopId}`);
    if (shop[field] !== state) {
      const version = shop.sellerId ? (await repo.maxSellerVersion(tx, actor.accountId, shop.sellerId)) + 1 : shop.version + 1;
      await repo.setShopState(tx, shopId, field, state, version);
      await audit(tx, actor, {
        action: SWITCH_ACTIONS[field],
        entity: 'shop',
        entityId: shopId,
        before: { [field]: shop[field], version: shop.version },
        after: { [field]: state, version },
      });
    }
    return { shopId, state };
  });
}
