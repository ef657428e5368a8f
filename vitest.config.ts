import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; `npm test` runs them (and the browser tests).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/web', 'apps/server'],
  },
});
