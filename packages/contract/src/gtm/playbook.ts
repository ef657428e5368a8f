/**
 * The go-to-market playbook (/gtm/mgr, issue #23; docs/gtm.md): the account's ordered step
 * templates. Each step has a name in both languages, a phase, a day offset from the launch day
 * (T-60 … T+30), the responsible department and whether it is required. The playbook is edited
 * in place, not versioned: applying it to a GTM project copies its steps, so a later change
 * touches only the projects it is applied to afterwards.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

const tags = ['gtm'];
export const GTM_BASE = 'gtm/rest/v1';

/** The phases of a launch, in their order. */
export const GTM_PHASES = ['prepare', 'preLaunch', 'launch', 'postLaunch'] as const;
export type GtmPhase = (typeof GTM_PHASES)[number];
export const gtmPhaseSchema = z.enum(GTM_PHASES);

export const GTM_PHASE_TEXT: Record<GtmPhase, { zh: string; en: string }> = {
  prepare: { zh: '准备', en: 'Prepare' },
  preLaunch: { zh: '上市前', en: 'Pre-launch' },
  launch: { zh: '上市', en: 'Launch' },
  postLaunch: { zh: '上市后', en: 'Post-launch' },
};

/** Days from the launch day: a year either side. */
export const MAX_OFFSET_DAYS = 365;
export const offsetDaysValue = z.number().int().min(-MAX_OFFSET_DAYS).max(MAX_OFFSET_DAYS);

export const playbookStepSchema = z.object({
  id: z.number().int(),
  /** 1-based place in the playbook. */
  sort: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  phase: gtmPhaseSchema,
  offsetDays: z.number().int(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  deptNameEn: z.string().nullable(),
  required: z.boolean(),
  description: z.string(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type PlaybookStep = z.infer<typeof playbookStepSchema>;

export const playbookStepBody = z
  .object({
    nameZh: z.string().trim().min(1, fieldCode('required')).max(60),
    nameEn: z.string().trim().min(1, fieldCode('required')).max(100),
    phase: gtmPhaseSchema,
    offsetDays: offsetDaysValue,
    deptId: idValue.nullable().default(null),
    required: z.boolean().default(true),
    description: z.string().trim().max(500).default(''),
  })
  .strict();
export type PlaybookStepBody = z.infer<typeof playbookStepBody>;

export const PLAYBOOK_SORT_FIELDS = ['sort', 'offsetDays', 'updatedAt'] as const;

export const listPlaybook = defineEndpoint({
  method: 'GET',
  path: `${GTM_BASE}/playbook`,
  access: 'gtm:mgr',
  summary: "The account's playbook steps (filters: keyword on either name, phase, department, required)",
  tags,
  query: z.object({
    keyword: z.string().trim().max(100).optional(),
    phase: gtmPhaseSchema.optional(),
    deptId: idParam.optional(),
    required: z.enum(['true', 'false']).optional(),
    sortField: z.enum(PLAYBOOK_SORT_FIELDS).default('sort'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
  }),
  data: pageSchema(playbookStepSchema),
});

export const createPlaybookStep = defineEndpoint({
  method: 'POST',
  path: `${GTM_BASE}/playbook`,
  access: 'gtm:mgr:create',
  summary: 'Add a step at the end of the playbook (409 on a name another step has)',
  tags,
  write: true,
  body: playbookStepBody,
  data: playbookStepSchema,
});

export const updatePlaybookStep = defineEndpoint({
  method: 'PUT',
  path: `${GTM_BASE}/playbook/{id}`,
  access: 'gtm:mgr:edit',
  summary: 'Change a playbook step (409 on a stale version or a taken name; applied projects keep their copies)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: playbookStepBody.extend({ version: idValue }),
  data: playbookStepSchema,
});

export const movePlaybookStep = defineEndpoint({
  method: 'POST',
  path: `${GTM_BASE}/playbook/{id}/move`,
  access: 'gtm:mgr:edit',
  summary: 'Move a step one place up or down in the playbook (409 on a stale version)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z.object({ direction: z.enum(['up', 'down']), version: idValue }).strict(),
  data: z.array(playbookStepSchema),
});

export const deletePlaybookStep = defineEndpoint({
  method: 'DELETE',
  path: `${GTM_BASE}/playbook/{id}`,
  access: 'gtm:mgr:delete',
  summary: 'Remove a playbook step (the projects it was applied to keep their step)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

// ---- the machine of a project's step (used by steps.ts; declared here beside the phases) ----

export const GTM_STEP_STATES = ['pending', 'inProgress', 'done', 'skipped'] as const;
export type GtmStepState = (typeof GTM_STEP_STATES)[number];
export const GTM_STEP_ACTIONS = ['start', 'complete', 'skip', 'reopen'] as const;
export type GtmStepAction = (typeof GTM_STEP_ACTIONS)[number];

/**
 * A project's step: pending → in progress → done, or skipped (with a reason) from either open
 * state; done and skipped are reopened to pending. Whoever may work on the project moves it.
 */
export const GTM_STEP_MACHINE = defineStateMachine<GtmStepState, GtmStepAction>({
  entity: { zh: 'GTM 步骤', en: 'GTM step' },
  states: {
    pending: { label: { zh: '待开始', en: 'Pending' }, tone: 'default' },
    inProgress: { label: { zh: '进行中', en: 'In progress' }, tone: 'processing' },
    done: { label: { zh: '已完成', en: 'Done' }, tone: 'success' },
    skipped: { label: { zh: '已跳过', en: 'Skipped' }, tone: 'warning' },
  },
  transitions: [
    { action: 'start', from: ['pending'], to: 'inProgress', label: { zh: '开始', en: 'Start' } },
    { action: 'complete', from: ['pending', 'inProgress'], to: 'done', label: { zh: '完成', en: 'Complete' } },
    {
      action: 'skip',
      from: ['pending', 'inProgress'],
      to: 'skipped',
      label: { zh: '跳过', en: 'Skip' },
      confirm: { zh: '跳过这个步骤？请写明原因。', en: 'Skip this step? Say why.' },
      destructive: false,
    },
    {
      action: 'reopen',
      from: ['done', 'skipped'],
      to: 'pending',
      label: { zh: '重新打开', en: 'Reopen' },
      confirm: {
        zh: '重新打开这个步骤？它的计划日会重新跟随上市日。',
        en: 'Reopen this step? Its planned day follows the launch day again.',
      },
      destructive: false,
    },
  ],
});
