import { describe, expect, it } from 'vitest';
import { readFilters, writeFilters } from './url-filters';

const defaults = { shop: '', market: [] as string[], state: 'all' };

describe('readFilters', () => {
  it('reads scalars and repeated keys', () => {
    const f = readFilters(new URLSearchParams('shop=3&market=0&market=2&state=open'), defaults);
    expect(f).toEqual({ shop: '3', market: ['0', '2'], state: 'open' });
  });
  it('falls back to the defaults', () => {
    expect(readFilters(new URLSearchParams(''), defaults)).toEqual({ shop: '', market: [], state: 'all' });
  });
});

describe('writeFilters', () => {
  it('writes arrays without indices and keeps unrelated keys', () => {
    const next = writeFilters(new URLSearchParams('pageNum=2&x=1'), defaults, { market: ['1', '4'], shop: '7' });
    expect(next.toString()).toBe('pageNum=2&x=1&market=1&market=4&shop=7');
  });
  it('leaves default values out of the URL', () => {
    const next = writeFilters(new URLSearchParams('state=open&shop=3'), defaults, { state: 'all', shop: '' });
    expect(next.toString()).toBe('');
  });
  it('round-trips through readFilters', () => {
    const written = writeFilters(new URLSearchParams(), defaults, { market: ['0'], state: 'closed' });
    expect(readFilters(written, defaults)).toEqual({ shop: '', market: ['0'], state: 'closed' });
  });
});
