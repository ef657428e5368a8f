/**
 * Performance reviews (spec §2.3 /performance/*, docs/growth.md "Performance reviews"): a
 * quarterly cycle opened by HR or the administrator gives every employee one review. The
 * employee writes the self part and submits it; their leader (the organisation's leaderOf when
 * the cycle opened) writes the leader part with a final rating, or returns it; the employee
 * acknowledges the result. REVIEW_MACHINE holds the states, `reviewActions` who may move them.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery } from '../envelope';
import { quarterSchema } from '../okr/okr';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { GROWTH_BASE } from './values';

const tags = ['growth'];

export const CYCLE_STATES = ['open', 'closed'] as const;
export type CycleState = (typeof CYCLE_STATES)[number];
export const CYCLE_MACHINE = defineStateMachine<CycleState, 'close'>({
  entity: { zh: '考核周期', en: 'Review cycle' },
  states: {
    open: { label: { zh: '进行中', en: 'Open' }, tone: 'processing' },
    closed: { label: { zh: '已结束', en: 'Closed' }, tone: 'default', final: true },
  },
  transitions: [
    {
      action: 'close',
      from: ['open'],
      to: 'closed',
      label: { zh: '结束周期', en: 'Close cycle' },
      confirm: {
        zh: '结束后本周期的绩效不能再填写或流转，已有内容保留可查。',
        en: 'Once closed, no review of the cycle can be written or moved on; what is written stays readable.',
      },
    },
  ],
});

export const REVIEW_STATES = ['draft', 'selfSubmitted', 'leaderReviewed', 'acknowledged'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_ACTIONS = ['submitSelf', 'review', 'return', 'acknowledge'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** draft → selfSubmitted → leaderReviewed → acknowledged; the leader may return a submitted self review to draft. */
export const REVIEW_MACHINE = defineStateMachine<ReviewState, ReviewAction>({
  entity: { zh: '绩效评估', en: 'Review' },
  states: {
    draft: { label: { zh: '自评中', en: 'Self review' }, tone: 'default' },
    selfSubmitted: { label: { zh: '待上级评价', en: 'With leader' }, tone: 'processing' },
    leaderReviewed: { label: { zh: '待确认', en: 'To acknowledge' }, tone: 'warning' },
    acknowledged: { label: { zh: '已确认', en: 'Acknowledged' }, tone: 'success', final: true },
  },
  transitions: [
    {
      action: 'submitSelf',
      from: ['draft'],
      to: 'selfSubmitted',
      label: { zh: '提交自评', en: 'Submit self review' },
      destructive: false,
      confirm: {
        zh: '提交后自评交给上级，不能再修改，除非上级退回。',
        en: 'Your leader gets it and you cannot change it unless it is returned.',
      },
    },
    {
      action: 'review',
      from: ['selfSubmitted'],
      to: 'leaderReviewed',
      label: { zh: '完成评价', en: 'Complete review' },
      destructive: false,
      confirm: { zh: '完成后员工可以看到你的评价和最终评级。', en: 'The employee then sees your review and the final rating.' },
    },
    {
      action: 'return',
      from: ['selfSubmitted'],
      to: 'draft',
      label: { zh: '退回', en: 'Return' },
      confirm: { zh: '退回给员工修改自评，请写明原因。', en: 'The employee gets the self review back to change it; say why.' },
    },
    {
      action: 'acknowledge',
      from: ['leaderReviewed'],
      to: 'acknowledged',
      label: { zh: '确认结果', en: 'Acknowledge' },
      destructive: false,
      confirm: { zh: '确认你已阅读上级评价和最终评级。', en: 'Confirm that you have read the review and the final rating.' },
    },
  ],
});

/** Who acts on a review: the employee submits and acknowledges, the leader reviews and returns. */
export const ACTION_ROLE: Readonly<Record<ReviewAction, 'employee' | 'leader'>> = {
  submitSelf: 'employee',
  review: 'leader',
  return: 'leader',
  acknowledge: 'employee',
};

/** The rating scale: 1–5, for every dimension and the final rating. */
export const RATINGS = [1, 2, 3, 4, 5] as const;
export const RATING_LABEL: Readonly<Record<number, { zh: string; en: string }>> = {
  1: { zh: '未达预期', en: 'Below expectations' },
  2: { zh: '部分达到', en: 'Partly meets' },
  3: { zh: '达到预期', en: 'Meets expectations' },
  4: { zh: '超出预期', en: 'Exceeds expectations' },
  5: { zh: '卓越', en: 'Outstanding' },
};

