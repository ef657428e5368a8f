import { describe, expect, it } from 'vitest';
import { BOARD_URL, type BoardUrl, readBoardView, skuQuery } from './board-view';

const url = (patch: Partial<BoardUrl>): BoardUrl => ({ ...BOARD_URL, shopId: [], campaignType: [], ...patch });

describe('PPC board view', () => {
  it('reads a link into the view, dropping what it cannot use', () => {
    const v = readBoardView(
      url({
        shopId: ['3', 'x', '3', '0', '12'],
        campaignType: ['sd', 'zz', 'sp'],
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        sortField: 'acos',
        sortOrder: 'ascend',
        pageNum: '2',
        pageSize: '50',
        keyword: '  lamp ',
      }),
      '2026-04-10',
    );
    expect(v).toEqual({
      shopIds: [3, 12],
      campaignTypes: ['sp', 'sd'],
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      keyword: 'lamp',
      sortField: 'acos',
      sortOrder: 'ascend',
      pageNum: 2,
      pageSize: 50,
    });
    expect(skuQuery(v)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      shopId: [3, 12],
      campaignType: ['sp', 'sd'],
      keyword: 'lamp',
      sortField: 'acos',
      sortOrder: 'asc',
    });
  });

  it('falls back to the last 30 days, spend descending, page 1 of 20', () => {
    const v = readBoardView(url({ startDate: '2026-02-30', sortField: 'profit', pageNum: '-1', pageSize: '7' }), '2026-04-10');
    expect(v).toMatchObject({
      endDate: '2026-04-09',
      startDate: '2026-03-11',
      sortField: 'spend',
      sortOrder: 'descend',
      pageNum: 1,
      pageSize: 20,
    });
    expect(skuQuery(v)).not.toHaveProperty('shopId');
  });
});
