/**
 * Who may read the history of a listing watch (see platform/audit/history.registry.ts): a
 * watch is its user's own, so only that user, and only while the listing's shop is theirs.
 */
import { sql } from 'drizzle-orm';
import type { HistoryReaderMap } from '../../platform/area';
import { intId } from '../../platform/audit/history.registry';
import { catalogListings } from '../catalog/catalog.reads';
import { scopeHas } from '../shops/shops/shop-scope';

export const listingsHistory: HistoryReaderMap = {
  listing_watch: {
    permission: 'listings:monitor',
    canSee: async (c, actor, entityId, scope) => {
      const id = intId(entityId);
      if (id === null) return false;
      // The live watch, or for a removed one the user who created it and the listing it watched.
      const res = await c.db.execute<{ user_id: number; shop_id: number }>(sql`
        SELECT w.user_id, l.shop_id FROM listing_watches w JOIN ${catalogListings} l ON l.id = w.listing_id WHERE w.id = ${id}
        UNION ALL
        SELECT a.actor_user_id, l.shop_id
          FROM audit_log a JOIN ${catalogListings} l ON l.id::text = coalesce(a.after ->> 'listingId', a.before ->> 'listingId')
         WHERE a.entity = 'listing_watch' AND a.entity_id = ${entityId} AND a.action = 'create'
         LIMIT 1`);
      const row = res.rows[0];
      return row !== undefined && row.user_id === actor.userId && scopeHas(await scope(), row.shop_id);
    },
  },
};
