/**
 * Projects (spec §2.8, §3, §4, §7 "Projects (digitize/rest/v1)", §9): the project core shared
 * by the five types, its log, events and todos, the approval on the approval engine. States and
 * who may act: project-rules.ts; docs/projects.md; path choices: docs/decisions.md "Projects".
 */
import { z } from 'zod';
import { APPROVAL_STATUS, type ApprovalFlowDef } from '../approvals/approval-flow';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { externalLinkSchema } from './project-data';
import {
  PRIORITIES,
  PROJECT_ROLES,
  PROJECT_TYPES,
  type ProjectType,
  RUN_STATUSES,
  SCHEDULE_STATUSES,
  STAGES,
} from './project-rules';

export * from './gtm-goals';
export * from './project-bonus';
export * from './project-data';
export * from './project-other-reads';
export * from './project-rules';
export * from './project-warnings';

const tags = ['projects'];
const SPEC = 'digitize/rest/v1';
const PAGE = 'digitize:projectborard' as const;

/** Spec §9's budget and exposure metric codes (the platform-specific ones: per social platform). */
export const METRIC_CODES = [
  'TOTAL_BUDGET',
  'AMZ_ADS',
  'ADS',
  'DEALS',
  'KOL',
  'PR',
  'SNS',
  'TOTAL_EXPOSURE',
  'ROI',
  'FB_EXPOSURE',
  'IG_EXPOSURE',
  'TT_EXPOSURE',
  'YT_EXPOSURE',
  'FB_INTERACTION',
  'IG_INTERACTION',
  'TT_INTERACTION',
  'YT_INTERACTION',
] as const;
export type MetricCode = (typeof METRIC_CODES)[number];
/** Metrics that are money (numeric with two decimals); the others are counts or ratios. */
export const MONEY_METRICS: readonly MetricCode[] = ['TOTAL_BUDGET', 'AMZ_ADS', 'ADS', 'DEALS', 'KOL', 'PR', 'SNS'];

/** Spec §9's date types: open, scheduling, closing, expected node-bonus issue. */
export const DATE_TYPES = ['OPEN_TIME', 'SCHEDULING_TIME', 'CLOSING_TIME', 'NODE_BONUS_TIME'] as const;
export type DateType = (typeof DATE_TYPES)[number];

/** Spec §2.6's list types, read as: GTM 1 the GTM projects, key 0 the P0 ones, development 21, improvement 31 (platform). */
export const LIST_TYPES = { gtm: 1, key: 0, development: 21, improvement: 31 } as const;

/** The path segment of each type's update (`PUT {segment}/project/{projectId}`). */
export const TYPE_SEGMENTS = {
  platform: 'PLATFORM_PROJECT',
  brand: 'BRAND_EXPOSURE_PROJECT',
  newproduction: 'NEW_PRODUCTS_PROJECT',
  research: 'NEW_PRODUCT_DEV_PROJECT',
  gtm: 'GTM_PROJECT',
} as const satisfies Record<string, ProjectType>;

export { PROJECT_SCREENS } from './project-screens';

const text = (max: number) => z.string().trim().max(max);
const amount = z.number().min(0).max(1e12);

/** The fields only one type has (stored as typed JSON beside the common columns). */
export const gtmDetails = z
  .object({
    markets: z.array(z.number().int().min(0).max(12)).max(13).default([]),
    launchDate: isoDate.nullable().default(null),
    channels: z.array(text(40).min(1)).max(20).default([]),
    /** Per month (30 days) from the launch day, all SKUs together (docs/projects.md "Project data"). */
    targetUnits: z.number().int().min(0).max(1e9).nullable().default(null),
    targetRevenue: amount.nullable().default(null),
    positioning: text(1000).default(''),
  })
  .strict();
export const platformDetails = z.object({ platform: text(60).default(''), scope: text(1000).default('') }).strict();
export const listingDetails = z
  .object({
    market: z.number().int().min(0).max(12).nullable().default(null),
    asin: text(10).default(''),
    listingDate: isoDate.nullable().default(null),
    /** Per month (30 days) from the listing day, as a GTM project's. */
    targetUnits: z.number().int().min(0).max(1e9).nullable().default(null),
    targetRevenue: amount.nullable().default(null),
  })
  .strict();
