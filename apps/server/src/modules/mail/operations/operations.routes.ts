import { mailOps as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as assignment from './assignment.service';
import * as board from './board.service';
import * as related from './related.service';

/** Related problems, assignment and the CS board (operations.ts in the contract). */
export function operationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listRelatedProblems, async ({ actor, query }) => related.list(ctx, actor, query.dialogueId));
  bind(app, ep.addRelatedProblems, async ({ actor, body }) => related.add(ctx, actor, body.dialogueId, body.nodeIds));
  bind(app, ep.removeRelatedProblem, async ({ actor, query }) => related.remove(ctx, actor, query.dialogueId, query.nodeId));
  bind(app, ep.assignmentAgents, async ({ actor, query }) => assignment.agentCounts(ctx, actor, query.type));
  bind(app, ep.assignDialogues, async ({ actor, body }) => assignment.assign(ctx, actor, body.items, body.assigneeId));
  bind(app, ep.csBoard, async ({ actor, query }) => board.board(ctx, actor, query));
}
