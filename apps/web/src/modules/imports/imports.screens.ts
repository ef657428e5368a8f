import { defineScreens } from '../../shared/screens';

export const importsScreens = defineScreens([{ path: '/importTraffic', load: () => import('./ImportPage') }]);
