/**
 * Query keys of the cost screens. A unit cost or fee change also changes every sales
 * figure (COGS, fees, profit), so those mutations invalidate `['sales']` as well.
 */
export const costKeys = {
  all: ['costs'] as const,
  unitCosts: () => [...costKeys.all, 'unitCosts'] as const,
  unitCostList: (query: object) => [...costKeys.unitCosts(), 'list', query] as const,
  unitCostHistory: (skuId: number) => [...costKeys.unitCosts(), 'history', skuId] as const,
  fees: () => [...costKeys.all, 'fees'] as const,
  feeList: (query: object) => [...costKeys.fees(), 'list', query] as const,
  feeHistory: (skuId: number, marketId: number) => [...costKeys.fees(), 'history', skuId, marketId] as const,
  materials: () => [...costKeys.all, 'materials'] as const,
  material: (id: number) => [...costKeys.materials(), 'one', id] as const,
  materialOptions: () => [...costKeys.materials(), 'options'] as const,
  boms: () => [...costKeys.all, 'boms'] as const,
  bom: (skuId: number, day: string) => [...costKeys.boms(), 'one', skuId, day] as const,
};
