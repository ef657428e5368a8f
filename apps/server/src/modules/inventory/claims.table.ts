import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../db/columns';
import { shipmentPlanLines } from './shipments.table';

/**
 * A claim for a received line's shortfall (one per line). `state` follows FBA_CLAIM_MACHINE
 * (contract inventory/claims.ts); `shop_id` is the plan's, kept here so scoped reads and the
 * history reader need no join.
 */
export const fbaClaims = pgTable(
  'fba_claims',
  {
    id: serialId(),
    shopId: integer('shop_id').notNull(),
    lineId: integer('line_id')
      .notNull()
      .references(() => shipmentPlanLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    state: text('state').notNull().default('open'),
    caseId: text('case_id').notNull().default(''),
    reimbursedUnits: integer('reimbursed_units').notNull().default(0),
    reimbursedAmount: numeric('reimbursed_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default(''),
    reimbursementId: text('reimbursement_id').notNull().default(''),
    importId: integer('import_id'),
    remark: text('remark').notNull().default(''),
    version: version(),
    createdBy: integer('created_by'),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('fba_claims_line_uq').on(t.lineId),
    index('fba_claims_shop_idx').on(t.shopId, t.state),
    check('fba_claims_state_ck', sql`${t.state} IN ('open', 'submitted', 'approved', 'reimbursed', 'rejected', 'closed')`),
    check('fba_claims_qty_ck', sql`${t.quantity} > 0 AND ${t.reimbursedUnits} >= 0`),
  ],
);
