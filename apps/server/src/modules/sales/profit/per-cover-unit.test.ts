import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { perCoverUnit } from './sales-query';

const render = (q: ReturnType<typeof sql>) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(q);
  return { sql: text, params };
};

describe('perCoverUnit', () => {
  const ranges = [
    { unit: 'day', from: '2025-03-30', to: '2025-03-31' },
    { unit: 'month', from: '2025-01-01', to: '2025-01-01' },
    { unit: 'month', from: '2025-02-01', to: '2025-02-01' },
  ] as const;

  it("makes one statement per unit used, the longest unit first, from that unit's rollup", () => {
    const parts = perCoverUnit(ranges, ({ unit, table }) => sql`SELECT ${unit} FROM ${table} r`);
    expect(parts.map((p) => render(p))).toEqual([
      { sql: 'SELECT $1 FROM sales_listing_month r', params: ['month'] },
      { sql: 'SELECT $1 FROM sales_listing_day r', params: ['day'] },
    ]);
  });

  it("keeps each of the unit's ranges on the unit's own first-day column", () => {
    const [month] = perCoverUnit(ranges, ({ within }) => within);
    expect(render(month as ReturnType<typeof sql>)).toEqual({
      sql: 'r.month BETWEEN $1::date AND $2::date OR r.month BETWEEN $3::date AND $4::date',
      params: ['2025-01-01', '2025-01-01', '2025-02-01', '2025-02-01'],
    });
  });

  it('makes nothing for no ranges', () => {
    expect(perCoverUnit([], () => sql`SELECT 1`)).toEqual([]);
  });
});
