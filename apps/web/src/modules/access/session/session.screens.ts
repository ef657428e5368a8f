import { defineScreens } from '../../../shared/screens';

export const sessionScreens = defineScreens([
  { path: '/login', load: () => import('./LoginPage') },
  { path: '/register', load: () => import('./RegisterPage') },
  { path: '/godView', load: () => import('./GodViewPage') },
]);
