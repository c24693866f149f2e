// `export-inquiries --kind contact`: the general inquiries from /inquiry in the program inquiries' CSV (Japanese
// header, Japan time, status labels, formula injection neutralized, the same filters), as an operator runs it.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm } from '#src/lib/orm';
import { ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { runCli } from '#tests/factories/cli';

let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  const orm = await initOrm(databaseUrl, { pool: 2 });
  const em = orm.em.fork();
  em.create(ContactInquiry, {
    name: '予約 太郎',
    email: 'taro@example.com',
    content: '=確認メールが届きません',
    reservationNumber: 1234,
    createdAt: new Date('2026-03-31T15:30:00Z'),
  });
  em.create(ContactInquiry, {
    name: '質問 花子',
    email: 'hanako@example.com',
    content: '駐車場はありますか',
    resolved: true,
    createdAt: new Date('2026-03-02T00:00:00Z'),
  });
  await em.flush();
  return () => orm.close(true);
});

describe('cli export-inquiries --kind contact', { timeout: 240_000 }, () => {
  it('writes the general inquiries as CSV with their own columns and the same filters; a subject is refused', async () => {
    const run = await runCli(databaseUrl, ['export-inquiries', '--kind', 'contact', '--unresolved']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('ID,受付日時,対応状況,お名前,メールアドレス,アカウントID,予約番号,お問い合わせ内容');
    const records = parse(run.stdout, { columns: true }) as Record<string, string>[];
    expect(records).toEqual([
      {
        ID: expect.stringMatching(/^\d+$/),
        受付日時: '2026-04-01 00:30:00',
        対応状況: '未対応',
        お名前: '予約 太郎',
        メールアドレス: 'taro@example.com',
        アカウントID: '',
        予約番号: '1234',
        お問い合わせ内容: `'=確認メールが届きません`,
      },
    ]);

    const refused = await runCli(databaseUrl, ['export-inquiries', '--kind', 'contact', '--subject', 'media']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('一般のお問い合わせにはお問い合わせ種別がありません');
  });
});
