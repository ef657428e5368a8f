/**
 * Trial activities (issue #24; /user-platform/h5ActivityMaking/trialApply, trialQuestionnaire,
 * selectUser, trialWinners and their edit pages; docs/trials.md). A trial gives units of one
 * catalogue SKU to applicants drawn reproducibly from a selection of them. Its states move by
 * TRIAL_MACHINE on the server; the public call and page take applications while it is open.
 */
import { z } from 'zod';
import { countryCode } from '../appcontent/publishing';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { applicationBody, formFieldSchema, formFieldsSchema, questionSchema, questionsSchema } from './forms';

export const TRIALS_PAGE = 'user:platform:h5ActivityMaking:config' as const;
export const TRIALS_BASE = 'trials/rest/v1';
const tags = ['trials'];
const params = z.object({ id: idParam });
const uniq = <T>(xs: T[]) => [...new Set(xs)];

// ---- questionnaires ----

export const questionnaireSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  questions: z.array(questionSchema),
  /** Trials naming it, and whether one of them has gone out (it is then read-only: copy it). */
  usedBy: z.number().int(),
  locked: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

export const questionnaireBody = z
  .object({
    name: z.string().trim().min(1, fieldCode('required')).max(100),
    descriptionZh: z.string().trim().max(1000).default(''),
    descriptionEn: z.string().trim().max(1000).default(''),
    questions: questionsSchema,
  })
  .strict();

// ---- trials ----

export const TRIAL_STATES = ['draft', 'open', 'closed', 'drawn', 'finished', 'cancelled'] as const;
export type TrialState = (typeof TRIAL_STATES)[number];
export const TRIAL_ACTIONS = ['open', 'close', 'draw', 'finish', 'cancel'] as const;
export type TrialAction = (typeof TRIAL_ACTIONS)[number];

export const TRIAL_MACHINE = defineStateMachine<TrialState, TrialAction>({
  entity: { zh: '试用活动', en: 'Trial' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    open: { label: { zh: '报名中', en: 'Open' }, tone: 'processing' },
    closed: { label: { zh: '已截止', en: 'Closed' }, tone: 'warning' },
    drawn: { label: { zh: '已抽奖', en: 'Drawn' }, tone: 'success' },
    finished: { label: { zh: '已结束', en: 'Finished' }, tone: 'default', final: true },
    cancelled: { label: { zh: '已取消', en: 'Cancelled' }, tone: 'error', final: true },
  },
  transitions: [
    {
      action: 'open',
      from: ['draft'],
      to: 'open',
      label: { zh: '开放报名', en: 'Open' },
      confirm: {
        zh: '开放后，报名表和问卷不能再修改；报名页在报名时间内接受报名。',
        en: 'Once open, the form and the questionnaire no longer change; the public page takes applications within the window.',
      },
      destructive: false,
    },
    {
      action: 'close',
      from: ['open'],
      to: 'closed',
      label: { zh: '截止报名', en: 'Close' },
      confirm: { zh: '截止后不再接受报名。', en: 'No application is taken once closed.' },
      destructive: false,
    },
    {
      action: 'draw',
      from: ['closed'],
      to: 'drawn',
      label: { zh: '抽取中奖者', en: 'Draw winners' },
      confirm: {
        zh: '从所选人群中按随机种子抽取中奖者，人群随之冻结。不能撤销。',
        en: 'Winners are drawn from the selection with a recorded random seed, and the selection freezes. This cannot be undone.',
      },
      destructive: false,
    },
    {
      action: 'finish',
      from: ['drawn'],
      to: 'finished',
      label: { zh: '结束活动', en: 'Finish' },
      confirm: { zh: '结束后中奖名单不再变化。', en: 'Once finished, the winners no longer change.' },
      destructive: false,
    },
    {
      action: 'cancel',
      from: ['draft', 'open', 'closed'],
      to: 'cancelled',
      label: { zh: '取消活动', en: 'Cancel' },
      confirm: {
        zh: '取消后活动不再接受报名，也不能抽奖。不能撤销。',
        en: 'A cancelled trial takes no application and is never drawn. This cannot be undone.',
      },
    },
  ],
});

const trialCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{2,39}$/, fieldCode('trials.code'));

