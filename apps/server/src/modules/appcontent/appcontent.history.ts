/**
 * Who may read the app content's history (platform/audit/history.registry.ts): an item's, the
 * company's staff holding the page of its kind and slot (a banner's history is the banner page's,
 * a FAQ's the FAQ page's); a deleted item's, whoever holds any content page (the row that named
 * its kind is gone); an app key's, the staff holding the app keys' page.
 */

import type { Permission } from '@bo/contract';
import { APP_KEYS_PAGE } from '@bo/contract/appcontent/app-keys';
import { sql } from 'drizzle-orm';
import type { HistoryReaderMap } from '../../platform/area';
import { companyData, intId } from '../../platform/audit/history.registry';
import { isInternal } from '../../platform/auth/actor';
import { KIND_ENDPOINTS } from './content.kinds';

/** The page permission of each kind's slot. */
const PAGE_OF = new Map<string, Permission>(
  Object.entries(KIND_ENDPOINTS).flatMap(([kind, slots]) =>
    Object.entries(slots).map(([slot, eps]) => [`${kind}/${slot}`, eps.list.access as Permission] as const),
  ),
);

export const appContentHistory: HistoryReaderMap = {
  app_content: {
    permission: [...new Set(PAGE_OF.values())],
    canSee: async (ctx, actor, entityId) => {
      if (!isInternal(actor)) return false;
      const r = await ctx.db.execute<{ kind: string; slot: string }>(
        sql`SELECT kind, slot FROM app_content WHERE id = ${intId(entityId) ?? 0}`,
      );
      const row = r.rows[0];
      if (!row) return true;
      const page = PAGE_OF.get(`${row.kind}/${row.slot}`);
      return page !== undefined && actor.permissions.has(page);
    },
  },
  app_content_keys: { permission: APP_KEYS_PAGE, canSee: companyData },
};
