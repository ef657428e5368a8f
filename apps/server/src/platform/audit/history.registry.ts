/**
 * Who may read the history of a record is declared by the area that owns the entity, in its
 * manifest (`historyReaders`, platform/area.ts): the permission of the entity's screen and,
 * for rows that belong to an account or a shop, whether the caller sees that record at all. An entity without a
 * reader has no history to read (404): the audit log stays the only view of it.
 */
import type { Permission } from '@bo/contract';
import type { AuditEntity } from '@bo/contract/access/audit-codes';
import type { DbOrTx } from '../../db/client';
import type { ShopScope } from '../../modules/shops/shops/shop-scope';
import { isInternal, type RequestActor } from '../auth/actor';
import type { AppContext } from '../context';
import * as repo from './history.repository';

export interface HistoryReader {
  /** The permission the caller must hold (the entity's screen), or several of which any one will do (an entity shown on several screens). */
  permission: Permission | readonly Permission[];
  /**
   * Does the caller see this record? False answers 404, exactly like a missing record, so
   * another shop's or account's row cannot be told from one that does not exist. Absent:
   * the permission is enough (company master data). `scope` is the request's shop scope
   * (the binder's `scope()`), for rows that belong to a shop.
   */
  canSee?: (ctx: AppContext, actor: RequestActor, entityId: string, scope: () => Promise<ShopScope>) => Promise<boolean>;
}

/** One per app (AppContext.history); the history endpoint reads it at request time. */
export class HistoryReaders {
  private readonly readers = new Map<AuditEntity, HistoryReader>();

  register(entity: AuditEntity, reader: HistoryReader): void {
    if (this.readers.has(entity)) throw new Error(`a history reader for ${entity} is registered twice`);
    this.readers.set(entity, reader);
  }

  get(entity: AuditEntity): HistoryReader | undefined {
    return this.readers.get(entity);
  }
}

/** An id from the path as a positive integer, or null (a row id that cannot exist). */
export function intId(entityId: string): number | null {
  if (!/^\d{1,10}$/.test(entityId)) return null;
  const n = Number(entityId);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

type Lookup = (db: DbOrTx, id: number) => Promise<number | null>;
type CanSee = NonNullable<HistoryReader['canSee']>;

/** The company's master data (products, costs, rates, teams): its own staff read its history. */
export const companyData: CanSee = async (_ctx, actor) => isInternal(actor);

/**
 * A reader's check for rows that carry an account (`accountOf` reads the live row's): the
 * caller sees the record when it is of the caller's account. A deleted record is
 * attributed to the account its creation was recorded under.
 */
export function accountOwned(entity: AuditEntity, accountOf: Lookup): CanSee {
  return async (ctx, actor, entityId) => {
    const id = intId(entityId);
    if (id === null) return false;
    const account = (await accountOf(ctx.db, id)) ?? (await repo.auditedAccountId(ctx.db, entity, entityId));
    return account === actor.accountId;
  };
}

/** The shop of a live record, or of a deleted one as its audit rows recorded; null for an impossible id. */
async function shopOfRecord(db: DbOrTx, entity: AuditEntity, shopOf: Lookup, entityId: string): Promise<number | null> {
  const id = intId(entityId);
  if (id === null) return null;
  return (await shopOf(db, id)) ?? (await repo.auditedShopId(db, entity, entityId));
}

/**
 * A reader's check for rows that belong to a shop (`shopOf` reads the live row's): the
 * caller sees the record when the request's shop scope holds the shop. A deleted record is
 * attributed to the shop its audit rows recorded.
 */
export function shopScoped(entity: AuditEntity, shopOf: Lookup): CanSee {
  return async (ctx, _actor, entityId, scope) => {
    const shop = await shopOfRecord(ctx.db, entity, shopOf, entityId);
    return shop !== null && (await scope()).shopIds.includes(shop);
  };
}
