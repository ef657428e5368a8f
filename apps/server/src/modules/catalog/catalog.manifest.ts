/** Product information: products and SKUs, model info, product links (see README.md). */
import { defineArea } from '../../platform/area';
import { catalogHistory } from './catalog.history';
import { catalogRoutes } from './catalog.routes';

// The catalogue's demo products and listings come with the sales demo (sales.manifest.ts).
export const catalogArea = defineArea({ name: 'catalog', routes: catalogRoutes, historyReaders: catalogHistory });
