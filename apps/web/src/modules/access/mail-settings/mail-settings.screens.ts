import { defineScreens } from '../../../shared/screens';

export const mailSettingsScreens = defineScreens([{ path: '/user/email', load: () => import('./MailSettingsPage') }]);
