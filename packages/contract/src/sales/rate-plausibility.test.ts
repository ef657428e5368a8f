import { describe, expect, it } from 'vitest';
import { isAbsurdRate, RATE_WARN_DEVIATION, rateDeviation } from './sales-basis';

describe('exchange-rate plausibility', () => {
  it('measures how far a rate is from the reference', () => {
    expect(rateDeviation(1.08, 1.08)).toBe(0);
    expect(rateDeviation(1.35, 1.08)).toBeCloseTo(0.25);
    expect(rateDeviation(1.35, 1.08)).toBeGreaterThan(RATE_WARN_DEVIATION);
    expect(rateDeviation(1.1, 1.08)).toBeLessThan(RATE_WARN_DEVIATION);
    expect(rateDeviation(1.1, null)).toBeNull();
  });

  it('calls 1,000,000 USD per EUR and the inverse of JPY absurd, not a real move', () => {
    expect(isAbsurdRate(1_000_000, 1.08)).toBe(true);
    expect(isAbsurdRate(150, 0.0067)).toBe(true);
    expect(isAbsurdRate(0.0005, 0.0067)).toBe(true);
    expect(isAbsurdRate(1.3, 1.08)).toBe(false);
    expect(isAbsurdRate(5, null)).toBe(false);
  });
});
