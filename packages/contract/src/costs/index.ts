export * as boms from './boms';
export * as fees from './fees';
export * as materials from './materials';
export { MATERIAL_CURRENCIES, MATERIAL_UNITS } from './shared';
export * as unitCosts from './unit-costs';
