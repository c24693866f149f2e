// `npm start` in one terminal, `npm run cli -- …` in another, on the same data folder: the real built server (the
// global one, on a port other than 3000, without DATABASE_URL) and the CLI as a child process without
// DATABASE_URL. The CLI uses the server's embedded database and its links name the server's port.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runCli } from '#tests/factories/cli';
import { serverDatabaseUrl, sharedServer } from '#tests/e2e/browser';

const { dataDir, baseUrl: base } = sharedServer();

describe('the CLI beside the running server', { timeout: 120_000 }, () => {
  it('records its port in DATA_DIR, and the CLI invites with a link to it over the server’s own database', async () => {
    const port = Number(new URL(base).port);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')).port).toBe(port);

    const db = new pg.Client({ connectionString: serverDatabaseUrl() });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: number }>('select id from brands order by id limit 1');
      const run = await runCli('', ['invite-brand-member', '--brand', String(rows[0].id), '--email', 'beside.e2e@example.com'], {
        env: { DATA_DIR: dataDir, PORT: '3000' },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('の組み込みデータベース（127.0.0.1:');
      expect(run.stdout.trim().split('\n').at(-1)?.startsWith(`http://localhost:${port}/brand/invitation?`)).toBe(true);
      const member = await db.query('select 1 from brand_members where email = $1', ['beside.e2e@example.com']);
      expect(member.rowCount).toBe(1);
    } finally {
      await db.end();
    }
  });
});
