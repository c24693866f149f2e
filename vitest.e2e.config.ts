// Browser tests: the built server (npm run build first) with demo data, driven through Debian's Chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/global-server.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
