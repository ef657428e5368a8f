import type { ImportKind } from '@bo/contract/imports/imports';
import type { ShopImportHandler } from '../../imports/import-kinds';
import { bulkHandler } from './bulk-import';
import { reportHandler } from './report-import';

/** The ad reports and the bulk sheet as kinds of the one import facility. */
export const ppcImportKinds: Partial<Record<ImportKind, ShopImportHandler>> = {
  'sp-search-term': reportHandler('sp-search-term'),
  'sp-targeting': reportHandler('sp-targeting'),
  'sp-campaign': reportHandler('sp-campaign'),
  'sb-campaign': reportHandler('sb-campaign'),
  'sd-campaign': reportHandler('sd-campaign'),
  'sb-keyword': reportHandler('sb-keyword'),
  'ads-bulk': bulkHandler,
};
