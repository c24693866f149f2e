// The monthly close from the shell: payouts:prepare, payouts:list, payouts:export and payouts:mark-paid, as tables
// and as --json, against a real database (the same service as the admin API).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-app';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { parseEnv } from '#src/lib/env';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createUser } from '#tests/factories/users';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';
import { bankAccountKey, encryptAccountNumber } from '#src/modules/earnings/bank-account-crypto';

let databaseUrl: string;
let orm: MikroORM;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  const host = await createUser(orm, { name: '山田 花子', role: 'HOST' });
  const guest = await createUser(orm);
  const experience = await createExperience(orm, { hostUserId: host.id });
  const slot = await createCalendar(orm, experience.id);
  const em = orm.em.fork();
  const [payee] = await em.execute<{ id: number }[]>(
    `INSERT INTO payees (user_id, bank_code, branch_code, account_type, account_number_encrypted, account_number_last3, holder_name)
     VALUES (?, '0005', '123', 'ordinary', ?, '345', 'ﾔﾏﾀﾞ ﾊﾅｺ') RETURNING id`,
    [host.id, encryptAccountNumber(bankAccountKey(parseEnv({ NODE_ENV: 'test' })), '0012345')],
  );
  const reservation = await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
  await em.execute(
    `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, available_at)
     VALUES (?, 'earning', ?, 8500, 10000, 1500, '2026-08-20T03:00:00Z')`,
    [payee.id, reservation.id],
  );
  return () => orm.close(true);
});

describe('cli payouts', { timeout: CLI_TEST_TIMEOUT }, () => {
  let batchId = 0;

  it('payouts:prepare --month prepares once; again it changes nothing', async () => {
    const first = await runCli(databaseUrl, ['payouts:prepare', '--month', '2026-08', '--json']);
    expect(first.stderr).toBe('');
    const detail = JSON.parse(first.stdout);
    expect(detail.created).toBe(true);
    expect(detail.batch).toMatchObject({ month: '2026-08', pay_date: '2026-09-30', payable_count: 1, transfer_total: 8500 });
    batchId = detail.batch.id;
    const again = await runCli(databaseUrl, ['payouts:prepare', '--month', '2026-08']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`2026-08 の支払バッチ (ID: ${batchId}) はすでに準備済みです（変更していません）`);
    expect(again.stdout).toMatch(/山田 花子\s+¥8,500\s+¥0\s+¥0\s+¥8,500\s+支払対象\s+三菱ＵＦＪ 横浜中山 普通 \*\*\*\*345/);
  });

  it('refuses a malformed month with a Japanese message and exit code 1', async () => {
    const bad = await runCli(databaseUrl, ['payouts:prepare', '--month', '2026/08']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('月は 2000-01〜2099-12 の YYYY-MM の形式で指定してください');
  });

  it('payouts:export writes the 全銀 file (120-byte records)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    const out = path.join(dir, 'furikomi.txt');
    const run = await runCli(databaseUrl, ['payouts:export', String(batchId), '--out', out, '--json']);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ batch_id: batchId, file: out, transfers: 1, bytes: 4 * 122 });
    const records = readFileSync(out).toString('latin1').split('\r\n');
    expect(records.slice(0, 4).map((r) => r.length)).toEqual([120, 120, 120, 120]);
    expect(records[2].slice(0, 19)).toBe('8000001000000008500');
  });

  it('payouts:mark-paid asks first, then marks it paid; payouts:list shows it', async () => {
    const refused = await runCli(databaseUrl, ['payouts:mark-paid', String(batchId)]);
    expect(refused.code).toBe(1);
    const paid = await runCli(databaseUrl, ['payouts:mark-paid', String(batchId), '--yes', '--json']);
    expect(paid.stderr).toBe('');
    expect(JSON.parse(paid.stdout).batch.status).toBe('paid');
    const list = await runCli(databaseUrl, ['payouts:list', '--json']);
    expect(JSON.parse(list.stdout).batches.map((b: { month: string; status: string }) => [b.month, b.status])).toEqual([
      ['2026-08', 'paid'],
    ]);
    const table = await runCli(databaseUrl, ['payouts:list']);
    expect(table.stdout).toMatch(/2026-08\s+2026-09-30\s+支払済み\s+1\s+¥8,500/);
    const [row] = await orm.em.fork().execute<{ n: string }[]>("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'payout'");
    expect(row.n).toBe('1');
  });
});
