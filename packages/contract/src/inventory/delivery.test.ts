import { describe, expect, it } from 'vitest';
import { addDays, late, onTheWay, onTime } from './delivery';

describe('late and on time', () => {
  it('adds days across a month and a year', () => {
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
  it('is on time up to ETA + 3 days, not after; no verdict without an ETA or a receipt', () => {
    expect(onTime('2026-03-01', '2026-03-04')).toBe(true);
    expect(onTime('2026-03-01', '2026-03-05')).toBe(false);
    expect(onTime(null, '2026-03-05')).toBeNull();
    expect(onTime('2026-03-01', null)).toBeNull();
  });
  it('is on its way while shipped, or received in part and not closed', () => {
    expect(onTheWay('shipped', 10, 0)).toBe(true);
    expect(onTheWay('received', 10, 6)).toBe(true);
    expect(onTheWay('received', 10, 10)).toBe(false);
    expect(onTheWay('closed', 10, 6)).toBe(false);
  });
  it('is late only while on the way and past ETA + 3 days', () => {
    expect(late('2026-03-01', '2026-03-04', true)).toBe(false);
    expect(late('2026-03-01', '2026-03-05', true)).toBe(true);
    expect(late('2026-03-01', '2026-03-05', false)).toBe(false);
    expect(late(null, '2026-03-05', true)).toBe(false);
  });
});
