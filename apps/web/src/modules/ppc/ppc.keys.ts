/** Query keys of the advertising screens: everything read is figures an import changes. */
export const ppcKeys = {
  all: ['ppc'] as const,
  shops: () => [...ppcKeys.all, 'shops'] as const,
  figures: () => [...ppcKeys.all, 'figures'] as const,
  skuPerform: (query: object) => [...ppcKeys.figures(), 'skuPerform', query] as const,
  chart: (query: object) => [...ppcKeys.figures(), 'chart', query] as const,
  /** The analysis boards (dashboard, SKU ad analysis, report pivot, out of budget). */
  board: (name: string, query: object) => [...ppcKeys.figures(), 'board', name, query] as const,
  /** Monitors are evaluated against the figures, so they sit under them too. */
  monitors: () => [...ppcKeys.figures(), 'monitors'] as const,
  monitorList: (query: object) => [...ppcKeys.monitors(), query] as const,
  diagnosis: (query: object) => [...ppcKeys.figures(), 'diagnosis', query] as const,
  searchTerms: (query: object) => [...ppcKeys.figures(), 'searchTerms', query] as const,
  harvestAdGroups: (shopId: number) => [...ppcKeys.all, 'harvestAdGroups', shopId] as const,
  changes: (query: object) => [...ppcKeys.all, 'changes', query] as const,
};
