import { defineScreens } from '../../../shared/screens';

export const automationScreens = defineScreens([
  { path: '/autoReply', load: () => import('./AutoReplyListPage') },
  { path: '/autoReply/edit', load: () => import('./AutoReplyEditPage') },
  { path: '/smartMail', load: () => import('./SmartMailRedirect') },
  { path: '/smartMail/task', load: () => import('./SmartMailTaskPage') },
  { path: '/smartMail/taskInfo', load: () => import('./SmartMailTaskInfoPage') },
]);
