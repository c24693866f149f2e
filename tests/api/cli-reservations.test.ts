// The reservations lookup in the CLI: list-reservations takes the admin list's filters (the same schema and messages),
// show-reservation <number> prints one reservation (full-width digits too); both read-only.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createUser } from '#tests/factories/users';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';

let databaseUrl: string;
let orm: MikroORM;
const ids = { kept: 0, cancelled: 0 };

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  const host = await createUser(orm, { role: 'HOST', name: '染め職人 青木' });
  const guest = await createUser(orm, { name: '山本 さくら', email: 'sakura-cli@example.com' });
  const experience = await createExperience(orm, { hostUserId: host.id, title: '藍染めの手ぬぐいづくり' });
  const first = await createCalendar(orm, experience.id, { date: '2027-05-02', startTime: '10:00', endTime: '12:00' });
  const second = await createCalendar(orm, experience.id, { date: '2027-05-09', startTime: '14:00', endTime: '16:00' });
  ids.kept = (await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [second.id, first.id] })).id;
  ids.cancelled = (
    await createReservation(orm, { userId: guest.id, experienceId: experience.id, calendarIds: [second.id], status: 'cancelled' })
  ).id;
  return () => orm.close(true);
});

const fullWidth = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

describe('cli reservations', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('list-reservations shows the newest booking first and filters as the admin list does; --json parses back', async () => {
    const table = await runCli(databaseUrl, ['list-reservations']);
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^予約番号\s+ゲスト\s+メールアドレス\s+体験\s+開催日\s+人数\s+金額\s+状態\s+予約日時$/);
    expect(lines[2]).toMatch(
      new RegExp(
        `^\\s*${ids.cancelled}\\s+山本 さくら\\s+sakura-cli@example.com\\s+藍染めの手ぬぐいづくり\\s+2027-05-09 14:00\\s+1\\s+¥1,086\\s+キャンセル\\s+`,
      ),
    );
    expect(lines[3]).toMatch(new RegExp(`^\\s*${ids.kept}\\s+山本 さくら\\s+.*2027-05-02 10:00\\s+1\\s+¥1,086\\s+確定\\s+`));
    expect(lines.at(-1)).toBe('1 / 1 ページ（全2件）');

    const json = await runCli(databaseUrl, ['list-reservations', '--status', 'confirmed', '--keyword', 'ＳＡＫＵＲＡ-cli', '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.reservations.map((r: { id: number }) => r.id)).toEqual([ids.kept]);
    const byName = JSON.parse(
      (await runCli(databaseUrl, ['list-reservations', '--keyword', '山本　さくら', '--slot-since', '2027-05-03', '--json'])).stdout,
    );
    expect(byName.reservations.map((r: { id: number }) => r.id)).toEqual([ids.cancelled, ids.kept]);
    expect(byName.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2 });
  });

  it('list-reservations refuses a bad status, a bad day and a range backwards with the messages of the admin list', async () => {
    const status = await runCli(databaseUrl, ['list-reservations', '--status', 'done']);
    expect(status.code).toBe(1);
    expect(status.stderr).toBe(
      '--status には pending, requires_action, confirmed, failed, expired, cancelled のいずれかを指定してください （--help で使い方を表示します）\n',
    );
    const day = await runCli(databaseUrl, ['list-reservations', '--booked-since', '2027-02-30']);
    expect(day.code).toBe(1);
    expect(day.stderr).toBe('入力内容に誤りがあります: --booked-since: 予約日（から）は YYYY-MM-DD の形式の正しい日付で指定してください\n');
    const backwards = await runCli(databaseUrl, ['list-reservations', '--slot-since', '2027-05-09', '--slot-until', '2027-05-01']);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toBe('入力内容に誤りがあります: --slot-until: 終了日は開始日以降の日付を指定してください\n');
    const keyword = await runCli(databaseUrl, ['list-reservations', '--keyword', 'あ'.repeat(101)]);
    expect(keyword.code).toBe(1);
    expect(keyword.stderr).toBe('入力内容に誤りがあります: --keyword: キーワードは100文字以内で入力してください\n');
  });

  it('show-reservation prints the reservation by its number, typed in full-width digits too; an unknown number is refused', async () => {
    const run = await runCli(databaseUrl, ['show-reservation', fullWidth(ids.kept)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^項目\s+内容$/);
    expect(run.stdout).toMatch(new RegExp(`^予約番号\\s+${ids.kept}$`, 'm'));
    expect(run.stdout).toMatch(/状態\s+確定\n/);
    expect(run.stdout).toMatch(/体験\s+藍染めの手ぬぐいづくり #\d+\n/);
    expect(run.stdout).toMatch(/ホスト\s+染め職人 青木\n/);
    expect(run.stdout).toMatch(/日程 1\s+2027-05-02 10:00〜12:00\n日程 2\s+2027-05-09 14:00〜16:00\n/);
    expect(run.stdout).toMatch(/合計\s+¥1,086\n/);
    expect(run.stdout).toMatch(/返金\s+返金はありません\n/);

    const json = JSON.parse((await runCli(databaseUrl, ['show-reservation', String(ids.cancelled), '--json'])).stdout);
    expect(json).toMatchObject({ id: ids.cancelled, status: 'cancelled', total_amount: 1086, refund: null });

    const unknown = await runCli(databaseUrl, ['show-reservation', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('予約が見つかりませんでした\n');
    const malformed = await runCli(databaseUrl, ['show-reservation', 'abc']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toBe('<number> には1〜2,147,483,647の整数を指定してください （--help で使い方を表示します）\n');
  });
});
