/**
 * The read inventory publishes for other areas about stock cover (see catalog/catalog.reads.ts
 * for the convention): per listing of the caller's shops, its days of cover, its lead time and
 * the red / amber / green state, exactly as the replenishment advice computes them (the inputs of
 * `adviceInputs`, the contract's `planReplenishment` through replenish.service's `compute`; no
 * second copy of the arithmetic). One query for every listing of the shops at once, so a PPC rule
 * over a whole shop reads it once per run (docs/inventory.md "Replenishment", "Cover for other areas").
 */
import { DEFAULT_MOQ, DEFAULT_SERVICE_LEVEL, DEFAULT_UNITS_PER_CARTON, type RglState } from '@bo/contract/inventory/replenish';
import { TRANSIT_DAYS } from '@bo/contract/inventory/shipments';
import type { DbOrTx } from '../../db/client';
import type { ShopScope } from '../shops/shops/shop-scope';
import { adviceInputs } from './replenish.repository';
import { compute } from './replenish.service';

export interface ListingCover {
  listingId: number;
  shopId: number;
  sku: string;
  /** The day of the position the figures start from. */
  day: string;
  /** Days until the projected stock runs out (0: out now); null: not within the projection (180 days), i.e. plenty. */
  daysOfCover: number | null;
  /** Prep (production) days + sea transit: what an order placed today takes to arrive by sea. */
  leadTimeDays: number;
  state: RglState;
}

/** The settings the list's defaults give; the cover and the lead time do not depend on them, the amber line does. */
const DEFAULTS = { serviceLevel: DEFAULT_SERVICE_LEVEL, moq: DEFAULT_MOQ, unitsPerCarton: DEFAULT_UNITS_PER_CARTON } as const;

/**
 * The cover of every listing with an FBA position in the scope's shops (narrow the scope to the
 * shops wanted), keyed by listing id. A listing held in two FBA warehouses of one shop (never in
 * the demo) keeps the shorter cover.
 */
export async function listingCover(db: DbOrTx, scope: ShopScope): Promise<Map<number, ListingCover>> {
  const out = new Map<number, ListingCover>();
  if (!scope.shopIds.length) return out;
  for (const raw of await adviceInputs(db, scope, {})) {
    const { row } = compute(raw, DEFAULTS);
    const c: ListingCover = {
      listingId: row.listingId,
      shopId: row.shopId,
      sku: row.sku,
      day: row.day,
      daysOfCover: row.daysOfCover,
      leadTimeDays: row.prepDays + TRANSIT_DAYS.sea,
      state: row.state,
    };
    const had = out.get(c.listingId);
    if (!had || (c.daysOfCover !== null && (had.daysOfCover === null || c.daysOfCover < had.daysOfCover)))
      out.set(c.listingId, c);
  }
  return out;
}
