/**
 * OKR (spec §2.6, issue #23, docs/projects.md "OKR"): objectives per quarter in four lists
 * (the list types GTM 1, key project 0, development 21, improvement 31), each with weighted key
 * results. A measurable key result binds to a figure of the linked project's SKUs over the
 * quarter (units, sales, ad spend, ACoS: the sales rollup /salesProfit sums) and scores itself;
 * a manual one is scored by hand (0–1) at its check-ins. An objective's score is the weighted
 * mean of its key results' scores (OKR_SCORE_RULE).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import type { PagePermission } from '../routes';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

const tags = ['okr'];
const BASE = 'okr/rest/v1';

/** Spec §2.6's list types and the page each one is listed on. */
export const OKR_LIST_TYPES = [1, 0, 21, 31] as const;
export type OkrListType = (typeof OKR_LIST_TYPES)[number];
export const OKR_LIST_PAGE: Readonly<Record<OkrListType, PagePermission>> = {
  1: 'okr:gtm',
  0: 'okr:keyProject',
  21: 'okr:development',
  31: 'okr:improvement',
};
/** The list screen of each type. */
export const OKR_LIST_ROUTE = {
  1: '/okrMgr/gtm',
  0: '/okrMgr/keyProject',
  21: '/okrMgr/development',
  31: '/okrMgr/improvement',
} as const satisfies Record<OkrListType, string>;

const listTypeSchema = z.coerce.number().pipe(z.union([z.literal(1), z.literal(0), z.literal(21), z.literal(31)]));

export const OBJECTIVE_STATES = ['draft', 'published', 'closed'] as const;
export type ObjectiveState = (typeof OBJECTIVE_STATES)[number];
export type ObjectiveAction = 'publish' | 'close';

/** draft → published → closed. Edits while draft or published; check-ins only while published; delete only a draft. */
export const OBJECTIVE_MACHINE = defineStateMachine<ObjectiveState, ObjectiveAction>({
  entity: { zh: '目标', en: 'Objective' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    published: { label: { zh: '进行中', en: 'Published' }, tone: 'processing' },
    closed: { label: { zh: '已关闭', en: 'Closed' }, tone: 'success', final: true },
  },
  transitions: [
    {
      action: 'publish',
      from: ['draft'],
      to: 'published',
      label: { zh: '发布', en: 'Publish' },
      destructive: false,
      confirm: {
        zh: '发布后即可对关键结果打卡，目标计入看板的得分。',
        en: 'Once published its key results take check-ins and the objective counts on the dashboard.',
      },
    },
    {
      action: 'close',
      from: ['published'],
      to: 'closed',
      label: { zh: '关闭', en: 'Close' },
      confirm: {
        zh: '关闭后目标不能再修改或打卡，得分保留在看板上。',
        en: 'A closed objective takes no more changes or check-ins; its score stays on the dashboard.',
      },
    },
  ],
});

/** A quarter: 2026Q4. */
export const quarterSchema = z.string().regex(/^\d{4}Q[1-4]$/, fieldCode('okr.quarter'));

export const KR_KINDS = ['measurable', 'manual'] as const;
export type KrKind = (typeof KR_KINDS)[number];
/** The figures a measurable key result binds to; all but ACoS are "higher is better". */
export const KR_METRICS = ['units', 'sales', 'adSpend', 'acos'] as const;
export type KrMetric = (typeof KR_METRICS)[number];
/** The unit each metric is counted in (sales and ad spend in the reporting currency). */
export const KR_METRIC_UNIT: Readonly<Record<KrMetric, string>> = { units: 'pcs', sales: 'USD', adSpend: 'USD', acos: '%' };
export const LOWER_IS_BETTER: readonly KrMetric[] = ['acos', 'adSpend'];
export const MAX_KEY_RESULTS = 10;

