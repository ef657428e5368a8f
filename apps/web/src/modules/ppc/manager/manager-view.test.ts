import { describe, expect, it } from 'vitest';
import { badAsins, createBody, linesOf } from './create-form';
import { bulkChanges, bulkValue, MANAGER_URL, managerQuery, parseManagerPath, readManagerView } from './manager-view';

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
  it('sets, adds a percent or an amount, rounded to cents and kept within the limits', () => {
    expect(bulkValue(1, 'addPercent', 10, 'USD', 'bid')).toBe(1.1);
    expect(bulkValue(0.5, 'addAmount', -0.25, 'USD', 'bid')).toBe(0.25);
    expect(bulkValue(0.05, 'addAmount', -1, 'USD', 'bid')).toBe(0.02);
    expect(bulkValue(900, 'addPercent', 50, 'USD', 'bid')).toBe(1000);
    expect(bulkValue(null, 'addPercent', 10, 'USD', 'bid')).toBeNull();
    expect(bulkValue(null, 'set', 3, 'JPY', 'bid')).toBe(3);
    expect(bulkValue(10, 'set', 0.5, 'USD', 'budget')).toBe(1);
    expect(bulkValue(1.005, 'addPercent', 0, 'USD', 'bid')).toBe(1.01);
  });

  it('makes one change per row that changes, with its version; archived rows are left out', () => {
    const rows = [
      { id: 1, version: 3, state: 'enabled', currency: 'USD', money: 1 },
      { id: 2, version: 1, state: 'paused', currency: 'USD', money: 2 },
      { id: 3, version: 5, state: 'archived', currency: 'USD', money: 2 },
    ];
    expect(bulkChanges(rows, 'keyword', 'bid', 'addPercent', 50)).toEqual([
      { entityType: 'keyword', entityId: 1, field: 'bid', value: 1.5, version: 3 },
      { entityType: 'keyword', entityId: 2, field: 'bid', value: 3, version: 1 },
    ]);
    expect(bulkChanges(rows, 'keyword', 'bid', 'set', 2)).toEqual([
      { entityType: 'keyword', entityId: 1, field: 'bid', value: 2, version: 3 },
    ]);
    expect(bulkChanges(rows, 'campaign', 'daily_budget', 'pause', 0)).toEqual([
      { entityType: 'campaign', entityId: 1, field: 'state', value: 'paused', version: 3 },
    ]);
    expect(bulkChanges(rows, 'product_ad', null, 'addPercent', 10)).toEqual([]);
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
