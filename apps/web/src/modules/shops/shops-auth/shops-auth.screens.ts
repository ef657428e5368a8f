import { defineScreens } from '../../../shared/screens';

export const shopsAuthScreens = defineScreens([{ path: '/shop/auth', load: () => import('./ShopAuthListPage') }]);