export const exposureDetails = z
  .object({ channels: z.array(text(40).min(1)).max(20).default([]), kolCount: z.number().int().min(0).max(100000).default(0) })
  .strict();
export const devDetails = z
  .object({ productLine: text(60).default(''), targetCost: amount.nullable().default(null), prdLink: text(500).default('') })
  .strict();

export const DETAILS_OF = {
  GTM_PROJECT: gtmDetails,
  PLATFORM_PROJECT: platformDetails,
  NEW_PRODUCTS_PROJECT: listingDetails,
  BRAND_EXPOSURE_PROJECT: exposureDetails,
  NEW_PRODUCT_DEV_PROJECT: devDetails,
} as const;
export type GtmDetails = z.infer<typeof gtmDetails>;

const userIds = z.array(idValue).max(50);

/** What a save or a type update writes: the common fields and the type's own. */
const projectFields = {
  name: text(100).min(1, fieldCode('required')),
  type: z.enum(PROJECT_TYPES),
  ownerId: idValue,
  memberIds: userIds.default([]),
  deptId: idValue.nullable().default(null),
  priority: z.enum(PRIORITIES).default('P2'),
  stage: z.enum(STAGES).default('DB'),
  description: text(4000).default(''),
  dates: z.partialRecord(z.enum(DATE_TYPES), isoDate.nullable()).default({}),
  skus: z.array(text(40).min(1)).max(200).default([]),
  metrics: z.partialRecord(z.enum(METRIC_CODES), amount.nullable()).default({}),
  details: z.record(z.string(), z.unknown()).default({}),
};

const checkDetails = (
  v: { type: ProjectType; details: Record<string, unknown>; dates: Partial<Record<string, string | null>> },
  ctx: z.RefinementCtx,
) => {
  const r = DETAILS_OF[v.type].safeParse(v.details);
  if (!r.success)
    for (const issue of r.error.issues)
      ctx.addIssue({ code: 'custom', path: ['details', ...issue.path.map(String)], message: issue.message });
  const open = v.dates.OPEN_TIME;
  const close = v.dates.CLOSING_TIME;
  if (open && close && close < open)
    ctx.addIssue({ code: 'custom', path: ['dates', 'CLOSING_TIME'], message: fieldCode('endBeforeStart') });
};

/** POST project/save: no id creates a draft; an id with the version seen updates it. */
export const saveBody = z
  .object({ id: idValue.optional(), version: idValue.optional(), ...projectFields })
  .strict()
  .superRefine((v, ctx) => {
    checkDetails(v, ctx);
    if (v.id !== undefined && v.version === undefined)
      ctx.addIssue({ code: 'custom', path: ['version'], message: fieldCode('required') });
  });
export type ProjectSaveBody = z.infer<typeof saveBody>;

/** PUT {type}/project/{projectId}: the same fields, the version seen, the type fixed by the path. */
export const typeUpdateBody = z
  .object({ version: idValue, ...projectFields })
  .strict()
  .superRefine(checkDetails);

const person = z.object({ id: z.number().int(), name: z.string() });

export const projectListItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(PROJECT_TYPES),
  owner: person,
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  stage: z.enum(STAGES),
  scheduleStatus: z.enum(SCHEDULE_STATUSES),
  runStatus: z.enum(RUN_STATUSES),
  /** Spec §4's approval code (1 NOT … 5 APPROVED). */
  approvalStatus: z.number().int().min(1).max(5),
  dates: z.partialRecord(z.enum(DATE_TYPES), z.string().nullable()),
  openTodos: z.number().int(),
  overdueTodos: z.number().int(),
  updatedAt: z.string(),
});
export type ProjectListItem = z.infer<typeof projectListItem>;

