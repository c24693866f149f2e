// cancel-reservation: the operator cancels a reservation for its guest from the shell, through the administrator
// area's service (its refund, mails and refusals are tested in operator-cancellation.test.ts). Child processes on
// real PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createUser } from '#tests/factories/users';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';

let databaseUrl: string;
let orm: MikroORM;
const em = () => orm.em.fork();

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});

/** A confirmed reservation of one seat (the factory's ¥1,086, unpaid at the gateway) on a slot 20 days ahead. */
async function reservation() {
  const host = await createUser(orm, { role: 'HOST' });
  const guest = await createUser(orm, { name: '取消 六郎' });
  const experience = await createExperience(orm, { hostUserId: host.id, title: '竹かごを編む半日' });
  const slot = await createCalendar(orm, experience.id, { daysFromToday: 20, participantNumber: 1 });
  return createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
}

const status = async (id: number) => (await em().findOneOrFail(Reservation, { id })).status;

describe('cli cancel-reservation', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('checks the reason and asks before anything changes; --yes cancels, says the refund, and audits the operator', async () => {
    const r = await reservation();
    const id = String(r.id);

    const noReason = await runCli(databaseUrl, ['cancel-reservation', id, '--refund', 'full', '--yes']);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('--reason');
    const blank = await runCli(databaseUrl, ['cancel-reservation', id, '--reason', ' ', '--refund', 'full']);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain('取り消しの理由を入力してください');
    const badRefund = await runCli(databaseUrl, ['cancel-reservation', id, '--reason', '重複した予約', '--refund', 'half']);
    expect(badRefund.code).toBe(1);
    expect(badRefund.stderr).toContain('full');
    // Not a terminal and no --yes: refused before the change.
    const unasked = await runCli(databaseUrl, ['cancel-reservation', id, '--reason', '重複した予約', '--refund', 'full']);
    expect(unasked.code).toBe(1);
    expect(await status(r.id)).toBe('confirmed');

    const done = await runCli(databaseUrl, ['cancel-reservation', id, '--reason', '重複した予約', '--refund', 'full', '--yes'], {
      env: { USER: 'office' },
    });
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout.trim()).toBe(`予約番号 ${r.id} を取り消しました（返金額: ¥1,086）`);
    expect(await status(r.id)).toBe('cancelled');
    const audit = await em().find(AuditLog, { entityType: 'reservation', entityId: r.id });
    expect(audit.map((a) => [a.actor, a.action])).toEqual([['operator:office', 'cancel']]);

    const again = await runCli(databaseUrl, ['cancel-reservation', id, '--reason', '重複した予約', '--refund', 'full', '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('この予約はすでにキャンセルされています');
  });

  it('--json prints the result', async () => {
    const r = await reservation();
    const run = await runCli(databaseUrl, [
      'cancel-reservation',
      String(r.id),
      '--reason',
      'ホスト都合',
      '--refund',
      'policy',
      '--yes',
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ reservation_id: r.id, refund_amount: 1086 });
  });
});
