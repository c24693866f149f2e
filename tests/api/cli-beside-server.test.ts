// The CLI beside a running server on the same data folder (`npm start` in one terminal, `npm run cli -- …` in
// another): it connects to the embedded database the server keeps (and says where), leaves it running, and its
// links name the port the server records in DATA_DIR/server.json. This test process plays the server: it starts
// the embedded database on its own DATA_DIR and records a port, as server/boot.ts does.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#src/lib/env';
import { recordRunningServer } from '#src/lib/server-record';
import { createRoot, type Root } from '#src/root';
import { createBrand } from '#tests/factories/communities';
import { createExperience } from '#tests/factories/experiences';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { scratchDir } from '#tests/setup/scratch';

const dataDir = scratchDir('taiken-cli-beside-');
let root: Root;
let forget: () => void;

beforeAll(async () => {
  root = await createRoot({
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DISABLE_WORKERS: '1', DATA_DIR: dataDir }),
    migrate: true,
    pool: 2,
  });
  forget = recordRunningServer(dataDir, 3999);
}, 120_000);
afterAll(async () => {
  forget?.();
  await root?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The CLI without DATABASE_URL, on the server's data folder. */
const cli = (args: string[], env: Record<string, string> = {}) => runCli('', args, { env: { DATA_DIR: dataDir, ...env } });

const em = () => root.orm.em.fork();

describe('the CLI beside a running server', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('uses the embedded database the server keeps, says which, and leaves it running', async () => {
    const run = await cli(['list-inquiries']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('表示するデータがありません\n1 / 1 ページ（全0件）\n');
    expect(run.stderr).toMatch(
      new RegExp(
        `^実行中のプロセス（PID \\d+、npm start など）の組み込みデータベース（127\\.0\\.0\\.1:${root.embedded?.port}）に接続して実行します\\n$`,
      ),
    );
    // The server's database still answers after the command ended.
    expect(await em().getConnection().execute('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('prints and mails links with the port the server records, not 3000', async () => {
    const brand = await createBrand(root.orm);
    const invite = await cli(['invite-brand-member', '--brand', String(brand.id), '--email', 'beside@example.com']);
    expect(invite.code).toBe(0);
    const url = invite.stdout.trim().split('\n').at(-1) ?? '';
    expect(url.startsWith('http://localhost:3999/brand/')).toBe(true);
    const invitation = await em().findOneOrFail(MailOutbox, { dedupeKey: { $like: 'brand_member_invitation:%' } });
    expect(invitation.textBody).toContain(url);

    const experience = await createExperience(root.orm, { approve: false });
    const rejected = await cli(['reject-experience', String(experience.id), '--reason', '写真を差し替えてください']);
    expect(rejected.code).toBe(0);
    const rejection = await em().findOneOrFail(MailOutbox, { dedupeKey: { $like: 'experience_rejection:%' } });
    expect(rejection.textBody).toContain(`http://localhost:3999/host_story/${experience.id}/edit`);
  });

  it('ignores the record of a server that is gone, and APP_URL wins over any record', async () => {
    const brand = await createBrand(root.orm);
    const record = path.join(dataDir, 'server.json');
    writeFileSync(record, JSON.stringify({ pid: 4_194_000, port: 3998 }));
    try {
      const stale = await cli(['invite-brand-member', '--brand', String(brand.id), '--email', 'stale@example.com'], { PORT: '3000' });
      expect(stale.code).toBe(0);
      expect(stale.stdout.trim().split('\n').at(-1)?.startsWith('http://localhost:3000/brand/')).toBe(true);
    } finally {
      forget = recordRunningServer(dataDir, 3999);
    }
    const configured = await cli(['invite-brand-member', '--brand', String(brand.id), '--email', 'app-url@example.com'], {
      APP_URL: 'https://tabitoko.example',
    });
    expect(configured.code).toBe(0);
    expect(configured.stdout.trim().split('\n').at(-1)?.startsWith('https://tabitoko.example/brand/')).toBe(true);
  });
});
