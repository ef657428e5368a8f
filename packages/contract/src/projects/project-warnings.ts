/**
 * Project warnings (spec §7 "warnings"; docs/projects.md "Warnings"): raised by the job for an
 * overdue todo or node (auto), or written by the team (a KPI behind target, anything else);
 * moved through their status (open → acknowledged → resolved, reopened); a written one may be
 * deleted, a raised one only resolved. Paths under digitize/rest/v1 as the spec has them.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { PROJECT_TYPES } from './project-rules';

const tags = ['projects'];
const SPEC = 'digitize/rest/v1';
const PAGE = 'digitize:projectborard' as const;

export const WARNING_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type WarningStatus = (typeof WARNING_STATUSES)[number];
export type WarningAction = 'acknowledge' | 'resolve' | 'reopen';
export const WARNING_MACHINE = defineStateMachine<WarningStatus, WarningAction>({
  entity: { zh: '预警', en: 'Warning' },
  states: {
    open: { label: { zh: '待处理', en: 'Open' }, tone: 'error' },
    acknowledged: { label: { zh: '处理中', en: 'Acknowledged' }, tone: 'warning' },
    resolved: { label: { zh: '已解决', en: 'Resolved' }, tone: 'success' },
  },
  transitions: [
    { action: 'acknowledge', from: ['open'], to: 'acknowledged', label: { zh: '确认', en: 'Acknowledge' } },
    { action: 'resolve', from: ['open', 'acknowledged'], to: 'resolved', label: { zh: '解决', en: 'Resolve' } },
    { action: 'reopen', from: ['resolved'], to: 'open', label: { zh: '重新打开', en: 'Reopen' } },
  ],
});

/** todo and node: raised by the job; kpi and other: written by the team. */
export const WARNING_KINDS = ['todo', 'node', 'kpi', 'other'] as const;
export const WRITTEN_KINDS = ['kpi', 'other'] as const;
export const WARNING_LEVELS = ['info', 'warning', 'critical'] as const;

const person = z.object({ id: z.number().int(), name: z.string() });

export const warningSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectCode: z.string(),
  projectName: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  kind: z.enum(WARNING_KINDS),
  level: z.enum(WARNING_LEVELS),
  /** A raised warning: the todo's title or the node's stage; a written one: its text. */
  message: z.string(),
  /** The day the cause was due (raised warnings). */
  dueDate: z.string().nullable(),
  status: z.enum(WARNING_STATUSES),
  /** Raised by the job (not deletable; it resolves itself once the cause is gone). */
  auto: z.boolean(),
  createdBy: person.nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  version: z.number().int(),
});
export type ProjectWarning = z.infer<typeof warningSchema>;

export const warningInfos = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/warning/infos`,
  access: PAGE,
  summary: 'Warnings of one project or of all, open ones first, newest first',
  tags,
  query: z.object({
    projectId: idParam.optional(),
    status: z.enum(WARNING_STATUSES).optional(),
    kind: z.enum(WARNING_KINDS).optional(),
    level: z.enum(WARNING_LEVELS).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(warningSchema),
});

export const warningBody = z
  .object({
    /** None: a new warning; with the version seen: a change of a written one. */
    id: idValue.optional(),
    version: idValue.optional(),
    projectId: idValue,
    kind: z.enum(WRITTEN_KINDS).default('kpi'),
    level: z.enum(WARNING_LEVELS).default('warning'),
    message: z.string().trim().min(1, fieldCode('required')).max(500),
    dueDate: isoDate.nullable().default(null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.id !== undefined && v.version === undefined)
      ctx.addIssue({ code: 'custom', path: ['version'], message: fieldCode('required') });
  });

export const saveWarning = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/warning/createOrUpdate`,
  access: PAGE,
  summary: 'Write a warning on a project, or change a written one (the version seen; whoever may work on the project)',
  tags,
  write: true,
  body: warningBody,
  data: warningSchema,
});

export const warningStatus = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/warning/update-status`,
  access: PAGE,
  summary: 'Move a warning to another status (WARNING_MACHINE; 409 when the status does not allow it or the version is stale)',
  tags,
  write: true,
  body: z.object({ id: idValue, version: idValue, status: z.enum(WARNING_STATUSES) }).strict(),
  data: warningSchema,
});

export const deleteWarning = defineEndpoint({
  method: 'DELETE',
  path: `${SPEC}/warning/delete`,
  access: PAGE,
  summary: 'Delete a written warning (a raised one is resolved instead: 409)',
  tags,
  write: true,
  query: z.object({ id: idParam }),
  data: z.null(),
});
