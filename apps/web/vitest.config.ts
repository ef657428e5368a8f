import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    // *.test.tsx render components in jsdom (each file says so in its first line).
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // The jsdom tests render antd: 20-80 s for a file when npm test runs them beside the
    // build and the browser suites. A bound, not a speed check (speed is npm run bench's).
    testTimeout: 120_000,
  },
});
