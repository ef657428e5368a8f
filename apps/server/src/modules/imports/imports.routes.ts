import * as ep from '@bo/contract/imports/imports';
import { MAX_IMPORT_BYTES, uploadFieldsSchema } from '@bo/contract/imports/imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, fieldError } from '../../platform/errors';
import { bind } from '../../platform/http/binder';
import { receiveFile } from '../../platform/upload/receive-file';
import * as svc from './imports.service';

/** Reads the one file and the fields of a multipart upload, in any order. */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest('expected multipart/form-data with a file and its fields');
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(`unexpected file field ${part.fieldname}: send the report as "file"`);
        file = {
          fileName: part.filename || 'upload',
          bytes: await receiveFile(part.file, MAX_IMPORT_BYTES, Number(req.headers['content-length']) || 0),
        };
        if (part.file.truncated) throw fieldError('file', `larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('file', `larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('send one file per import');
    throw err;
  }
  if (!file) throw fieldError('file', 'required');
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
    throw badRequest(fields.map((f) => `${f.path}: ${f.message}`).join('; '), { fields });
  }
  return { file, fields: parsed.data };
}

export function importsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.uploadImport, async ({ req, actor }) => {
    const { file, fields } = await readUpload(req);
    return svc.upload(ctx, actor, file, fields);
  });
  bind(app, ep.listImports, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.getImport, async ({ params, actor }) => svc.get(ctx, actor, params.id));
  bind(app, ep.commitImport, async ({ params, body, actor }) => svc.commit(ctx, actor, params.id, body?.skipErrorRows ?? false));
  bind(app, ep.discardImport, async ({ params, actor }) => svc.discard(ctx, actor, params.id));
}
