/**
 * Long exports as background jobs (issue #21, docs/reports.md): an endpoint that declares
 * itself `exportable` may run in the background instead of holding the request open. The
 * caller's permission for that endpoint and the shops its filters name are checked when the
 * job is queued and again when it runs; the file goes into the stored exports (the download
 * centre), with the rows done against the rows estimated while it runs. One running export
 * per user; at most EXPORT_JOB_QUEUE_LIMIT waiting or running.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam } from '../envelope';
import { defineStateMachine } from '../state-machine';

const tags = ['files'];

/** Waiting or running export jobs one user may have. */
export const EXPORT_JOB_QUEUE_LIMIT = 3;

export const EXPORT_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];

export const EXPORT_JOB_MACHINE = defineStateMachine<ExportJobState, 'cancel'>({
  entity: { zh: '后台导出', en: 'background export' },
  states: {
    queued: { label: { zh: '排队中', en: 'Queued' }, tone: 'default' },
    running: { label: { zh: '导出中', en: 'Running' }, tone: 'processing' },
    done: { label: { zh: '已完成', en: 'Done' }, tone: 'success', final: true },
    failed: { label: { zh: '失败', en: 'Failed' }, tone: 'error', final: true },
    cancelled: { label: { zh: '已取消', en: 'Cancelled' }, tone: 'warning', final: true },
  },
  transitions: [
    {
      action: 'cancel',
      from: ['queued', 'running'],
      to: 'cancelled',
      label: { zh: '取消', en: 'cancel' },
    },
  ],
});

/** What to export: an exportable endpoint (`GET product/rest/v1/products/excel`), its path parameters and filters. */
export const exportRequestSchema = z.object({
  endpoint: z.string().min(1).max(200),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  query: z.record(z.string(), z.unknown()).default({}),
});
export type ExportRequest = z.input<typeof exportRequestSchema>;

export const exportJobSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  summary: z.string(),
  state: z.enum(EXPORT_JOB_STATES),
  /** Data rows written so far. */
  rowsDone: z.number().int(),
  /** The rows the export will write, counted before it starts (null: the endpoint cannot tell). */
  rowsEstimated: z.number().int().nullable(),
  /** The stored export (download centre) once done. */
  storedExportId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** Why it failed, in English; `errorCode` is a field code the web words in the user's language. */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const queueExportJob = defineEndpoint({
  method: 'POST',
  path: 'files/exports/jobs',
  access: 'tools:download',
  summary:
    'Run an exportable endpoint in the background: the caller must hold its permission (and the shops its filters name); 409 exports.queueFull beyond the queue limit',
  tags,
  write: true,
  body: exportRequestSchema,
  data: exportJobSchema,
});

export const listExportJobs = defineEndpoint({
  method: 'GET',
  path: 'files/exports/jobs',
  access: 'tools:download',
  summary: "The caller's background exports of the last day, newest first",
  tags,
  data: z.array(exportJobSchema),
});

export const getExportJob = defineEndpoint({
  method: 'GET',
  path: 'files/exports/jobs/{id}',
  access: 'tools:download',
  summary: 'One of the caller’s background exports: state and progress (another user’s is a 404)',
  tags,
  params: z.object({ id: idParam }),
  data: exportJobSchema,
});

export const cancelExportJob = defineEndpoint({
  method: 'POST',
  path: 'files/exports/jobs/{id}/cancel',
  access: 'tools:download',
  summary: 'Cancel one of the caller’s background exports, queued or running (409 naming its state otherwise)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: exportJobSchema,
});

export const exportableSchema = z.object({
  endpoint: z.string(),
  summary: z.string(),
  permission: z.string(),
  format: z.enum(['xlsx', 'csv']),
  /** Path parameters it takes, with the values allowed. */
  params: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
});
export type Exportable = z.infer<typeof exportableSchema>;

export const listExportables = defineEndpoint({
  method: 'GET',
  path: 'files/exports/exportables',
  access: 'tools:download',
  summary: 'The exportable endpoints the caller holds the permission of (background exports and saved reports)',
  tags,
  data: z.array(exportableSchema),
});
