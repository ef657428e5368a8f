import { type SQL, sql } from 'drizzle-orm';

/**
 * A JS array as one SQL set: drizzle spreads an interpolated array into a parameter
 * list, which PostgreSQL cannot cast to an array and which breaks past 65,535 values.
 */
export const textSet = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
export const intSet = (values: readonly number[]): SQL =>
  sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::int)`;

/**
 * `= ANY(<int array>)` for a JS array of integers: PostgreSQL hashes the array and tests
 * each row against it, which is 1.3-2x faster than joining a set (`IN ${intSet(..)}`) when
 * a rollup scan filters hundreds of thousands of rows by shop or listing. Use as
 * sql`r.shop_id = ${anyInt(ids)}`.
 */
export const anyInt = (values: readonly number[]): SQL => {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`anyInt: not an integer: ${String(v)}`);
  return sql`ANY(${`{${values.join(',')}}`}::int[])`;
};
