/**
 * The Inventory Ledger's reads (issue #22): one SKU's daily position with the ledger's movements
 * and a running balance (/inventory/detail), and the differences between the ledger and the stock
 * snapshot (/inventory/difference). The ledger is imported (kind `fba-inventory-ledger`); the
 * snapshot is the stored position (Manage FBA Inventory). docs/inventory.md "Inventory Ledger".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { listingFields } from './inventory';

const tags = ['inventory'];
const base = 'inventory/rest/v1';

/** The ledger's movement columns, signed as the report writes them, in its order. */
export const LEDGER_MOVEMENT_FIELDS = [
  'receipts',
  'customerShipments',
  'customerReturns',
  'vendorReturns',
  'transfers',
  'found',
  'lost',
  'damaged',
  'disposed',
  'otherEvents',
  'unknownEvents',
] as const;
export type LedgerMovement = (typeof LEDGER_MOVEMENT_FIELDS)[number];

/** The detail's default span, in days up to the SKU's latest day. */
export const DETAIL_DAYS = 60;

const movementsSchema = z.object(
  Object.fromEntries(LEDGER_MOVEMENT_FIELDS.map((f) => [f, z.number().int()])) as {
    [K in LedgerMovement]: z.ZodNumber;
  },
);
export type LedgerMovements = z.infer<typeof movementsSchema>;

/** The SELLABLE ledger of one SKU on one day (summed over locations). */
export const ledgerDaySchema = movementsSchema.extend({
  /** summary: the report gave balances; detailed: events only (balances null). */
  view: z.enum(['summary', 'detailed']),
  startingBalance: z.number().int().nullable(),
  endingBalance: z.number().int().nullable(),
  inTransit: z.number().int(),
  /** The sum of the movements (in transit between warehouses left out: it is not in the warehouse). */
  net: z.number().int(),
  /** Ending balance of the other dispositions (defective, customer damaged, …). */
  unsellableEnding: z.number().int().nullable(),
});
export type LedgerDay = z.infer<typeof ledgerDaySchema>;

export const detailDaySchema = z.object({
  day: z.string(),
  /** The snapshot of that day; null on a day without one. */
  fulfillable: z.number().int().nullable(),
  reserved: z.number().int().nullable(),
  unfulfillable: z.number().int().nullable(),
  inbound: z.number().int().nullable(),
  /** fulfillable + reserved: what the warehouse holds sellable, the ledger's ending balance counts both. */
  onHand: z.number().int().nullable(),
  unitsSold: z.number().int(),
  ledger: ledgerDaySchema.nullable(),
  /** The balance carried by the movements from the first known starting balance; null before it. */
  runningBalance: z.number().int().nullable(),
  /** onHand − the ledger's ending balance; null when either is missing. */
  difference: z.number().int().nullable(),
});
export type DetailDay = z.infer<typeof detailDaySchema>;

/** Net change of a day's movements. */
export const netOf = (m: LedgerMovements) => LEDGER_MOVEMENT_FIELDS.reduce((a, f) => a + m[f], 0);

/**
 * The running balance per day, oldest first: it starts at the first day's reported starting
 * balance and adds each day's net movements; a day without a ledger carries it unchanged. Before
 * the first known starting balance it is null.
 */
export function runningBalances(
  days: readonly { ledger: Pick<LedgerDay, 'startingBalance' | 'net'> | null }[],
): (number | null)[] {
  let running: number | null = null;
  return days.map((d) => {
    if (d.ledger) {
      if (running === null && d.ledger.startingBalance !== null) running = d.ledger.startingBalance;
      if (running !== null) running += d.ledger.net;
    }
    return running;
  });
}

/**
 * What a difference puts at stake, in units: lost units not found again, damaged units, and the
 * units the snapshot lacks against the ledger (a snapshot above the ledger loses nothing).
 */
export function unitsAtStake(d: { lost: number; found: number; damaged: number; difference: number | null }): number {
  return Math.max(0, d.lost - d.found) + d.damaged + Math.max(0, -(d.difference ?? 0));
}

export const ledgerDetail = defineEndpoint({
  method: 'GET',
  path: `${base}/ledger/detail`,
  access: 'scm:inventory:manage',
  summary: 'One seller SKU × warehouse of a shop: daily snapshot, the ledger movements, a running balance and the reconciliation',
  tags,
  query: z.object({
    shopId: idParam,
    /** Default: the FBA warehouse of the shop's marketplace. */
    warehouseId: idParam.optional(),
    sku: z.string().trim().min(1).max(64),
    /** Default: DETAIL_DAYS days up to the SKU's latest snapshot or ledger day. */
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
  data: z.object({
    listing: z.object(listingFields),
    from: z.string(),
    to: z.string(),
    days: z.array(detailDaySchema),
    /** The period's movements summed. */
    totals: movementsSchema,
  }),
});

/** balance: ledger and snapshot disagree; lost / damaged: such units on the day. */
export const DIFFERENCE_TYPES = ['balance', 'lost', 'damaged'] as const;

export const differenceSchema = z.object({
  ...listingFields,
  ledgerEnding: z.number().int().nullable(),
  fulfillable: z.number().int().nullable(),
  reserved: z.number().int().nullable(),
  onHand: z.number().int().nullable(),
  /** onHand − ledgerEnding; null when either is missing. */
  difference: z.number().int().nullable(),
  lost: z.number().int(),
  found: z.number().int(),
  damaged: z.number().int(),
  unitsAtStake: z.number().int(),
  /** The listing's price, its currency; null for a SKU without a listing. */
  unitPrice: z.string().nullable(),
  currency: z.string().nullable(),
  /** unitsAtStake × unitPrice. */
  amount: z.string().nullable(),
});
export type Difference = z.infer<typeof differenceSchema>;

export const DIFFERENCE_SORT_FIELDS = [
  'day',
  'sku',
  'shopName',
  'difference',
  'lost',
  'damaged',
  'unitsAtStake',
  'amount',
] as const;

const differenceFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  productLineId: idParam.optional(),
  keyword: z.string().trim().max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  type: z.enum(DIFFERENCE_TYPES).optional(),
  sortField: z.enum(DIFFERENCE_SORT_FIELDS).default('day'),
  sortOrder: sortOrderSchema.default('desc'),
};

export const listDifferences = defineEndpoint({
  method: 'GET',
  path: `${base}/ledger/differences`,
  access: 'scm:inventory:difference',
  summary:
    'Per seller SKU × warehouse × day: where the ledger ending balance and the snapshot disagree, or units were lost or damaged',
  tags,
  query: z.object({ ...differenceFilter, ...pagingQuery }),
  data: pageSchema(differenceSchema),
});

export const exportDifferences = defineEndpoint({
  method: 'GET',
  path: `${base}/ledger/differences/excel`,
  access: 'scm:inventory:difference:export',
  summary: 'The filtered differences as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(differenceFilter),
  binary: true,
});
