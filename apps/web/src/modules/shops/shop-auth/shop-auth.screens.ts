import { defineScreens } from '../../../shared/screens';

export const shopAuthScreens = defineScreens([{ path: '/shop/auth/message', load: () => import('./ShopAuthMessagePage') }]);
