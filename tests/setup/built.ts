// What `npm run serve` and `npm run cli` run, for the tests and benchmarks that start them as child processes (with
// process.execPath, the Node the npm scripts run): the server compiled by `npm run build` with the production V8
// flags and C library setting, and the CLI's launcher (the build when it is current, else the sources: cli/launch.mjs).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const config: { node_flags: string; malloc_arena_max: string; cli_node_flags: string } = JSON.parse(
  readFileSync(path.join(root, 'package.json'), 'utf8'),
).config;

/** The production server's V8 flags: package.json config.node_flags, as `npm start` and `npm run serve` pass them. */
export const NODE_FLAGS = config.node_flags.split(/\s+/);

/** `npm run serve`'s arguments to node: the production V8 flags, then the built server. */
export const SERVER_ARGS = [...NODE_FLAGS, 'dist/node/server.mjs'];

/**
 * What `npm run serve` (and `npm start`) set in the server's environment: package.json config.malloc_arena_max as
 * MALLOC_ARENA_MAX, read by the C library when the process starts (docs/decisions/operations.md, "Memory").
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: config.malloc_arena_max };

/**
 * The variables production requires beside SESSION_SECRET and APP_URL (src/lib/env.ts PRODUCTION_REQUIRED: the
 * issuer printed on receipts and statements, the platform's account in the 全銀 file), for every server, app and CLI
 * run the tests and benchmarks start with NODE_ENV=production. Test values only: T9000000000000 is a made-up
 * インボイス登録番号 (twelve zeros, whose check digit is 9) that passes the check-digit test and is no business's number.
 */
export const PRODUCTION_TEST_ENV = {
  PLATFORM_NAME: 'テスト運営株式会社',
  PLATFORM_ADDRESS: '〒000-0000 テスト県テスト市1-1',
  INVOICE_REGISTRATION_NUMBER: 'T9000000000000',
  PAYOUT_CLIENT_CODE: '9999999999',
  PAYOUT_CLIENT_NAME: 'ﾃｽﾄｳﾝｴｲ(ｶ',
  PAYOUT_BANK_CODE: '9999',
  PAYOUT_BRANCH_CODE: '999',
  PAYOUT_ACCOUNT_NUMBER: '9999999',
};

/** `npm run cli`'s arguments to node, before the command's own. */
export const CLI_ARGS = [...config.cli_node_flags.split(/\s+/), 'cli/launch.mjs'];

/** Throws unless `npm run build` has made both the pages and the server. */
export function assertBuilt(): void {
  for (const file of ['dist/server/entry.mjs', 'dist/node/server.mjs']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
}