export const trialSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  sku: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  units: z.number().int(),
  countries: z.array(z.string()),
  applyStart: z.string(),
  applyEnd: z.string(),
  fields: z.array(formFieldSchema),
  questionnaireId: z.number().int().nullable(),
  questionnaireName: z.string().nullable(),
  state: z.enum(TRIAL_STATES),
  applications: z.number().int(),
  winners: z.number().int(),
  shipped: z.number().int(),
  winnersPublished: z.boolean(),
  /** The draw, once run: its seed, pool size and who ran it when. */
  draw: z
    .object({
      seed: z.string(),
      poolSize: z.number().int(),
      selectionId: z.number().int(),
      drawnAt: z.string(),
      drawnBy: z.string().nullable(),
    })
    .nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Trial = z.infer<typeof trialSchema>;

export const trialBody = z
  .object({
    code: trialCode,
    sku: z.string().trim().min(1, fieldCode('required')).max(40),
    titleZh: z.string().trim().max(200).default(''),
    titleEn: z.string().trim().max(200).default(''),
    descriptionZh: z.string().trim().max(4000).default(''),
    descriptionEn: z.string().trim().max(4000).default(''),
    units: z.number().int().min(1).max(10_000),
    countries: z.array(countryCode).max(250).default([]).transform(uniq),
    applyStart: instantSchema,
    applyEnd: instantSchema,
    fields: formFieldsSchema,
    questionnaireId: idValue.nullable().default(null),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.titleZh && !b.titleEn) ctx.addIssue({ code: 'custom', path: ['titleZh'], message: fieldCode('trials.titleRequired') });
    if (b.applyEnd <= b.applyStart) ctx.addIssue({ code: 'custom', path: ['applyEnd'], message: fieldCode('endBeforeStart') });
  });
export type TrialBody = z.infer<typeof trialBody>;

export const applicationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  fields: z.record(z.string(), z.string()),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number()])),
  createdAt: z.string(),
  /** Where it stands in the draw: null before it or when outside the pool. */
  winner: z.enum(['selected', 'shipped', 'replaced']).nullable(),
});
export type TrialApplication = z.infer<typeof applicationSchema>;

const applicationFilters = {
  keyword: z.string().trim().max(100).optional(),
  country: countryCode.optional(),
};

export const trials = {
  list: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/trials`,
    access: TRIALS_PAGE,
    summary: 'Trials with their application, winner and shipped counts',
    tags,
    query: z.object({
      keyword: z.string().trim().max(100).optional(),
      state: z.enum(TRIAL_STATES).optional(),
      sortField: z.enum(['applyStart', 'updatedAt']).default('updatedAt'),
      sortOrder: sortOrderSchema.default('desc'),
      ...pagingQuery,
    }),
    data: pageSchema(trialSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/trials/{id}`,
    access: TRIALS_PAGE,
    summary: 'One trial',
    tags,
    params,
    data: trialSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/trials`,
    access: `${TRIALS_PAGE}:create`,
    summary: 'Add a draft trial (400 on sku when the catalogue has no such SKU; 409 on code when taken)',
    tags,
    write: true,
    body: trialBody,
    data: trialSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${TRIALS_BASE}/trials/{id}`,
    access: `${TRIALS_PAGE}:edit`,
    summary:
      'Change a trial: a draft entirely; an open one but its code, SKU, form and questionnaire (400 on the frozen field); 409 after it closed, or stale',
    tags,
    write: true,
    params,
    body: trialBody.safeExtend({ version: idValue }),
    data: trialSchema,
  }),
  act: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/trials/{id}/actions`,
    access: `${TRIALS_PAGE}:edit`,
    summary:
      'Move a trial by TRIAL_MACHINE (open, close, draw with a selection, finish, cancel); 409 naming the state when refused, or stale',
    tags,
    write: true,
    params,
    body: z
      .object({ action: z.enum(TRIAL_ACTIONS), version: idValue, selectionId: idValue.optional() })
      .strict()
      .superRefine((b, ctx) => {
        if (b.action === 'draw' && b.selectionId === undefined)
          ctx.addIssue({ code: 'custom', path: ['selectionId'], message: fieldCode('required') });
      }),
    data: trialSchema,
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/trials/{id}/winners-published`,
    access: `${TRIALS_PAGE}:edit`,
    summary: 'Show (or hide) the masked winners list on the public page; 409 before the draw',
    tags,
    write: true,
    params,
    body: z.object({ published: z.boolean(), version: idValue }).strict(),
    data: trialSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${TRIALS_BASE}/trials/{id}`,
    access: `${TRIALS_PAGE}:delete`,
    summary: 'Delete a draft trial (409 naming the state otherwise: cancel it instead)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
  applications: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/trials/{id}/applications`,
    access: TRIALS_PAGE,
    summary: "A trial's applications, oldest first",
    tags,
    params,
    query: z.object({ ...applicationFilters, ...pagingQuery }),
    data: pageSchema(applicationSchema),
  }),
  exportApplications: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/trials/{id}/applications/export`,
    access: TRIALS_PAGE,
    summary: "A trial's filtered applications as a .csv file (streamed): the form's fields and the answers",
    tags,
    params,
    query: z.object(applicationFilters),
    binary: true,
  }),
  questionnaireChoices: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/trials/questionnaires`,
    access: TRIALS_PAGE,
    summary: 'Every questionnaire (id, name, questions count) for the trial form',
    tags,
    data: z.array(z.object({ id: z.number().int(), name: z.string(), questions: z.number().int() })),
  }),
};

