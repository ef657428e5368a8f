import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, writtenAt } from '../../../db/columns';

/**
 * FBA codes (/backMgr/fbacode): Amazon fulfilment centres by their code (PHX7, LEJ1, ...), per
 * marketplace (the contract's MARKETS ids), with name, address and country; one code per
 * marketplace.
 */
export const fbaCodes = pgTable(
  'fba_codes',
  {
    id: serialId(),
    code: text('code').notNull(),
    marketId: integer('market_id').notNull(),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('fba_codes_market_code_uq').on(t.marketId, t.code)],
);
