import type { Measures } from '@bo/contract/sales/sales-profit';
import { describe, expect, it } from 'vitest';
import { hasFigures, kpiFigure } from './kpis';

const measures = (m: Partial<Measures>): Measures => ({
  units: 0,
  orders: 0,
  revenue: 0,
  refunds: 0,
  fees: 0,
  adSpend: 0,
  cogs: 0,
  otherCosts: 0,
  profit: 0,
  margin: null,
  ...m,
});

describe('KPI figures', () => {
  it('shows revenue in the reporting currency with its rise as good news', () => {
    const f = kpiFigure('revenue', measures({ revenue: 1100 }), measures({ revenue: 1000 }), 'USD');
    expect(f).toMatchObject({
      value: 'US$ 1,100.00',
      previous: 'US$ 1,000.00',
      change: '+10.00%',
      direction: 'up',
      tone: 'good',
    });
  });

  it('marks a loss and judges a shrinking profit as bad', () => {
    const f = kpiFigure('profit', measures({ profit: -50 }), measures({ profit: 100 }), 'USD');
    expect(f).toMatchObject({ value: '-US$ 50.00', negative: true, change: '-150.00%', direction: 'down', tone: 'bad' });
  });

  it('judges rising ad spend as bad and falling ad spend as good', () => {
    expect(kpiFigure('adSpend', measures({ adSpend: 120 }), measures({ adSpend: 100 }), 'USD').tone).toBe('bad');
    expect(kpiFigure('adSpend', measures({ adSpend: 80 }), measures({ adSpend: 100 }), 'USD').tone).toBe('good');
  });

  it('compares the margin in percentage points, and shows none without revenue', () => {
    expect(kpiFigure('margin', measures({ margin: 0.25 }), measures({ margin: 0.2 }), 'USD')).toMatchObject({
      value: '25.00%',
      change: '+5.00 pp',
      tone: 'good',
    });
    expect(kpiFigure('margin', measures({ margin: null }), measures({ margin: 0.2 }), 'USD')).toMatchObject({
      value: '—',
      change: '—',
      tone: 'neutral',
    });
  });

  it('has no change to show when the previous period sold nothing', () => {
    expect(kpiFigure('units', measures({ units: 1200 }), measures({ units: 0 }), 'USD')).toMatchObject({
      value: '1,200',
      change: '—',
      direction: null,
    });
  });

  it('knows an empty period', () => {
    expect(hasFigures(measures({}))).toBe(false);
    expect(hasFigures(measures({ adSpend: 3 }))).toBe(true);
  });
});
