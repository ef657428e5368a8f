import { describe, expect, it } from 'vitest';
import { DIAG_URL, diagQuery, readDiagView, readTermsView, TERMS_URL, termsQuery } from './diag-view';

const today = '2026-03-20';

describe('readDiagView', () => {
  it('defaults to the 30 settled days ending 3 days ago and the standard thresholds', () => {
    expect(readDiagView({ ...DIAG_URL }, today)).toEqual({
      shopId: null,
      startDate: '2026-02-16',
      endDate: '2026-03-17',
      minClicks: 10,
      minSpend: 5,
      idleDays: 14,
      kind: 'wasted_keyword',
    });
  });

  it('moves an unsettled end back, caps the window at 90 days and ignores junk', () => {
    const v = readDiagView(
      { ...DIAG_URL, shopId: '7', startDate: '2025-01-01', endDate: '2026-03-19', minClicks: 'x', idleDays: '2', kind: 'nope' },
      today,
    );
    expect(v).toMatchObject({
      shopId: 7,
      endDate: '2026-03-17',
      startDate: '2025-12-18',
      minClicks: 10,
      idleDays: 14,
      kind: 'wasted_keyword',
    });
    expect(diagQuery({ ...v, shopId: 7 })).toEqual({
      shopId: 7,
      startDate: '2025-12-18',
      endDate: '2026-03-17',
      minClicks: 10,
      minSpend: 5,
      idleDays: 14,
    });
  });
});

describe('readTermsView / termsQuery', () => {
  it('reads the filters and sends ACoS as fractions', () => {
    const v = readTermsView(
      {
        ...TERMS_URL,
        shopId: '3',
        keyword: ' lamp ',
        hasOrders: 'true',
        minClicks: '5',
        acosMin: '40',
        acosMax: '10',
        notKeyword: 'true',
        sortField: 'acos',
        sortOrder: 'ascend',
        pageNum: '2',
        pageSize: '50',
      },
      today,
    );
    expect(v).toMatchObject({
      shopId: 3,
      keyword: 'lamp',
      hasOrders: true,
      minClicks: 5,
      acosMin: 10,
      acosMax: 40,
      notKeyword: true,
    });
    expect(termsQuery({ ...v, shopId: 3 })).toMatchObject({
      shopId: 3,
      keyword: 'lamp',
      hasOrders: 'true',
      minClicks: 5,
      acosMin: 0.1,
      acosMax: 0.4,
      notKeyword: 'true',
      sortField: 'acos',
      sortOrder: 'asc',
      pageNum: 2,
      pageSize: 50,
    });
  });

  it('leaves out what is not set and falls back on bad values', () => {
    const v = readTermsView({ ...TERMS_URL, sortField: 'bogus', pageSize: '7', hasOrders: 'maybe' }, today);
    const q = termsQuery({ ...v, shopId: 1 });
    expect(q).not.toHaveProperty('hasOrders');
    expect(q).not.toHaveProperty('acosMin');
    expect(q).toMatchObject({ sortField: 'spend', sortOrder: 'desc', pageSize: 20, pageNum: 1 });
  });
});