/** One scored dimension of a cycle: a company value as it was when the cycle opened. */
export const dimensionSchema = z.object({ key: z.string(), nameZh: z.string(), nameEn: z.string(), description: z.string() });
export type Dimension = z.infer<typeof dimensionSchema>;

const ratingValue = z.number().int().min(1).max(5);
export const scoreSchema = z.object({ dimension: z.string().trim().min(1).max(40), score: ratingValue });
const scoresBody = z
  .array(scoreSchema)
  .max(20)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.dimension))
        ctx.addIssue({ code: 'custom', path: [i, 'dimension'], message: fieldCode('growth.dimensionTwice') });
      seen.add(s.dimension);
    });
  });

/** The dimensions a part leaves unscored (the submit refuses them: growth.scoreMissing). */
export const unscored = (dimensions: readonly Dimension[], scores: readonly { dimension: string }[]) =>
  dimensions.filter((d) => !scores.some((s) => s.dimension === d.key)).map((d) => d.key);

/** The mean of a part's scores, one decimal; null without scores. */
export const meanOf = (scores: readonly { score: number }[]): number | null =>
  scores.length === 0 ? null : Math.round((scores.reduce((a, s) => a + s.score, 0) / scores.length) * 10) / 10;

const person = z.object({ id: z.number().int(), name: z.string() });

export const cycleSchema = z.object({
  id: z.number().int(),
  quarter: z.string(),
  state: z.enum(CYCLE_STATES),
  dimensions: z.array(dimensionSchema),
  reviews: z.number().int(),
  /** Reviews per state. */
  byState: z.record(z.enum(REVIEW_STATES), z.number().int()),
  openedBy: z.string().nullable(),
  openedAt: z.string(),
  version: z.number().int(),
});
export type Cycle = z.infer<typeof cycleSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  cycle: z.object({ id: z.number().int(), quarter: z.string(), state: z.enum(CYCLE_STATES) }),
  dimensions: z.array(dimensionSchema),
  employee: person,
  /** The leader when the cycle opened; null: the administrator writes the leader part. */
  leader: person.nullable(),
  dept: z.string().nullable(),
  state: z.enum(REVIEW_STATES),
  /** The self part; empty to others than the employee and the administrator while a draft. */
  self: z.object({
    goalsMet: z.string(),
    achievements: z.string(),
    comments: z.string(),
    scores: z.array(scoreSchema),
    mean: z.number().nullable(),
    submittedAt: z.string().nullable(),
  }),
  /** The leader part; empty to the employee until the review is completed. */
  leaderPart: z.object({
    scores: z.array(scoreSchema),
    mean: z.number().nullable(),
    comments: z.string(),
    rating: ratingValue.nullable(),
    reviewedAt: z.string().nullable(),
  }),
  returnRemark: z.string().nullable(),
  ackComment: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  /** What the caller is to this review, and may do now (REVIEW_MACHINE and ACTION_ROLE, the cycle open). */
  role: z.enum(['employee', 'leader', 'admin', 'reader']),
  canWriteSelf: z.boolean(),
  canWriteLeader: z.boolean(),
  actions: z.array(z.enum(REVIEW_ACTIONS)),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * The actions the caller may take on a review now: the state allows it (REVIEW_MACHINE), the
 * cycle is open, and the caller is the employee (submitSelf, acknowledge) or the leader (review,
 * return; the administrator for a review without a leader). The server applies the same rule.
 */
export function reviewActions(r: {
  state: ReviewState;
  cycleOpen: boolean;
  isEmployee: boolean;
  isLeader: boolean;
}): ReviewAction[] {
  if (!r.cycleOpen) return [];
  return REVIEW_MACHINE.transitions
    .filter((t) => t.from.includes(r.state))
    .filter((t) => (ACTION_ROLE[t.action] === 'employee' ? r.isEmployee : r.isLeader))
    .map((t) => t.action);
}

export const REVIEW_VIEWS = ['mine', 'team', 'all'] as const;
export type ReviewView = (typeof REVIEW_VIEWS)[number];

export const listReviews = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/reviews`,
  access: 'login',
  summary: "My reviews, my team's (as their leader), or all (administrator), newest cycle first",
  tags,
  query: z.object({
    view: z.enum(REVIEW_VIEWS).default('mine'),
    cycleId: idParam.optional(),
    state: z.enum(REVIEW_STATES).optional(),
    keyword: z.string().trim().max(100).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(reviewSchema),
});

export const getReview = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/reviews/{id}`,
  access: 'login',
  summary: 'One review (its employee, its leader or the administrator)',
  tags,
  params: z.object({ id: idParam }),
  data: reviewSchema,
});

