import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './content-disposition';
import { apiUrl, buildQueryString, fillPath } from './request-url';

describe('buildQueryString', () => {
  it('repeats array keys without indices and skips empty values', () => {
    expect(buildQueryString({ a: [1, 2], b: 'x', c: undefined, d: null, e: [], f: false })).toBe('a=1&a=2&b=x&f=false');
  });
  it('writes dates as ISO strings', () => {
    expect(buildQueryString({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe('at=2026-01-02T00%3A00%3A00.000Z');
  });
});

describe('paths', () => {
  it('fills {params} and encodes them', () => {
    expect(fillPath('a/{id}/b/{name}', { id: 5, name: 'x/y' })).toBe('a/5/b/x%2Fy');
  });
  it('refuses a missing param', () => {
    expect(() => fillPath('a/{id}', {})).toThrow(/id/);
  });
  it('prefixes /api', () => {
    expect(apiUrl('user/rest/v1/login')).toBe('/api/user/rest/v1/login');
    expect(apiUrl('x', undefined, { q: 'a' })).toBe('/api/x?q=a');
  });
});

describe('filenameFromDisposition', () => {
  it('prefers the RFC 5987 name', () => {
    expect(filenameFromDisposition(`attachment; filename="plain.xlsx"; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx`)).toBe(
      '报表.xlsx',
    );
  });
  it('reads quoted and bare names', () => {
    expect(filenameFromDisposition('attachment; filename="sales report.csv"')).toBe('sales report.csv');
    expect(filenameFromDisposition('attachment; filename=sales.csv')).toBe('sales.csv');
  });
  it('strips paths and falls back', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition(null)).toBe('download');
    expect(filenameFromDisposition('inline', 'x.bin')).toBe('x.bin');
  });
});
