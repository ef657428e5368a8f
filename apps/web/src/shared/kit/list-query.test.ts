import { catalogLinks, mailBlacklist } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearedFilters, isFiltered, readListQuery, sortSpec, writeListQuery } from './list-query';

const schema = z.object({
  keyword: z.string().trim().max(100).optional(),
  shopId: z.coerce.number().int().positive().optional(),
  markets: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.coerce.number().int())).optional(),
  sortField: z.enum(['sku', 'price']).default('sku'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

describe('readListQuery', () => {
  it('reads every field, with defaults for the missing ones', () => {
    const q = readListQuery(schema, new URLSearchParams('keyword=lamp&shopId=3&markets=1&markets=4&pageNum=2'));
    expect(q).toEqual({
      keyword: 'lamp',
      shopId: 3,
      markets: [1, 4],
      sortField: 'sku',
      sortOrder: 'asc',
      pageNum: 2,
      pageSize: 20,
    });
  });

  it('falls back to the default for a value the schema refuses, field by field', () => {
    const q = readListQuery(schema, new URLSearchParams('shopId=-1&sortField=nope&pageSize=9999&keyword=ok'));
    expect(q.shopId).toBeUndefined();
    expect(q.sortField).toBe('sku');
    expect(q.pageSize).toBe(20);
    expect(q.keyword).toBe('ok');
  });

  it("reads a contract endpoint's query (product links)", () => {
    const q = readListQuery(catalogLinks.listLinks.query, new URLSearchParams('status=0&sortField=price&sortOrder=descend'));
    // An old link says antd's 'descend': the contract reads it as 'desc'.
    expect(q).toMatchObject({ status: 0, sortField: 'price', sortOrder: 'desc', pageNum: 1 });
  });
});

describe('writeListQuery', () => {
  it('leaves defaults and empty values out of the URL and keeps keys outside the schema', () => {
    const next = writeListQuery(schema, new URLSearchParams('edit=12&keyword=a&pageNum=3'), {
      keyword: '',
      sortField: 'sku',
      shopId: 5,
    });
    expect(next.toString()).toBe('edit=12&shopId=5');
  });

  it('writes arrays as repeated keys and goes back to page 1 on a filter change', () => {
    const next = writeListQuery(schema, new URLSearchParams('pageNum=4'), { markets: [2, 3] });
    expect(next.getAll('markets')).toEqual(['2', '3']);
    expect(next.has('pageNum')).toBe(false);
  });

  it('keeps the filters when only the page changes', () => {
    const next = writeListQuery(schema, new URLSearchParams('keyword=a'), { pageNum: 2 });
    expect(next.toString()).toBe('keyword=a&pageNum=2');
  });

  it('round-trips: what is written reads back as the same query', () => {
    const patch = {
      keyword: 'x y',
      shopId: 7,
      markets: [0],
      sortField: 'price' as const,
      sortOrder: 'desc' as const,
      pageNum: 2,
    };
    const q = readListQuery(schema, writeListQuery(schema, new URLSearchParams(), patch));
    expect(q).toMatchObject(patch);
  });
});

describe('filters and sorting', () => {
  it('knows when a filter is set', () => {
    expect(isFiltered(schema, readListQuery(schema, new URLSearchParams('pageNum=3&sortField=price')))).toBe(false);
    expect(isFiltered(schema, readListQuery(schema, new URLSearchParams('shopId=1')))).toBe(true);
  });

  it("does not count a screen's fixed value as a filter", () => {
    const q = { ...readListQuery(schema, new URLSearchParams()), shopId: 4 };
    expect(isFiltered(schema, q)).toBe(true);
    expect(isFiltered(schema, q, ['shopId'])).toBe(false);
  });

  it('clears every filter but keeps paging keys out of the patch', () => {
    expect(Object.keys(clearedFilters(schema))).toEqual(['keyword', 'shopId', 'markets']);
  });

  it("reads the sort fields and both conventions' words from the schema", () => {
    expect(sortSpec(schema)).toEqual({ fields: ['sku', 'price'], asc: 'asc', desc: 'desc' });
    expect(sortSpec(catalogLinks.listLinks.query)?.asc).toBe('asc');
    const legacy = z.object({
      sortField: z.enum(['a']).default('a'),
      sortOrder: z.enum(['ascend', 'descend']).default('ascend'),
    });
    expect(sortSpec(legacy)).toMatchObject({ asc: 'ascend', desc: 'descend' });
    expect(sortSpec(mailBlacklist.list.query)).toMatchObject({ asc: 'asc', desc: 'desc' });
  });
});