export const approvalView = z.object({
  status: z.enum(Object.keys(APPROVAL_STATUS) as [keyof typeof APPROVAL_STATUS, ...(keyof typeof APPROVAL_STATUS)[]]),
  submitterId: z.number().int(),
  step: z.number().int(),
  approvers: z.array(z.array(z.number().int())),
  round: z.number().int(),
  votes: z.array(
    z.object({
      round: z.number().int(),
      step: z.number().int(),
      userId: z.number().int(),
      decision: z.enum(['approve', 'reject']),
    }),
  ),
  version: z.number().int(),
});

export const projectSchema = projectListItem.extend({
  members: z.array(person),
  description: z.string(),
  skus: z.array(z.string()),
  metrics: z.partialRecord(z.enum(METRIC_CODES), z.number().nullable()),
  details: z.record(z.string(), z.unknown()),
  ccIds: z.array(z.number().int()),
  approval: approvalView,
  /** The caller's relation to it: the web offers the buttons `projectAllows` allows for these. */
  myRoles: z.array(z.enum(PROJECT_ROLES)),
  /** Names of everyone the record mentions (owner, members, approvers, cc, log and timeline authors). */
  people: z.array(person),
  version: z.number().int(),
  createdAt: z.string(),
  /** The external project tool's project it is linked to (POST teambition/relevance-project). */
  externalLink: externalLinkSchema.nullable(),
});
export type Project = z.infer<typeof projectSchema>;

export const PROJECT_SORT_FIELDS = ['updatedAt', 'createdAt', 'name', 'priority', 'stage'] as const;

export const list = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/list`,
  access: PAGE,
  summary: 'Projects of every type, filtered, sorted and paged (everyone with the page reads them all)',
  tags,
  query: z.object({
    type: z.enum(PROJECT_TYPES).optional(),
    /** Spec §2.6: 1 GTM, 0 key (P0), 21 development, 31 improvement (platform). */
    listType: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(21), z.literal(31)]))
      .optional(),
    scheduleStatus: z.enum(SCHEDULE_STATUSES).optional(),
    runStatus: z.enum(RUN_STATUSES).optional(),
    stage: z.enum(STAGES).optional(),
    priority: z.enum(PRIORITIES).optional(),
    ownerId: idParam.optional(),
    deptId: idParam.optional(),
    /** Only those the caller owns, is a member of or approves. */
    mine: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => v === 'true' || v === '1'),
    keyword: text(100).optional(),
    sortField: z.enum(PROJECT_SORT_FIELDS).default('updatedAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(projectListItem),
});

export const listExport = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/list-export`,
  access: 'digitize:projectborard:export',
  summary: 'The filtered projects as xlsx (streamed)',
  tags,
  binary: true,
  query: list.query.omit({ pageNum: true, pageSize: true }),
});

/**
 * POST brand/project/exportBrandMould: the brand exposure template ("mould", docs/decisions.md
 * "The brand exposure template"): one row per brand exposure project, its channels, KOL count and
 * every budget and exposure metric in the template's fixed columns. `ids` picks projects (at most
 * 500, each must be a brand exposure project of the account); none picked: every one the filter
 * keeps; `template`: the columns alone, to fill in.
 */
export const brandMouldExport = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/brand/project/exportBrandMould`,
  access: 'digitize:projectborard:export',
  summary:
    'The brand exposure template as xlsx: the chosen (or filtered) brand exposure projects with their channels and metrics',
  tags,
  binary: true,
  body: z
    .object({
      ids: z.array(idValue).max(500).default([]),
      keyword: z.string().trim().max(100).optional(),
      runStatus: z.enum(RUN_STATUSES).optional(),
      template: z.boolean().default(false),
    })
    .strict(),
});

export const get = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/{id}`,
  access: PAGE,
  summary: 'One project with its approval and the caller’s roles in it',
  tags,
  params: z.object({ id: idParam }),
  data: projectSchema,
});

export const logEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  user: person,
  impersonatorName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type ProjectLogEntry = z.infer<typeof logEntry>;

