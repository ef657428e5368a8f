/** Query keys of the advertising screens: everything read is figures an import changes. */
export const ppcKeys = {
  all: ['ppc'] as const,
  shops: () => [...ppcKeys.all, 'shops'] as const,
  figures: () => [...ppcKeys.all, 'figures'] as const,
  skuPerform: (query: object) => [...ppcKeys.figures(), 'skuPerform', query] as const,
  chart: (query: object) => [...ppcKeys.figures(), 'chart', query] as const,
};
