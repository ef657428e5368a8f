/**
 * /backMgr/backendAdmin: every background job (apps/server/src/platform/jobs) with its kind,
 * state, attempts, last error and log; retry a failed or cancelled job, cancel a queued one.
 * Every endpoint here answers only the back-office user (BACK_MGR_USER, never under god
 * view): 403 to anyone else, whatever permissions they hold.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';

const tags = ['back office'];
const path = 'backmgr/rest/v1/jobs';

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobAction = 'retry' | 'cancel';
export const JOB_SORT_FIELDS = ['updatedAt', 'createdAt'] as const;
/** What a line of a job's log records. */
export const JOB_EVENTS = ['queued', 'started', 'done', 'failed', 'retrying', 'requeued', 'cancelled', 'leaseExpired'] as const;

/**
 * A job's life. The worker moves queued → running → done | failed (running → queued again
 * between attempts); people only retry and cancel. A running job cannot be cancelled: its
 * handler runs in some process's worker, which this screen cannot reach.
 */
export const JOB_MACHINE = defineStateMachine<JobState, JobAction>({
  entity: { zh: '任务', en: 'Job' },
  states: {
    queued: { label: { zh: '排队中', en: 'Queued' }, tone: 'default' },
    running: { label: { zh: '运行中', en: 'Running' }, tone: 'processing' },
    done: { label: { zh: '已完成', en: 'Done' }, tone: 'success', final: true },
    failed: { label: { zh: '失败', en: 'Failed' }, tone: 'error' },
    cancelled: { label: { zh: '已取消', en: 'Cancelled' }, tone: 'warning' },
  },
  transitions: [
    {
      action: 'retry',
      from: ['failed', 'cancelled'],
      to: 'queued',
      label: { zh: '重试', en: 'Retry' },
      destructive: false,
      confirm: {
        zh: '重新排队这个任务？它会立即再次运行，尝试次数从 0 重新计算。',
        en: 'Queue this job again? It runs at once, with its attempts counted from 0.',
      },
    },
    {
      action: 'cancel',
      from: ['queued'],
      to: 'cancelled',
      label: { zh: '取消', en: 'Cancel' },
      confirm: {
        zh: '取消这个排队中的任务？它不会再运行，除非重试。',
        en: 'Cancel this queued job? It will not run unless retried.',
      },
    },
  ],
});

export const jobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Recurring jobs: the pause between runs. */
  repeatMs: z.number().int().nullable(),
  dedupeKey: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.enum(JOB_EVENTS),
  /** The attempt it belongs to (0 before the first). */
  attempt: z.number().int(),
  message: z.string().nullable(),
  /** Who did it (retry, cancel); null for the worker. */
  by: z.string().nullable(),
});
export type JobEvent = z.infer<typeof jobEventSchema>;

export const jobDetailSchema = jobSchema.extend({
  payload: z.unknown(),
  lockedBy: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  events: z.array(jobEventSchema),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const list = defineEndpoint({
  method: 'GET',
  path,
  access: 'login',
  summary: 'Background jobs, newest change first unless sorted (back-office user only)',
  tags,
  query: z.object({
    kind: z.string().trim().max(100).optional(),
    state: z.enum(JOB_STATES).optional(),
    /** Part of the last error. */
    error: z.string().trim().max(200).optional(),
    sortField: z.enum(JOB_SORT_FIELDS).default('updatedAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(jobSchema),
});

export const kinds = defineEndpoint({
  method: 'GET',
  path: `${path}/kinds`,
  access: 'login',
  summary: 'The job kinds this server runs and those that have jobs (back-office user only)',
  tags,
  data: z.array(z.string()),
});

export const get = defineEndpoint({
  method: 'GET',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'One job with its payload and its log (back-office user only)',
  tags,
  params: z.object({ id: idParam }),
  data: jobDetailSchema,
});

export const retry = defineEndpoint({
  method: 'POST',
  path: `${path}/{id}/retry`,
  access: 'login',
  summary: 'Queue a failed or cancelled job again, attempts from 0 (409 naming the state otherwise; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: jobSchema,
});

export const cancel = defineEndpoint({
  method: 'POST',
  path: `${path}/{id}/cancel`,
  access: 'login',
  summary: 'Cancel a queued job (409 naming the state otherwise: a running one cannot be stopped; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: jobSchema,
});
