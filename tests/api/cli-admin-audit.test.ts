// Every administrator change made from the operator CLI goes through the same services as the admin API, so it is
// in the audit log with the operator (the OS user running the CLI) as the actor. Child processes on real
// PostgreSQL; the commands' output and refusals are tested in cli-admin.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createAmbassador, createBrand } from '#tests/factories/communities';
import { createExperience } from '#tests/factories/experiences';
import { createInquiry } from '#tests/factories/inquiries';
import { createUser } from '#tests/factories/users';
import { runCli } from '#tests/factories/cli';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';

let databaseUrl: string;
let orm: MikroORM;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});

/** The CLI as the OS user `office`: its audit entries name `operator:office`. */
async function cli(args: string[]): Promise<string> {
  const run = await runCli(databaseUrl, args, { env: { USER: 'office' } });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

/** The entity's audit entries, oldest first, as [action, actor]. */
async function trail(entityType: string, entityId: number): Promise<[string, string][]> {
  const rows = await orm.em.fork().find(AuditLog, { entityType, entityId }, { orderBy: { id: 'asc' } });
  return rows.map((row) => [row.action, row.actor]);
}

describe('cli admin changes in the audit log', { timeout: 300_000 }, () => {
  it('brand members: invite, reinvite and remove-brand-member', async () => {
    const brand = await createBrand(orm, { name: '監査ブランド CLI' });
    const args = ['invite-brand-member', '--brand', String(brand.id), '--email', 'audit.member@example.com'];
    await cli(args);
    await cli(args);
    const member = await orm.em.fork().findOneOrFail(BrandMember, { email: 'audit.member@example.com' });
    await cli(['remove-brand-member', '--brand', String(brand.id), '--email', member.email, '--yes']);
    expect(await trail('brand', brand.id)).toEqual([
      ['invite', 'operator:office'],
      ['reinvite', 'operator:office'],
      ['revoke', 'operator:office'],
    ]);
  });

  it('ambassadors: add-ambassador, add-ambassador-member and remove-ambassador-member', async () => {
    await cli(['add-ambassador', '--name', '監査の教室 CLI', '--description', '監査ログの確認用です。', '--no-published']);
    const created = await orm.em.fork().findOneOrFail(Ambassador, { name: '監査の教室 CLI' });
    expect(await trail('ambassador', created.id)).toEqual([['create', 'operator:office']]);

    const ambassador = await createAmbassador(orm);
    const user = await createUser(orm, { email: 'audit.ambassador@example.com' });
    await cli(['add-ambassador-member', '--ambassador', String(ambassador.id), '--user', user.email]);
    await cli(['remove-ambassador-member', '--ambassador', String(ambassador.id), '--user', String(user.id), '--yes']);
    expect(await trail('ambassador', ambassador.id)).toEqual([
      ['add_member', 'operator:office'],
      ['remove_member', 'operator:office'],
    ]);
  });

  it('inquiries: resolve-inquiry and resolve-inquiry --unresolved', async () => {
    const inquiry = await createInquiry(orm);
    await cli(['resolve-inquiry', String(inquiry.id)]);
    await cli(['resolve-inquiry', String(inquiry.id), '--unresolved']);
    expect(await trail('inquiry', inquiry.id)).toEqual([
      ['resolve', 'operator:office'],
      ['unresolve', 'operator:office'],
    ]);
  });

  it('experiences: reject-experience with its reason, then approve-experience once the host saved it again', async () => {
    const experience = await createExperience(orm, { approve: false });
    await cli(['reject-experience', String(experience.id), '--reason', '写真を差し替えてください']);
    await orm.em.fork().execute(`UPDATE experiences SET updated_at = now() + interval '1 second' WHERE id = ?`, [experience.id]);
    await cli(['approve-experience', String(experience.id)]);
    const rows = await orm.em.fork().find(AuditLog, { entityType: 'experience', entityId: experience.id }, { orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.action, row.actor])).toEqual([
      ['reject', 'operator:office'],
      ['approve', 'operator:office'],
    ]);
    expect(rows[0].after).toEqual({ reason: '写真を差し替えてください' });
  });
});