export const selfReviewBody = z.object({
  version: z.number().int().min(1),
  goalsMet: z.string().trim().max(2000).default(''),
  achievements: z.string().trim().max(4000).default(''),
  comments: z.string().trim().max(2000).default(''),
  scores: scoresBody.default([]),
});
export type SelfReviewBody = z.infer<typeof selfReviewBody>;

export const saveSelfReview = defineEndpoint({
  method: 'PUT',
  path: `${GROWTH_BASE}/reviews/{id}/self`,
  access: 'login',
  summary: 'Save the self part of a draft review (its employee; 409 on a stale version or another state)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: selfReviewBody,
  data: reviewSchema,
});

export const leaderReviewBody = z.object({
  version: z.number().int().min(1),
  scores: scoresBody.default([]),
  comments: z.string().trim().max(4000).default(''),
  rating: ratingValue.nullable().default(null),
});
export type LeaderReviewBody = z.infer<typeof leaderReviewBody>;

export const saveLeaderReview = defineEndpoint({
  method: 'PUT',
  path: `${GROWTH_BASE}/reviews/{id}/leader`,
  access: 'login',
  summary: 'Save the leader part of a submitted review (its leader; 409 on a stale version or another state)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: leaderReviewBody,
  data: reviewSchema,
});

/** The return dialog's form: why the review goes back to the employee (required). */
export const returnRemarkBody = z.object({ remark: z.string().trim().min(1).max(1000) });

export const reviewActionBody = z
  .object({
    action: z.enum(REVIEW_ACTIONS),
    version: z.number().int().min(1),
    /** Why a review is returned (required then); a comment on the acknowledgement. */
    remark: z.string().trim().max(1000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'return' && v.remark === '')
      ctx.addIssue({ code: 'custom', path: ['remark'], message: fieldCode('growth.remarkRequired') });
  });
export type ReviewActionBody = z.infer<typeof reviewActionBody>;

export const actOnReview = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/reviews/{id}/actions`,
  access: 'login',
  summary:
    'Move a review (REVIEW_MACHINE): submitSelf and acknowledge by the employee, review and return by the leader; a submit needs every part filled (400 codes)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: reviewActionBody,
  data: reviewSchema,
});

export const reviewEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(REVIEW_ACTIONS),
  from: z.enum(REVIEW_STATES),
  to: z.enum(REVIEW_STATES),
  by: z.string(),
  realBy: z.string().nullable(),
  remark: z.string(),
  at: z.string(),
});
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

export const listReviewEvents = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/reviews/{id}/events`,
  access: 'login',
  summary: "The review's timeline: every move, who, when and the remark, oldest first",
  tags,
  params: z.object({ id: idParam }),
  data: z.array(reviewEventSchema),
});

export const okrLinkSchema = z.object({
  id: z.number().int(),
  listType: z.number().int(),
  title: z.string(),
  state: z.string(),
  keyResults: z.array(z.string()),
});
export type OkrLink = z.infer<typeof okrLinkSchema>;

export const reviewObjectives = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/reviews/{id}/objectives`,
  access: 'login',
  summary: "The employee's OKR objectives of the review's quarter (published and closed), read through the OKR area",
  tags,
  params: z.object({ id: idParam }),
  data: z.array(okrLinkSchema),
});

export const listCycles = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/cycles`,
  access: 'login',
  summary:
    'The review cycles, newest first, with their counts per state; whether the caller manages cycles (HR) and the values (administrator)',
  tags,
  data: z.object({ list: z.array(cycleSchema), canManage: z.boolean(), canEditValues: z.boolean() }),
});

export const openCycleBody = z.object({ quarter: quarterSchema });
export const openCycle = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/cycles`,
  access: 'login',
  summary:
    "Open a quarter's cycle: a draft review for every employee with a department today, their leader resolved now (administrator or user:organization:edit)",
  tags,
  write: true,
  body: openCycleBody,
  data: cycleSchema,
});

export const closeCycle = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/cycles/{id}/close`,
  access: 'login',
  summary: 'Close a cycle (CYCLE_MACHINE; administrator or user:organization:edit)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z.object({ version: z.number().int().min(1) }),
  data: cycleSchema,
});
