/** The report centre (/report, docs/reports.md): saved reports, their scheduler and their runs. */
import { defineArea } from '../../platform/area';
import { reportsRoutes } from './reports.routes';
import { applyReportsDemoOnce } from './reports.seed';
import { REPORT_RUN_KIND, REPORT_TICK_KIND, runReport, tick } from './reports.service';

export const reportsArea = defineArea({
  name: 'reports',
  routes: reportsRoutes,
  jobs: (ctx) => ({
    // Every minute, one at a time across processes; the run key keeps two at once harmless anyway.
    [REPORT_TICK_KIND]: {
      run: async () => {
        const queued = await tick(ctx);
        if (queued > 0) ctx.log.info({ queued }, 'reports: runs queued');
      },
      everyMs: 60_000,
    },
    [REPORT_RUN_KIND]: {
      run: async (payload, job) => {
        const runId = Number((payload as { runId?: unknown }).runId);
        if (Number.isInteger(runId)) await runReport(ctx, runId, job.signal);
      },
    },
  }),
  // Two saved reports of the administrator with a past run each.
  seed: [{ name: 'reports', after: ['accounts'], run: async (db) => applyReportsDemoOnce(db) }],
});
