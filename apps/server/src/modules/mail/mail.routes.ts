/** Customer-service mail: mailboxes, the mail tree, sending, and their background jobs. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { mailboxesRoutes } from './mailboxes/mailboxes.routes';

export function mailRoutes(app: FastifyInstance, ctx: AppContext): void {
  mailboxesRoutes(app, ctx);
}
