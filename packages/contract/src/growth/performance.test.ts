import { describe, expect, it } from 'vitest';
import { transitionFrom } from '../state-machine';
import {
  ACTION_ROLE,
  leaderReviewBody,
  meanOf,
  REVIEW_ACTIONS,
  REVIEW_MACHINE,
  REVIEW_STATES,
  reviewActionBody,
  reviewActions,
  selfReviewBody,
  unscored,
} from './performance';

describe('REVIEW_MACHINE', () => {
  it('runs draft → selfSubmitted → leaderReviewed → acknowledged, and returns a submitted review to draft', () => {
    expect(transitionFrom(REVIEW_MACHINE, 'draft', 'submitSelf')?.to).toBe('selfSubmitted');
    expect(transitionFrom(REVIEW_MACHINE, 'selfSubmitted', 'review')?.to).toBe('leaderReviewed');
    expect(transitionFrom(REVIEW_MACHINE, 'selfSubmitted', 'return')?.to).toBe('draft');
    expect(transitionFrom(REVIEW_MACHINE, 'leaderReviewed', 'acknowledge')?.to).toBe('acknowledged');
  });

  it('allows each action from its one state only, and nothing leaves acknowledged', () => {
    const from = Object.fromEntries(
      REVIEW_ACTIONS.map((a) => [a, REVIEW_STATES.filter((s) => transitionFrom(REVIEW_MACHINE, s, a))]),
    );
    expect(from).toEqual({
      submitSelf: ['draft'],
      review: ['selfSubmitted'],
      return: ['selfSubmitted'],
      acknowledge: ['leaderReviewed'],
    });
    expect(REVIEW_MACHINE.states.acknowledged.final).toBe(true);
  });
});

describe('reviewActions: who may move a review', () => {
  const as = (state: (typeof REVIEW_STATES)[number], who: 'employee' | 'leader' | 'other', cycleOpen = true) =>
    reviewActions({ state, cycleOpen, isEmployee: who === 'employee', isLeader: who === 'leader' });
  it('gives the employee submit and acknowledge, the leader review and return, others nothing', () => {
    expect(as('draft', 'employee')).toEqual(['submitSelf']);
    expect(as('draft', 'leader')).toEqual([]);
    expect(as('selfSubmitted', 'leader')).toEqual(['review', 'return']);
    expect(as('selfSubmitted', 'employee')).toEqual([]);
    expect(as('leaderReviewed', 'employee')).toEqual(['acknowledge']);
    expect(as('leaderReviewed', 'leader')).toEqual([]);
    for (const s of REVIEW_STATES) expect(as(s, 'other')).toEqual([]);
  });
  it('gives nobody anything once the cycle is closed', () => {
    for (const s of REVIEW_STATES) for (const w of ['employee', 'leader'] as const) expect(as(s, w, false)).toEqual([]);
  });
  it('names a role for every action', () => {
    expect(Object.keys(ACTION_ROLE).sort()).toEqual([...REVIEW_ACTIONS].sort());
  });
});

describe('the review bodies', () => {
  it('refuses a score outside 1–5 and a dimension scored twice, with codes', () => {
    expect(selfReviewBody.safeParse({ version: 1, scores: [{ dimension: 'v1', score: 0 }] }).success).toBe(false);
    const twice = selfReviewBody.safeParse({
      version: 1,
      scores: [
        { dimension: 'v1', score: 3 },
        { dimension: 'v1', score: 4 },
      ],
    });
    expect(twice.success).toBe(false);
    expect(JSON.stringify(twice.error?.issues)).toContain('growth.dimensionTwice');
    expect(leaderReviewBody.safeParse({ version: 1, rating: 6 }).success).toBe(false);
    expect(leaderReviewBody.parse({ version: 1 })).toMatchObject({ scores: [], comments: '', rating: null });
  });
  it('needs a remark to return a review', () => {
    const bare = reviewActionBody.safeParse({ action: 'return', version: 1 });
    expect(JSON.stringify(bare.error?.issues)).toContain('growth.remarkRequired');
    expect(reviewActionBody.safeParse({ action: 'return', version: 1, remark: 'More figures' }).success).toBe(true);
    expect(reviewActionBody.safeParse({ action: 'acknowledge', version: 1 }).success).toBe(true);
  });
});

describe('scores', () => {
  const dims = [
    { key: 'v1', nameZh: '甲', nameEn: 'A', description: '' },
    { key: 'v2', nameZh: '乙', nameEn: 'B', description: '' },
  ];
  it('lists the dimensions left unscored and means to one decimal', () => {
    expect(unscored(dims, [{ dimension: 'v2' }])).toEqual(['v1']);
    expect(unscored(dims, [{ dimension: 'v1' }, { dimension: 'v2' }])).toEqual([]);
    expect(meanOf([{ score: 4 }, { score: 5 }, { score: 5 }])).toBe(4.7);
    expect(meanOf([])).toBeNull();
  });
});
