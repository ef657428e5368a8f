/** A server-paged list's pagination: the query's page and size, the total in the screen's words. */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { listPagination } from './list-paging';

const t = ((key: string, o: { count: number }) => `${key}:${o.count}`) as unknown as TFunction;

describe('listPagination', () => {
  it('takes the page, size and total, with "N in all" by default', () => {
    const p = listPagination({ pageNum: 3, pageSize: 50 }, 420, t);
    expect(p).toMatchObject({ current: 3, pageSize: 50, total: 420, showSizeChanger: true });
    expect('pageSizeOptions' in p).toBe(false);
    expect(p.showTotal?.(420, [1, 50])).toBe('list.total:420');
  });

  it("offers the screen's page sizes and says the total in its words", () => {
    const p = listPagination({ pageNum: 1, pageSize: 20 }, 7, t, { sizes: [10, 20, 50], totalKey: 'ppc.board.total' });
    expect(p).toMatchObject({ pageSizeOptions: ['10', '20', '50'] });
    expect(p.showTotal?.(7, [1, 7])).toBe('ppc.board.total:7');
  });
});