export const questionnaires = {
  list: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/questionnaires`,
    access: TRIALS_PAGE,
    summary: 'Questionnaires with the trials using them',
    tags,
    query: z.object({ keyword: z.string().trim().max(100).optional(), ...pagingQuery }),
    data: pageSchema(questionnaireSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/questionnaires/{id}`,
    access: TRIALS_PAGE,
    summary: 'One questionnaire',
    tags,
    params,
    data: questionnaireSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/questionnaires`,
    access: `${TRIALS_PAGE}:create`,
    summary: 'Add a questionnaire',
    tags,
    write: true,
    body: questionnaireBody,
    data: questionnaireSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${TRIALS_BASE}/questionnaires/{id}`,
    access: `${TRIALS_PAGE}:edit`,
    summary: 'Change a questionnaire (409 when a trial that went out uses it: copy it instead; 409 stale)',
    tags,
    write: true,
    params,
    body: questionnaireBody.safeExtend({ version: idValue }),
    data: questionnaireSchema,
  }),
  copy: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/questionnaires/{id}/copy`,
    access: `${TRIALS_PAGE}:create`,
    summary: 'A new questionnaire with the same questions, named "… (copy)"',
    tags,
    write: true,
    params,
    data: questionnaireSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${TRIALS_BASE}/questionnaires/{id}`,
    access: `${TRIALS_PAGE}:delete`,
    summary: 'Delete a questionnaire no trial uses (409 naming how many do)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
};

// ---- selections ----

export const selectionRulesSchema = z
  .object({
    countries: z.array(countryCode).max(250).default([]).transform(uniq),
    /** Answer to a choice question among these values (any of them). */
    answers: z
      .array(
        z.object({ questionKey: z.string().trim().min(1).max(30), values: z.array(z.string().max(40)).min(1).max(20) }).strict(),
      )
      .max(20)
      .default([]),
    /** A rating question answered at least `min`. */
    ratings: z
      .array(z.object({ questionKey: z.string().trim().min(1).max(30), min: z.number().int().min(1).max(5) }).strict())
      .max(20)
      .default([]),
    appliedFrom: instantSchema.nullable().default(null),
    appliedTo: instantSchema.nullable().default(null),
    /** Leave out applicants (by e-mail) who won another trial drawn in the last N days. */
    excludeWinnersDays: z.number().int().min(1).max(3650).nullable().default(null),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.appliedFrom && r.appliedTo && r.appliedTo <= r.appliedFrom)
      ctx.addIssue({ code: 'custom', path: ['appliedTo'], message: fieldCode('endBeforeStart') });
  });
export type SelectionRules = z.infer<typeof selectionRulesSchema>;

/** The rules as a reply carries them (no transforms: a reply is encoded, not parsed). */
const selectionRulesOut = z.object({
  countries: z.array(z.string()),
  answers: z.array(z.object({ questionKey: z.string(), values: z.array(z.string()) })),
  ratings: z.array(z.object({ questionKey: z.string(), min: z.number().int() })),
  appliedFrom: z.string().nullable(),
  appliedTo: z.string().nullable(),
  excludeWinnersDays: z.number().int().nullable(),
});