export const log = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/log/list`,
  access: PAGE,
  summary: 'A project’s log, newest first: each change with the fields before and after',
  tags,
  query: z.object({ projectId: idParam, ...pagingQuery }),
  data: pageSchema(logEntry),
});

export const save = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/project/save`,
  access: PAGE,
  summary: 'Create a draft (no id) or change a project (id + version; 409 when stale, row rules apply)',
  tags,
  write: true,
  body: saveBody,
  data: projectSchema,
});

export const commit = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/project/commit`,
  access: PAGE,
  summary: 'Submit a draft for approval: approvers and cc from the body, else the owner’s leader (owner only)',
  tags,
  write: true,
  body: z
    .object({
      id: idValue,
      version: idValue,
      approverIds: userIds.default([]),
      ccIds: userIds.default([]),
      remark: text(500).optional(),
    })
    .strict(),
  data: projectSchema,
});

export const approvalAct = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/project/approval`,
  access: PAGE,
  summary: 'Approve, reject or withdraw a project’s approval (the engine’s rules; 409 when someone acted first)',
  tags,
  write: true,
  body: z
    .object({
      id: idValue,
      /** The approval's version the caller saw. */
      approvalVersion: z.number().int().min(0),
      action: z.enum(['approve', 'reject', 'withdraw']),
      remark: text(500).optional(),
    })
    .strict(),
  data: projectSchema,
});

export const released = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/released`,
  access: PAGE,
  summary: 'Schedule (release) an approved project',
  tags,
  write: true,
  body: z.object({ id: idValue, version: idValue }).strict(),
  data: projectSchema,
});

export const runAct = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/status`,
  access: PAGE,
  summary: 'Move a released project’s run status, or its stage one step forward (advance)',
  tags,
  write: true,
  body: z
    .object({
      id: idValue,
      version: idValue,
      action: z.enum(['start', 'pause', 'resume', 'complete', 'close', 'cancel', 'advance']),
    })
    .strict(),
  data: projectSchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: `${SPEC}/project/{id}`,
  access: PAGE,
  summary: 'Delete a draft (owner or admin; 409 naming the state otherwise)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const replaceMember = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/replace/member`,
  access: PAGE,
  summary: 'Hand the project to another owner and/or change its members',
  tags,
  write: true,
  body: z.object({ id: idValue, version: idValue, ownerId: idValue, memberIds: userIds }).strict(),
  data: projectSchema,
});

const typeUpdate = <const S extends keyof typeof TYPE_SEGMENTS>(segment: S) =>
  defineEndpoint({
    method: 'PUT',
    path: `${SPEC}/${segment}/project/{projectId}`,
    access: PAGE,
    summary: `Change a ${TYPE_SEGMENTS[segment]} (the version seen; 409 when stale; the body's type must be this one)`,
    tags,
    write: true,
    params: z.object({ projectId: idParam }),
    body: typeUpdateBody,
    data: projectSchema,
  });
export const updateGtm = typeUpdate('gtm');
export const updatePlatform = typeUpdate('platform');
export const updateBrand = typeUpdate('brand');
export const updateNewProduction = typeUpdate('newproduction');
export const updateResearch = typeUpdate('research');

export const people = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/people`,
  access: PAGE,
  summary: 'The enabled users of the caller’s account with their department: owners, members, approvers, assignees',
  tags,
  data: z.array(person.extend({ deptName: z.string().nullable() })),
});

/** Research (development projects): the stage-gate review. */
export const gateReview = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/approve`,
  access: PAGE,
  summary:
    "A development project's stage-gate review: pass moves it to the next stage and reports the node reached; fail records why (department leaders, admin)",
  tags,
  write: true,
  body: z
    .object({
      id: idValue,
      version: idValue,
      decision: z.enum(['pass', 'fail']),
      remark: z.string().trim().max(1000).default(''),
    })
    .strict()
    .refine((v) => v.decision === 'pass' || v.remark.length > 0, { path: ['remark'], message: fieldCode('required') }),
  data: projectSchema,
});

