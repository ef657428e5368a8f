import { defineScreens } from '../../shared/screens';

export const mailScreens = defineScreens(
  [
    { path: '/mail', load: () => import('./dialogues/MailRedirect') },
    { path: '/mail/index', load: () => import('./dialogues/MailPage') },
  ],
  { texts: [() => import('./mail.locale').then((m) => m.mailTexts)] },
);
