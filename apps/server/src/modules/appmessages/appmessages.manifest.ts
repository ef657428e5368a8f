/**
 * The message centre (issue #24): messages to the app's in-app inboxes with an audience, a
 * schedule, a throttle and quiet hours per device time zone, sent at most once per device by a
 * job; the app's device registration and inbox calls. docs/app-messages.md.
 */
import { defineArea } from '../../platform/area';
import { appMessagesHistory } from './appmessages.history';
import { appMessagesJobs } from './appmessages.jobs';
import { appMessagesRoutes } from './appmessages.routes';
import { applyAppMessagesDemoOnce } from './appmessages.seed';

export const appMessagesArea = defineArea({
  name: 'appmessages',
  routes: appMessagesRoutes,
  jobs: appMessagesJobs,
  historyReaders: appMessagesHistory,
  // 3,000 devices; a sent message with its counts, one sending, one scheduled, a draft.
  seed: [{ name: 'appmessages', after: ['appcontent'], run: (db) => applyAppMessagesDemoOnce(db) }],
});
