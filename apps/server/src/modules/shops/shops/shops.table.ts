import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, createdAt, version } from '../../../db/columns';

export const shops = pgTable(
  'shops',
  {
    ...accountRow(),
    name: text('name').notNull(),
    sellerId: text('seller_id'),
    marketId: smallint('market_id').notNull(),
    /** Set for marketplace-seller shops. */
    mwsUrl: text('mws_url'),
    /** 0 not authorised, 1 authorised, 2 hidden (removed). */
    mwsAuthState: smallint('mws_auth_state').notNull().default(0),
    ppcState: smallint('ppc_state').notNull().default(0),
    /** 1 when a Selling-Partner API authorisation is recorded for the shop, else 0. */
    spAuthState: smallint('sp_auth_state').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('shops_account_idx').on(t.accountId), uniqueIndex('shops_seller_market_uq').on(t.sellerId, t.marketId)],
);

/** Which shops a user may see and act on. */
export const userShops = pgTable(
  'user_shops',
  {
    userId: integer('user_id').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), index('user_shops_shop_idx').on(t.shopId)],
);