export const selectionSchema = z.object({
  id: z.number().int(),
  trialId: z.number().int(),
  trialCode: z.string(),
  trialState: z.enum(TRIAL_STATES),
  name: z.string(),
  rules: selectionRulesOut,
  /** Applicants it took when last saved (or when the draw froze it). */
  matched: z.number().int(),
  frozen: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Selection = z.infer<typeof selectionSchema>;

export const selectionBody = z
  .object({ trialId: idValue, name: z.string().trim().min(1, fieldCode('required')).max(100), rules: selectionRulesSchema })
  .strict();

export const selections = {
  list: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/selections`,
    access: TRIALS_PAGE,
    summary: 'Saved selections of applicants',
    tags,
    query: z.object({ trialId: idParam.optional(), ...pagingQuery }),
    data: pageSchema(selectionSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/selections/{id}`,
    access: TRIALS_PAGE,
    summary: 'One selection',
    tags,
    params,
    data: selectionSchema,
  }),
  count: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/selections/count`,
    access: TRIALS_PAGE,
    summary: "How many of a trial's applicants these rules take now (400 naming a question the trial does not have)",
    tags,
    body: z.object({ trialId: idValue, rules: selectionRulesSchema }).strict(),
    data: z.object({ matched: z.number().int(), applicants: z.number().int() }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/selections`,
    access: `${TRIALS_PAGE}:create`,
    summary: 'Save a selection: its rules and the applicants they take now',
    tags,
    write: true,
    body: selectionBody,
    data: selectionSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${TRIALS_BASE}/selections/{id}`,
    access: `${TRIALS_PAGE}:edit`,
    summary: 'Change a selection and take its applicants again (409 once a draw froze it, or stale)',
    tags,
    write: true,
    params,
    body: selectionBody.safeExtend({ version: idValue }),
    data: selectionSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${TRIALS_BASE}/selections/{id}`,
    access: `${TRIALS_PAGE}:delete`,
    summary: 'Delete a selection no draw used (409 once frozen)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
};

// ---- winners ----

export const WINNER_STATES = ['selected', 'shipped', 'replaced'] as const;
export const winnerSchema = z.object({
  id: z.number().int(),
  trialId: z.number().int(),
  applicationId: z.number().int(),
  /** Place in the draw order (1 = drawn first). */
  rank: z.number().int(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  address: z.string(),
  state: z.enum(WINNER_STATES),
  reason: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: z.string().nullable(),
  version: z.number().int(),
});
export type TrialWinner = z.infer<typeof winnerSchema>;

export const winners = {
  list: defineEndpoint({
    method: 'GET',
    path: `${TRIALS_BASE}/trials/{id}/winners`,
    access: TRIALS_PAGE,
    summary: "A trial's winners (replaced ones too) in draw order, and how many of the pool are left to replace them",
    tags,
    params,
    data: z.object({ list: z.array(winnerSchema), remaining: z.number().int() }),
  }),
  replace: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/winners/{id}/replace`,
    access: `${TRIALS_PAGE}:edit`,
    summary:
      'Replace a winner who declined or cannot be reached by the next applicant in the draw order (reason required; 409 when none is left, shipped, or the trial is not drawn)',
    tags,
    write: true,
    params,
    body: z.object({ reason: z.string().trim().min(1, fieldCode('required')).max(500), version: idValue }).strict(),
    data: winnerSchema,
  }),
  ship: defineEndpoint({
    method: 'POST',
    path: `${TRIALS_BASE}/winners/{id}/ship`,
    access: `${TRIALS_PAGE}:edit`,
    summary: 'Mark a winner shipped with the carrier and tracking number (409 when replaced or the trial is not drawn)',
    tags,
    write: true,
    params,
    body: z
      .object({
        carrier: z.string().trim().min(1, fieldCode('required')).max(60),
        trackingNo: z.string().trim().min(1, fieldCode('required')).max(60),
        version: idValue,
      })
      .strict(),
    data: winnerSchema,
  }),
};

// ---- the public side ----

export const publicTrialSchema = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  sku: z.string(),
  units: z.number().int(),
  countries: z.array(z.string()),
  applyStart: z.string(),
  applyEnd: z.string(),
  /** Taking applications now (open and inside the window). */
  accepting: z.boolean(),
  fields: z.array(formFieldSchema),
  questions: z.array(questionSchema),
  /** Masked, once the operator published them. */
  winners: z.array(z.object({ name: z.string(), email: z.string(), country: z.string() })).nullable(),
});

export const publicTrials = {
  get: defineEndpoint({
    method: 'GET',
    path: 'app/v1/trials/{code}',
    access: 'public',
    summary: 'A trial as the app shows it: texts in the asked language, form, questionnaire, masked winners once published',
    tags: ['app'],
    params: z.object({ code: z.string().max(40) }),
    query: z.object({ lang: z.string().max(20).optional() }),
    data: publicTrialSchema,
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: 'app/v1/trials/{code}/applications',
    access: 'public',
    summary:
      "Apply to an open trial inside its window, checked against that trial's form and questionnaire (400 per field; 409 when the e-mail applied already or the trial is not taking applications). Rate-limited per address or app key",
    tags: ['app'],
    write: true,
    params: z.object({ code: z.string().max(40) }),
    body: applicationBody,
    data: z.object({ id: z.number().int() }),
  }),
};
