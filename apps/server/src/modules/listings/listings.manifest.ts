/** SKU analysis, the listing monitor and the listing filter (see README.md). */
import { defineArea } from '../../platform/area';
import { listingsHistory } from './listings.history';
import { listingsRoutes } from './listings.routes';

export const listingsArea = defineArea({ name: 'listings', routes: listingsRoutes, historyReaders: listingsHistory });
