// The operator CLI as an operator runs it: a child process against a real database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { User } from '#src/modules/users/users.entity';
import { createUser } from '#tests/factories/users';

const root = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

function cli(databaseUrl: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'cli/index.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('CLI', () => {
  it('db:migrate reports an up-to-date database', () => {
    const run = cli(t.databaseUrl, ['db:migrate']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('データベースは最新です');
  });

  it('create-admin creates an ADMIN that can sign in', async () => {
    const run = cli(t.databaseUrl, ['create-admin', '--email', 'Ops@Example.com', '--name', '運用 担当', '--password', 'secret123']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ops@example.com');
    const user = await t.orm.em.fork().findOneOrFail(User, { email: 'ops@example.com' });
    expect(user.role).toBe('ADMIN');
  });

  it('create-admin promotes an existing user', async () => {
    const existing = await createUser(t.orm);
    const run = cli(t.databaseUrl, ['create-admin', '--email', existing.email]);
    expect(run.code).toBe(0);
    expect((await t.orm.em.fork().findOneOrFail(User, { id: existing.id })).role).toBe('ADMIN');
  });

  it('refuses invalid input with the API messages and exit code 1, creating nothing', async () => {
    const run = cli(t.databaseUrl, ['create-admin', '--email', 'not-an-email', '--password', 'short']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('メールアドレスの形式が正しくありません');
    expect(run.stderr).toContain('8文字以上で入力してください');
    expect(await t.orm.em.fork().count(User, { email: 'not-an-email' })).toBe(0);
  });

  it('exits 2 naming a bad environment variable', () => {
    const run = cli('not a url', ['db:migrate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL');
  });

  it('shows help for each command', () => {
    const run = cli(t.databaseUrl, ['create-admin', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--email');
  });
});
