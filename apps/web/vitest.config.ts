import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    // *.test.tsx render components in jsdom (each file says so in its first line).
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
