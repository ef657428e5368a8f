import { sql } from 'drizzle-orm';

/** A JS array as one PostgreSQL array value (drizzle would spread it into a parameter list). */
export const textArray = (v: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(v)}::jsonb))::text[]`;
export const intArray = (v: readonly number[]) =>
  sql`ARRAY(SELECT (jsonb_array_elements_text(${JSON.stringify(v)}::jsonb))::int)::int[]`;
