export * as listingFilter from './filter';
export * as listingMonitor from './monitor';
export * as skuAnalysis from './sku-analysis';
