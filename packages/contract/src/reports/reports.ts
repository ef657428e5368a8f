/**
 * The report centre (/report, issue #21, docs/reports.md): saved report definitions (an
 * exportable endpoint with the filters its list screen has, on a schedule in the owner's
 * time zone) that a scheduler runs with the OWNER's rights at run time, stores in the
 * download centre and mails as an attachment at most once per run.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery } from '../envelope';
import { exportRequestSchema } from '../files/export-jobs';
import { defineStateMachine } from '../state-machine';

const tags = ['reports'];
const BASE = 'tools/rest/v1/reports';

export const SCHEDULE_KINDS = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
/** Recipients besides the owner. */
export const MAX_REPORT_RECIPIENTS = 20;

/** A time of day, HH:mm (24 h). */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const scheduleSchema = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  /** Local time of day in `timeZone`. */
  time: timeOfDay,
  /** Weekly: ISO weekday, 1 Monday … 7 Sunday. */
  weekday: z.number().int().min(1).max(7).nullable().default(null),
  /** Monthly: day of the month; a month without it runs on its last day. */
  monthDay: z.number().int().min(1).max(31).nullable().default(null),
  /** IANA time zone (the owner's, from the browser). */
  timeZone: z.string().min(1).max(64),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const reportBody = z.object({
  name: z.string().trim().min(1).max(100),
  export: exportRequestSchema,
  schedule: scheduleSchema,
  /** User ids of the owner's account besides the owner, each holding the export's permission. */
  recipients: z.array(idValue).max(MAX_REPORT_RECIPIENTS).default([]),
  enabled: z.boolean().default(true),
});
export type ReportBody = z.input<typeof reportBody>;

export const REPORT_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const REPORT_RUN_MACHINE = defineStateMachine<(typeof REPORT_RUN_STATES)[number], never>({
  entity: { zh: '报表运行', en: 'report run' },
  states: {
    queued: { label: { zh: '排队中', en: 'Queued' }, tone: 'default' },
    running: { label: { zh: '运行中', en: 'Running' }, tone: 'processing' },
    done: { label: { zh: '已发送', en: 'Sent' }, tone: 'success', final: true },
    failed: { label: { zh: '失败', en: 'Failed' }, tone: 'error', final: true },
  },
  transitions: [],
});

export const reportRecipientSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  loginName: z.string(),
  hasEmail: z.boolean(),
});

export const reportRunSchema = z.object({
  id: z.number().int(),
  /** The scheduled instant (or when "run now" was pressed). */
  dueAt: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  state: z.enum(REPORT_RUN_STATES),
  rows: z.number().int().nullable(),
  storedExportId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** Who the mail went to (login names). */
  mailedTo: z.array(z.string()),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  export: z.object({
    endpoint: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    query: z.record(z.string(), z.unknown()),
  }),
  summary: z.string(),
  format: z.enum(['xlsx', 'csv']).nullable(),
  schedule: scheduleSchema,
  recipients: z.array(reportRecipientSchema),
  enabled: z.boolean(),
  nextDueAt: z.string().nullable(),
  lastRun: reportRunSchema.nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const listReports = defineEndpoint({
  method: 'GET',
  path: BASE,
  access: 'tools:report',
  summary: "The caller's saved reports, with each one's next run and last run",
  tags,
  query: z.object({ keyword: z.string().trim().max(100).optional(), ...pagingQuery }),
  data: pageSchema(reportSchema),
});

export const getReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/{id}`,
  access: 'tools:report',
  summary: 'One of the caller’s saved reports',
  tags,
  params: z.object({ id: idParam }),
  data: reportSchema,
});

export const createReport = defineEndpoint({
  method: 'POST',
  path: BASE,
  access: 'tools:report:export',
  summary:
    'Save a report: an exportable endpoint the caller holds, its filters, a schedule and recipients of the account holding its permission',
  tags,
  write: true,
  body: reportBody,
  data: reportSchema,
});

export const updateReport = defineEndpoint({
  method: 'PUT',
  path: `${BASE}/{id}`,
  access: 'tools:report:export',
  summary: 'Edit one of the caller’s reports (409 stale on an old version)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: reportBody.extend({ version: z.number().int().min(1) }),
  data: reportSchema,
});

export const deleteReport = defineEndpoint({
  method: 'DELETE',
  path: `${BASE}/{id}`,
  access: 'tools:report:export',
  summary: 'Delete one of the caller’s reports (its runs with it; their stored files stay until they expire)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const runReportNow = defineEndpoint({
  method: 'POST',
  path: `${BASE}/{id}/run`,
  access: 'tools:report:export',
  summary: 'Run one of the caller’s reports now (a run of its own, mailed once)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: reportRunSchema,
});

export const listReportRuns = defineEndpoint({
  method: 'GET',
  path: `${BASE}/{id}/runs`,
  access: 'tools:report',
  summary: 'The runs of one of the caller’s reports, newest first',
  tags,
  params: z.object({ id: idParam }),
  query: z.object({ ...pagingQuery }),
  data: pageSchema(reportRunSchema),
});

export const reportRecipients = defineEndpoint({
  method: 'GET',
  path: `${BASE}/recipients`,
  access: 'tools:report',
  summary: 'Users of the caller’s account who may receive a report of this endpoint (they hold its permission)',
  tags,
  query: z.object({ endpoint: z.string().min(1).max(200) }),
  data: z.array(reportRecipientSchema),
});
