// The operator CLI as an office uses it for a day: what it says when an account exists already, a name repeats, a
// page is past the end or a file cannot be written, in Japanese and naming the option typed; who the audit log says
// acted. Child processes against a real PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createAmbassador } from '#tests/factories/communities';
import { createExperience } from '#tests/factories/experiences';
import { createInquiry } from '#tests/factories/inquiries';
import { createUser } from '#tests/factories/users';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { User } from '#src/modules/users/users.entity';

let databaseUrl: string;
let orm: MikroORM;
const scratch = mkdtempSync(path.join(tmpdir(), 'cli-operator-'));

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const em = () => orm.em.fork();
const cli = (args: string[], env: Record<string, string> = {}) => runCli(databaseUrl, args, { env });

describe('create-admin on an existing account', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('says it promoted an existing account, keeps its password, and says so when --password was given', async () => {
    const user = await createUser(orm, { email: 'promote.me@example.com' });
    const before = await em().findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
    const run = await cli(['create-admin', '--email', 'Promote.Me@example.com', '--password', 'another123']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      '既存のアカウント promote.me@example.com（ゲスト）を管理者にしました。名前とパスワードは変更していません\n' +
        '--password は使いませんでした（既存のアカウントのパスワードは変えません。変更はパスワード再設定から行ってください）\n',
    );
    const after = await em().findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
    expect(after.role).toBe('ADMIN');
    expect(after.passwordHash).toBe(before.passwordHash);

    const again = await cli(['create-admin', '--email', 'promote.me@example.com']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('promote.me@example.com はすでに管理者です。何も変更していません\n');
  });

  it('refuses an invalid --password for an existing account, promoting nothing', async () => {
    const user = await createUser(orm, { email: 'host.keep@example.com', role: 'HOST' });
    const run = await cli(['create-admin', '--email', user.email, '--password', 'short12']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('入力内容に誤りがあります: --password: 8文字以上で入力してください\n');
    expect((await em().findOneOrFail(User, { id: user.id })).role).toBe('HOST');
  });
});

describe('add-ambassador with a name that exists', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('refuses a second ambassador of the same name, naming the first; --allow-duplicate adds it', async () => {
    const args = ['add-ambassador', '--name', '重複の教室', '--description', '同じ名前の確認です。', '--published'];
    const first = await cli(args);
    expect(first.code).toBe(0);
    const created = await em().findOneOrFail(Ambassador, { name: '重複の教室' });
    const second = await cli([...args.slice(0, 2), ' 重複の教室 ', ...args.slice(3)]);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `「重複の教室」という名前のアンバサダーがすでにあります（ID: ${created.id}）。同じ名前でもう一つ追加するときは --allow-duplicate を付けてください\n`,
    );
    expect(await em().count(Ambassador, { name: '重複の教室' })).toBe(1);
    const allowed = await cli([...args, '--allow-duplicate']);
    expect(allowed.code).toBe(0);
    expect(await em().count(Ambassador, { name: '重複の教室' })).toBe(2);
  });
});

describe('the audit actor', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('is the OS account running the CLI when the shell sets neither USER nor LOGNAME', async () => {
    const inquiry = await createInquiry(orm);
    const run = await cli(['resolve-inquiry', String(inquiry.id)], { USER: '', LOGNAME: '' });
    expect(run.code).toBe(0);
    const [entry] = await em().find(AuditLog, { entityType: 'inquiry', entityId: inquiry.id });
    expect(entry.actor).toBe(`operator:${userInfo().username}`);
    expect(entry.actor).not.toBe('operator:operator');
  });
});

describe('messages name the option typed, in Japanese', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('--user for a user already a member', async () => {
    const ambassador = await createAmbassador(orm);
    const user = await createUser(orm);
    const args = ['add-ambassador-member', '--ambassador', String(ambassador.id), '--user', user.email];
    expect((await cli(args)).code).toBe(0);
    const again = await cli(args);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('入力内容に誤りがあります: --user: このユーザーはすでにメンバーです\n');
  });

  it('a file --out cannot write, and a database that does not answer: what failed and what to check (exit 2)', async () => {
    const out = path.join(scratch, 'missing-folder', 'inquiries.csv');
    const file = await cli(['export-inquiries', '--out', out]);
    expect(file.code).toBe(2);
    expect(file.stderr).toBe(`${out} に書き出せませんでした: フォルダが存在しません\n`);

    const down = await runCli('postgres://postgres:postgres@127.0.0.1:1/nothing', ['list-inquiries']);
    expect(down.code).toBe(2);
    expect(down.stderr).toBe(
      'データベースに接続できませんでした（ECONNREFUSED）。DATABASE_URL のホストとポート、データベースが起動しているかを確認してください\n',
    );
  });
});

describe('pages', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('--page 0 says the range; a page past the last says how many pages there are (exit 1, table and JSON)', async () => {
    await createInquiry(orm, { name: '一件だけ' });
    const zero = await cli(['list-inquiries', '--page', '0']);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toBe('--page には1〜100,000の整数を指定してください （--help で使い方を表示します）\n');
    // The only unresolved inquiry of this file's database (the audit test resolved its own).
    for (const extra of [[], ['--json']]) {
      const past = await cli(['list-inquiries', '--unresolved', '--page', '2', ...extra]);
      expect(past.code).toBe(1);
      expect(past.stdout).toBe('');
      expect(past.stderr).toBe('--page 2 は最後のページを超えています（全1ページ、1件）\n');
    }
  });
});

describe('list-experiences', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('lists the approval queue without --pending, and still accepts it', async () => {
    const pending = await createExperience(orm, { approve: false, title: '承認待ち 省略可' });
    for (const args of [
      ['list-experiences', '--json'],
      ['list-experiences', '--pending', '--json'],
    ]) {
      const run = await cli(args);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).experiences.map((e: { id: number }) => e.id)).toContain(pending.id);
    }
  });
});
