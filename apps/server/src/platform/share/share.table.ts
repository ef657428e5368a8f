import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from '../../db/columns';

/**
 * Public share links (platform/share, apps/server/README.md "Share links"): one row per
 * link to one record's read-only view. Only the SHA-256 of the token is stored (hex, as for
 * sessions): a copy of the table opens nothing. A link opens while `revoked_at` is null and
 * `expires_at` is ahead; each read moves `last_used_at` and `use_count`.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serialId(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The area's share kind, e.g. 'project'. */
    kind: text('kind').notNull(),
    entityId: text('entity_id').notNull(),
    /** The account whose record is shared: the kind reads the record for this account. */
    accountId: integer('account_id').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    useCount: bigint('use_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('share_links_entity_idx').on(t.accountId, t.kind, t.entityId),
    index('share_links_creator_idx').on(t.createdBy, t.id),
  ],
);
