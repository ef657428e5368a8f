import { mailSending as ep } from '@bo/contract';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@bo/contract/mail/sending';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { readMultipart } from '../../../platform/upload/multipart';
import * as drafts from './drafts.service';
import { reply } from './reply.service';

/** A draft's form: JSON, or multipart with the fields of saveDraftBody and files named `files`. */
async function readDraftForm(req: FastifyRequest): Promise<{ fields: unknown; files: drafts.Upload[] }> {
  if (!req.isMultipart()) return { fields: req.body, files: [] };
  const { fields, files } = await readMultipart(req, {
    fileField: 'files',
    maxFileBytes: MAX_ATTACHMENT_BYTES,
    maxFiles: MAX_ATTACHMENTS,
    maxFields: 10,
    tooLarge: 'file.attachmentTooLarge',
    tooMany: 'file.tooManyAttachments',
  });
  return { fields, files: files.map((f) => ({ ...f, fileName: f.fileName.slice(0, 255) })) };
}

export function sendingRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.getDraft, async ({ actor, query }) => drafts.getDraft(ctx, actor, query.dialogueId));
  bind(app, ep.saveDraft, async ({ actor, req }) => drafts.saveDraft(ctx, actor, await readDraftForm(req)));
  bind(app, ep.deleteDraftAttachment, async ({ actor, query }) => drafts.deleteDraftAttachment(ctx, actor, query.uri));
  bind(app, ep.getAttachment, async ({ actor, query }) => drafts.getAttachment(ctx, actor, query.uri));
  bind(app, ep.downloadAttachment, async ({ actor, query }) => drafts.downloadAttachment(ctx, actor, query.uri));
  bind(app, ep.reply, async ({ actor, body }) => reply(ctx, actor, body));
}
