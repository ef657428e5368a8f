import { users as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { bind } from '../http/binder';
import { listAudit } from './audit.service';

/** The audit log, newest first; an external account reads only its own rows (audit.service). */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listAudit, async ({ query, actor }) => listAudit(ctx, actor, query));
}
