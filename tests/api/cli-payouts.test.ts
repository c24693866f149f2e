// The monthly close from the shell: payouts:prepare, payouts:list, payouts:export and payouts:mark-paid, as tables
// and as --json, against a real database (the same service as the admin API).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { PRODUCTION_TEST_ENV } from '#tests/setup/built';
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
  /** The file payouts:export wrote before the batch was paid. */
  let exported: Buffer = Buffer.alloc(0);

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
    expect(JSON.parse(run.stdout)).toEqual({ batch_id: batchId, file: out, transfers: 1, bytes: 4 * 122, copy: false });
    const records = readFileSync(out).toString('latin1').split('\r\n');
    expect(records.slice(0, 4).map((r) => r.length)).toEqual([120, 120, 120, 120]);
    expect(records[2].slice(0, 19)).toBe('8000001000000008500');
    exported = readFileSync(out);
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

  it('payouts:export refuses a paid batch; --reexport writes the same bytes as a copy, named and announced as one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payouts-paid-'));
    const out = path.join(dir, 'again.txt');
    const refused = await runCli(databaseUrl, ['payouts:export', String(batchId), '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      '2026-08 の支払バッチは支払済みです。この振込ファイルを銀行に渡すと二重に振り込まれるため、書き出しません。記録用の控えが必要なときは、控えとして書き出す指定をしてください（CLI: --reexport、API: reexport=true）\n',
    );
    expect(refused.stdout).toBe('');
    expect(existsSync(out)).toBe(false);

    const copy = await runCli(databaseUrl, ['payouts:export', String(batchId), '--reexport', '--out', out, '--json']);
    expect(copy.code).toBe(0);
    expect(JSON.parse(copy.stdout)).toEqual({ batch_id: batchId, file: out, transfers: 1, bytes: 4 * 122, copy: true });
    expect(copy.stderr).toBe(`注意: 2026-08 の支払バッチは支払済みです。${out} は記録用の控えです。銀行に渡すと二重に振り込まれます\n`);
    expect(readFileSync(out).equals(exported)).toBe(true);

    // On stdout the bank file is all there is: a JSON summary beside it is refused before anything is written.
    const jsonPiped = await runCli(databaseUrl, ['payouts:export', String(batchId), '--reexport', '--out', '-', '--json']);
    expect(jsonPiped.code).toBe(1);
    expect(jsonPiped.stderr).toBe('--json は --out - と同時に指定できません（標準出力には振込ファイルだけを書き出します）\n');
    expect(jsonPiped.stdout).toBe('');

    const piped = await runCli(databaseUrl, ['payouts:export', String(batchId), '--reexport', '--out', '-']);
    expect(piped.code).toBe(0);
    expect(piped.raw.equals(exported)).toBe(true);
    expect(piped.stderr).toBe(
      '注意: 2026-08 の支払バッチは支払済みです。書き出した内容 は記録用の控えです。銀行に渡すと二重に振り込まれます\n',
    );
  });

  it('under NODE_ENV=production refuses to start without the issuer and transfer-file variables, or with a kanji 委託者名', async () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://tabitoko.example' };
    const { PAYOUT_CLIENT_CODE: _, ...withoutClientCode } = PRODUCTION_TEST_ENV;
    const missing = await runCli(databaseUrl, ['payouts:list'], { env: { ...production, ...withoutClientCode } });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      '環境変数 PAYOUT_CLIENT_CODE の値が正しくありません（required in production (the 委託者コード the bank gave for the transfer file; the default is a demo value)）。設定を直してから実行してください\n',
    );
    const kanji = await runCli(databaseUrl, ['payouts:list'], {
      env: { ...production, ...PRODUCTION_TEST_ENV, PAYOUT_CLIENT_NAME: '株式会社たびとこ' },
    });
    expect(kanji.code).toBe(2);
    expect(kanji.stderr).toBe(
      '環境変数 PAYOUT_CLIENT_NAME の値が正しくありません（PAYOUT_CLIENT_NAME must be the 委託者名 in kana as the bank registered it (half-width katakana, e.g. ﾀﾋﾞﾄｺ(ｶ); kanji cannot be written in the transfer file）。設定を直してから実行してください\n',
    );
  });
});
