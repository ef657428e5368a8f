import { describe, expect, it } from 'vitest';
import { badAsins, createBody, linesOf } from './create-form';
import {
  bulkAmountProblem,
  bulkChanges,
  bulkPreview,
  bulkValue,
  MANAGER_URL,
  managerQuery,
  overGuard,
  parseManagerPath,
  readManagerView,
  valueProblem,
} from './manager-view';

const TODAY = '2026-03-31';

describe('parseManagerPath', () => {
  it('reads the type, list and drill-down id, and /spBudgets', () => {
    expect(parseManagerPath('/ppcMgr/sp/keywords/42')).toEqual({ type: 'sp', list: 'keywords', parentId: 42, budgets: false });
    expect(parseManagerPath('/ppcMgr/sd/campaigns')).toEqual({ type: 'sd', list: 'campaigns', parentId: null, budgets: false });
    expect(parseManagerPath('/spBudgets')).toEqual({ type: 'sp', list: 'campaigns', parentId: null, budgets: true });
    expect(parseManagerPath('/ppcMgr/xx/keywords')).toBeNull();
    expect(parseManagerPath('/ppcMgr/sp/nothing')).toBeNull();
  });
});

describe('readManagerView and managerQuery', () => {
  it('falls back leniently and maps the drill-down id to its filter', () => {
    const v = readManagerView(
      { ...MANAGER_URL, shopId: '7', state: 'gone', sortField: 'bogus', pageSize: '33', matchType: 'exact' },
      'keywords',
      TODAY,
    );
    expect(v).toMatchObject({
      shopId: 7,
      state: null,
      sortField: 'spend',
      sortOrder: 'descend',
      pageSize: 20,
      matchType: 'exact',
    });
    expect(v.endDate < TODAY).toBe(true);
    const path = parseManagerPath('/ppcMgr/sp/keywords/9');
    if (!path) throw new Error('no path');
    expect(managerQuery(v, path)).toMatchObject({
      shopId: 7,
      adGroupId: 9,
      matchType: 'exact',
      sortOrder: 'desc',
      sortField: 'spend',
    });
    const campaigns = readManagerView(
      { ...MANAGER_URL, matchType: 'exact', sortField: 'dailyBudget', sortOrder: 'ascend' },
      'campaigns',
      TODAY,
    );
    expect(campaigns).toMatchObject({ matchType: null, sortField: 'dailyBudget', sortOrder: 'ascend', shopId: null });
    const placements = readManagerView(MANAGER_URL, 'placements', TODAY);
    expect(placements).toMatchObject({ sortField: 'campaignName', sortOrder: 'ascend' });
  });
});

