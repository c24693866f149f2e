// The operators' refunds in the CLI: a refund the gateway keeps refusing is listed as 返金処理中 with its attempts and
// last error, and retry-refund has the worker try it at once (the same idempotency key: never a second refund).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createUser } from '#tests/factories/users';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';

let databaseUrl: string;
let orm: MikroORM;
const em = () => orm.em.fork();
const ids: { stuck: number; done: number } = { stuck: 0, done: 0 };

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  const host = await createUser(orm, { role: 'HOST' });
  const guest = await createUser(orm);
  const experience = await createExperience(orm, { hostUserId: host.id, title: '藍染めの手ぬぐいづくり' });
  const slot = await createCalendar(orm, experience.id);
  const refund = async (status: 'pending' | 'succeeded', attempts: number, lastError: string | null) => {
    const reservation = await createReservation(orm, {
      userId: guest.id,
      experienceId: experience.id,
      calendarIds: [slot.id],
      status: 'cancelled',
    });
    const [row] = await em().execute<{ id: number }[]>(
      `INSERT INTO refunds (reservation_id, amount, status, idempotency_key, attempts, next_attempt_at, last_error, succeeded_at)
       VALUES (?, 1086, ?, ?, ?, now() + interval '1 hour', ?, ?) RETURNING id`,
      [reservation.id, status, `refund-${reservation.id}`, attempts, lastError, status === 'succeeded' ? new Date() : null],
    );
    return row.id;
  };
  ids.stuck = await refund('pending', 7, 'card_declined: 決済会社が返金を拒否しました');
  ids.done = await refund('succeeded', 1, null);
  return () => orm.close(true);
});

describe('cli refunds', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('list-refunds shows the stuck refund first with its attempts and last error; --json parses back', async () => {
    const table = await runCli(databaseUrl, ['list-refunds']);
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/ID\s+予約番号\s+体験\s+金額\s+状態\s+試行回数\s+次の試行\s+最後のエラー/);
    expect(lines.findIndex((l) => l.includes('返金処理中'))).toBeLessThan(lines.findIndex((l) => l.includes('返金済み')));
    expect(table.stdout).toMatch(/藍染めの手ぬぐいづくり\s+¥1,086\s+返金処理中\s+7\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+card_declined/);

    const json = await runCli(databaseUrl, ['list-refunds', '--status', 'pending', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.refunds.map((r: { id: number }) => r.id)).toEqual([ids.stuck]);
    expect(parsed.refunds[0]).toMatchObject({
      status: 'pending',
      attempts: 7,
      amount: 1086,
      last_error: expect.stringContaining('card_declined'),
    });
    expect(parsed.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });

    const bad = await runCli(databaseUrl, ['list-refunds', '--status', 'lost']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('--status には pending, succeeded のいずれかを指定してください （--help で使い方を表示します）\n');
    const malformed = await runCli(databaseUrl, ['retry-refund', 'x']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toBe('<id> には1〜2,147,483,647の整数を指定してください （--help で使い方を表示します）\n');
  });

  it('retry-refund moves the next attempt to now and records who did it; a finished or unknown refund is refused', async () => {
    const run = await runCli(databaseUrl, ['retry-refund', String(ids.stuck)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`返金 (ID: ${ids.stuck}) を次の処理ですぐに再試行します`);
    const [row] = await em().execute<{ due: boolean; attempts: number; status: string }[]>(
      'SELECT next_attempt_at <= now() AS due, attempts, status FROM refunds WHERE id = ?',
      [ids.stuck],
    );
    expect(row).toEqual({ due: true, attempts: 7, status: 'pending' });
    expect(await em().count(AuditLog, { entityType: 'refund', entityId: ids.stuck, action: 'retry' })).toBe(1);

    const done = await runCli(databaseUrl, ['retry-refund', String(ids.done)]);
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('この返金はすでに完了しています');
    const unknown = await runCli(databaseUrl, ['retry-refund', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('返金が見つかりませんでした');
  });
});
