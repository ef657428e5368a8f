import { describe, expect, it } from 'vitest';
import { niceScale, textWidth, visibleLabels } from './scale';

describe('niceScale', () => {
  it('runs from zero to a round step above the highest value', () => {
    expect(niceScale([120, 1234, 800])).toEqual({ min: 0, max: 1250, ticks: [0, 250, 500, 750, 1000, 1250] });
  });

  it('goes below zero for a loss and keeps zero on the axis', () => {
    const scale = niceScale([-120, 900, null]);
    expect(scale.min).toBe(-250);
    expect(scale.max).toBe(1000);
    expect(scale.ticks).toContain(0);
  });

  it('draws 0 to 1 when there is nothing but zeros or gaps', () => {
    expect(niceScale([0, null]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceScale([]).max).toBe(1);
  });

  it('keeps decimals exact', () => {
    expect(niceScale([0.3]).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe('labels', () => {
  it('measures CJK characters wider than Latin ones', () => {
    expect(textWidth('德国')).toBeGreaterThan(textWidth('DE'));
  });

  it('hides a label that would overlap the one before it', () => {
    const labels = ['11-01', '11-02', '11-03', '11-04'];
    expect([...visibleLabels(labels, [0, 100, 200, 300])]).toEqual([0, 1, 2, 3]);
    expect([...visibleLabels(labels, [0, 30, 60, 90])]).toEqual([0, 2]);
  });
});