/**
 * The score rule, one place for the server and the dashboard's note:
 * - a measurable key result: actual ÷ target, capped at 1 (lower-is-better metrics — ad spend
 *   and ACoS — target ÷ actual, 1 when the actual is at or under the target); null while there
 *   is no figure (no SKUs, no sales for ACoS);
 * - a manual one: the score of its last check-in, null before the first;
 * - an objective: Σ weight × score ÷ Σ weight over all its key results, an unscored one
 *   counting 0; null without key results;
 * - a group (quarter, department, list type): the plain mean of its objectives' scores,
 *   published and closed ones only (a draft is not a commitment yet).
 */
export function krScore(kind: KrKind, metric: KrMetric | null, target: number, actual: number | null, handScore: number | null) {
  if (kind === 'manual') return handScore;
  if (actual === null || metric === null) return null;
  if (LOWER_IS_BETTER.includes(metric)) return actual <= target ? 1 : target <= 0 ? 0 : round3(target / actual);
  if (target <= 0) return 1;
  return round3(Math.min(1, Math.max(0, actual / target)));
}
export function objectiveScore(krs: readonly { weight: number; score: number | null }[]): number | null {
  const total = krs.reduce((a, k) => a + k.weight, 0);
  if (krs.length === 0 || total <= 0) return null;
  return round3(krs.reduce((a, k) => a + k.weight * (k.score ?? 0), 0) / total);
}
export const meanScore = (scores: readonly (number | null)[]): number | null => {
  const s = scores.filter((x): x is number => x !== null);
  return s.length === 0 ? null : round3(s.reduce((a, x) => a + x, 0) / s.length);
};
const round3 = (x: number) => Math.round(x * 1000) / 1000;

const person = z.object({ id: z.number().int(), name: z.string() });

/** A measurable key result's figure: the quarter's days up to yesterday, the caller's shops. */
export const krFigureSchema = z.object({
  from: z.string(),
  to: z.string(),
  units: z.number(),
  sales: z.number(),
  adSpend: z.number(),
  /** Ad spend ÷ sales in %; null without sales. */
  acos: z.number().nullable(),
});
export type KrFigure = z.infer<typeof krFigureSchema>;

export const keyResultSchema = z.object({
  id: z.number().int(),
  objectiveId: z.number().int(),
  title: z.string(),
  weight: z.number().int(),
  kind: z.enum(KR_KINDS),
  metric: z.enum(KR_METRICS).nullable(),
  target: z.number(),
  unit: z.string(),
  /** Measurable: the live figure of its metric; manual: the value of its last check-in (null before one). */
  actual: z.number().nullable(),
  /** The whole figure (measurable only). */
  figure: krFigureSchema.nullable(),
  score: z.number().nullable(),
  checkins: z.number().int(),
  lastCheckinAt: z.string().nullable(),
  version: z.number().int(),
});
export type KeyResult = z.infer<typeof keyResultSchema>;

