// The office's daily commands on the administrator area's services, as child processes on real
// PostgreSQL: brand member invitations, ambassador members, inquiries, the approval queue.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { PRODUCTION_TEST_ENV } from '#tests/setup/built';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';
import { BrandAndAmbassadorInquiry } from '#src/modules/inquiries/inquiries.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { createAmbassador, createBrand, createBrandMember } from '#tests/factories/communities';
import { createUser } from '#tests/factories/users';
import { createInquiry } from '#tests/factories/inquiries';
import { createExperience } from '#tests/factories/experiences';
import { runCli } from '#tests/factories/cli';

let databaseUrl: string;
let orm: MikroORM;
const em = () => orm.em.fork();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});

describe('cli brand members', { timeout: 300_000 }, () => {
  it('invite-brand-member --brand <name>: the admin invitation, mailed, and its URL printed', async () => {
    const brand = await createBrand(orm, { name: 'みその蔵 CLI' });
    const run = await runCli(databaseUrl, ['invite-brand-member', '--brand', 'みその蔵 CLI', '--email', ' Staff@Example.com ']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const url = run.stdout.trim().split('\n').at(-1) ?? '';
    const match = /\/brand\/invitation\?email=staff%40example\.com&invitation_token=([\w-]+)$/.exec(url);
    expect(match).not.toBeNull();
    const member = await em().findOneOrFail(BrandMember, { email: 'staff@example.com' });
    expect(member.brand.id).toBe(brand.id);
    expect(member.invitationTokenHash).toBe(sha256(match?.[1] ?? ''));
    expect(await em().count(MailOutbox, { toAddress: 'staff@example.com' })).toBe(1);
  });

  it('list-brand-members --json parses back; the table shows the status in Japanese', async () => {
    const brand = await createBrand(orm);
    await createBrandMember(orm, brand.id, { email: 'joined@example.com', accepted: true });
    await createBrandMember(orm, brand.id, { email: 'waiting@example.com', accepted: false });
    const json = await runCli(databaseUrl, ['list-brand-members', '--brand', String(brand.id), '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.brand.id).toBe(brand.id);
    expect(parsed.members.map((m: { email: string; invitation_accepted: boolean }) => [m.email, m.invitation_accepted])).toEqual([
      ['joined@example.com', true],
      ['waiting@example.com', false],
    ]);
    const table = await runCli(databaseUrl, ['list-brand-members', '--brand', String(brand.id)]);
    expect(table.stdout).toMatch(/joined@example\.com\s+参加中/);
    expect(table.stdout).toMatch(/waiting@example\.com\s+招待中/);
  });

  it('remove-brand-member: refuses without a terminal or --yes, asks on a terminal, removes with --yes', async () => {
    const brand = await createBrand(orm);
    await createBrandMember(orm, brand.id, { email: 'bye@example.com' });
    const refused = await runCli(databaseUrl, ['remove-brand-member', '--brand', String(brand.id), '--email', 'bye@example.com']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('確認が必要な操作です。端末から実行するか、スクリプトでは --yes を付けてください\n');
    const declined = await runCli(databaseUrl, ['remove-brand-member', '--brand', String(brand.id), '--email', 'bye@example.com'], {
      tty: true,
      input: 'n\n',
    });
    expect(declined.stdout).toContain('bye@example.com を削除します。よろしいですか？ [y/N]');
    expect(declined.stdout).toContain('中止しました');
    expect(declined.code).toBe(1);
    expect(await em().count(BrandMember, { email: 'bye@example.com' })).toBe(1);
    const production = await runCli(
      databaseUrl,
      ['remove-brand-member', '--brand', String(brand.id), '--email', 'bye@example.com', '--yes'],
      {
        env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://tabitoko.example', ...PRODUCTION_TEST_ENV },
      },
    );
    expect(production.code).toBe(1);
    expect(production.stderr).toContain('NODE_ENV=production では --force を付けたときだけ実行します');
    const removed = await runCli(databaseUrl, ['remove-brand-member', '--brand', String(brand.id), '--email', 'bye@example.com', '--yes']);
    expect(removed.code).toBe(0);
    expect(await em().count(BrandMember, { email: 'bye@example.com' })).toBe(0);
  });

  it('refusals: bad e-mail, unknown brand, unknown member (exit 1, one line, nothing changed)', async () => {
    const brand = await createBrand(orm);
    const before = await em().count(BrandMember, {});
    const bad = await runCli(databaseUrl, ['invite-brand-member', '--brand', String(brand.id), '--email', 'not-an-email']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^入力内容に誤りがあります: --email: .+\n$/);
    const noBrand = await runCli(databaseUrl, ['invite-brand-member', '--brand', '存在しないブランド', '--email', 'a@example.com']);
    expect(noBrand.code).toBe(1);
    expect(noBrand.stderr).toBe('ブランドが見つかりませんでした\n');
    const withoutBrand = await runCli(databaseUrl, ['list-brand-members']);
    expect(withoutBrand.code).toBe(1);
    expect(withoutBrand.stderr).toBe('オプション --brand <id|name> を指定してください （--help で使い方を表示します）\n');
    const noMember = await runCli(databaseUrl, [
      'remove-brand-member',
      '--brand',
      String(brand.id),
      '--email',
      'nobody@example.com',
      '--yes',
    ]);
    expect(noMember.code).toBe(1);
    expect(noMember.stderr).toBe('ブランドメンバーが見つかりませんでした\n');
    expect(await em().count(BrandMember, {})).toBe(before);
  });
});

describe('cli ambassador members', { timeout: 300_000 }, () => {
  it('add-ambassador-member by e-mail, refuses a second time, remove-ambassador-member --yes', async () => {
    const ambassador = await createAmbassador(orm);
    const user = await createUser(orm, { email: 'member.cli@example.com' });
    const added = await runCli(databaseUrl, [
      'add-ambassador-member',
      '--ambassador',
      String(ambassador.id),
      '--user',
      'member.cli@example.com',
    ]);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe(`member.cli@example.com を ${ambassador.name} のメンバーに追加しました\n`);
    const membership = await em().findOneOrFail(AmbassadorMember, { ambassador: ambassador.id, user: user.id });
    // The user is told, as when the administrator adds them (tests/api/ambassador-member-mails.test.ts).
    const memberMails = () =>
      em().find(MailOutbox, { dedupeKey: { $like: `ambassador-member:${membership.id}:%` } }, { orderBy: { id: 'asc' } });
    expect((await memberMails()).map((m) => [m.dedupeKey, m.toAddress])).toEqual([
      [`ambassador-member:${membership.id}:added`, 'member.cli@example.com'],
    ]);
    const again = await runCli(databaseUrl, ['add-ambassador-member', '--ambassador', String(ambassador.id), '--user', String(user.id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('このユーザーはすでにメンバーです');
    const unknown = await runCli(databaseUrl, [
      'add-ambassador-member',
      '--ambassador',
      String(ambassador.id),
      '--user',
      'ghost@example.com',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('ユーザーが見つかりませんでした\n');
    const removed = await runCli(databaseUrl, [
      'remove-ambassador-member',
      '--ambassador',
      String(ambassador.id),
      '--user',
      String(user.id),
      '--yes',
    ]);
    expect(removed.code).toBe(0);
    // Named by --user as an id, the member is still told apart by their e-mail, as add-ambassador-member says it.
    expect(removed.stdout).toBe(`member.cli@example.com を ${ambassador.name} のメンバーから外しました\n`);
    expect(await em().count(AmbassadorMember, { ambassador: ambassador.id })).toBe(0);
    // A refused add mailed nobody; the removal is told too.
    expect((await memberMails()).map((m) => m.dedupeKey)).toEqual([
      `ambassador-member:${membership.id}:added`,
      `ambassador-member:${membership.id}:removed`,
    ]);
  });
});

describe('cli inquiries and experiences', { timeout: 300_000 }, () => {
  it('list-inquiries --unresolved --json, resolve-inquiry and back', async () => {
    const open = await createInquiry(orm, { name: '未対応の人' });
    await createInquiry(orm, { name: '対応済みの人', resolved: true });
    const json = await runCli(databaseUrl, ['list-inquiries', '--unresolved', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.inquiries.every((i: { resolved: boolean }) => !i.resolved)).toBe(true);
    expect(parsed.inquiries.map((i: { id: number }) => i.id)).toContain(open.id);
    const table = await runCli(databaseUrl, ['list-inquiries']);
    expect(table.stdout).toMatch(/未対応\s+\d+\s+未対応の人/);
    const resolved = await runCli(databaseUrl, ['resolve-inquiry', String(open.id)]);
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain(`お問い合わせ (ID: ${open.id}) を「対応済み」にしました`);
    expect((await em().findOneOrFail(BrandAndAmbassadorInquiry, { id: open.id })).resolved).toBe(true);
    await runCli(databaseUrl, ['resolve-inquiry', String(open.id), '--unresolved']);
    expect((await em().findOneOrFail(BrandAndAmbassadorInquiry, { id: open.id })).resolved).toBe(false);
    const missing = await runCli(databaseUrl, ['resolve-inquiry', '999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('お問い合わせが見つかりませんでした\n');
    // An id no integer column holds: the argument's real range, not "1 or more".
    const beyond = await runCli(databaseUrl, ['resolve-inquiry', '1099511627776']);
    expect(beyond.code).toBe(1);
    expect(beyond.stderr).toBe('<id> には1〜2,147,483,647の整数を指定してください （--help で使い方を表示します）\n');
    // The largest id is an id: looked up (not found), not refused as malformed.
    const largest = await runCli(databaseUrl, ['resolve-inquiry', '2147483647']);
    expect(largest.stderr).toBe('お問い合わせが見つかりませんでした\n');
  });

  it('list-experiences --pending, reject-experience (reason required), approve-experience once saved again', async () => {
    const pending = await createExperience(orm, { approve: false, title: '承認待ちの体験 CLI' });
    const json = await runCli(databaseUrl, ['list-experiences', '--pending', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).experiences.map((e: { id: number }) => e.id)).toContain(pending.id);
    const noReason = await runCli(databaseUrl, ['reject-experience', String(pending.id)]);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('--reason: 差し戻しの理由を入力してください');
    const rejected = await runCli(databaseUrl, ['reject-experience', String(pending.id), '--reason', '写真を差し替えてください']);
    expect(rejected.code).toBe(0);
    expect(rejected.stdout).toContain('承認待ちの体験 CLI');
    // Rejected: not approvable until the host saves it again (no approval mail after the rejection's).
    const refused = await runCli(databaseUrl, ['approve-experience', String(pending.id)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'この体験は差し戻し中のため公開できません。ホストが内容を修正して保存すると、あらためて承認待ちになります\n',
    );
    expect(refused.stdout).toBe('');
    expect((await em().findOneOrFail(Experience, { id: pending.id })).approve).toBe(false);
    expect(await em().count(MailOutbox, { dedupeKey: { $like: `experience_approval:${pending.id}:%` } })).toBe(0);
    await em().execute(`UPDATE experiences SET updated_at = now() + interval '1 second' WHERE id = ?`, [pending.id]);
    const approved = await runCli(databaseUrl, ['approve-experience', String(pending.id)]);
    expect(approved.code).toBe(0);
    expect((await em().findOneOrFail(Experience, { id: pending.id })).approve).toBe(true);
    // The host hears of it as from the admin screen: the same mail, queued with the approval.
    const mail = await em().findOneOrFail(MailOutbox, { dedupeKey: `experience_approval:${pending.id}:0` });
    expect(mail.subject).toBe('【たびとこ】体験が公開されました：承認待ちの体験 CLI');
    expect(mail.textBody.split('\n').slice(4, 9)).toEqual([
      '公開中の体験のページ:',
      `http://localhost:3000/stories/${pending.id}`,
      '',
      '内容の変更や日程の追加は、次のページから行えます。',
      `http://localhost:3000/host_story/${pending.id}/edit`,
    ]);
  });
});