// Approvers, cc and remarks.
export const approverSchema = person.extend({ step: z.number().int(), decision: z.enum(['approve', 'reject']).nullable() });
export const approvers = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/approver/{id}`,
  access: PAGE,
  summary: 'The approvers of the project’s current round with their decision so far',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(approverSchema),
});
export const ccList = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/approver/cclist/{id}`,
  access: PAGE,
  summary: 'Who is copied on the project’s approval',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(person),
});
export const timelineEntry = z.object({
  id: z.number().int(),
  action: z.enum(['submit', 'withdraw', 'approve', 'reject']),
  userId: z.number().int(),
  impersonatorUserId: z.number().int().nullable(),
  round: z.number().int(),
  step: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  remark: z.string().nullable(),
  at: z.string(),
});
export const approveRemarks = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/approver/approve_remark/{id}`,
  access: PAGE,
  summary: 'The project’s approval timeline: every action with its remark, oldest first',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(timelineEntry),
});

// Events.
export const eventSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  title: z.string(),
  content: z.string(),
  eventDate: z.string(),
  createdBy: person,
  version: z.number().int(),
  createdAt: z.string(),
});
export type ProjectEvent = z.infer<typeof eventSchema>;
const eventBody = z
  .object({ title: text(200).min(1, fieldCode('required')), content: text(4000).default(''), eventDate: isoDate })
  .strict();
export const listEvents = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/event/{id}`,
  access: PAGE,
  summary: 'The events of project {id}, latest day first',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(eventSchema),
});
export const createEvent = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/project/event/{id}`,
  access: PAGE,
  summary: 'Record an event on project {id}',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: eventBody,
  data: eventSchema,
});
export const updateEvent = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/event/{id}`,
  access: PAGE,
  summary: 'Change event {id} (the version seen)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: eventBody.extend({ version: idValue }),
  data: eventSchema,
});
export const deleteEvent = defineEndpoint({
  method: 'DELETE',
  path: `${SPEC}/project/event/{id}`,
  access: PAGE,
  summary: 'Delete event {id}',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

// Todos.
export const todoSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  title: z.string(),
  /** What is to be done, in more words than the title ('' when none). */
  description: z.string(),
  assignee: person,
  dueDate: z.string().nullable(),
  remindAt: z.string().nullable(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  /** Not done and its due day has passed (derived, server's day). */
  overdue: z.boolean(),
  version: z.number().int(),
});
export type ProjectTodo = z.infer<typeof todoSchema>;
const todoFields = {
  title: text(200).min(1, fieldCode('required')),
  description: text(2000).default(''),
  assigneeId: idValue,
  dueDate: isoDate.nullable().default(null),
  /** The day the assignee is reminded (a notification). */
  remindAt: isoDate.nullable().default(null),
};
export const projectTodos = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/todo/project/{id}`,
  access: PAGE,
  summary: 'The todos of project {id}: open ones first by due day',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(todoSchema),
});
export const getTodo = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/todo/{id}`,
  access: PAGE,
  summary: 'One todo',
  tags,
  params: z.object({ id: idParam }),
  data: todoSchema,
});
export const createTodo = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/project/todo`,
  access: PAGE,
  summary: 'Add a todo to a project',
  tags,
  write: true,
  body: z.object({ projectId: idValue, ...todoFields }).strict(),
  data: todoSchema,
});
export const updateTodo = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/todo/{id}`,
  access: PAGE,
  summary: 'Change todo {id} (the version seen)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z.object({ version: idValue, ...todoFields }).strict(),
  data: todoSchema,
});
export const deleteTodo = defineEndpoint({
  method: 'DELETE',
  path: `${SPEC}/project/todo/{id}`,
  access: PAGE,
  summary: 'Delete todo {id}',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
export const completeTodo = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/todo/complete/{id}`,
  access: PAGE,
  summary: 'Mark todo {id} done (or open again with done=false); its assignee or anyone acting on the project',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z.object({ version: idValue, done: z.boolean().default(true) }).strict(),
  data: todoSchema,
});

/** The approval flow of a project: one gate, the first of its approvers settles it; a rejection says why. */
export const PROJECT_FLOW: ApprovalFlowDef = {
  key: 'project',
  steps: [{ key: 'gate', label: { zh: '立项审批', en: 'Project approval' }, mode: 'any' }],
  rejectNeedsRemark: true,
};
