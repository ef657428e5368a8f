import { mailSending as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as drafts from './drafts.service';
import { reply } from './reply.service';

export function sendingRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.getDraft, async ({ actor, query }) => drafts.getDraft(ctx, actor, query.dialogueId));
  bind(app, ep.saveDraft, async ({ actor, req }) => drafts.saveDraft(ctx, actor, req));
  bind(app, ep.deleteDraftAttachment, async ({ actor, query }) => drafts.deleteDraftAttachment(ctx, actor, query.uri));
  bind(app, ep.getAttachment, async ({ actor, query }) => drafts.getAttachment(ctx, actor, query.uri));
  bind(app, ep.downloadAttachment, async ({ actor, query, reply: res }) => drafts.downloadAttachment(ctx, actor, query.uri, res));
  bind(app, ep.reply, async ({ actor, body }) => reply(ctx, actor, body));
}
