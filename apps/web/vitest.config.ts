import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    // *.test.tsx render components in happy-dom (each file says so in its first line): it
    // rendered the same 69 files on half jsdom's CPU (98 s against 186 s), all passing.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // A worker imports antd, React and the app's modules once and runs its files one after
    // another (each file still gets a fresh DOM and its own render tree): 46 s of CPU against
    // 98 s isolated, every file passing in shuffled orders too.
    isolate: false,
    // The DOM tests render antd: 20-80 s for a file on a busy machine. A bound, not a speed
    // check (speed is npm run bench's).
    testTimeout: 120_000,
  },
});
