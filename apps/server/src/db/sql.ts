import { type SQL, sql } from 'drizzle-orm';

/**
 * A JS array as one SQL set: drizzle spreads an interpolated array into a parameter
 * list, which PostgreSQL cannot cast to an array and which breaks past 65,535 values.
 */
export const textSet = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
export const intSet = (values: readonly number[]): SQL =>
  sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::int)`;
