// Browser tests: the built server (npm run build first) with demo data, driven through Debian's Chromium.
import { defineConfig } from 'vitest/config';

/** Files that assert how fast the server answers under a burst: they run last, alone on the machine. */
const ALONE = ['tests/e2e/webhook-burst.test.ts'];

export default defineConfig({
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // How long `expect.poll` waits for what a page does after a click (a chunk loaded, a request answered): Vitest's
    // 1 s default runs out while the other worker's file keeps the machine busy. A poll that succeeds returns at once.
    expect: { poll: { timeout: 15_000 } },
    setupFiles: ['tests/setup/file-end.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ALONE,
          globalSetup: ['tests/setup/global-server.ts'],
          // Two files at a time, each worker against its own shared server (tests/setup/global-server.ts): Chromium,
          // the server and the test each wait on the others, so one file at a time leaves a core of the 2-core machine
          // idle (on the quiet machine: 323 s against 381 s one at a time).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-alone',
          include: ALONE,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
