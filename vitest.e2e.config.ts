// Browser tests: the built server (npm run build first) with demo data, driven through Debian's Chromium.
import { defineConfig } from 'vitest/config';

/** Files that assert how fast the server answers under a burst: they run last, alone on the machine. */
const ALONE = ['tests/e2e/webhook-burst.test.ts'];

export default defineConfig({
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    pool: 'forks',
    // A worker's files share its process and loaded modules, as the unit tests' do (vitest.config.ts): a file's browser
    // and ORM are closed when it ends (tests/setup/file-end.ts), and a fresh process per file loaded Playwright, the ORM
    // and the helpers again before every file (docs/performance-log.md).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // How long `expect.poll` waits for what a page does after a click (a chunk loaded, a request answered): Vitest's
    // 1 s default runs out while the other workers' files keep the machine busy. A poll that succeeds returns at once.
    expect: { poll: { timeout: 15_000 } },
    // Each file leaves the shared process's environment as it found it (tests/setup/shared-process.setup.ts).
    setupFiles: ['tests/setup/shared-process.setup.ts', 'tests/setup/file-end.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ALONE,
          // The shared servers, one per worker, and the run's embedded PostgreSQL with its migrated template, which
          // the files with a server of their own clone (tests/setup/server-process.ts startIsolatedServer).
          globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-server.ts'],
          // Three files at a time, each worker against its own shared server (tests/setup/global-server.ts): Chromium,
          // the server and the test each wait on the others, so with the headless shell two files at a time left part
          // of the 2-core machine idle (docs/performance-log.md).
          maxWorkers: 3,
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
