// `npm run cli -- add-ambassador` as an operator runs it: a child process against a real database.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';

let databaseUrl: string;
let orm: MikroORM;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});

const cli = (args: string[]) => runCli(databaseUrl, ['add-ambassador', ...args]);

const count = (name: string) => orm.em.fork().count(Ambassador, { name });

describe('cli add-ambassador', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('adds a published ambassador with every field', async () => {
    const run = await cli([
      '--name',
      '松本こども木工教室',
      '--description',
      '木の香りに包まれて、親子で小さな家具をつくる教室です。',
      '--address',
      '長野県松本市中央1-1-1',
      '--homepage-url',
      'https://mokko.example.com',
      '--instagram',
      '@mokko_matsumoto',
      '--x',
      'mokko_mm',
      '--published',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const stored = await orm.em.fork().findOneOrFail(Ambassador, { name: '松本こども木工教室' });
    expect(run.stdout).toContain(`アンバサダー「松本こども木工教室」(ID: ${stored.id}) を作成しました`);
    expect(stored).toMatchObject({
      published: true,
      address: '長野県松本市中央1-1-1',
      homepageUrl: 'https://mokko.example.com',
      instagramUsername: 'mokko_matsumoto',
      xUsername: 'mokko_mm',
    });
  });

  it('adds a private ambassador with --no-published and only the required fields', async () => {
    const run = await cli(['--name', '非公開の教室', '--description', '準備中です。', '--no-published']);
    expect(run.code).toBe(0);
    const stored = await orm.em.fork().findOneOrFail(Ambassador, { name: '非公開の教室' });
    expect([stored.published, stored.address, stored.homepageUrl]).toEqual([false, null, null]);
  });

  it('refuses missing required values with the API messages and exit code 1, adding nothing', async () => {
    const run = await cli(['--description', '']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('入力内容に誤りがあります');
    expect(run.stderr).toContain('--name: 名前を入力してください');
    expect(run.stderr).toContain('--description: 説明を入力してください');
    expect(run.stderr).toContain('--published / --no-published: 公開設定を選択してください');
    expect(await orm.em.fork().count(Ambassador, {})).toBe(2);
  });

  it('refuses over-long values and a bad URL', async () => {
    const run = await cli([
      '--name',
      'あ'.repeat(101),
      '--description',
      'い'.repeat(1001),
      '--homepage-url',
      'ftp://files.example.com',
      '--instagram',
      'a'.repeat(31),
      '--x',
      'b'.repeat(31),
      '--published',
    ]);
    expect(run.code).toBe(1);
    for (const message of [
      '--name: 名前は100文字以内で入力してください',
      '--description: 説明は1000文字以内で入力してください',
      '--homepage-url: 有効なURLを入力してください',
      '--instagram: Instagramのユーザー名は30文字以内で入力してください',
      '--x: Xのユーザー名は30文字以内で入力してください',
    ]) {
      expect(run.stderr).toContain(message);
    }
    expect(await count('あ'.repeat(101))).toBe(0);
  });

  it('documents its options in --help', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const option of [
      '--name',
      '--description',
      '--address',
      '--homepage-url',
      '--instagram',
      '--x',
      '--published',
      '--no-published',
    ]) {
      expect(run.stdout).toContain(option);
    }
  });
});
