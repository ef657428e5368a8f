import { defineScreens } from '../../../shared/screens';

export const automationScreens = defineScreens(
  [
    { path: '/autoReply', load: () => import('./AutoReplyListPage') },
    { path: '/autoReply/edit', load: () => import('./AutoReplyEditPage') },
    { path: '/smartMail', load: () => import('./SmartMailRedirect') },
    { path: '/smartMail/task', load: () => import('./SmartMailTaskPage') },
    { path: '/smartMail/taskInfo', load: () => import('./SmartMailTaskInfoPage') },
    { path: '/marketMail', load: () => import('./MarketMailRedirect') },
    { path: '/marketMail/list', load: () => import('./MarketMailListPage') },
    { path: '/marketMail/add', load: () => import('./MarketMailEditPage') },
    { path: '/marketMail/edit', load: () => import('./MarketMailEditPage') },
    { path: '/marketMail/detail', load: () => import('./MarketMailDetailPage') },
  ],
  {
    texts: [
      () => import('./automation.locale').then((m) => m.mailAutoTexts),
      // The editors, the preview and the linter's panel are the templates' components.
      () => import('../templates/mail-templates.locale').then((m) => m.mailTemplatesTexts),
    ],
  },
);
