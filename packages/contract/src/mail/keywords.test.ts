import { describe, expect, it } from 'vitest';
import { findKeyword, type KeywordRuleLike, matchKeywordRules } from './keywords';

const rule = (id: number, keyword: string, o: Partial<KeywordRuleLike> = {}): KeywordRuleLike => ({
  id,
  keyword,
  matchType: 'contains',
  field: 'any',
  priority: 0,
  enabled: true,
  targetId: id * 10,
  ...o,
});

describe('keyword matcher', () => {
  it('finds a keyword case-insensitively, as a whole word when asked', () => {
    expect(findKeyword('My REFUND please', 'refund', false)).toBe(3);
    expect(findKeyword('refunded already', 'refund', true)).toBe(-1);
    expect(findKeyword('a refund, thanks', 'refund', true)).toBe(2);
    expect(findKeyword('Rücksendung bitte', 'rücksendung', true)).toBe(0);
    expect(findKeyword('我想退货退款', '退货', true)).toBe(2);
    expect(findKeyword('anything', '', false)).toBe(-1);
  });

  it('orders matches by priority, then the longer keyword, then the older rule', () => {
    const rules = [rule(1, 'light'), rule(2, 'light strip'), rule(3, 'return', { priority: 5 }), rule(4, 'strip')];
    const m = matchKeywordRules(rules, { subject: 'Return of my light strip', body: '' });
    expect(m.map((x) => x.rule.id)).toEqual([3, 2, 1, 4]);
    expect(m[0]?.excerpt).toBe('Return of my light strip');
  });

  it('respects the field and skips disabled rules', () => {
    const rules = [
      rule(1, 'invoice', { field: 'subject' }),
      rule(2, 'damaged', { field: 'body' }),
      rule(3, 'broken', { enabled: false }),
    ];
    expect(
      matchKeywordRules(rules, { subject: 'hello', body: 'invoice and damaged and broken' }).map((x) => [x.rule.id, x.field]),
    ).toEqual([[2, 'body']]);
  });
});
