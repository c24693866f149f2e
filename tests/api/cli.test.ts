// The operator CLI as an operator runs it: a child process against a real database.
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createEmptyDatabase } from '#tests/setup/test-database';
import { User } from '#src/modules/users/users.entity';
import { createUser } from '#tests/factories/users';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('CLI', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('db:migrate reports an up-to-date database', async () => {
    const run = await runCli(t.databaseUrl, ['db:migrate']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('データベースは最新です');
  });

  it('db:migrate applies every migration to an empty database, as the release phase does', async () => {
    const databaseUrl = await createEmptyDatabase();
    const files = readdirSync('migrations').filter((name) => /^Migration\d+_\w+\.ts$/.test(name));
    const run = await runCli(databaseUrl, ['db:migrate']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`マイグレーションを${files.length}件適用しました\n`);
    expect(run.code).toBe(0);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const applied = await client.query<{ name: string }>('SELECT name FROM mikro_orm_migrations ORDER BY name');
      expect(applied.rows.map((row) => `${row.name}.ts`)).toEqual(files.sort());
      expect((await client.query("SELECT to_regclass('public.reservations') AS t")).rows[0].t).toBe('reservations');
    } finally {
      await client.end();
    }
  });

  it('create-admin creates an ADMIN that can sign in', async () => {
    const run = await runCli(t.databaseUrl, [
      'create-admin',
      '--email',
      'Ops@Example.com',
      '--name',
      '運用 担当',
      '--password',
      'secret123',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ops@example.com');
    const user = await t.orm.em.fork().findOneOrFail(User, { email: 'ops@example.com' });
    expect(user.role).toBe('ADMIN');
  });

  it('create-admin promotes an existing user', async () => {
    const existing = await createUser(t.orm);
    const run = await runCli(t.databaseUrl, ['create-admin', '--email', existing.email]);
    expect(run.code).toBe(0);
    expect((await t.orm.em.fork().findOneOrFail(User, { id: existing.id })).role).toBe('ADMIN');
  });

  it('refuses invalid input with the API messages and exit code 1, creating nothing', async () => {
    const run = await runCli(t.databaseUrl, ['create-admin', '--email', 'not-an-email', '--password', 'short']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('メールアドレスの形式が正しくありません');
    expect(run.stderr).toContain('8文字以上で入力してください');
    expect(await t.orm.em.fork().count(User, { email: 'not-an-email' })).toBe(0);
  });

  it('exits 2 naming a bad environment variable', async () => {
    const run = await runCli('not a url', ['db:migrate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL');
  });

  it('shows help for each command', async () => {
    const run = await runCli(t.databaseUrl, ['create-admin', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--email');
  });
});