export const objectiveSchema = z.object({
  id: z.number().int(),
  listType: z.union([z.literal(1), z.literal(0), z.literal(21), z.literal(31)]),
  quarter: z.string(),
  title: z.string(),
  description: z.string(),
  owner: person,
  /** The owner's department in the organisation when the objective was last saved. */
  dept: person.nullable(),
  project: z.object({ id: z.number().int(), code: z.string(), name: z.string(), skus: z.array(z.string()) }).nullable(),
  state: z.enum(OBJECTIVE_STATES),
  score: z.number().nullable(),
  keyResults: z.array(keyResultSchema),
  /** The caller may change it (owner or administrator, and the page's edit button). */
  editable: z.boolean(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Objective = z.infer<typeof objectiveSchema>;

export const keyResultBody = z
  .object({
    /** An existing key result of this objective (kept, with its check-ins); absent for a new one. */
    id: idValue.optional(),
    title: z.string().trim().min(1).max(200),
    weight: z.number().int().min(1).max(100),
    kind: z.enum(KR_KINDS),
    metric: z.enum(KR_METRICS).nullable().default(null),
    target: z.number().min(0).max(1e12),
    unit: z.string().trim().max(20).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'measurable' && !v.metric)
      ctx.addIssue({ code: 'custom', path: ['metric'], message: fieldCode('okr.metricRequired') });
  });
export type KeyResultBody = z.infer<typeof keyResultBody>;

const objectiveFields = {
  quarter: quarterSchema,
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  /** Absent: the caller. Only the administrator sets someone else. */
  ownerId: idValue.optional(),
  projectId: idValue.nullable().default(null),
  keyResults: z.array(keyResultBody).min(1).max(MAX_KEY_RESULTS),
};
const needsProject = (v: { projectId: number | null; keyResults: { kind: KrKind }[] }, ctx: z.RefinementCtx) => {
  if (v.projectId === null && v.keyResults.some((k) => k.kind === 'measurable'))
    ctx.addIssue({ code: 'custom', path: ['projectId'], message: fieldCode('okr.projectRequired') });
};
export const createObjectiveBody = z.object({ listType: listTypeSchema, ...objectiveFields }).superRefine(needsProject);
export const updateObjectiveBody = z.object({ ...objectiveFields, version: z.number().int().min(1) }).superRefine(needsProject);
export type CreateObjectiveBody = z.infer<typeof createObjectiveBody>;
export type UpdateObjectiveBody = z.infer<typeof updateObjectiveBody>;

export const OBJECTIVE_SORT_FIELDS = ['updatedAt', 'quarter', 'title'] as const;

export const listObjectives = defineEndpoint({
  method: 'GET',
  path: `${BASE}/objectives`,
  access: 'login',
  summary: 'One list type’s objectives with their key results and scores (the caller holds that list’s page)',
  tags,
  query: z.object({
    listType: listTypeSchema,
    quarter: quarterSchema.optional(),
    ownerId: idParam.optional(),
    deptId: idParam.optional(),
    state: z.enum(OBJECTIVE_STATES).optional(),
    keyword: z.string().trim().max(100).optional(),
    sortField: z.enum(OBJECTIVE_SORT_FIELDS).default('updatedAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(objectiveSchema),
});

export const getObjective = defineEndpoint({
  method: 'GET',
  path: `${BASE}/objectives/{id}`,
  access: 'login',
  summary: 'One objective (the caller holds its list’s page, the key results’ or the dashboard’s)',
  tags,
  params: z.object({ id: idParam }),
  data: objectiveSchema,
});

export const createObjective = defineEndpoint({
  method: 'POST',
  path: `${BASE}/objectives`,
  access: 'login',
  summary:
    'Write an objective with its key results, a draft (the list’s create button; owner the caller unless the administrator)',
  tags,
  write: true,
  body: createObjectiveBody,
  data: objectiveSchema,
});

export const updateObjective = defineEndpoint({
  method: 'PUT',
  path: `${BASE}/objectives/{id}`,
  access: 'login',
  summary: 'Change a draft or published objective and its key results (owner or administrator; 409 on a stale version)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: updateObjectiveBody,
  data: objectiveSchema,
});

const moveBody = z.object({ version: z.number().int().min(1) });
export const publishObjective = defineEndpoint({
  method: 'POST',
  path: `${BASE}/objectives/{id}/publish`,
  access: 'login',
  summary: 'Publish a draft (OBJECTIVE_MACHINE; owner or administrator)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: moveBody,
  data: objectiveSchema,
});
export const closeObjective = defineEndpoint({
  method: 'POST',
  path: `${BASE}/objectives/{id}/close`,
  access: 'login',
  summary: 'Close a published objective (OBJECTIVE_MACHINE; owner or administrator)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: moveBody,
  data: objectiveSchema,
});

export const deleteObjective = defineEndpoint({
  method: 'DELETE',
  path: `${BASE}/objectives/{id}`,
  access: 'login',
  summary: 'Delete a draft (owner or administrator; a published objective is closed instead)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

/** A key result in the cross-objective list (/krMgr/index). */
export const keyResultRowSchema = keyResultSchema.extend({
  objective: z.object({
    id: z.number().int(),
    title: z.string(),
    listType: z.number().int(),
    quarter: z.string(),
    state: z.enum(OBJECTIVE_STATES),
    version: z.number().int(),
  }),
  owner: person,
  /** The caller may check in (owner or administrator, published objective, edit button). */
  canCheckIn: z.boolean(),
});
export type KeyResultRow = z.infer<typeof keyResultRowSchema>;

export const listKeyResults = defineEndpoint({
  method: 'GET',
  path: `${BASE}/keyResults`,
  access: 'okr:kr',
  summary: 'Key results of every list type’s objectives, with their live figures and scores',
  tags,
  query: z.object({
    quarter: quarterSchema.optional(),
    ownerId: idParam.optional(),
    kind: z.enum(KR_KINDS).optional(),
    listType: listTypeSchema.optional(),
    keyword: z.string().trim().max(100).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(keyResultRowSchema),
});

export const checkinSchema = z.object({
  id: z.number().int(),
  keyResultId: z.number().int(),
  at: z.string(),
  by: z.string(),
  /** The real person under god view. */
  realBy: z.string().nullable(),
  value: z.number().nullable(),
  score: z.number().nullable(),
  comment: z.string(),
});
export type Checkin = z.infer<typeof checkinSchema>;

export const checkinBody = z.object({
  /** The key result's version the caller saw. */
  version: z.number().int().min(1),
  /** Manual: the value reached (optional); measurable: ignored, the live figure is recorded. */
  value: z.number().min(0).max(1e12).nullable().default(null),
  /** Manual: required, 0–1; measurable: ignored (it scores itself). */
  score: z.number().min(0).max(1).nullable().default(null),
  comment: z.string().trim().min(1).max(1000),
});
export type CheckinBody = z.infer<typeof checkinBody>;

export const checkIn = defineEndpoint({
  method: 'POST',
  path: `${BASE}/keyResults/{id}/checkins`,
  access: 'login',
  summary: 'Record progress on a published objective’s key result (owner or administrator; manual ones carry a score)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: checkinBody,
  data: keyResultSchema,
});

export const listCheckins = defineEndpoint({
  method: 'GET',
  path: `${BASE}/keyResults/{id}/checkins`,
  access: 'login',
  summary: 'A key result’s check-ins, newest first',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(checkinSchema),
});

const groupScore = z.object({ key: z.string(), name: z.string(), objectives: z.number().int(), score: z.number().nullable() });
export const dashboardSchema = z.object({
  quarter: z.string(),
  score: z.number().nullable(),
  objectives: z.number().int(),
  byDept: z.array(groupScore),
  byType: z.array(groupScore),
  rows: z.array(
    z.object({
      id: z.number().int(),
      listType: z.number().int(),
      title: z.string(),
      owner: z.string(),
      dept: z.string().nullable(),
      state: z.enum(OBJECTIVE_STATES),
      score: z.number().nullable(),
      keyResults: z.number().int(),
    }),
  ),
});
export type OkrDashboard = z.infer<typeof dashboardSchema>;

export const dashboard = defineEndpoint({
  method: 'GET',
  path: `${BASE}/dashboard`,
  access: 'okr:dashboard',
  summary: 'A quarter’s published and closed objectives’ scores, by department and list type (OKR_SCORE_RULE)',
  tags,
  query: z.object({ quarter: quarterSchema }),
  data: dashboardSchema,
});

export const okrOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/options`,
  access: 'login',
  summary: 'What the OKR forms pick from: the account’s users, departments, the projects of a list type, the quarters in use',
  tags,
  query: z.object({ listType: listTypeSchema.optional() }),
  data: z.object({
    people: z.array(person),
    depts: z.array(person),
    projects: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), skus: z.array(z.string()) })),
    quarters: z.array(z.string()),
  }),
});

/** The quarter a day (yyyy-MM-dd) falls in. */
export const quarterOf = (day: string): string => `${day.slice(0, 4)}Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
/** A quarter's first and last day. */
export function quarterDays(q: string): { from: string; to: string } {
  const y = Number(q.slice(0, 4));
  const n = Number(q.slice(5));
  const last = new Date(Date.UTC(y, n * 3, 0)).getUTCDate();
  const m = String(n * 3).padStart(2, '0');
  return { from: `${y}-${String(n * 3 - 2).padStart(2, '0')}-01`, to: `${y}-${m}-${last}` };
}
