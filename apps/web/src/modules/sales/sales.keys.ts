/**
 * Query keys of the sales screens. Everything computed from the sales facts sits under
 * `figures`, because an added cost changes all of it at once (lists, totals, the
 * dashboard, the cost list); reference data and the panel flags sit beside it.
 */
import type { SalesFilter } from '@bo/contract/sales/sales-profit';

export const salesKeys = {
  all: ['sales'] as const,
  figures: () => [...salesKeys.all, 'figures'] as const,
  profit: (dimension: string, query: object) => [...salesKeys.figures(), 'profit', dimension, query] as const,
  costs: (query: object) => [...salesKeys.figures(), 'costs', query] as const,
  dashboard: (part: string, query: SalesFilter & Record<string, unknown>) =>
    [...salesKeys.figures(), 'dashboard', part, query] as const,
  /** Listings without a unit cost or fee schedule: a cost induction does not change them. */
  missingCosts: (query: object) => [...salesKeys.all, 'missingCosts', query] as const,
  panels: () => [...salesKeys.all, 'panels'] as const,
  teams: () => [...salesKeys.all, 'teams'] as const,
  quarters: () => [...salesKeys.all, 'quarters'] as const,
};