describe('bulk edits', () => {
  const GUARD = { stepPct: 50, maxBids: {} };
  it('sets, adds a percent or an amount, rounded to cents, and says when a limit clamped it', () => {
    expect(bulkValue(1, 'addPercent', 10, 'USD', 'bid')).toEqual({ value: 1.1, clamped: null });
    expect(bulkValue(0.5, 'addAmount', -0.25, 'USD', 'bid')).toEqual({ value: 0.25, clamped: null });
    expect(bulkValue(0.05, 'addAmount', -1, 'USD', 'bid')).toEqual({ value: 0.02, clamped: 'min' });
    expect(bulkValue(900, 'addPercent', 50, 'USD', 'bid')).toEqual({ value: 1000, clamped: 'max' });
    expect(bulkValue(null, 'addPercent', 10, 'USD', 'bid')).toBeNull();
    expect(bulkValue(null, 'set', 3, 'JPY', 'bid')).toEqual({ value: 3, clamped: null });
    expect(bulkValue(10, 'set', 0.5, 'USD', 'budget')).toEqual({ value: 1, clamped: 'min' });
    expect(bulkValue(1.005, 'addPercent', 0, 'USD', 'bid')).toEqual({ value: 1.01, clamped: null });
  });

  it('refuses a percent outside −99…+1,000 % and a "set to" outside the limits before anything is sent', () => {
    expect(bulkAmountProblem('addPercent', 100000, 'USD', 'bid')?.key).toBe('percentRange');
    expect(bulkAmountProblem('addPercent', -200, 'USD', 'bid')?.key).toBe('percentRange');
    expect(bulkAmountProblem('addPercent', -99, 'USD', 'bid')).toBeNull();
    expect(bulkAmountProblem('addPercent', 1000, 'USD', 'bid')).toBeNull();
    expect(bulkAmountProblem('set', 1001, 'USD', 'bid')).toEqual({
      key: 'outOfLimits',
      values: { min: 0.02, max: 1000, currency: 'USD' },
    });
    expect(bulkAmountProblem('set', 1, 'JPY', 'bid')?.key).toBe('outOfLimits');
    expect(bulkAmountProblem('set', null, 'USD', 'bid')?.key).toBe('amountRequired');
    expect(bulkAmountProblem('pause', null, 'USD', 'bid')).toBeNull();
    expect(valueProblem(0.5, 'USD', 'budget')?.key).toBe('outOfLimits');
    expect(valueProblem(5, 'USD', 'bid')).toBeNull();
  });

  it('asks for a confirmation over the step (at most the server ±50 %) or over the maximum bid', () => {
    expect(overGuard(4.38, 6.57, 'bid', 'USD', GUARD)).toBeNull();
    expect(overGuard(4.38, 6.58, 'bid', 'USD', GUARD)).toBe('step');
    expect(overGuard(4.38, 2.18, 'bid', 'USD', GUARD)).toBe('step');
    expect(overGuard(1, 1.3, 'bid', 'USD', { stepPct: 20, maxBids: {} })).toBe('step');
    expect(overGuard(1, 1.6, 'bid', 'USD', { stepPct: 200, maxBids: {} })).toBe('step');
    expect(overGuard(2, 2.5, 'bid', 'USD', { stepPct: 50, maxBids: { USD: 2.4 } })).toBe('max');
    expect(overGuard(2, 2.5, 'budget', 'USD', { stepPct: 50, maxBids: { USD: 2.4 } })).toBeNull();
    expect(overGuard(null, 9, 'bid', 'USD', GUARD)).toBeNull();
  });

  it('previews every row before → after, flags rows that do not change, and makes one change per changing row', () => {
    const rows = [
      { id: 1, version: 3, state: 'enabled', currency: 'USD', money: 4.38, name: 'a' },
      { id: 2, version: 1, state: 'paused', currency: 'USD', money: 1000, name: 'b' },
      { id: 3, version: 5, state: 'archived', currency: 'USD', money: 2, name: 'c' },
      { id: 4, version: 2, state: 'enabled', currency: 'USD', money: null, name: 'd' },
    ];
    const p = bulkPreview(rows, 'bid', 'addPercent', 60, GUARD);
    expect(p.map((r) => [r.id, r.before, r.after, r.status, r.clamped, r.over])).toEqual([
      [1, 4.38, 7.01, 'change', null, 'step'],
      [2, 1000, 1000, 'same', 'max', null],
      [3, 2, 2, 'archived', null, null],
      [4, null, null, 'noValue', null, null],
    ]);
    expect(bulkChanges(rows, p, 'keyword', 'bid', 'addPercent')).toEqual([
      { entityType: 'keyword', entityId: 1, field: 'bid', value: 7.01, version: 3 },
    ]);
    const set = bulkPreview(rows, 'bid', 'set', 2, GUARD);
    expect(bulkChanges(rows, set, 'keyword', 'bid', 'set')).toEqual([
      { entityType: 'keyword', entityId: 1, field: 'bid', value: 2, version: 3 },
      { entityType: 'keyword', entityId: 2, field: 'bid', value: 2, version: 1 },
      { entityType: 'keyword', entityId: 4, field: 'bid', value: 2, version: 2 },
    ]);
    const pause = bulkPreview(rows, 'daily_budget', 'pause', 0, GUARD);
    expect(pause.map((r) => r.status)).toEqual(['change', 'same', 'archived', 'change']);
    expect(bulkChanges(rows, pause, 'campaign', 'daily_budget', 'pause')).toEqual([
      { entityType: 'campaign', entityId: 1, field: 'state', value: 'paused', version: 3 },
      { entityType: 'campaign', entityId: 4, field: 'state', value: 'paused', version: 2 },
    ]);
    expect(bulkChanges(rows, bulkPreview(rows, null, 'addPercent', 10, GUARD), 'product_ad', null, 'addPercent')).toEqual([]);
  });
});

describe('create form', () => {
  it('splits lines, drops duplicates and finds what is not an ASIN', () => {
    expect(linesOf(' Desk lamp \n\ndesk  LAMP, led lamp')).toEqual(['desk lamp', 'led lamp']);
    expect(badAsins('b0abcdefgh\nnope\n123456789X')).toEqual(['NOPE']);
  });

  it('builds an SP manual body: keywords × match types, negatives, placements', () => {
    const body = createBody('sp', {
      shopId: 3,
      name: ' Lamp SP ',
      dailyBudget: 20,
      targeting: 'manual',
      adGroupName: 'G',
      defaultBid: 0.7,
      asins: ['b0ppcfix01'],
      keywordLines: 'desk lamp\nled lamp',
      matchTypes: ['exact', 'phrase'],
      keywordBid: 1.2,
      negativeLines: 'cheap',
      negativeMatchType: 'negative_phrase',
      negativeAsinLines: 'b0negativ1',
      topOfSearch: 40,
    });
    expect(body).toMatchObject({
      shopId: 3,
      name: 'Lamp SP',
      targeting: 'manual',
      asins: ['B0PPCFIX01'],
      placements: { top_of_search: 40, product_pages: 0, rest_of_search: 0 },
      negativeKeywords: [{ text: 'cheap', matchType: 'negative_phrase' }],
      negativeAsins: ['B0NEGATIV1'],
    });
    expect((body as { keywords: unknown[] }).keywords).toHaveLength(4);
    expect(createBody('sp', { targeting: 'auto', keywordLines: 'x', matchTypes: ['exact'] })).not.toHaveProperty('keywords');
    expect(createBody('sd', { targetLines: 'b0compet01', targetBid: 0.5 })).toMatchObject({
      targets: [{ asin: 'B0COMPET01', bid: 0.5 }],
    });
  });
});
