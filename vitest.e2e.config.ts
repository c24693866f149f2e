// Browser tests: the built server (npm run build first) with demo data, driven through Debian's Chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/global-server.ts'],
    pool: 'forks',
    // Two files at a time, each worker against its own shared server (tests/setup/global-server.ts): Chromium, the
    // server and the test each wait on the others, so one file at a time leaves a core of the 2-core machine idle.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
