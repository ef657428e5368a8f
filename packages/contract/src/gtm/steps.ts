/**
 * A GTM project's steps (/gtmSteps, issue #23; docs/gtm.md). Applying the playbook to a GTM
 * project copies its steps; each step's planned day is the project's launch day plus its offset,
 * computed when read, so it follows a moved launch day until the step is done or skipped (then
 * it is kept as it was). A step is overdue when its planned day has passed and it is pending or
 * in progress. Everyone holding the page reads; whoever may work on the project (the projects
 * area's rules: owner, members, approvers, department leaders, the administrator) writes.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { GTM_BASE, GTM_PHASES, GTM_STEP_ACTIONS, GTM_STEP_STATES, gtmPhaseSchema } from './playbook';

const tags = ['gtm'];

export const gtmStepStateSchema = z.enum(GTM_STEP_STATES);

const person = z.object({ id: z.number().int(), name: z.string() });

export const projectStepSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  sort: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  phase: gtmPhaseSchema,
  offsetDays: z.number().int(),
  /** Launch day + offset while open; the day it had when the step was done or skipped. Null without a launch day. */
  plannedDay: z.string().nullable(),
  /** The day it was done or skipped. */
  actualDay: z.string().nullable(),
  startedDay: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  deptNameEn: z.string().nullable(),
  owner: person.nullable(),
  required: z.boolean(),
  description: z.string(),
  state: gtmStepStateSchema,
  skipReason: z.string().nullable(),
  overdue: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type ProjectStep = z.infer<typeof projectStepSchema>;

const phaseCount = z.object({
  phase: gtmPhaseSchema,
  total: z.number().int(),
  /** Done or skipped. */
  settled: z.number().int(),
  overdue: z.number().int(),
});

/** One GTM project on the board. */
export const boardRowSchema = z.object({
  projectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  launchDate: z.string().nullable(),
  owner: person,
  runStatus: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  overdue: z.number().int(),
  /** (done + skipped) / total, 0–100; 0 without steps. */
  progress: z.number().int(),
  phases: z.array(phaseCount),
  /** The first open step by planned day. */
  next: z
    .object({
      id: z.number().int(),
      nameZh: z.string(),
      nameEn: z.string(),
      plannedDay: z.string().nullable(),
      overdue: z.boolean(),
    })
    .nullable(),
  /** Whether the caller may work on the project (apply, move steps). */
  mayWork: z.boolean(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

export const BOARD_SORT_FIELDS = ['launchDate', 'name', 'progress', 'overdue'] as const;

export const gtmBoard = defineEndpoint({
  method: 'GET',
  path: `${GTM_BASE}/board`,
  access: 'gtm:steps',
  summary:
    "The account's GTM projects with their steps' progress by phase, next step and overdue count; the step filters (owner, department, state, overdue) keep the projects with a matching step",
  tags,
  query: z.object({
    keyword: z.string().trim().max(100).optional(),
    ownerId: idParam.optional(),
    deptId: idParam.optional(),
    state: gtmStepStateSchema.optional(),
    /** Only projects with an overdue step. */
    overdue: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => v === 'true' || v === '1'),
    sortField: z.enum(BOARD_SORT_FIELDS).default('launchDate'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(boardRowSchema),
});

export const projectStepsSchema = z.object({
  project: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    launchDate: z.string().nullable(),
    owner: person,
    runStatus: z.string(),
    mayWork: z.boolean(),
  }),
  steps: z.array(projectStepSchema),
  /** Playbook steps not applied to the project yet. */
  notApplied: z.number().int(),
  today: z.string(),
});
export type ProjectSteps = z.infer<typeof projectStepsSchema>;

export const projectSteps = defineEndpoint({
  method: 'GET',
  path: `${GTM_BASE}/projects/{projectId}/steps`,
  access: 'gtm:steps',
  summary: "A GTM project's steps in their order, with planned and actual days and overdue marks",
  tags,
  params: z.object({ projectId: idParam }),
  data: projectStepsSchema,
});

export const applyPlaybook = defineEndpoint({
  method: 'POST',
  path: `${GTM_BASE}/projects/{projectId}/apply`,
  access: 'gtm:steps',
  summary:
    'Apply the playbook to a GTM project: adds the playbook steps it does not have yet, owned by their department leader or else the project owner (409 without a launch day or playbook; 403 for who may not work on it)',
  tags,
  write: true,
  params: z.object({ projectId: idParam }),
  body: z.object({}).strict().default({}),
  data: projectStepsSchema,
});

export const updateProjectStep = defineEndpoint({
  method: 'PUT',
  path: `${GTM_BASE}/steps/{id}`,
  access: 'gtm:steps',
  summary: "Change a step's owner or its day offset (409 on a stale version)",
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z
    .object({
      version: idValue,
      ownerId: idValue.nullable(),
      offsetDays: z.number().int().min(-365).max(365),
    })
    .strict(),
  data: projectStepSchema,
});

export const actOnProjectStep = defineEndpoint({
  method: 'POST',
  path: `${GTM_BASE}/steps/{id}/act`,
  access: 'gtm:steps',
  summary:
    'Move a step through GTM_STEP_MACHINE (409 on a stale version or a state that refuses the action; skip needs a reason)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z
    .object({
      action: z.enum(GTM_STEP_ACTIONS),
      version: idValue,
      reason: z.string().trim().max(500).optional(),
    })
    .strict()
    .refine((b) => b.action !== 'skip' || (b.reason ?? '').length > 0, {
      path: ['reason'],
      message: fieldCode('gtm.reasonRequired'),
    }),
  data: projectStepSchema,
});

export const gtmOptionsSchema = z.object({
  people: z.array(person),
  departments: z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable() })),
  phases: z.array(gtmPhaseSchema),
});

export const gtmOptions = defineEndpoint({
  method: 'GET',
  path: `${GTM_BASE}/options`,
  access: 'login',
  summary: "The account's people and departments for the GTM screens' filters and pickers (holders of gtm:mgr or gtm:steps)",
  tags,
  data: gtmOptionsSchema,
});

export { GTM_PHASES };
