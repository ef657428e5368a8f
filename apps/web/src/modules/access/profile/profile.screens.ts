import { defineScreens } from '../../../shared/screens';

export const profileScreens = defineScreens([{ path: '/user/info', load: () => import('./ProfilePage') }]);
