/** Customer-service mail: templates, mailboxes, the mail tree, sending, the automation (see README.md). */
import { defineArea } from '../../platform/area';
import { automationJobs } from './automation/engine';
import { fetchJobs } from './dialogues/fetch.job';
import { mailHistory } from './mail.history';
import { mailRoutes } from './mail.routes';
import { applyMailDemoOnce } from './mail.seed';
import { sendJobs } from './sending/send.job';
import { mailTemplatesRoutes } from './templates/templates.routes';

export const mailArea = defineArea({
  name: 'mail',
  routes(app, ctx) {
    mailTemplatesRoutes(app, ctx);
    mailRoutes(app, ctx);
  },
  jobs: (ctx) => ({ ...fetchJobs(ctx), ...sendJobs(ctx), ...automationJobs(ctx) }),
  historyReaders: mailHistory,
  // Demo mailboxes (not connected), dialogues on the demo orders, trees, templates and rules.
  seed: [
    {
      name: 'mail',
      after: ['orders'],
      run: async (db) => {
        await applyMailDemoOnce(db);
      },
    },
  ],
});
