import { defineConfig } from 'drizzle-kit';

// Every area's tables, found where they are declared: a new area's `*.table.ts` needs no list.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/*.table.ts',
  out: './src/db/migrations',
});
