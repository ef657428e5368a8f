/**
 * The history of every change to an ad entity (see ../README.md "Changes"): one batch per
 * user action or rule run, one row per field changed, with the value before and after.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from '../../../db/columns';

export const ppcChangeBatches = pgTable('ppc_change_batches', {
  id: serialId(),
  /** manual | rule | diagnosis | harvest | schedule | undo */
  source: text('source').notNull(),
  ruleId: integer('rule_id'),
  ruleRunId: integer('rule_run_id'),
  userId: integer('user_id'),
  note: text('note'),
  createdAt: createdAt(),
});

export const ppcChanges = pgTable(
  'ppc_changes',
  {
    id: serialId(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => ppcChangeBatches.id),
    shopId: integer('shop_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    campaignType: text('campaign_type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    field: text('field').notNull(),
    /** JSON number, string or null (for `create`: null before, the new entity after). */
    before: jsonb('before'),
    after: jsonb('after'),
    source: text('source').notNull(),
    ruleId: integer('rule_id'),
    ruleRunId: integer('rule_run_id'),
    undoneBy: integer('undone_by'),
    undoes: integer('undoes'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ppc_changes_entity_idx').on(t.entityType, t.entityId, t.field, t.id),
    index('ppc_changes_shop_idx').on(t.shopId, t.id),
    index('ppc_changes_batch_idx').on(t.batchId),
    index('ppc_changes_rule_idx').on(t.ruleId, t.id),
  ],
);
