import { registerShopImportKind } from '../../imports/import-kinds';
import { bulkHandler } from './bulk-import';
import { reportHandler } from './report-import';

/** The ad reports and the bulk sheet as kinds of the one import facility. */
export function registerPpcImports(): void {
  registerShopImportKind('sp-search-term', reportHandler('sp-search-term'));
  registerShopImportKind('sp-targeting', reportHandler('sp-targeting'));
  registerShopImportKind('sp-campaign', reportHandler('sp-campaign'));
  registerShopImportKind('sb-campaign', reportHandler('sb-campaign'));
  registerShopImportKind('sd-campaign', reportHandler('sd-campaign'));
  registerShopImportKind('sb-keyword', reportHandler('sb-keyword'));
  registerShopImportKind('ads-bulk', bulkHandler);
}
