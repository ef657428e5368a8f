import { defineScreens } from '../../shared/screens';

const view = (name: keyof typeof import('./dialogues/MailViews')) => () =>
  import('./dialogues/MailViews').then((m) => ({ default: m[name] }));

export const mailScreens = defineScreens(
  [
    { path: '/mail', load: () => import('./dialogues/MailRedirect') },
    { path: '/mail/index', load: () => import('./dialogues/MailPage') },
    { path: '/mail/qaReply', load: view('QaReplyMail') },
    { path: '/mail/market', load: view('MarketMail') },
    { path: '/mail/workOrder', load: view('WorkOrderMail') },
    { path: '/mail/order', load: view('OrderMail') },
    { path: '/mail/support', load: view('SupportMail') },
    { path: '/mail/mail', load: view('MailboxMail') },
    { path: '/mail/csBoard', load: () => import('./operations/CsBoardPage') },
    { path: '/newMailCsBoard', load: () => import('./operations/CsBoardRedirect') },
    { path: '/mail/assignment', load: () => import('./operations/AssignmentPage') },
    { path: '/mail/mailboxes', load: () => import('./operations/MailboxesPage') },
  ],
  {
    texts: [
      () => import('./mail.locale').then((m) => m.mailTexts),
      // The reply editor is the templates' rich-text editor.
      () => import('./templates/mail-templates.locale').then((m) => m.mailTemplatesTexts),
    ],
  },
);
