import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph: each file still builds its
    // own app on its own database (test/harness.ts), but the app's modules are imported once per
    // worker instead of once per file. Importing them afresh took most of the integration step's
    // time (602 s of imports across the workers at 130 files); no server module keeps state
    // between apps, and no test mocks a module.
    isolate: false,
  },
});
