// Unit tests (beside the code) and API tests (tests/api) against real PostgreSQL.
// Its own config so Vitest never loads the Vike plugin.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/setup/global-db.ts'],
    // Every API test's responses are checked against the OpenAPI document, and every file leaves the shared process's
    // environment as it found it.
    setupFiles: ['tests/setup/openapi-contract.setup.ts', 'tests/setup/shared-process.setup.ts', 'tests/setup/file-end.setup.ts'],
    pool: 'forks',
    // Three files at a time on the 2-core machine: the files wait on PostgreSQL, the CLI's child processes and their
    // own servers often enough that two left about a quarter of the CPU idle (docs/performance-log.md).
    maxWorkers: 3,
    // The files of a worker share one process and its loaded modules: every file builds its own app on its own
    // database (tests/setup/test-app.ts), so what a file needs is fresh without loading Express, the ORM and every
    // module again for each file.
    isolate: false,
    // Generous: a few tests (the fuzzer, the sign-in limits) make hundreds of requests or hash passwords many times,
    // and a loaded machine must not turn them red. A hang still fails.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
