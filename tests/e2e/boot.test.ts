// The newcomer's path: first start seeds, SIGTERM stops cleanly, a second start reuses the data,
// and with DATABASE_URL the embedded database is never started nor seeded.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedDatabase } from '#src/lib/embedded-db';
import { SERVER_ARGS, SERVER_ENV } from '#tests/setup/built';
import { scratchDir } from '#tests/setup/scratch';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts the built server (`npm run serve`'s command line), waits until it answers, optionally runs `during`, then sends SIGTERM. */
async function runServer(env: Record<string, string>, during?: (base: string) => Promise<void>) {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, LOG_LEVEL: 'info', NODE_ENV: 'test', DISABLE_WORKERS: '1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
    try {
      await fetch(`${base}/api/v1/me`);
      break;
    } catch {
      if (i > 600) throw new Error(`no answer:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  if (during) await during(base);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await exit;
  return { code, output };
}

describe('npm start on a bare machine', () => {
  it('seeds an empty embedded database once, prints the accounts, stops cleanly and reuses the data', async () => {
    const dataDir = scratchDir('taiken-boot-');
    dirs.push(dataDir);
    const first = await runServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, async (base) => {
      const res = await fetch(`${base}/api/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'guest@example.com', password: 'password1234' }),
      });
      expect(res.status).toBe(201);
    });
    expect(first.code).toBe(0);
    expect(first.output).toContain('demo data loaded');
    expect(first.output).toContain('admin@example.com');
    expect(first.output).toContain('password1234');
    expect(first.output).toContain('stopped');
    // The embedded PostgreSQL was stopped with the server.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = await runServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(second.code).toBe(0);
    expect(second.output).not.toContain('demo data loaded');
    expect(second.output).not.toContain('migrations applied');
  });

  it('uses DATABASE_URL without starting the embedded database and never seeds it', async () => {
    const pgDir = scratchDir('taiken-boot-ext-');
    const dataDir = scratchDir('taiken-boot-data-');
    dirs.push(pgDir, dataDir);
    const external = await startEmbeddedDatabase({ dir: path.join(pgDir, 'pg'), database: 'external', fast: true });
    try {
      const run = await runServer({ DATA_DIR: dataDir, DATABASE_URL: external.url });
      expect(run.code).toBe(0);
      expect(run.output).toContain('migrations applied');
      expect(run.output).not.toContain('demo data loaded');
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
      const client = new pg.Client({ connectionString: external.url });
      await client.connect();
      const users = await client.query('SELECT count(*)::int AS n FROM users');
      await client.end();
      expect(users.rows[0].n).toBe(0);
    } finally {
      await external.stop();
    }
  });
});
