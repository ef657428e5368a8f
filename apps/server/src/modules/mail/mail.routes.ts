/** Customer-service mail: mailboxes, the mail tree, sending, the automation. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { automationRoutes } from './automation/automation.routes';
import { dialoguesRoutes } from './dialogues/dialogues.routes';
import { mailboxesRoutes } from './mailboxes/mailboxes.routes';
import { operationsRoutes } from './operations/operations.routes';
import { sendingRoutes } from './sending/sending.routes';

export function mailRoutes(app: FastifyInstance, ctx: AppContext): void {
  mailboxesRoutes(app, ctx);
  dialoguesRoutes(app, ctx);
  sendingRoutes(app, ctx);
  operationsRoutes(app, ctx);
  automationRoutes(app, ctx);
}
