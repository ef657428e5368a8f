import { defineScreens } from '../../shared/screens';

/** The message centre (issue #24): messages to the app's in-app inboxes. */
export const appMessagesScreens = defineScreens(
  [{ path: '/user-platform/messageCenter', load: () => import('./messages/MessageCenterPage') }],
  { texts: [() => import('./appmessages.locale').then((m) => m.appMessagesTexts)] },
);
