/** The file store (platform/files, docs/files.md): a platform piece with routes and a job of its own, listed with the areas. */
import { defineArea } from '../area';
import { EXPORT_JOB_KIND, runExportJob } from './export-jobs.service';
import { fileStoreOf } from './file-store';
import { filesRoutes } from './files.routes';
import { collectGarbage, FILES_GC } from './files.service';
import { expireStoredExports, STORED_EXPORTS_EXPIRY } from './stored-exports.service';

export const filesArea = defineArea({
  name: 'files',
  routes: filesRoutes,
  jobs: (ctx) => ({
    [EXPORT_JOB_KIND]: {
      run: async (payload, job) => {
        const id = Number((payload as { id?: unknown }).id);
        if (Number.isInteger(id)) await runExportJob(ctx, id, job.signal);
      },
    },
    'files.gc': {
      run: async () => {
        const gone = await collectGarbage(ctx.db, fileStoreOf(ctx.db));
        if (gone.files + gone.blobs > 0) ctx.log.info(gone, 'files: removed files and unreferenced blobs collected');
      },
      everyMs: FILES_GC.everyMs,
    },
    'files.exports-expire': {
      run: async () => {
        const gone = await expireStoredExports(ctx.db);
        if (gone > 0) ctx.log.info({ gone }, 'files: expired stored exports deleted');
      },
      everyMs: STORED_EXPORTS_EXPIRY.everyMs,
    },
  }),
});
