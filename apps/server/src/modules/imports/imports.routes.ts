import * as ep from '@bo/contract/imports/imports';
import { MAX_IMPORT_BYTES, uploadFieldsSchema } from '@bo/contract/imports/imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { codedFieldError } from '../../platform/errors';
import { bind } from '../../platform/http/binder';
import { schemaRefusal } from '../../platform/http/errors.plugin';
import { readMultipart } from '../../platform/upload/multipart';
import * as svc from './imports.service';
import { TEXT_LIMITS } from './parsers/tokenise';

/** Reads the one file and the fields of an import upload, in any order. */
async function readUpload(req: FastifyRequest) {
  const { fields, files } = await readMultipart(req, {
    fileField: 'file',
    maxFileBytes: MAX_IMPORT_BYTES,
    maxFiles: 1,
    maxFields: 20,
    tooLarge: 'file.tooLarge',
    tooMany: 'file.onePerImport',
    maxTextLines: TEXT_LIMITS.records,
  });
  const upload = files[0];
  if (!upload) throw codedFieldError('file', 'required');
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw schemaRefusal(parsed.error.issues, fields);
  return { file: { fileName: upload.fileName, bytes: upload.bytes }, fields: parsed.data };
}

export function importsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.uploadImport, async ({ req, actor, scope }) => {
    const { file, fields } = await readUpload(req);
    return svc.upload(ctx, actor, await scope(), file, fields);
  });
  bind(app, ep.listImports, async ({ query, actor, scope }) => svc.list(ctx, actor, await scope(), query));
  bind(app, ep.getImport, async ({ params, actor, scope }) => svc.get(ctx, actor, await scope(), params.id));
  // A refused action answers the import state machine's words in the caller's language.
  bind(app, ep.commitImport, async ({ params, body, actor, scope, lang }) =>
    svc.commit(ctx, actor, await scope(), params.id, {
      skipErrorRows: body.skipErrorRows,
      confirmLargeRemoval: body.confirmLargeRemoval,
      lang: lang,
    }),
  );
  bind(app, ep.revertImport, async ({ params, actor, scope, lang }) => svc.revert(ctx, actor, await scope(), params.id, lang));
  bind(app, ep.discardImport, async ({ params, actor, scope, lang }) => svc.discard(ctx, actor, await scope(), params.id, lang));
}
