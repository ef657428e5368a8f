import { describe, expect, it } from 'vitest';
import { marketplaceLocalDate } from './index';
import { marketIdForSalesChannel } from './markets';

describe('marketplaceLocalDate', () => {
  it('gives the date in the marketplace time zone', () => {
    expect(marketplaceLocalDate('2026-07-16T05:30:00+00:00', 0)).toBe('2026-07-15');
    expect(marketplaceLocalDate('2026-07-16T05:30:00+00:00', 1)).toBe('2026-07-16');
    expect(marketplaceLocalDate('2026-07-15T16:12:05-07:00', 3)).toBe('2026-07-16');
    expect(marketplaceLocalDate('2026-01-15T23:30:00Z', 2)).toBe('2026-01-15');
    expect(marketplaceLocalDate('2026-07-15T23:30:00Z', 2)).toBe('2026-07-16');
    expect(marketplaceLocalDate('2026-07-15T14:30:00Z', 9)).toBe('2026-07-16');
  });

  it('throws on an unknown marketplace or a non-timestamp', () => {
    expect(() => marketplaceLocalDate('2026-07-16T05:30:00Z', 99)).toThrow(RangeError);
    expect(() => marketplaceLocalDate('not a date', 0)).toThrow(RangeError);
  });
});

describe('marketIdForSalesChannel', () => {
  it.each([
    ['Amazon.com', 0],
    ['Amazon.de', 1],
    ['Amazon.co.uk', 2],
    ['Amazon.co.jp', 3],
    ['Amazon.ca', 4],
    ['Amazon.fr', 5],
    ['Amazon.it', 6],
    ['Amazon.es', 7],
    ['Amazon.sg', 8],
    ['Amazon.com.au', 9],
    ['Amazon.nl', 10],
    ['Amazon.se', 11],
    ['Amazon.pl', 12],
    ['amazon.com', 0],
    ['www.amazon.de', 1],
  ])('%s → %s', (channel, id) => {
    expect(marketIdForSalesChannel(channel)).toBe(id);
  });

  it('is null for Non-Amazon and unknown channels', () => {
    expect(marketIdForSalesChannel('Non-Amazon')).toBeNull();
    expect(marketIdForSalesChannel('Amazon.com.mx')).toBeNull();
  });
});
