// `create-coupon`, `list-coupons` and the behaviour every command shares (exit codes, one Japanese line on
// stderr, the production guard, tables aligned by display width, --json), as child processes on real PostgreSQL.
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { PRODUCTION_TEST_ENV } from '#tests/setup/built';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { Coupon } from '#src/modules/coupons/coupons.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { createCoupon } from '#tests/factories/coupons';
import { runCli } from '#tests/factories/cli';

let databaseUrl: string;
let orm: MikroORM;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});

const count = () => orm.em.fork().count(Coupon, {});

describe('cli coupons', { timeout: 300_000 }, () => {
  it('create-coupon: an amount coupon valid through --expires (Japan time) with --max-uses', async () => {
    const run = await runCli(databaseUrl, [
      'create-coupon',
      '--code',
      'spring-2030',
      '--amount',
      '500',
      '--expires',
      '2030-03-31',
      '--max-uses',
      '100',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const coupon = await orm.em.fork().findOneOrFail(Coupon, { code: 'SPRING-2030' });
    expect(run.stdout).toContain(`クーポン SPRING-2030 (ID: ${coupon.id}) を作成しました`);
    expect(coupon).toMatchObject({
      name: 'SPRING-2030',
      discountType: 'amount',
      discountValue: 500,
      maxUses: 100,
      usedCount: 0,
      active: true,
    });
    // Valid through March 31 in Japan: until April 1 00:00 +09:00.
    expect(new Date(coupon.validUntil as Date).toISOString()).toBe('2030-03-31T15:00:00.000Z');
    // Like every admin change, in the audit log: who (the operator) and what.
    const audit = await orm.em.fork().find(AuditLog, { entityType: 'coupon', entityId: coupon.id });
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['create', expect.stringContaining('operator')]]);
    expect(audit[0].after).toMatchObject({ code: 'SPRING-2030', max_uses: 100 });
  });

  it('create-coupon --percent --json: one JSON document on stdout', async () => {
    const run = await runCli(databaseUrl, ['create-coupon', '--code', 'TEN', '--percent', '10', '--name', '10%オフ', '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({
      code: 'TEN',
      name: '10%オフ',
      discount_type: 'percent',
      discount_value: 10,
      expires: null,
      max_uses: null,
    });
    expect((await orm.em.fork().findOneOrFail(Coupon, { code: 'TEN' })).id).toBe(json.id);
  });

  it('refuses bad input with the service messages, exit code 1, one line, nothing created', async () => {
    await createCoupon(orm, { code: 'TAKEN' });
    const before = await count();
    const yesterday = addDays(todayInJapan(), -1);
    for (const [args, message] of [
      [['--amount', '500'], '--code: クーポンコードを入力してください'],
      [['--code', 'A B', '--amount', '500'], '--code: クーポンコードは英数字・ハイフン・アンダースコアで入力してください'],
      [['--code', 'X'.repeat(51), '--amount', '500'], '--code: クーポンコードは50文字以内で入力してください'],
      [['--code', 'taken', '--amount', '500'], '--code: このクーポンコードはすでに使われています'],
      [['--code', 'NEW1'], '--amount: 割引額（--amount）か割引率（--percent）のどちらかを指定してください'],
      [['--code', 'NEW1', '--amount', '5', '--percent', '5'], '--amount: 割引額と割引率は同時に指定できません'],
      [['--code', 'NEW1', '--amount', '0'], '--amount: 割引額は1円以上の整数で入力してください'],
      [['--code', 'NEW1', '--percent', '101'], '--percent: 割引率は1〜100の整数で入力してください'],
      [['--code', 'NEW1', '--percent', '2.5'], '--percent: 割引率は1〜100の整数で入力してください'],
      [
        ['--code', 'NEW1', '--amount', '5', '--expires', '2030-02-30'],
        '--expires: 有効期限は YYYY-MM-DD の形式の正しい日付で入力してください',
      ],
      [['--code', 'NEW1', '--amount', '5', '--expires', yesterday], '--expires: 有効期限には今日以降の日付を入力してください'],
      [['--code', 'NEW1', '--amount', '5', '--max-uses', '0'], '--max-uses: 利用回数の上限は1以上の整数で入力してください'],
    ] as const) {
      const run = await runCli(databaseUrl, ['create-coupon', ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toContain('入力内容に誤りがあります');
      expect(run.stderr).toContain(message);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
    expect(await count()).toBe(before);
  });

  it('says one message per option, the maximum for a value over it; refuses an expiry past 2999 and an id past the integer column', async () => {
    const before = await count();
    for (const [args, line] of [
      [['--amount', '1099511627776'], '--amount: 割引額は1,000,000円以下で入力してください'],
      [['--amount', '5', '--min-amount', '1099511627776'], '--min-amount: 最低金額は100,000,000円以下で入力してください'],
      [['--amount', '5', '--max-uses', '2147483648'], '--max-uses: 利用回数の上限は2,147,483,647回以下で入力してください'],
      [['--amount', '5', '--expires', '9999-12-31'], '--expires: 有効期限は YYYY-MM-DD の形式の正しい日付で入力してください'],
    ] as const) {
      const run = await runCli(databaseUrl, ['create-coupon', '--code', 'BIG', ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toBe(`入力内容に誤りがあります: ${line}\n`);
    }
    expect(await count()).toBe(before);
    const beyond = await runCli(databaseUrl, ['deactivate-coupon', '1099511627776']);
    expect(beyond.code).toBe(1);
    expect(beyond.stderr).toBe('<id> には1〜2,147,483,647の整数を指定してください （--help で使い方を表示します）\n');
  });

  it('list-coupons --json parses back to the stored coupons; the table aligns full-width text', async () => {
    await createCoupon(orm, { code: 'WIDE', name: '全角の長い名前のクーポン', discountType: 'percent', discountValue: 15 });
    const json = await runCli(databaseUrl, ['list-coupons', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    const stored = await orm.em.fork().find(Coupon, {}, { orderBy: { id: 'desc' } });
    expect(parsed.coupons.map((c: { code: string }) => c.code)).toEqual(stored.map((c) => c.code));
    expect(parsed.meta).toMatchObject({ current_page: 1, total_pages: 1, total_count: stored.length });

    const table = await runCli(databaseUrl, ['list-coupons']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+コード\s+名前\s+割引\s+有効期限\s+利用回数\s+状態$/);
    const wide = lines.find((l) => l.includes('WIDE'));
    const spring = lines.find((l) => l.includes('SPRING-2030'));
    // The column after the name starts at the same display column in every row, full-width or not.
    const discountColumn = (line: string | undefined, discount: string) =>
      stringWidth((line ?? '').slice(0, (line ?? '').indexOf(discount)));
    expect(wide).toContain('15%引き');
    expect(spring).toContain('¥500引き');
    expect(discountColumn(wide, '15%引き') + stringWidth('15%引き')).toBe(discountColumn(spring, '¥500引き') + stringWidth('¥500引き'));
    expect(spring).toContain('2030-03-31');
    expect(spring).toMatch(/0 \/ 100/);
    expect(lines.at(-1)).toBe(`1 / 1 ページ（全${stored.length}件）`);
  });

  it('exit code 2 with one Japanese line for a bad environment; 1 for an unknown option', async () => {
    const env = await runCli('not a url', ['list-coupons']);
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^環境変数 DATABASE_URL の値が正しくありません（.+）。設定を直してから実行してください\n$/);
    const unknown = await runCli(databaseUrl, ['list-coupons', '--colour']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('不明なオプションです: --colour （--help で使い方を表示します）\n');
  });

  it('db:seed refuses NODE_ENV=production without --force, changing nothing', async () => {
    const run = await runCli(databaseUrl, ['db:seed'], {
      env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://tabitoko.example', ...PRODUCTION_TEST_ENV },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('db:seed はデータを変更・削除するため、NODE_ENV=production では --force を付けたときだけ実行します\n');
  });

  it('--help: Japanese descriptions, English option names', async () => {
    const run = await runCli(databaseUrl, ['create-coupon', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('クーポンを作成します');
    for (const option of ['--code', '--amount', '--percent', '--expires', '--max-uses', '--json']) expect(run.stdout).toContain(option);
  });
});
