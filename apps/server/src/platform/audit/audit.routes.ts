import { users as ep, history } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { bind } from '../http/binder';
import { listAudit } from './audit.service';
import { recordHistory } from './history.service';

/** The audit log, newest first; an external account reads only its own rows (audit.service). */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listAudit, async ({ query, actor }) => listAudit(ctx, actor, query));

  // One record's history: the entity's reader decides who may read it (history.registry.ts).
  bind(app, history.getRecordHistory, async ({ params, query, actor, scope }) =>
    recordHistory(ctx, actor, params.entity, params.entityId, query, scope),
  );
}
