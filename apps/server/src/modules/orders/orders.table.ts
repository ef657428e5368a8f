import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, updatedAt } from '../../db/columns';

/**
 * Order lines (one row per order and ASIN) for the mail automation: who bought what when,
 * when it arrived, and whether a return, refund or RMA is open. Filled by the All Orders
 * import commit (idempotent on shop + order id + ASIN) and by the demo seed; delivery
 * dates, buyers and return/RMA states by the FBA shipments and returns reports
 * (order-reports.ts). The sales figures stay in sales_facts; this table holds no money.
 */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    orderId: text('order_id').notNull(),
    asin: text('asin').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull().default(1),
    orderStatus: text('order_status').notNull().default(''),
    buyerEmail: text('buyer_email'),
    buyerName: text('buyer_name'),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull(),
    deliveryDate: date('delivery_date'),
    /** none | open | closed, each: an open one blocks review requests. */
    returnState: text('return_state').notNull().default('none'),
    refundState: text('refund_state').notNull().default('none'),
    rmaState: text('rma_state').notNull().default('none'),
    importId: integer('import_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_line_uq').on(t.shopId, t.orderId, t.asin),
    index('orders_shop_delivery_idx').on(t.shopId, t.deliveryDate),
    check('orders_return_ck', sql`${t.returnState} IN ('none', 'open', 'closed')`),
    check('orders_refund_ck', sql`${t.refundState} IN ('none', 'open', 'closed')`),
    check('orders_rma_ck', sql`${t.rmaState} IN ('none', 'open', 'closed')`),
  ],
);
