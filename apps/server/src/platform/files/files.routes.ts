import * as jobsEp from '@bo/contract/files/export-jobs';
import * as exportsEp from '@bo/contract/files/exports';
import * as ep from '@bo/contract/files/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { bind } from '../http/binder';
import { cancelExportJob, getExportJob, listExportJobs, queueExportJob } from './export-jobs.service';
import { exportablesFor, rememberExportables } from './export-run';
import { fileStoreOf } from './file-store';
import { downloadFile, storeFile } from './files.service';
import { receiveUpload } from './receive-upload';
import { deleteStoredExport, downloadStoredExport, listStoredExports } from './stored-exports.service';

export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = fileStoreOf(ctx.db);
  rememberExportables(ctx, app);
  bind(app, ep.uploadFile, async ({ req, query, actor }) => {
    const upload = await receiveUpload(req, actor, query.purpose);
    return storeFile(ctx.db, store, actor, query.purpose, query.entity ?? null, upload);
  });
  bind(app, ep.downloadFile, async ({ req, params, query, actor }) =>
    downloadFile(ctx.db, store, actor, params.id, { thumb: query.thumb === '1', range: req.headers.range }),
  );

  // The download centre (/assets/download): the caller's own stored exports.
  bind(app, exportsEp.listStoredExports, async ({ query, actor }) =>
    listStoredExports(ctx.db, actor, query.pageNum, query.pageSize),
  );
  bind(app, exportsEp.downloadStoredExport, async ({ req, params, actor, scope }) =>
    downloadStoredExport(ctx.db, store, actor, params.id, async () => (await scope()).shopIds, req.headers.range),
  );
  bind(app, exportsEp.deleteStoredExport, async ({ params, actor }) => {
    await deleteStoredExport(ctx.db, actor, params.id);
    return null;
  });

  // Background exports (docs/reports.md).
  bind(app, jobsEp.listExportables, async ({ actor }) => exportablesFor(ctx, actor));
  bind(app, jobsEp.queueExportJob, async ({ body, actor, lang }) => queueExportJob(ctx, actor, body, lang));
  bind(app, jobsEp.listExportJobs, async ({ actor }) => listExportJobs(ctx, actor));
  bind(app, jobsEp.getExportJob, async ({ params, actor }) => getExportJob(ctx, actor, params.id));
  bind(app, jobsEp.cancelExportJob, async ({ params, actor, lang }) => cancelExportJob(ctx, actor, params.id, lang));
}
