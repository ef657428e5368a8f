import { defineScreens } from '../../../shared/screens';

export const rolesScreens = defineScreens([{ path: '/role/perms', load: () => import('./RoleListPage') }]);
