import { describe, expect, it } from 'vitest';
import { type FitColumn, fitColumns, NO_CHOICE, toggleColumn, widthOf } from './column-fit';

const cols: FitColumn[] = [
  { key: 'name', width: 200, priority: 'key' },
  { key: 'budget', width: 170, priority: 'normal' },
  { key: 'portfolio', width: 140, priority: 'detail' },
  { key: 'spend', width: 100, priority: 'key' },
  { key: 'clicks', width: 90, priority: 'normal' },
  { key: 'actions', width: 50, priority: 'key' },
];

describe('fitColumns', () => {
  it('always shows the key columns, even when they do not fit', () => {
    expect(fitColumns(cols, 100)).toEqual(['name', 'spend', 'actions']);
  });

  it('adds normal columns in order while they fit, then detail ones, keeping the declared order', () => {
    expect(fitColumns(cols, 350 + 170)).toEqual(['name', 'budget', 'spend', 'actions']);
    // budget does not fit, the smaller clicks still does
    expect(fitColumns(cols, 350 + 100)).toEqual(['name', 'spend', 'clicks', 'actions']);
    expect(fitColumns(cols, 350 + 170 + 90 + 140)).toEqual(cols.map((c) => c.key));
    // detail comes only after every normal column
    expect(fitColumns(cols, 350 + 170 + 90 + 139)).toEqual(['name', 'budget', 'spend', 'clicks', 'actions']);
  });

  it("follows the user's choice over the fit: shown stays shown, hidden stays hidden", () => {
    const choice = { shown: ['portfolio'], hidden: ['budget'] };
    expect(fitColumns(cols, 100, choice)).toEqual(['name', 'portfolio', 'spend', 'actions']);
    expect(fitColumns(cols, 5000, choice)).toEqual(['name', 'portfolio', 'spend', 'clicks', 'actions']);
  });

  it('never lets a choice hide a key column', () => {
    expect(fitColumns(cols, 100, { shown: [], hidden: ['spend'] })).toContain('spend');
  });
});

describe('toggleColumn', () => {
  it('moves a column between shown and hidden without duplicates', () => {
    const a = toggleColumn(NO_CHOICE, 'clicks', false);
    expect(a).toEqual({ shown: [], hidden: ['clicks'] });
    const b = toggleColumn(a, 'clicks', true);
    expect(b).toEqual({ shown: ['clicks'], hidden: [] });
    expect(toggleColumn(b, 'clicks', true)).toEqual({ shown: ['clicks'], hidden: [] });
  });
});

describe('widthOf', () => {
  it('sums the widths of the shown columns (the table scroll width)', () => {
    expect(widthOf(cols, ['name', 'spend', 'actions'])).toBe(350);
  });
});
