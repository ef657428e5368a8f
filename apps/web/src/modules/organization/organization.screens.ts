import { defineScreens } from '../../shared/screens';

export const organizationScreens = defineScreens([{ path: '/organization', load: () => import('./OrganizationPage') }], {
  texts: [() => import('./organization.locale').then((m) => m.organizationTexts)],
});
