import { defineScreens } from '../../../shared/screens';

export const notFoundScreens = defineScreens([{ path: '/404', load: () => import('./NotFoundPage') }]);
