// The operator's admin commands (invite-brand-member, inquiries, resolve-inquiry, approve-experience) as an
// operator runs them: child processes against a real database, through the same services as the admin API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-app';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createBrand } from '#tests/factories/communities';
import { createExperience } from '#tests/factories/experiences';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { BrandAndAmbassadorInquiry } from '#src/modules/inquiries/inquiries.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';

const root = path.resolve(import.meta.dirname, '../..');
let databaseUrl: string;
let orm: MikroORM;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/index.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', USER: 'office' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('cli admin commands', () => {
  it('invite-brand-member invites through the admin service (mail queued, audited as the operator) and refuses a bad address', async () => {
    const brand = await createBrand(orm, { name: 'CLIブランド' });
    const run = await cli(['invite-brand-member', String(brand.id), 'cli.member@example.com']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('cli.member@example.com');
    const em = orm.em.fork();
    const member = await em.findOneOrFail(BrandMember, { email: 'cli.member@example.com' });
    expect(member.invitationTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await em.count(MailOutbox, { toAddress: 'cli.member@example.com' })).toBe(1);
    expect((await em.findOneOrFail(AuditLog, { entityType: 'brand', entityId: brand.id })).actor).toBe('operator:office');

    const bad = await cli(['invite-brand-member', String(brand.id), 'not-an-address']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('メールアドレスが正しくありません');
    expect(await orm.em.fork().count(BrandMember, { brand: brand.id })).toBe(1);
  }, 120_000);

  it('inquiries lists newest first with filters, resolve-inquiry marks one handled', async () => {
    const em = orm.em.fork();
    const inquiry = em.create(BrandAndAmbassadorInquiry, {
      name: 'CLI 太郎',
      companyName: 'CLI株式会社',
      email: 'cli@example.com',
      subject: 'media',
      content: '取材のお願い',
    });
    await em.flush();
    const list = await cli(['inquiries', '--unresolved']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#${inquiry.id}`);
    expect(list.stdout).toContain('CLI 太郎(CLI株式会社)');
    expect(list.stdout).toContain('未対応');

    const resolved = await cli(['resolve-inquiry', String(inquiry.id)]);
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain(`#${inquiry.id} を対応済みにしました`);
    expect((await orm.em.fork().findOneOrFail(BrandAndAmbassadorInquiry, { id: inquiry.id })).resolved).toBe(true);

    const unknown = await cli(['resolve-inquiry', '99999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('お問い合わせが見つかりませんでした');
  }, 120_000);

  it('approve-experience publishes through the same approval as the admin page and records it', async () => {
    const experience = await createExperience(orm, { approve: false });
    const run = await cli(['approve-experience', String(experience.id)]);
    expect(run.code).toBe(0);
    expect((await orm.em.fork().findOneOrFail(Experience, { id: experience.id })).approve).toBe(true);
    const entry = await orm.em.fork().findOneOrFail(AuditLog, { entityType: 'experience', entityId: experience.id });
    expect(entry).toMatchObject({ action: 'approve', actor: 'operator:office' });
  }, 120_000);
});
