import { describe, expect, it } from 'vitest';
import { clampPct, copyDay, flatGrid, paintRect, pctColor, presetGrid, slotNow } from './grid';

describe('schedule grid', () => {
  it('makes the presets', () => {
    const b = presetGrid('businessHours');
    expect([b[0]?.[9], b[0]?.[18], b[5]?.[10]]).toEqual([120, 80, 80]);
    expect(presetGrid('nightsLow')[3]?.slice(4, 7)).toEqual([50, 50, 100]);
    expect(presetGrid('weekend').map((d) => d[12])).toEqual([100, 100, 100, 100, 100, 70, 70]);
  });

  it('paints a rectangle and copies a day without touching the source', () => {
    const g = paintRect(flatGrid(), { d: 2, h: 5 }, { d: 1, h: 3 }, 60);
    expect(g[1]?.slice(2, 7)).toEqual([100, 60, 60, 60, 100]);
    expect(g[3]?.[4]).toBe(100);
    const c = copyDay(g, 1, [0, 6]);
    expect(c[0]).toEqual(g[1]);
    expect(c[6]).toEqual(g[1]);
    expect(c[4]).toEqual(flatGrid()[4]);
  });

  it('keeps multipliers within 10–300 % and colours them', () => {
    expect([clampPct(0), clampPct(999), clampPct(55.4)]).toEqual([10, 300, 55]);
    expect(pctColor(100)).toBe('#ffffff');
    expect(pctColor(50)).not.toBe(pctColor(150));
  });

  it('reads the hour in the marketplace time zone', () => {
    // 2026-03-02 18:30 UTC is Monday 10:30 in Los Angeles and Tuesday 03:30 in Tokyo.
    const at = new Date(Date.UTC(2026, 2, 2, 18, 30));
    expect(slotNow('America/Los_Angeles', at)).toEqual({ d: 0, h: 10 });
    expect(slotNow('Asia/Tokyo', at)).toEqual({ d: 1, h: 3 });
  });
});
