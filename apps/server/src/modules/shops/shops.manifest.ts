/** Sellers and their shops, and who sees which (the shop scope). */
import { defineArea } from '../../platform/area';
import { shopsHistory } from './shops/shops.history';
import { shopsRoutes } from './shops/shops.routes';

// The demo shops come with the demo accounts (access.manifest.ts).
export const shopsArea = defineArea({ name: 'shops', routes: shopsRoutes, historyReaders: shopsHistory });
