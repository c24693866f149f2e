// `db:seed` as an operator runs it on an empty database: a child process with the database alone (no service built),
// while the demo's payout batches queue mails that need the base URL their footers link to.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { runCli } from '#tests/factories/cli';

let databaseUrl: string;
let orm: MikroORM;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  return () => orm.close(true);
});

describe('cli db:seed', { timeout: 300_000 }, () => {
  it('loads the demo data into an empty database, its payout mails framed with APP_URL; a second run changes nothing', async () => {
    const env = { APP_URL: 'https://seed.tabitoko.example' };
    const first = await runCli(databaseUrl, ['db:seed'], { env });
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('デモデータを投入しました\n');
    expect(first.code).toBe(0);

    const mails = await orm.em
      .fork()
      .execute<{ dedupe_key: string; text_body: string }[]>(
        "SELECT dedupe_key, text_body FROM mail_outbox WHERE dedupe_key LIKE 'payout%' ORDER BY id",
      );
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail.text_body).toContain('https://seed.tabitoko.example/');
    expect(mails.some((m) => m.text_body.includes('http://localhost'))).toBe(false);

    const [{ n: users }] = await orm.em.fork().execute<{ n: string }[]>('SELECT count(*)::text AS n FROM users');
    const second = await runCli(databaseUrl, ['db:seed'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('データがすでにあるため、デモデータは投入しませんでした\n');
    const [{ n: after }] = await orm.em.fork().execute<{ n: string }[]>('SELECT count(*)::text AS n FROM users');
    expect(after).toBe(users);
  });
});
