import { defineScreens } from '../../../shared/screens';

export const mailTemplatesScreens = defineScreens(
  [
    { path: '/mailTemplate', load: () => import('./MailTemplateListPage') },
    { path: '/faqtemplate', load: () => import('./FaqTemplateListPage') },
  ],
  { texts: [() => import('./mail-templates.locale').then((m) => m.mailTemplatesTexts)] },
);
