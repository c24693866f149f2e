// The payout batches' list pages like every admin list (src/lib/paging.ts): a page past the last answers the last page
// (GET /api/v1/admin/payouts), and the CLI's payouts:list refuses it with the real page and row counts.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { setupCallers, type Callers } from '#tests/api/admin-helpers';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';

let t: TestApp;
let c: Callers;

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  // 30 batches, 2001-01 to 2003-06: two pages of 24.
  await t.orm.em.fork().execute(
    `INSERT INTO payout_batches (month, cutoff_at, pay_date, adapter, status, created_at, updated_at)
     SELECT to_char(date '2001-01-01' + make_interval(months => i), 'YYYY-MM'), now(), date '2001-01-31', 'bank_file', 'prepared', now(), now()
       FROM generate_series(0, 29) AS i`,
  );
});

const months = (body: { batches: { month: string }[] }) => body.batches.map((b) => b.month);

describe('payout batches, page by page', () => {
  it('answers the last page for a page past it, saying which page it is', async () => {
    const first = await c.agents.admin.get('/api/v1/admin/payouts');
    expect(first.status).toBe(200);
    expect(first.body.batches).toHaveLength(24);
    expect(months(first.body)[0]).toBe('2003-06');
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 30 });
    const last = ['2001-06', '2001-05', '2001-04', '2001-03', '2001-02', '2001-01'];
    const second = await c.agents.admin.get('/api/v1/admin/payouts?page=2');
    expect(months(second.body)).toEqual(last);
    expect(second.body.meta).toEqual({ current_page: 2, total_pages: 2, total_count: 30 });
    const past = await c.agents.admin.get('/api/v1/admin/payouts?page=5');
    expect(past.status).toBe(200);
    expect(months(past.body)).toEqual(last);
    expect(past.body.meta).toEqual({ current_page: 2, total_pages: 2, total_count: 30 });
  });

  it('payouts:list refuses a page past the last with the real counts, like the other lists', { timeout: CLI_TEST_TIMEOUT }, async () => {
    const past = await runCli(t.databaseUrl, ['payouts:list', '--page', '3']);
    expect(past.code).toBe(1);
    expect(past.stderr).toBe('--page 3 は最後のページを超えています（全2ページ、30件）\n');
    expect(past.stdout).toBe('');
    const pastJson = await runCli(t.databaseUrl, ['payouts:list', '--page', '3', '--json']);
    expect(pastJson.code).toBe(1);
    expect(pastJson.stdout).toBe('');
    const second = await runCli(t.databaseUrl, ['payouts:list', '--page', '2']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('2 / 2 ページ（全30件）');
    const malformed = await runCli(t.databaseUrl, ['payouts:list', '--page', '0']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toBe('--page には1〜100,000の整数を指定してください （--help で使い方を表示します）\n');
  });
});
