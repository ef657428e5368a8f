import { backMgrDocs, backMgrFbaCodes, backMgrJobs, backMgrMenu, backMgrNotices, idParam } from '@bo/contract';
import { FILE_PURPOSES } from '@bo/contract/files/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { codedFieldError } from '../../platform/errors';
import { fileStoreOf } from '../../platform/files/file-store';
import { bind } from '../../platform/http/binder';
import { readMultipart } from '../../platform/upload/multipart';
import { bindBackMgr } from './backmgr.guard';
import * as docs from './docs/docs.service';
import * as fba from './fba/fba-codes.service';
import * as jobs from './jobs/jobs-admin.service';
import * as menu from './menu/menu-config.service';
import * as notices from './notices/notices.service';

/**
 * The back office's endpoints: each one bound through the back-office guard (backmgr.guard.ts),
 * except the three every signed-in user calls (their notices, the acknowledgement, and the menu
 * overlay their menu applies).
 */
export function backMgrRoutes(app: FastifyInstance, ctx: AppContext): void {
  // /backMgr/backendAdmin: the job queue.
  bindBackMgr(app, ctx, backMgrJobs.list, async ({ query }) => jobs.list(ctx, query));
  bindBackMgr(app, ctx, backMgrJobs.kinds, async () => jobs.kinds(ctx, app.jobs.kinds));
  bindBackMgr(app, ctx, backMgrJobs.get, async ({ params }) => jobs.get(ctx, params.id));
  bindBackMgr(app, ctx, backMgrJobs.retry, async ({ actor, params, lang }) => jobs.act(ctx, actor, params.id, 'retry', lang));
  bindBackMgr(app, ctx, backMgrJobs.cancel, async ({ actor, params, lang }) => jobs.act(ctx, actor, params.id, 'cancel', lang));
  // /backMgr/notice: system notices.
  bindBackMgr(app, ctx, backMgrNotices.list, async ({ query }) => notices.list(ctx, query));
  bindBackMgr(app, ctx, backMgrNotices.audience, async () => notices.audience(ctx));
  bindBackMgr(app, ctx, backMgrNotices.create, async ({ actor, body }) => notices.create(ctx, actor, body));
  bindBackMgr(app, ctx, backMgrNotices.update, async ({ actor, params, body }) => notices.update(ctx, actor, params.id, body));
  bindBackMgr(app, ctx, backMgrNotices.publish, async ({ actor, params, lang }) =>
    notices.act(ctx, actor, params.id, 'publish', lang),
  );
  bindBackMgr(app, ctx, backMgrNotices.withdraw, async ({ actor, params, lang }) =>
    notices.act(ctx, actor, params.id, 'withdraw', lang),
  );
  bindBackMgr(app, ctx, backMgrNotices.remove, async ({ actor, params, lang }) => notices.remove(ctx, actor, params.id, lang));
  // /backMgr/fbacode: FBA codes.
  bindBackMgr(app, ctx, backMgrFbaCodes.list, async ({ query }) => fba.list(ctx, query));
  bindBackMgr(app, ctx, backMgrFbaCodes.create, async ({ actor, body }) => fba.create(ctx, actor, body));
  bindBackMgr(app, ctx, backMgrFbaCodes.update, async ({ actor, params, body }) => fba.update(ctx, actor, params.id, body));
  bindBackMgr(app, ctx, backMgrFbaCodes.remove, async ({ actor, params }) => fba.remove(ctx, actor, params.id));
  // /backMgr/docList, addDoc, editDoc, docDetail: documents, their versions and attachments.
  const store = fileStoreOf(ctx.db);
  bindBackMgr(app, ctx, backMgrDocs.list, async ({ query }) => docs.list(ctx, query));
  bindBackMgr(app, ctx, backMgrDocs.get, async ({ params }) => docs.get(ctx, params.id));
  bindBackMgr(app, ctx, backMgrDocs.create, async ({ actor, body }) => docs.create(ctx, actor, body));
  bindBackMgr(app, ctx, backMgrDocs.update, async ({ actor, params, body }) => docs.update(ctx, actor, params.id, body));
  bindBackMgr(app, ctx, backMgrDocs.remove, async ({ actor, params }) => docs.remove(ctx, actor, params.id));
  bindBackMgr(app, ctx, backMgrDocs.getVersion, async ({ params }) => docs.getVersion(ctx, params.id, params.no));
  bindBackMgr(app, ctx, backMgrDocs.restoreVersion, async ({ actor, params, body }) =>
    docs.restore(ctx, actor, params.id, params.no, body.version),
  );
  bindBackMgr(app, ctx, backMgrDocs.uploadAttachment, async ({ actor, req }) => {
    // The guard has run before a byte of the body is read; the file store's limit bounds the reader.
    const { fields, files } = await readMultipart(req, {
      fileField: 'file',
      maxFileBytes: FILE_PURPOSES.document.maxBytes,
      maxFiles: 1,
      maxFields: 5,
      tooLarge: 'file.tooLarge',
      tooMany: 'file.onePerUpload',
    });
    const docId = idParam.safeParse(fields.docId);
    if (!docId.success) throw codedFieldError('docId', 'required');
    const upload = files[0];
    if (!upload) throw codedFieldError('file', 'required');
    return docs.attach(ctx, store, actor, docId.data, upload);
  });
  bindBackMgr(app, ctx, backMgrDocs.downloadAttachment, async ({ actor, params, req }) =>
    docs.download(ctx, store, actor, params.id, params.fileId, req.headers.range),
  );
  bindBackMgr(app, ctx, backMgrDocs.removeAttachment, async ({ actor, params }) =>
    docs.detach(ctx, actor, params.id, params.fileId),
  );
  // /backMgr/menuConfig: the overlay on the catalogue's menu.
  bindBackMgr(app, ctx, backMgrMenu.list, async ({ query }) => menu.list(ctx, query));
  bindBackMgr(app, ctx, backMgrMenu.save, async ({ actor, body }) => menu.save(ctx, actor, body));
  bindBackMgr(app, ctx, backMgrMenu.reset, async ({ actor, query }) => menu.reset(ctx, actor, query.kind, query.key));
  // Every signed-in user's menu applies the overlay.
  bind(app, backMgrMenu.overlay, async () => menu.overlay(ctx));
  // Every signed-in user: the notices shown to them, and their acknowledgement.
  bind(app, backMgrNotices.mine, async ({ actor }) => notices.mine(ctx, actor));
  bind(app, backMgrNotices.acknowledge, async ({ actor, params }) => notices.acknowledge(ctx, actor, params.id));
}
