import { defineScreens } from '../../../shared/screens';

export const usersScreens = defineScreens([{ path: '/user/child', load: () => import('./UserListPage') }]);
