/** Customer-service mail: mailboxes, the mail tree, sending, and their background jobs. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerOrderReportImports } from '../orders/order-reports';
import { automationRoutes } from './automation/automation.routes';
import { dialoguesRoutes } from './dialogues/dialogues.routes';
import { registerFetchJobs } from './dialogues/fetch.job';
import { mailboxesRoutes } from './mailboxes/mailboxes.routes';
import { operationsRoutes } from './operations/operations.routes';
import { registerSendJob } from './sending/send.job';
import { sendingRoutes } from './sending/sending.routes';
import { registerMailHistory } from './mail.history';

export function mailRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerMailHistory(ctx);
  mailboxesRoutes(app, ctx);
  dialoguesRoutes(app, ctx);
  sendingRoutes(app, ctx);
  operationsRoutes(app, ctx);
  registerFetchJobs(app.jobs, ctx);
  registerSendJob(app.jobs, ctx);
  automationRoutes(app, ctx);
  // Delivery dates and return states of order lines come from the FBA shipments and returns reports.
  registerOrderReportImports();
}
